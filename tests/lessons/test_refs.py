"""Explain this score: every outcome row names, as refs (docs/refs.md), real things in the final view that earned
exactly its points. The engine's outcome breakdown carries these references: the page decides nothing."""

from __future__ import annotations

from collections import Counter

import pytest

import shoal
from shoal.games.museum.data import LILY_RUN_POINTS, SET_POINTS, TURTLE_POINTS
from shoal.games.reef import data as reef_data
from tests.lessons.drawn import drawn_refs


def finished(game: str, players: int, seed: int, bot: str = "random"):
    match = shoal.new_match(game, players, seed=seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, match.bot_action(seat, bot))
    return match


SHIPPED = sorted((__import__("pathlib").Path(__file__).resolve().parents[2] / "web" / "lessons").glob("*.json"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_highlight_in_a_shipped_lesson_names_something_its_step_shows(path):
    """docs/refs.md: a lesson's highlight lists refs the board draws for the step's view."""
    import json

    from shoal import lessons

    compiled = lessons.compile_lesson(json.loads(path.read_text()), path.stem)
    for i, step in enumerate(compiled["steps"]):
        missing = set(step["highlight"]) - drawn_refs(step["view"])
        assert not missing, f"step {i + 1}: {sorted(missing)}"


GAMES = [("museum", 2), ("brunch", 3), ("aquarena", 3), ("reef", 2)]


@pytest.mark.parametrize("game, players", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_outcome_row_names_real_things_in_the_final_view(game, players, seed):
    match = finished(game, players, seed)
    view = match.view(None)
    known = drawn_refs(view)
    for rows in view["outcome"]["breakdown"]:
        for row in rows:
            assert isinstance(row["refs"], list)
            assert set(row["refs"]) <= known, (row["label"], set(row["refs"]) - known)
            assert len(set(row["refs"])) == len(row["refs"])


def _cards(view: dict) -> dict[str, dict]:
    return {f"cell:{c['x']},{c['y']}": c for c in view["table"]["cards"]}


@pytest.mark.parametrize("seed", range(1, 7))
def test_museum_rows_name_their_line_and_the_cards_that_earned_the_points(seed):
    """Museum: the line and the cards of the set, the turtle and its waves."""
    match = finished("museum", 2, seed, "greedy")
    view = match.view(None)
    cards = _cards(view)
    for seat, rows in enumerate(view["outcome"]["breakdown"]):
        axis = ("row", "column")[seat]
        for row in rows:
            refs = row["refs"]
            if row["category"] == "lily_pads":
                lines = [r for r in refs if r.startswith(axis + ":")]
                lilies = [cards[r] for r in refs if r.startswith("cell:")]
                assert row["points"] == (LILY_RUN_POINTS[len(lines)] if lines else 0)
                assert all(c["card"]["kind"] == "lily" for c in lilies)
                continue
            head, cells = refs[0], [cards[r] for r in refs[1:]]
            coord = int(head.split(":")[1])
            line = [c for c in cards.values() if (c["y"] if axis == "row" else c["x"]) == coord]
            assert head == f"{axis}:{coord}" and all(c in line for c in cells)
            if row["category"] == "none":
                assert sorted(refs[1:]) == sorted(f"cell:{c['x']},{c['y']}" for c in line)  # exactly its cells
            elif row["category"] == "numbers":
                sizes = Counter(c["card"]["number"] for c in cells).values()
                assert row["points"] == sum(SET_POINTS[n] for n in sizes) and min(sizes) >= 2
            elif row["category"] == "icons":
                sizes = Counter(c["card"]["kind"] for c in cells).values()
                assert row["points"] == sum(SET_POINTS[n] for n in sizes) and min(sizes) >= 2
            elif row["category"] == "turtles":
                turtles = [c for c in cells if c["card"]["kind"] == "turtle"]
                waves = [c for c in cells if c["card"]["kind"] == "wave"]
                assert len(turtles) + len(waves) == len(cells) and turtles
                assert row["points"] >= sum(TURTLE_POINTS[1] for _ in turtles)
                assert row["points"] <= sum(TURTLE_POINTS[2] for _ in turtles) and len(waves) >= len(turtles)
            elif row["category"] == "tokens":
                assert cells and all(c["tokens"] for c in cells)
                assert row["points"] >= sum(c["tokens"] for c in cells)


def test_museum_turtle_row_names_the_turtle_and_its_waves():
    """A 2-wave turtle: W1 T8 W2 in the top row (total 11) — the row names the three cards."""
    match = shoal.new_match("museum", 2, position="W1T8W2/L1 - - - -")
    out = match.outcome()
    turtle = next(r for r in out["breakdown"][0] if r["category"] == "turtles")
    assert turtle["points"] == TURTLE_POINTS[2] and turtle["refs"] == ["row:0", "cell:0,0", "cell:1,0", "cell:2,0"]
    none = next(r for r in out["breakdown"][0] if r["line"] == "Row 2")
    assert none["refs"] == ["row:1", "cell:0,1"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_brunch_round_rows_name_the_hand_and_the_food_taken(seed):
    """Brunch: the hand and the card taken."""
    match = finished("brunch", 4, seed)
    view = match.view(None)
    history = {rnd["round"]: rnd for rnd in view["table"]["history"]}
    for seat, rows in enumerate(view["outcome"]["breakdown"]):
        for row in rows:
            if "round" in row:
                r = row["round"]
                assert row["refs"][0] == f"hand:{r}.{seat}"
                assert (f"aqua:{r}.{seat}" in row["refs"]) == bool(history[r]["aqua"][seat])
                assert row["refs"][-1] == f"food:{row['colour']}.{row['points']}"
            else:
                own = view["table"]["colours"][seat]
                assert all(ref.startswith(f"food:{own}.") for ref in row["refs"])
                assert len(row["refs"]) == row["own_colour"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_aquarena_rows_name_the_catch_that_scored(seed):
    """Aquarena: the catch, flies and caught cards of each category, round by round."""
    match = finished("aquarena", 3, seed)
    view = match.view(None)
    flies = {f"flies:{row['round']}.{row['seat']}": row["flies"] for sheet in view["table"]["history"] for row in sheet}
    worth = {"fly": 1, "insect": 1, "amphibian": 2, "fish": 3, "own": 0}
    from shoal.games.aquarena.data import family

    for seat, rows in enumerate(view["outcome"]["breakdown"]):
        for row, (key, _) in zip(rows, __import__("shoal.games.aquarena.scoring", fromlist=["x"]).CATEGORIES):
            assert row["refs"][0] == f"catch:{seat}"
            if key == "fly":
                assert row["points"] == sum(flies[r] for r in row["refs"][1:])
                continue
            prey = [r.split(":")[1].split(".") for r in row["refs"][1:]]
            assert all((int(o) == seat) == (key == "own") for _, o, _ in prey)
            assert all(key == "own" or family(int(n)) == key for _, _, n in prey)
            assert row["points"] == worth[key] * len(prey)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_reef_rows_name_the_animals_reefs_and_ecosystem_elements_that_scored(seed):
    """AQUA: the Habitat, Reef, animals and the Ecosystem's counted elements."""
    match = finished("reef", 2, seed, "greedy")
    view = match.view(None)
    for seat, rows in enumerate(view["outcome"]["breakdown"]):
        board = view["table"]["boards"][seat]
        habitats = {f"habitat:{seat}.{h['at'][0]},{h['at'][1]}": h for h in board["habitats"]}
        for row in rows:
            refs = row["refs"]
            if row["category"] == "large":
                assert row["points"] == sum(board["large"][int(r.split(".")[1])]["points"] for r in refs)
                assert len(refs) == len(board["large"])
            elif row["category"] == "small":
                assert row["points"] == sum(reef_data.SMALL_POINTS[habitats[r]["species"]] for r in refs)
                assert set(refs) == set(habitats)
            elif row["category"] == "reefs":
                by_name = {f"reef:{seat}.{x['at'][0]},{x['at'][1]}.{x['at'][2]}": x for x in board["reefs"]}
                named = [r for r in refs if r.startswith("reef:")]
                assert row["points"] == sum(by_name[r]["points"] for r in named)
                fed = {f"habitat:{seat}.{v[0]},{v[1]}" for r in named for v in by_name[r]["animals"]}
                assert set(refs) - set(named) == fed
            elif row["category"] == "ecosystem":
                assert refs[0] == f"ecosystem:{row['slot']}"
                assert (len(refs) > 1) == (row["points"] > 0)
                native = row["native"]
                counted = [habitats[r]["species"] for r in refs[1:] if r.startswith("habitat:")]
                assert not row["points"] or native in counted or any(r.startswith(("animal:", "reef:")) for r in refs)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_reef_keeps_its_name_while_it_grows(seed):
    """docs/refs.md: a Reef is named by its coral laid first, so a lesson's ``reef:`` names the same Reef at every step;
    the name changes only when that coral goes under a Habitat or the Reef takes in corals laid before it."""
    from shoal.games.reef.refs import reef
    from shoal.games.reef.scoring import find_reefs

    match = shoal.new_match("reef", 2, seed=seed)
    kept = 0
    while not match.is_over():
        before = [find_reefs(b) for b in match.state.boards]
        seat = match.to_act()[0]
        match.play(seat, match.bot_action(seat, "greedy"))
        for s, board in enumerate(match.state.boards):
            laid = list(board.corals)  # in the order they were laid
            for now in find_reefs(board):
                for old in before[s]:
                    if old.first in now.corals and old.corals <= now.corals:
                        if reef(s, now) == reef(s, old):
                            kept += 1
                        else:
                            assert laid.index(now.first) < laid.index(old.first), (reef(s, old), reef(s, now))
    assert kept > 10


def test_a_brunch_card_keeps_its_name_while_other_cards_are_passed():
    """docs/refs.md: a predator card is named by its kind in its seat's hand, so a lesson's ``card:`` still names the
    cards kept after a pass (an index would now point at the card passed in)."""
    match = shoal.new_match(
        "brunch", 3, seed=7, position="phase=pass hands=orca8,shark717,baby/walrus,walrus,octopus/shark575,baby,orca5"
    )
    before = {r for r in drawn_refs(match.view(0)) if r.startswith("card:1.0.")}
    assert before == {"card:1.0.orca8", "card:1.0.shark717", "card:1.0.baby"}
    for seat, kind in [(0, "shark717"), (1, "octopus"), (2, "orca5")]:
        match.play(seat, {"type": "pass", "card": kind})
    after = {r for r in drawn_refs(match.view(0)) if r.startswith("card:1.0.")}
    assert {"card:1.0.orca8", "card:1.0.baby"} <= after and "card:1.0.shark717" not in after
    assert "card:1.0.orca5" in after, "the card passed in is named by its own kind"
