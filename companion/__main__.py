"""`python -m companion` runs the same entry point as the `companion` console script."""

import sys

from companion.cli import main

sys.exit(main())
