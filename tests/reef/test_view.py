"""What a seat sees: everything public but the pile order, with ready-to-draw shapes and the legal spots."""

from __future__ import annotations

import json

import pytest

import shoal
from shoal.core import Rng
from shoal.games.reef import data


def _midgame(players=3, seed=4, plies=25):
    m = shoal.new_match("reef", players, seed=seed)
    rng = Rng(seed)
    for _ in range(plies):
        seat = m.to_act()[0]
        m.play(seat, m.bot_action(seat, "greedy") if rng.below(2) else rng.choice(m.legal_actions(seat)))
    return m


def test_market_spots_are_exactly_the_legal_placements():
    """The view lists, for every market tile and rotation, the frontier cells where it fits: the legal actions."""
    m = _midgame()
    seat = m.to_act()[0]
    table = m.view(seat)["table"]
    if table["phase"] != "place":
        m.play(seat, {"type": "skip_large"})
        seat = m.to_act()[0]
        table = m.view(seat)["table"]
    frontier = table["frontier"]
    shown = {
        (m_["index"], frontier[i]["q"], frontier[i]["r"], rot)
        for m_ in table["market"]
        for rot, cells in enumerate(m_["spots"])
        for i in cells
    }
    legal = {(a["tile"], a["q"], a["r"], a["rot"]) for a in m.legal_actions(seat) if a["type"] == "place"}
    assert shown == legal and legal


def test_pile_order_stays_secret_and_every_seat_sees_the_same_table():
    """Issue: "the market, every player's reef and animals are public; the coral pile order is secret.\""""
    m = _midgame(players=4)
    tables = [m.view(s)["table"] for s in [None, 0, 1, 2, 3]]
    text = json.dumps(tables[0])
    assert tables[0]["pile"] == len(m.state.pile)
    for t in tables:
        t = dict(t)
        t.pop("prompt")
        t.pop("my_turn")
        base = dict(tables[0])
        base.pop("prompt")
        base.pop("my_turn")
        assert t == base
    shown = {t["tile"] for b in tables[0]["boards"] for t in b["tiles"]} | {x["tile"] for x in tables[0]["market"]}
    assert not shown & set(m.state.pile)
    assert "rng" not in text and "state" not in tables[0]


def test_boards_carry_ready_to_draw_polygons():
    """docs/reef-geometry.md: corals as rhombi (4 points), Habitats and Large Animal cells as hexagons (6 points)."""
    m = _midgame(players=2, plies=30)
    for b in m.view(None)["table"]["boards"]:
        assert len(b["corals"]) == sum(3 for t in b["tiles"]) - 3  # the Hot Spot's blank centre is no coral
        assert all("points" not in c for c in b["corals"])  # derived by the renderer: see the test below
        assert all(len(h["hex"]) == 6 for h in b["habitats"])
        for la in b["large"]:
            assert len(la["hexes"]) == len(la["cells"]) == len(data.SHAPES[la["shape"]].cells)
        for c in b["corals"]:
            if c["reef"] is not None:
                assert b["reefs"][c["reef"]]["colour"] == c["colour"]


def test_ecosystem_scores_in_view_match_the_outcome():
    """The view shows what each Ecosystem currently scores per seat; at the end these are the outcome's rows."""
    m = shoal.new_match("reef", 2, seed=2)
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, m.bot_action(seat, "greedy"))
    view = m.view(0)
    out = view["outcome"]
    for eco in view["table"]["ecosystems"]:
        for seat in range(2):
            row = next(r for r in out["breakdown"][seat] if r.get("slot") == eco["slot"])
            assert row["points"] == eco["scores"][seat]
    assert view["table"]["scores"] == out["scores"]
    assert view["table"]["phase"] == "over" and view["table"]["prompt"] == "The game is over."


def test_prompt_speaks_to_the_seat_to_act_and_names_others():
    m = shoal.new_match("reef", 2, seed=1)
    seat = m.to_act()[0]
    assert "Sea Snail" in m.view(seat)["table"]["prompt"]
    assert m.view(1 - seat)["table"]["prompt"].startswith(f"{{seat:{seat}}}")
    assert m.view(seat)["table"]["my_turn"] and not m.view(1 - seat)["table"]["my_turn"]


def test_supply_shows_animals_left_and_stacks():
    m = shoal.new_match("reef", 3, seed=1)
    supply = m.view(None)["table"]["supply"]
    assert [s["left"] for s in supply["small"]] == [12] * 6
    assert [s["stack"] for s in supply["large"]] == [list(s.points[:2]) for s in data.LARGE_SHAPES]
    # Outside the Large Animal phase only the first orientation (what the supply draws) is sent.
    assert all(
        len(s["orientations"]) == 1 and s["orientations"][0]["rot"] == 0 and not s["orientations"][0]["mirror"]
        for s in supply["large"]
    )


