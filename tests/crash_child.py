"""Appends score-pad actions forever, printing each one's points once ``do`` has returned.

Run by test_crash_safety.py, which SIGKILLs it at random moments: a printed line is an
acknowledged action, and must be in the log after the kill.
"""

import sys

from companion.db.store import Store

db, session_id, run = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
store = Store(db, sync_later=sys.argv[4:] == ["app"])  # the app's store: synced off the writer's thread
game = store.open_session(session_id)
i = 0
while True:
    i += 1
    points = run * 1_000_000 + i
    game.do({"type": "add", "player": "Ann", "points": points})
    print(points, flush=True)
