"""The Kivy touchscreen app: screens that show state and send actions, no rules.

Layout lives in the .kv file beside each module; a module loads its own kv file when it
is first imported, so a game's screens cost nothing until that game is played.
"""