def test_the_large_animal_phase_sends_every_orientation_of_every_shape():
    """A leaner view keeps every field the renderer reads: the Large Animal controls draw each shape in all
    6 turns, mirrored or not, so in that phase every (rot, mirror) is in the supply; in the others only the first."""
    from shoal.games.reef.state import LARGE
    from shoal.games.reef.view import SHAPE_ORIENTATIONS

    from .helpers import H, animals

    m = shoal.new_match("reef", 1, seed=0)
    placing = m.view(0)["table"]
    assert placing["phase"] != "large"
    assert [sh["orientations"] for sh in placing["supply"]["large"]] == [
        SHAPE_ORIENTATIONS[sh["shape"]][:1] for sh in placing["supply"]["large"]
    ]
    s = m.state
    s.boards[0] = animals({H(0, 0): "crab", H(1, 0): "turtle"}, hot_spot=0)
    s.queue, s.fresh, s.phase, s.memo = [0], [H(0, 0)], LARGE, {}
    table = m.view(0)["table"]
    assert table["phase"] == "large" and table["large_spots"]
    for sh in table["supply"]["large"]:
        assert sh["orientations"] == SHAPE_ORIENTATIONS[sh["shape"]]
        assert len(sh["orientations"]) == 12 and all({"rot", "mirror", "centres"} <= set(o) for o in sh["orientations"])


def test_the_final_rounds_sea_snail_promises_no_next_round():
    """Core concept: the Sea Snail "gives you the last turn in the round it is taken, but the first turn in the
    following round"; End of Game: "After 17 rounds ... the game ends", so in round 17 there is no following round:
    the prompt and the log say only that the taker plays last (which decides ties), and the view flags the round."""
    m = shoal.new_match("reef", 3, seed=6)
    assert m.view(None)["table"]["final_round"] is False
    assert "first next round" in m.view(m.to_act()[0])["table"]["prompt"]
    while m.state.round < 17:
        seat = m.to_act()[0]
        m.play(seat, next(a for a in m.legal_actions(seat) if a["type"] != "snail"))
    seat = m.to_act()[0]
    table = m.view(seat)["table"]
    assert table["final_round"] is True
    assert "Sea Snail" in table["prompt"] and "next round" not in table["prompt"]
    m.play(seat, {"type": "snail"})
    line = m.view(None)["log"][-1]
    assert "Sea Snail" in line and "next" not in line and "final round" in line


@pytest.mark.parametrize("players", [1, 2])
def test_the_view_lists_the_market_tiles_discarded_face_up_and_no_other(players):
    """Solo: at each round's end the market's leftovers are discarded face up, so they are public and the view lists
    them, in the order discarded (a bot reads them there, never from the log's words). With rivals the leftovers
    stay in the market: nothing is discarded."""
    m = shoal.new_match("reef", players, seed=6)
    rng = Rng(6)
    shown: list[int] = []
    while not m.is_over():
        table = m.view(None)["table"]
        shown += [t["tile"] for t in table["market"] if t["tile"] not in shown]
        laid = {t["tile"] for b in table["boards"] for t in b["tiles"] if not t["hot_spot"]}
        market = {t["tile"] for t in table["market"]}
        assert table["discarded"] == [t for t in shown if t not in laid and t not in market]
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
    assert bool(m.view(0)["table"]["discarded"]) == (players == 1)


def test_the_log_names_tiles_by_their_colours():
    """A player reads colours on the table, not letter codes or grid coordinates: the log says "red-pink-green"."""
    import re

    m = shoal.new_match("reef", 1, seed=3)
    for _ in range(6):
        m.play(0, m.bot_action(0, "greedy"))
    log = m.view(0)["log"]
    market_line = next(line for line in log if line.startswith("Round 2"))
    grew = [line for line in log if " grew " in line]
    assert grew and all(re.search(r"grew an? [a-z]+-[a-z]+-[a-z]+ tile\.$", line) for line in grew), grew
    assert not any(re.search(r"\b[RYGBPK]{3}\b|\(-?\d+, -?\d+\)", line) for line in log), log
    assert "market: " in market_line and market_line.count("-") >= 6


def test_a_corals_rhombus_is_its_tiles_centre_and_three_corners_of_the_hexagon():
    """docs/reef-geometry.md: the view sends no coral polygon, to stay lean; web/games/reef/board.js draws
    each coral as its tile's centre plus the corners d-1, d, d+1 of geometry.hex, which is the engine's own rhombus."""
    from shoal.games.reef.geometry import cell_point, coral_polygon

    m = _midgame(players=2, plies=30)
    table = m.view(None)["table"]
    hexagon = table["geometry"]["hex"]
    checked = 0
    for b in table["boards"]:
        centres = {(t["q"], t["r"]): t["centre"] for t in b["tiles"]}
        for c in b["corals"]:
            x, y = centres[tuple(c["cell"])]
            drawn = [[x, y]] + [
                [x + hexagon[k][0], y + hexagon[k][1]] for k in ((c["d"] + 5) % 6, c["d"], (c["d"] + 1) % 6)
            ]
            engine = coral_polygon((cell_point(*c["cell"]), c["d"]))
            assert all(abs(a - e) < 0.002 for p, q in zip(drawn, engine) for a, e in zip(p, q)), (c, drawn, engine)
            checked += 1
    assert checked > 30


def test_the_answer_a_reef_click_sends_stays_lean():
    """A reef view is most of a click's Python (building and serialising it), so it sends no coral polygons and no
    Habitat neighbour lists (the renderer reads neither, and with them it would be 30-50 KB). A bound on its size, not
    a timing."""
    m = _midgame(players=2, plies=30)
    text = json.dumps(m.view(0))
    assert len(text) < 40_000, len(text)
    table = json.loads(text)["table"]
    assert all("neighbours" not in h for b in table["boards"] for h in b["habitats"])
