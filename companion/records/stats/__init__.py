"""Statistics across games: what each finished (or abandoned) game says about its players.

Each session is summed up once, by replaying its log through the game's own engine
(:mod:`companion.records.stats.replay`; nothing here decides a rule), into a small JSON summary
per seat (:mod:`.spurs`, :mod:`.bountytown`, :mod:`.rapidcity`). Summaries are cached in
the ``summaries`` table with the last event they saw and :data:`VERSION` (:mod:`.cache`),
so the Statistics screen only adds summaries up (:mod:`.aggregate`), and a game that
changed since (an undo after the end) or a formula that changed is summed up again. The
sum of them all is kept too (:mod:`.rollup`), so an opening reads one row plus the games
summed up since.
"""

#: bump when any summary's formula or shape changes: every cached summary is then recomputed
#: (2: a game is counted under the rules it was played under, companion.db.versions;
#: 3: a Spurs duel's draws count in each duellist's luck, R-S8;
#: 4: an old game's version of its rules comes from the evidence in its file, not the
#: file's schema, so a game a 2026-12-02 release stored is counted under version 2)
VERSION = 4
