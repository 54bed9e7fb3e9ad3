"""The Battle Planet trading card game (seed 003): its record for the registry."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from game.games import GameRecord, ScenarioKit, SimKit


def _sim_arguments(sim: argparse.ArgumentParser) -> None:
    sim.add_argument(
        "--policies",
        default="random,random",
        help="the two bots: random or greedy (e.g. greedy,random)",
    )
    sim.add_argument(
        "--decks", default=None, help="the preset deck of each bot, e.g. pyrus_darkus,aquos_haos"
    )
    sim.add_argument(
        "--card-play",
        default="batch",
        choices=("batch", "free"),
        help="batch: the official batch with priority; free: the seed's reading",
    )


def _sim_run(args: argparse.Namespace) -> dict[str, Any]:
    """Raises ValueError with the reason for options the game refuses."""
    from game.ai.planet.bots import BOTS
    from game.ai.planet.sim import run_sim
    from game.content.planet import shipped_catalog
    from game.rules.planet import CardPlay, Settings

    catalog = shipped_catalog()
    names = [n.strip() for n in args.policies.split(",")]
    if len(names) == 1:
        names *= 2
    if len(names) != 2 or any(n not in BOTS for n in names):
        raise ValueError(f"--policies takes two of {', '.join(BOTS)}, e.g. greedy,random")
    decks = None
    if args.decks:
        decks = [d.strip() for d in args.decks.split(",")]
        if len(decks) == 1:
            decks *= 2
        unknown = [d for d in decks if d not in catalog.presets]
        if len(decks) != 2 or unknown:
            known = ", ".join(sorted(catalog.presets))
            raise ValueError(f"--decks takes two preset decks of: {known}")
    if args.games < 1:
        raise ValueError("--games takes a positive number")
    settings = Settings(card_play=CardPlay(args.card_play))
    return run_sim(catalog, names, args.games, args.seed, decks, settings)


def _sim_describe(data: dict[str, Any], args: argparse.Namespace) -> list[str]:
    lines = [f"{data['games']} games, seed {args.seed}, decks: {data['decks']}"]
    for name, rate in data["win_rates"].items():
        lo, hi = rate["ci95"]
        lines.append(
            f"  {name:>10}: {data['wins'][name]:>6} wins  {rate['rate']:.1%}"
            f"  (95% CI {lo:.1%}-{hi:.1%})"
        )
    lines.append(f"  draws {data['draws']}, mean turns {data['mean_turns']:.1f}")
    lines.append(f"  {data['matches_per_sec']:.0f} matches/s")
    return lines


def _scenario_load(path: Path) -> Any:
    from game.content.planet import shipped_catalog
    from game.content.planet_scenarios import load_planet_scenario

    return load_planet_scenario(path, shipped_catalog())


def _scenario_run(scenario: Any) -> list[str]:
    from game.content.planet import shipped_catalog
    from game.content.planet_runner import run_planet_scenario

    return run_planet_scenario(scenario, shipped_catalog())


def _text_demo(seed: int, lang: str) -> int:
    from game.planet_demo import run_planet_demo

    run_planet_demo(seed, lang)
    return 0


RECORD = GameRecord(
    id="planet",
    names={"en": "Bakugan Battle Planet", "ru": "Бакуган: Боевая планета"},
    player_counts=(2,),
    scenarios=ScenarioKit(load=_scenario_load, run=_scenario_run, name=lambda sc: sc.name),
    sim=SimKit(add_arguments=_sim_arguments, run=_sim_run, describe=_sim_describe),
    text_demo=_text_demo,
)
