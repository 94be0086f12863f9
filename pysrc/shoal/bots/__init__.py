"""Bots every game shares. A bot is ``choose(view, legal, rng) -> action``: it sees only its seat's view."""

from __future__ import annotations

from ..core import Action, Rng, View


def random_bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """Any legal action, uniformly: the baseline every other bot must beat."""
    return rng.choice(legal)


__all__ = ["random_bot"]
