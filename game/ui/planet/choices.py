"""The legal actions of the person at the screen, sorted the way the screen offers them:
by the card in hand they use (play it, put it in as Energy, discard it), by the core in
the supply (place it), by the Character (roll it), and the rest as buttons (Pass, no
Energy, pay for the Flip or let it go). A card that may be played several ways (its
targets, its Sacrifice) asks which, in words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.rules.planet import (
    Action,
    Discard,
    Energize,
    FlipChoice,
    Hex,
    Observation,
    Pass,
    Pick,
    PlaceCore,
    PlanetState,
    PlayCard,
)
from game.rules.planet.hexgrid import parse_hex

Tr = Callable[..., str]


@dataclass(slots=True)
class Offer:
    """What the person may do now, grouped."""

    by_card: dict[str, list[Action]] = field(default_factory=dict)
    by_core: dict[str, list[PlaceCore]] = field(default_factory=dict)
    by_character: dict[str, Pick] = field(default_factory=dict)
    passing: Pass | None = None
    no_energy: Energize | None = None
    flip: dict[bool, FlipChoice] = field(default_factory=dict)

    @property
    def discarding(self) -> bool:
        return any(isinstance(a, Discard) for acts in self.by_card.values() for a in acts)

    @property
    def energizing(self) -> bool:
        return self.no_energy is not None


def offer(legal: Sequence[Action]) -> Offer:
    out = Offer()
    for action in legal:
        if isinstance(action, PlayCard | Discard):
            out.by_card.setdefault(action.card, []).append(action)
        elif isinstance(action, Energize):
            if action.card is None:
                out.no_energy = action
            else:
                out.by_card.setdefault(action.card, []).append(action)
        elif isinstance(action, PlaceCore):
            out.by_core.setdefault(action.core, []).append(action)
        elif isinstance(action, Pick):
            out.by_character[action.character] = action
        elif isinstance(action, Pass):
            out.passing = action
        elif isinstance(action, FlipChoice):
            out.flip[action.pay] = action
    return out


def target_words(target: str, obs: Observation, name: Callable[[str], str], tr: Tr) -> str:
    """One target of a card in words, as the viewer sees it."""
    if target in ("p0", "p1"):
        player = int(target[1])
        if player == obs.viewer:
            return tr("planet_ui.target.mine")
        return tr("planet_ui.target.theirs", player=player + 1)
    if target.startswith("#") and target[1:].isdigit():
        i = int(target[1:])
        card = obs.batch[i].card if i < len(obs.batch) else target
        return tr("planet_ui.target.batch", card=name(card))
    if target.startswith("@"):  # a core, by its kind as the players know it (no grid)
        h = parse_hex(target)
        kind = next((c.type for c in obs.matrix if c.hex == h), None) if h is not None else None
        if kind is None:
            return target
        return tr("planet_ui.target.core", kind=tr(f"planet_demo.core_{kind}"))
    if ":" in target:
        owner, _, ident = target.partition(":")
        who = owner[1:] if owner[1:].isdigit() else "?"
        return tr(
            "planet_ui.target.piece", piece=name(ident), player=int(who) + 1 if who != "?" else who
        )
    return target


def play_words(action: Action, obs: Observation, name: Callable[[str], str], tr: Tr) -> str:
    """A way of playing a card, in words (its targets and Sacrifice)."""
    if isinstance(action, PlayCard):
        parts = [target_words(t, obs, name, tr) for t in action.targets]
        text = tr("planet_ui.play_on", targets=", ".join(parts)) if parts else ""
        if action.sacrifice:
            sacrifice = tr("planet_ui.sacrificing", card=name(action.sacrifice))
            text = f"{text} · {sacrifice}" if text else sacrifice
        return text or tr("planet_ui.play_it")
    if isinstance(action, Energize):
        return tr("planet_ui.as_energy")
    if isinstance(action, Discard):
        return tr("planet_ui.discard_it")
    return str(action)


UNPLAYABLE = {"energy", "evolution", "flip_from_hand"}
"""The refusals told in their own words; any other is "no target for it now"."""


def refusals(state: PlanetState, player: int, o: Offer | None, tr: Tr) -> dict[str, str]:
    """Why each card of the person's hand he may not play now is dimmed, in words (his
    own cards and Energy only: nothing hidden). Only while he may play cards (his
    card-play step); empty otherwise, when every card is dimmed for the same reason."""
    if o is None or (o.passing is None and not o.by_card) or o.discarding or o.energizing:
        return {}
    out: dict[str, str] = {}
    for card in sorted(set(state.sides[player].hand)):
        if card in o.by_card:
            continue
        reason = state.why_illegal(PlayCard(player, card))
        if reason is None:
            continue
        code = reason.code if reason.code in UNPLAYABLE else "targets"
        out[card] = tr(f"planet_ui.unplayable.{code}", **reason.params)
    return out


def places_of(actions: Sequence[PlaceCore]) -> list[Hex]:
    return [a.hex for a in actions]


__all__ = ["Offer", "offer", "places_of", "play_words", "refusals", "target_words"]
