"""The 50 AQUA achievements as plain tables: 15 Scenarios, 25 Challenges, 10 Modifications — one place each.

A Scenario and a Challenge name their test as a ``kind`` and a number (``param``); ``checks.py`` has one small
function per kind, so a table row reads like the rulebook's line. A Modification's rule change lives in
``modifications.py`` (a :class:`~shoal.games.reef.rules.Rules` subclass per number); here it has only its words.
Achievement ids are ``"S-A"``, ``"C-12"``, ``"M-3"``: the browser's progress track stores them.
"""

from __future__ import annotations

from typing import NamedTuple

from shoal.core.errors import ShoalError


class Scenario(NamedTuple):
    letter: str
    ecosystems: tuple[int, ...]  # left to right, doubles included
    min_score: int
    kind: str | None  # the objective's check (checks.KINDS), None for no objective
    param: int
    objective: str  # the objective in words ("—" for none)

    @property
    def id(self) -> str:
        return f"S-{self.letter}"


class Challenge(NamedTuple):
    number: int
    kind: str
    param: int
    text: str
    solo: bool = True  # False: "not solo", only checked with 2+ players

    @property
    def id(self) -> str:
        return f"C-{self.number}"


class Modification(NamedTuple):
    number: int
    text: str
    short: str  # a few words for a lobby or a badge

    @property
    def id(self) -> str:
        return f"M-{self.number}"


SCENARIOS: dict[str, Scenario] = {
    s.letter: s
    for s in (
        Scenario("A", (1, 2, 3, 4, 5, 6), 60, None, 0, "—"),
        Scenario("B", (7, 8, 9, 10, 11, 12), 60, None, 0, "—"),
        Scenario("C", (16, 16, 3, 5, 15, 15), 65, None, 0, "—"),
        Scenario("D", (3, 4, 5, 6, 17, 17), 65, "small_at_least", 20, "At least 20 points from Small Animals"),
        Scenario("E", (13, 13, 18, 18, 4, 6), 70, "large_at_least", 20, "At least 20 points from Large Animals"),
        Scenario("F", (1, 2, 3, 10, 11, 12), 70, "reefs_at_least", 20, "At least 20 points from Reefs"),
        Scenario("G", (7, 14, 8, 14, 9, 16), 75, "each_species_at_least", 1, "At least 1 of each Small Animal"),
        Scenario("H", (2, 6, 17, 17, 18, 18), 75, "small_at_most", 20, "At most 20 points from Small Animals"),
        Scenario("I", (15, 15, 8, 11, 13, 13), 80, "ecosystems_scored_at_least", 4, "Score at least four Ecosystems"),
        Scenario(
            "J", (7, 8, 11, 4, 5, 6), 80, "all_small_covered", 0, "Have all Small Animals covered by Large Animals"
        ),
        Scenario("K", (10, 13, 14, 14, 13, 9), 85, "large_at_most", 20, "At most 20 points from Large Animals"),
        Scenario("L", (17, 17, 13, 13, 2, 3), 85, "reefs_at_most", 20, "At most 20 points from Reefs"),
        Scenario("M", (16, 14, 16, 15, 14, 15), 90, "small_at_least", 25, "At least 25 points from Small Animals"),
        Scenario("N", (18, 12, 10, 9, 7, 17), 95, "each_species_at_most", 2, "At most 2 of each Small Animal"),
        Scenario("O", (12, 13, 14, 15, 16, 18), 100, "ecosystems_scored_at_least", 5, "Score at least five Ecosystems"),
    )
}

CHALLENGES: dict[int, Challenge] = {
    c.number: c
    for c in (
        Challenge(1, "total_at_least", 70, "Score 70+ points"),
        Challenge(2, "total_at_least", 80, "Score 80+ points"),
        Challenge(3, "total_at_least", 90, "Score 90+ points"),
        Challenge(4, "total_at_least", 100, "Score 100+ points"),
        Challenge(5, "all_ecosystems_scored", 6, "Score all six Ecosystems"),
        Challenge(6, "large_at_least", 30, "Score 30+ points from Large Animals"),
        Challenge(7, "large_at_least", 35, "Score 35+ points from Large Animals"),
        Challenge(8, "small_at_least", 25, "Score 25+ points from Small Animals"),
        Challenge(9, "small_at_least", 30, "Score 30+ points from Small Animals"),
        Challenge(10, "reefs_at_least", 25, "Score 25+ points from Reefs"),
        Challenge(11, "reefs_at_least", 30, "Score 30+ points from Reefs"),
        Challenge(12, "win_by", 10, "Win a game by 10+ points", solo=False),
        Challenge(13, "win_by", 20, "Win a game by 20+ points", solo=False),
        Challenge(14, "different_large", 4, "Have 4+ different Large Animals"),
        Challenge(15, "whales", 2, "Have 2+ Humpback Whales/Whale Sharks"),
        Challenge(16, "win_without_large", 0, "Win with no Large Animals", solo=False),
        Challenge(17, "large_apart", 3, "Have 3+ Large Animals that are not adjacent to each other"),
        Challenge(18, "one_species_at_least", 4, "Have 4+ of a single Small Animal"),
        Challenge(19, "each_species_at_least", 2, "Have 2+ of each Small Animal"),
        Challenge(20, "win_fewest_small", 0, "Win with the fewest Small Animals", solo=False),
        Challenge(21, "scoring_reefs", 5, "Have 5+ scoring Reefs"),
        Challenge(22, "animal_next_to_reefs", 4, "Have a single Small Animal adjacent to 4+ Reefs"),
        Challenge(23, "reef_with_animals", 6, "Have 6+ Small Animals adjacent to the same Reef"),
        Challenge(24, "all_small_next_to_reef", 0, "Have all Small Animals adjacent to a Reef"),
        Challenge(25, "large_next_to_reef", 3, "Have 3+ Large Animals adjacent to a Reef"),
    )
}

