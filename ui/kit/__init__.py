"""The widget kit every screen is built from: widgets, lists, the keyboard, the player picker, quick numbers, the theme, and each module's kv rules loaded once."""
