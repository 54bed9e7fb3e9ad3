"""The battle panel: each side's Bakugan, G-Power and every layer of it, as the rules
core keeps them, after every event.

The rules core computes G-Power from layers every time and keeps the breakdown
(`MatchState.evaluate_battle`). The match hands the core an observer (`Recorder`) that
takes a `Shot` of the battle after each event it records; each animation carries the
shot of its event, so while "Ability Card, activate!" plays the panel already shows
that card's line, and the last battle's result stays in view through the captures and
the "wins the game" banner before the results screen.

`panel_model` is what the panel shows, as data (tests compare it with the core's
breakdown after every event); `draw_panel` only draws a model. Every layer is listed,
and the total is the core's, which is the sum of the lines shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.rules.classic import Catalog, MatchState
from game.rules.classic import battle as bt
from game.rules.classic.events import Event

from .. import widgets as w
from ..text_fit import fit_size

Slot = tuple[int, int]
Tr = Callable[..., str]


@dataclass(frozen=True, slots=True)
class Shot:
    """The battle as the rules core had it right after one event."""

    slot: Slot
    window: str
    gate_open: bool
    gate: str
    decided: bool  # the battle's result was announced (its winner stands)
    evaluation: bt.Evaluation
    cancelled: tuple[bt.Cancelled, ...] = ()  # the cards cancelled, with their lines


def shoot(state: MatchState) -> Shot | None:
    """The battle in progress now, or None."""
    b = state.battle
    if b is None:
        return None
    return Shot(
        b.slot,
        b.window,
        b.gate_open,
        state.field[b.slot].gate,
        b.winner is not None,
        state.evaluate_battle(),
        bt.cancelled_plays(b, state.catalog, state.field[b.slot].gate, state.field[b.slot].owner),
    )


class Recorder:
    """An observer for `MatchSession.act` / `throw`: one shot per event, in order."""

    def __init__(self, state: Callable[[], MatchState]) -> None:
        self._state = state
        self.shots: list[Shot | None] = []

    def __call__(self, event: Event) -> None:
        self.shots.append(shoot(self._state()))

    def take(self) -> list[Shot | None]:
        out, self.shots = self.shots, []
        return out


# --------------------------------------------------------------------------- model


@dataclass(frozen=True, slots=True)
class PanelLine:
    layer: str  # the core's label: "base", "gate pyrus", "x2 gate", a card's id ...
    amount: int
    text: str  # as the panel writes it, in the player's language


@dataclass(frozen=True, slots=True)
class PanelSide:
    player: int
    bakugan: str
    name: str
    attribute: str | None
    total: int
    lines: tuple[PanelLine, ...]
    struck: tuple[PanelLine, ...] = ()  # a cancelled card's lines, drawn struck through


@dataclass(frozen=True, slots=True)
class PanelModel:
    slot: Slot
    window: str
    gate_open: bool
    decided: bool
    sides: tuple[PanelSide, PanelSide]
    leader: int  # the side ahead as things stand (after the result: the winner)
    lower_wins: bool


def source_name(catalog: Catalog, source: str, lang: str) -> str:
    """The name of what a layer came from: an Ability Card, a Trap, a Battle Gear or one
    of its property card's abilities (``gear.ability``)."""
    if source in catalog.abilities:
        return catalog.abilities[source].name.get(lang)
    if source in catalog.traps:
        return catalog.traps[source].name.get(lang)
    piece, _, ability = source.partition(".")
    if piece in catalog.gear:
        gear = catalog.gear[piece]
        found = next((ab for ab in gear.abilities if ab.id == ability), None)
        return gear.name.get(lang) if found is None else found.name.get(lang)
    return source


def layer_text(label: str, amount: int, catalog: Catalog, lang: str, tr: Tr) -> str:
    """One layer as the panel writes it ("Base 400", "Gate (Pyrus) +50", "Undertow +100")."""
    if label == "base":
        return tr("layer.base", g=amount)
    if label == "swap":
        return tr("layer.swap", g=amount)
    if label.startswith("gate "):
        return tr("layer.gate_bonus", attribute=tr(f"attr.{label[5:]}"), g=amount)
    if label == "gate":
        return tr("layer.gate", g=amount)
    if label.startswith("x2 "):
        src = label[3:]
        name = tr("layer.the_gate") if src == "gate" else source_name(catalog, src, lang)
        return tr("layer.double", source=name, g=amount)
    return tr("layer.card", card=source_name(catalog, label, lang), g=amount)


