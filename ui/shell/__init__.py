"""The app around the screens: starting Kivy, the screen manager, the journal's lines, the fonts, and recovering from any exception."""
