"""Helpers for Aquarena scenario tests: resolve a built tile and read back what each card ate."""

from __future__ import annotations

from shoal.games.aquarena import GAME, data
from shoal.games.aquarena.state import AquarenaState

from .scenario import play, pond  # noqa: F401  (re-exported for the tests)

SHORT = {n: data.name(n).lower().replace(" ", "") for n in data.NUMBERS}


def resolve(state: AquarenaState, tile: int) -> AquarenaState:
    """The seat whose turn it is picks ``tile``."""
    return play(state, state.chooser(), {"type": "resolve", "tile": tile})


def step_of(state: AquarenaState, seat: int, number: int) -> dict | None:
    for step in state.steps:
        if step.get("seat") == seat and step.get("card") == number and step["kind"] in ("act", "tangle"):
            return step
    return None


def ate(state: AquarenaState, seat: int, name: str) -> list[str] | None:
    """What ``seat``'s card ate on the tile last resolved: ``"fly"``, ``"fly@2"`` (another tile), ``"1.frog"``;
    None if the card did not act at all (eaten first, or tangled)."""
    number = next(n for n, short in SHORT.items() if short == name)
    step = step_of(state, seat, number)
    if step is None or step["kind"] != "act":
        return None
    out = []
    for a in step["ate"]:
        where = "" if a["tile"] == step["tile"] else f"@{a['tile']}"
        out.append(("fly" if a.get("fly") else f"{a['seat']}.{SHORT[a['card']]}") + where)
    return sorted(out)


def legal(state: AquarenaState, seat: int) -> list[dict]:
    return GAME.legal_actions(state, seat)


def waiting(state: AquarenaState) -> list[int]:
    return GAME.to_act(state)


def flies(state: AquarenaState) -> list[int]:
    return [t.flies for t in state.tiles]


# Two full, empty tiles: they keep the round open after the tile under test (so catches are still on the table),
# and offer no room for a Dragonfly's fly.
SPARE = ("2/2 |", "2/2 |")
