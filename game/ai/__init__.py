"""Bots: they see only `observation(player)` and the legal actions offered to them."""
