"""What the table hears: sounds synthesised on first use and the spoken calls."""
