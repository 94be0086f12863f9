"""The AQUA :class:`~shoal.core.Game`: class facts and options, and the contract methods delegating to one module
each."""

from __future__ import annotations

from typing import Any

from shoal.core import Action, Game, Option, Rng, View

from . import data, lessons, notation, refs, rules, view
from .achievements.tables import MODIFICATION_CHOICES, MODIFICATIONS, SCENARIO_CHOICES, SCENARIOS
from .bots import BOTS
from .search import make_levels
from .state import OVER, ReefState


class Reef(Game):
    id = "reef"
    title = "AQUA: Biodiversity in the Oceans"
    min_players = 1
    max_players = 4
    rules_version = 2  # 2: Modification 6's Reef colour is each player's choice at the end (an action)
    options = {
        "variant": Option(
            "Variant",
            ("core", "family", "advanced"),
            "core",
            "Core: Ecosystems 1–6. Family: animals only, no Reefs or Ecosystems. "
            "Advanced: six of the 24 Ecosystem tiles at random. One player plays the solo rules.",
            ("Core", "Family", "Advanced"),
        ),
        "scenario": Option(
            "Scenario",
            SCENARIO_CHOICES,
            "none",
            "Scenarios A–O: set Ecosystems in a set order, a minimum score and an objective to reach "
            "(A: Ecosystems 1–6, 60+ … O: 100+ and five Ecosystems scored). Overrides the variant's "
            "Ecosystems.",
            (
                "No scenario",
                *(
                    f"{x.letter}: Ecosystems {', '.join(map(str, x.ecosystems))}; "
                    f"{x.min_score}+" + ("" if x.kind is None else f"; {x.objective}")
                    for x in SCENARIOS.values()
                ),
            ),
        ),
        # Solo: "use the core and/or advanced Ecosystems as you prefer"; with 2–4 players, a house rule.
        "line": Option(
            "Ecosystem line of your own (solo rules; a house rule with 2–4 players)",
            tuple(data.ECOSYSTEMS),
            (),
            "Solo rules: use the core and/or advanced Ecosystems as you prefer — pick the six of the line, "
            "left to right, from all 18 (13–18 at most twice: the box holds two of each); natives are laid "
            "at random as usual. With 2–4 players this is a house rule. Not with a Scenario (it sets its "
            "own line) or the Family variant (no Ecosystems).",
            tuple(f"{n}: {e.text}" for n, e in data.ECOSYSTEMS.items()),
            length=6,
            repeats=tuple(e.copies for e in data.ECOSYSTEMS.values()),
        ),
        "modification": Option(
            "Modification",
            MODIFICATION_CHOICES,
            "none",
            "; ".join(f"{m.number}: {m.short}" for m in MODIFICATIONS.values()) + ". Changes one rule for everyone.",
            ("No modification", *(f"{m.number}: {m.short}" for m in MODIFICATIONS.values())),
        ),
    }
    private_views = False  # every reef, animal and market tile is public; only the pile's order is secret, from all
    viewer_fields = ("prompt", "my_turn")
    summary = (
        "Grow a coral reef tile by tile from your Hot Spot: close hexagons of one colour into Habitats for "
        "Small Animals, crown them with Large Animals, and feed Reefs and Ecosystems for points."
    )
    rules = [
        "17 rounds. Each round the market holds one coral tile more than there are players; the Sea Snail's holder "
        "fills it and plays first.",
        "On your turn take a market tile and lay it beside your reef, in any of 6 rotations, so that one of its "
        "edges touches a coral of the same colour (touching at a point is not enough).",
        "Instead of playing, you may take the Sea Snail: you play last this round and first next round. If nobody "
        "takes it, the round's last player gets it.",
        "Three corals of one colour whose wide corners meet make a hexagon, a Habitat: a Small Animal of that "
        "colour moves in at once (if any is left).",
        "Then you may attract one Large Animal: its shape must rest only on Small Animals, cover one you placed "
        "this turn, and cover no two of one species. Take the top tile of that shape, either side.",
        "At the end score your Large and Small Animals, each Reef (4+ connected corals of one colour outside "
        "Habitats) for the Small Animals touching it, and the six Ecosystems for their native species.",
        "Most points wins; a tie goes to the tied player earliest in the final round's turn order.",
        "Family: no Reefs or Ecosystems. Advanced: six random Ecosystems of 24. Solo: a 3-tile market, the other "
        "two discarded each round, and a rating from 60+ to 100+.",
        "Reconstructions (placeholders until the printed values are known): the 70 tiles (every 2- or 3-colour "
        "tile once), Hot Spot colour orders, Small Animal points 1/1/2/2/3/3 and the Large Animal shapes and points.",
        "Achievements: a Scenario (set Ecosystems, a minimum score, an objective) or a Modification (one rule "
        "changed for all) may be chosen before the game; 25 Challenges are checked for everyone at the end.",
        "Modification 6: after the last round each player with Reefs of several colours chooses, in the final "
        "round's turn order, the one colour whose Reefs score.",
    ]
    bots = BOTS

    def info(self) -> dict[str, Any]:
        """The lobby facts, and the solo chart that rates a finished solo game (the page's statistics show it)."""
        return {**super().info(), "solo_ratings": rules.solo_chart()}

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> ReefState:
        return rules.setup(players, options, rng)

    def to_act(self, state: ReefState) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: ReefState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def is_legal(self, state: ReefState, seat: int, action: Action) -> bool | None:
        return rules.is_legal(state, seat, action)

    def apply(self, state: ReefState, seat: int, action: Action) -> None:
        rules.apply(state, seat, action)

    def is_over(self, state: ReefState) -> bool:
        return state.phase == OVER

    def outcome(self, state: ReefState) -> dict[str, Any]:
        return rules.outcome(state)

    def seen(self, state: ReefState, seat: int) -> int:
        """Only the pile's order is secret, from everyone: tiles leave it face up (undo rule)."""
        return len(state.pile)

    def view(self, state: ReefState, seat: int | None) -> dict[str, Any]:
        return view.table(state, seat)

    def from_position(self, text: str, players: int, options: dict[str, Any], rng: Rng) -> ReefState:
        """A match position in the notation of ``notation``: boards and Ecosystems, round, market, turn, Sea Snail."""
        return notation.parse(text, players, options, rng)

    def to_position(self, state: Any) -> str:
        return notation.dump(state)

    def drawn_refs(self, view: View) -> set[str]:
        return refs.drawn(view)

    lesson_conditions = lessons.CONDITIONS

    def view_points(self, view: View, seat: int) -> int:
        return lessons.view_points(view, seat)


GAME = Reef()
# The search levels need the game object itself; listed after the old bots ("bot" in the page means "normal").
Reef.bots = {**BOTS, **make_levels(GAME)}

__all__ = ["GAME", "Reef"]