def struck_lines(shot: Shot, catalog: Catalog, lang: str, tr: Tr) -> list[list[PanelLine]]:
    """Each side's lines of the cards cancelled, each with the card that cancelled it
    ("Power Surge +100 (cancelled by Counter Seal)"); a cancelled card that gave no line
    is named on its player's side."""
    out: list[list[PanelLine]] = [[], []]
    players = [s.player for s in shot.evaluation.sides]
    for c in shot.cancelled:
        by = source_name(catalog, c.by, lang)
        lines = c.lines or tuple((i, c.card, 0) for i, p in enumerate(players) if p == c.player)
        for side, label, g in lines:
            line = (
                layer_text(label, g, catalog, lang, tr)
                if c.lines
                else source_name(catalog, c.card, lang)
            )
            out[side].append(PanelLine(label, g, tr("layer.cancelled", line=line, card=by)))
    return out


def panel_model(shot: Shot, catalog: Catalog, lang: str, tr: Tr) -> PanelModel:
    ev = shot.evaluation
    struck = struck_lines(shot, catalog, lang, tr)
    sides = tuple(
        PanelSide(
            s.player,
            s.bakugan,
            catalog.bakugan[s.bakugan].name.get(lang),
            s.attribute.value if s.attribute is not None else None,
            s.total,
            tuple(PanelLine(lb, g, layer_text(lb, g, catalog, lang, tr)) for lb, g in s.parts),
            tuple(struck[i]),
        )
        for i, s in enumerate(ev.sides)
    )
    return PanelModel(
        shot.slot,
        shot.window,
        shot.gate_open,
        shot.decided,
        (sides[0], sides[1]),
        ev.winner,
        ev.lower_wins,
    )


# --------------------------------------------------------------------------- drawing


def draw_panel(
    surface: pygame.Surface,
    model: PanelModel,
    rect: pygame.Rect,
    tr: Tr,
    colours: tuple[tuple[int, int, int], ...],
    species: Callable[[str], str],
) -> None:
    """The panel in `rect`: the window's name, then each side with all its lines (the
    type shrinks when a side has many), the leader starred, the winner named."""
    from .. import art

    w.panel(surface, rect, 240, w.ACCENT, overlay=True)
    # (the core opens the "during" window right after telling the gate opened)
    window = "during" if model.gate_open and model.window == "start" else model.window
    head = tr("window.result") if model.decided else tr(f"window.{window}")
    w.fit_text(surface, head, pygame.Rect(rect.x + 12, rect.y + 8, rect.w - 24, 26), 22, w.MUTED)
    foot = 26 if model.lower_wins else 0
    top = rect.y + 40
    half = (rect.bottom - 8 - foot - top) // 2
    most = max(len(s.lines) + len(s.struck) for s in model.sides)
    won_h = 26 if model.decided else 0  # the winner's line under his layers
    line_h = max(12, min(22, (half - 6 - 80 - won_h) // max(1, most)))
    for i, side in enumerate(model.sides):
        box = pygame.Rect(rect.x + 10, top + i * half, rect.w - 20, half - 6)
        lead = i == model.leader
        if lead:
            pygame.draw.rect(surface, (60, 52, 24), box, border_radius=10)
        img = art.open_bakugan(species(side.bakugan), side.attribute, 64)
        surface.blit(img, (box.x + 2, box.y + 4))
        name = pygame.Rect(box.x + 72, box.y + 2, box.w - 72 - 34, 24)
        w.fit_text(surface, side.name, name, 22, colours[side.player])
        total = pygame.Rect(box.x + 72, box.y + 26, box.w - 72 - 34, 44)
        w.fit_text(surface, tr("layer.total", g=side.total), total, 40, w.ACCENT)
        if lead:
            star = "★" if not model.decided else "✔"
            w.text(surface, star, (box.right - 6, box.y + 24), 34, w.ACCENT, "topright")
        texts = [ln.text for ln in (*side.lines, *side.struck)]
        size = fit_size(texts, box.w - 16, line_h + 1, 12)
        y = box.y + 78
        for line in side.lines:
            colour = w.INK if line.amount >= 0 or line.layer == "base" else (255, 150, 140)
            w.fit_text(
                surface, line.text, pygame.Rect(box.x + 8, y, box.w - 16, line_h), size, colour
            )
            y += line_h
        for line in side.struck:  # cancelled: muted, a stroke through its words
            at = pygame.Rect(box.x + 8, y, box.w - 16, line_h)
            drawn = w.fit_text(surface, line.text, at, size, w.MUTED)
            pygame.draw.line(surface, w.MUTED, drawn.midleft, drawn.midright, 1)
            y += line_h
        if model.decided and lead:
            won = tr("match.battle_won", bakugan=side.name)
            at = pygame.Rect(box.x + 8, box.bottom - won_h, box.w - 16, won_h - 4)
            w.fit_text(surface, won, at, 20, w.ACCENT)
    if model.lower_wins:
        w.fit_text(
            surface,
            tr("match.lower_wins"),
            pygame.Rect(rect.x + 12, rect.bottom - 30, rect.w - 24, 24),
            20,
            (255, 140, 140),
            anchor="center",
        )
