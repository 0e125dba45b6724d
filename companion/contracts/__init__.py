"""The shapes the core's parts keep toward each other: a game's engine, its screen model, its story's words, a module's verbs, a doctor's check."""
