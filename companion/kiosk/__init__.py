"""The machine at the table: its settings file, screen, touch input, USB sticks, error log and the app's worker process."""
