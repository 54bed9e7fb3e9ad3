"""Battle Planet's screens: setup, the match (the hex Matrix, both sides, the batch,
both spheres thrown at once), results, the rules on demand and the on-screen demo.

The game's record names this package (`ui="game.ui.planet"`); `SCENES` is what the
title opens. Screens import lazily, so loading the registry costs nothing.
"""
