"""The screens outside a game: Home, History, Statistics, Players, Settings, the pad test, the score pad, and what shows when the database cannot be used."""
