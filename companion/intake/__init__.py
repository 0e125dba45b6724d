"""What a person hands the companion (names typed, files named), the bounds on it, and the error that refuses it in words."""
