"""Records to analyse: short games between bots, quick to judge at the tests' small budgets."""

from __future__ import annotations

import shoal

BUDGET = 16  # playouts a decision: the same code as the default budget, kept quick


def record(
    game_id: str,
    players: int,
    seed: int,
    seats: list[str] | None = None,
    plies: int | None = None,
    options: dict | None = None,
) -> dict:
    """A game between bots (``random`` by default), stopped after ``plies`` moves if given."""
    seats = seats or ["random"] * players
    match = shoal.new_match(game_id, players, seed=seed, options=options)
    while not match.is_over() and (plies is None or len(match.actions) < plies):
        seat = match.to_act()[0]
        match.play(seat, match.bot_action(seat, seats[seat]))
    return match.record()
