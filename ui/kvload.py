"""Loading each module's kv file exactly once, from beside the module."""

from pathlib import Path

from kivy.lang import Builder


def load_kv(module_file: str) -> None:
    """Load ``<module>.kv`` next to ``module_file``; Builder would apply a file loaded twice twice."""
    path = str(Path(module_file).with_suffix(".kv"))
    if path not in Builder.files:
        Builder.load_file(path)
