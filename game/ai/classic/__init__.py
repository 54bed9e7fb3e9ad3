"""The classic game's bots: strategy, search, throw aiming, levels, the OpenSpiel game."""
