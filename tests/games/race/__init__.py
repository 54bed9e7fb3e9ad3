"""The gate race: a fourth game that lives only in the tests, to prove the seam.

Two players take turns at one physics table with two Gate Cards on it. On her turn a
player calls a card (the near one or the far one, as seen from her edge) and throws a
sphere at it; a sphere that opens on the called card moves her the card's gain, any
other throw moves her one. The first to the goal wins.

It is registered the way docs/adding-a-game.md says (a `GameRecord`, here through
`game.games.registered` since it is kept outside the package), and nothing outside
this folder knows it: `sim`, `scenario`, `sim --record` and `replay --verify`, the
autosave and its resume run it through the registry alone (`test_race.py`).
"""
