"""What every game's screen is built on: the session it holds, undo and redo, and the screen model it passes taps to."""
