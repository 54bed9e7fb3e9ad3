"""The screens of network play, the same for every game: the title's "Play on the
network" (host or join, `lobby`) and the network table (`table`), which shows a seat
what the host sent it, in the game's words (its `GameScenes.net_view`, `net_label`)."""