MODIFICATIONS: dict[int, Modification] = {
    m.number: m
    for m in (
        Modification(
            1,
            "The market has one fewer Coral tile each round (set-up removes 1 more tile, 17 more in solo).",
            "smaller market",
        ),
        Modification(
            2,
            "The market has one extra Coral tile each round (set-up removes 1 fewer tile, 17 fewer in solo).",
            "larger market",
        ),
        Modification(3, "Reefs must be at least 5 corals to score.", "Reefs of 5+"),
        Modification(
            4, "Each Reef scores 2 points per coral in it, instead of its adjacent Small Animals.", "Reefs: 2 per coral"
        ),
        Modification(
            5,
            "Reefs score the points of their adjacent Large Animals, not of their adjacent Small Animals.",
            "Reefs score Large Animals",
        ),
        Modification(
            6,
            "At the end each player chooses one colour of Reef; only their Reefs of that colour score.",
            "one Reef colour",
        ),
        Modification(7, "Set-up removes 10/8/6/4 of each Small Animal at 1/2/3/4 players.", "fewer Small Animals"),
        Modification(8, "Each player may create Habitats in at most 4 colours.", "Habitats in 4 colours"),
        Modification(
            9,
            "A Large Animal must cover at least 2 of the same Small Animal (instead of biodiversity).",
            "Large Animals on pairs",
        ),
        Modification(10, "Each player may attract only one Large Animal of each shape.", "one of each shape"),
    )
}

# The lobby's option values: "none", then the Scenario letters, the Modification numbers (as strings).
SCENARIO_CHOICES: tuple[str, ...] = ("none", *SCENARIOS)
MODIFICATION_CHOICES: tuple[str, ...] = ("none", *(str(n) for n in MODIFICATIONS))
# Small Animals each Modification 7 set-up removes, by player count.
SMALL_REMOVED_BY_MOD7: dict[int, int] = {1: 10, 2: 8, 3: 6, 4: 4}
# Modifications 1 and 2: extra tiles removed at set-up per market tile less (solo: a whole round's worth, 17).
EXTRA_REMOVED_SOLO = 17

ALL_IDS: tuple[str, ...] = (
    tuple(s.id for s in SCENARIOS.values())
    + tuple(c.id for c in CHALLENGES.values())
    + tuple(m.id for m in MODIFICATIONS.values())
)


def scenario_of(options: dict) -> Scenario | None:
    """The Scenario a match's options (or a position) name, or None; an unknown one is a :class:`ShoalError`."""
    letter = options.get("scenario", "none")
    if letter in (None, "none"):
        return None
    if not isinstance(letter, str) or letter not in SCENARIOS:
        raise ShoalError(f"unknown Scenario {str(letter)[:20]!r} (Scenarios: {', '.join(SCENARIOS)}, or none)")
    return SCENARIOS[letter]


def modification_of(options: dict) -> Modification | None:
    """The Modification a match's options (or a position) name, or None; an unknown one is a :class:`ShoalError`."""
    number = options.get("modification", "none")
    if number in (None, "none"):
        return None
    key = str(number)[:20]
    if not (
        isinstance(number, (str, int)) and not isinstance(number, bool) and key.isdigit() and int(key) in MODIFICATIONS
    ):
        raise ShoalError(f"unknown Modification {key!r} (Modifications: {', '.join(map(str, MODIFICATIONS))}, or none)")
    return MODIFICATIONS[int(key)]


def catalogue() -> dict:
    """All 50 achievements as plain JSON, in progress-track order (for the browser's progress track)."""
    return {
        "format": "shoal-aqua-achievements",
        "ids": list(ALL_IDS),
        "scenarios": [
            {
                "id": s.id,
                "letter": s.letter,
                "ecosystems": list(s.ecosystems),
                "min_score": s.min_score,
                "objective": s.objective,
                "title": f"Scenario {s.letter}",
            }
            for s in SCENARIOS.values()
        ],
        "challenges": [
            {"id": c.id, "number": c.number, "text": c.text, "solo": c.solo, "title": f"Challenge {c.number}"}
            for c in CHALLENGES.values()
        ],
        "modifications": [
            {"id": m.id, "number": m.number, "text": m.text, "short": m.short, "title": f"Modification {m.number}"}
            for m in MODIFICATIONS.values()
        ],
    }
