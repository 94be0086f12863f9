"""Modifications 1–10: "Modifications change some of the core rules of the game for all players." Each test builds
a position where the rule matters and shows the standard rules and the Modification disagree exactly there; the
probe test shows that no other rule moves."""

from __future__ import annotations

from itertools import product

import pytest

import shoal
from shoal.core import Rng
from shoal.games.reef import data
from shoal.games.reef.achievements.modifications import RULES_OF_MODIFICATION, rules_for
from shoal.games.reef.achievements.tables import MODIFICATIONS
from shoal.games.reef.board import from_json
from shoal.games.reef.geometry import point_cell
from shoal.games.reef.scoring import BoardFacts, find_reefs, score_position
from shoal.games.reef.state import LARGE
from shoal.games.reef.variants import Rules

from .build import H, board, chain, field, merge, row, star, tile

# --- "changes exactly its rule" ---------------------------------------------------------------------------------
EXPECTED_HOOKS = {
    1: {"market_size", "removed_tiles"},
    2: {"market_size", "removed_tiles"},
    3: {"reef_min_size"},
    4: {"reef_points"},
    5: {"reef_points"},
    6: {"reefs_scored", "reef_colour_options"},
    7: {"small_per_species"},
    8: {"habitat_may_form"},
    9: {"large_cover_allowed"},
    10: {"large_shape_allowed"},
}

PROBE_BOARDS = [
    from_json(b)
    for b in (
        board(),
        board(row("crab", "clownfish", "turtle")),
        board(row("crab", "clownfish", "turtle", "seahorse")),
        board(row("crab", "clownfish", "turtle", "seahorse", "starfish")),
        board(chain("crab", "turtle", "seahorse"), [("barracuda", 5, [(0, 0), (1, 0)])]),
        board(chain("crab", "turtle", "seahorse", "starfish"), [("humpback", 12, []), ("dolphin", 8, [])]),
        star(6),
        field("crab", "jellyfish", "turtle", large=[("barracuda", 5, [(-3, 0), (-3, 1)])]),
        merge(field("jellyfish", "jellyfish"), star(3)),
    )
]
PROBE_LINES = [[], [(1, "crab"), (2, "turtle")], [(17, "crab"), (18, "turtle"), (18, "seahorse")]]


def probe(rules: Rules) -> dict[str, object]:
    """Every hook of :class:`Rules` asked a spread of questions; plain-rules facts, so only the hook answers."""
    base = Rules()
    facts = [BoardFacts(b, base) for b in PROBE_BOARDS]
    shapes = data.LARGE_SHAPES
    return {
        "market_size": [rules.market_size(p) for p in range(1, 5)],
        "removed_tiles": [rules.removed_tiles(p) for p in range(1, 5)],
        "keeps_leftover": [rules.keeps_leftover(p) for p in range(1, 5)],
        "uses_snail": [rules.uses_snail(p) for p in range(1, 5)],
        "small_per_species": [rules.small_per_species(p) for p in range(1, 5)],
        "large_stack": [rules.large_stack(s, p) for s in shapes for p in range(1, 5)],
        "uses_ecosystems": rules.uses_ecosystems(),
        "ecosystem_line": [rules.ecosystem_line(p, Rng(seed)) for p in range(1, 5) for seed in range(3)],
        "habitat_may_form": [rules.habitat_may_form(b, c) for b in PROBE_BOARDS for c in data.COLOURS],
        "large_shape_allowed": [rules.large_shape_allowed(b, s.id) for b in PROBE_BOARDS for s in shapes],
        "large_cover_allowed": [
            rules.large_cover_allowed(list(sp), line)
            for line in PROBE_LINES
            for k in (2, 3)
            for sp in product(data.SPECIES, repeat=k)
        ],
        "scores_reefs": rules.scores_reefs(),
        "reef_min_size": rules.reef_min_size(),
        "reef_points": [rules.reef_points(f, r) for f in facts for r in f.reefs],
        "reefs_scored": [sorted(sorted(r.corals) for r in rules.reefs_scored(f)) for f in facts],
        "reef_colour_options": [rules.reef_colour_options(f) for f in facts],
    }


def test_the_probe_asks_every_hook_of_the_rules():
    hooks = {n for n, v in vars(Rules).items() if callable(v) and not n.startswith("_")} - {"to_json"}
    assert set(probe(Rules())) == hooks, "a new Rules hook: add it to probe() so Modifications are checked on it"


@pytest.mark.parametrize("number", sorted(MODIFICATIONS))
def test_each_modification_changes_exactly_its_rule(number):
    """ "Modifications change some of the core rules": each one hook (two for the market's size and removals)."""
    plain, modified = probe(Rules()), probe(rules_for({"modification": str(number)}))
    assert {k for k in plain if plain[k] != modified[k]} == EXPECTED_HOOKS[number]
    own = {n for n, v in vars(RULES_OF_MODIFICATION[number]).items() if callable(v) and not n.startswith("_")}
    assert own == EXPECTED_HOOKS[number]


def test_every_modification_is_offered_in_the_lobby():
    """ "Choose one before the game begins": any one of the ten, at any player count."""
    opt = shoal.GAMES["reef"].options["modification"]
    assert opt.default == "none" and list(opt.choices) == ["none"] + [str(n) for n in range(1, 11)]
    for number, players in product(range(1, 11), range(1, 5)):
        m = shoal.new_match("reef", players, seed=number, options={"modification": str(number)})
        assert type(m.state.rules).modification == number


# --- 1 and 2: the market ------------------------------------------------------------------------------------------
def _play_out(m) -> list[int]:
    """Random play to the end; the market's size at the start of every round."""
    rng, sizes, seen = Rng(5), [], 0
    while not m.is_over():
        if m.state.round != seen:
            seen = m.state.round
            sizes.append(len(m.state.market))
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
    return sizes


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("number,change", [(1, -1), (2, +1)])
def test_modifications_1_and_2_market_one_smaller_or_larger_and_still_17_rounds(number, change, players):
    """1: "The market has one fewer Coral tile each round (remove 1 more in setup, 17 if solo)"; 2: "one extra ...
    (remove 1 less in setup, 17 if solo)". RULINGS: "so the pile still lasts exactly 17 rounds"."""
    usual = 3 if players == 1 else players + 1
    plain = shoal.new_match("reef", players, seed=4)
    m = shoal.new_match("reef", players, seed=4, options={"modification": str(number)})
    extra = 17 if players == 1 else 1
    tiles_in_play = [len(x.state.pile) + len(x.state.market) for x in (plain, m)]
    assert tiles_in_play[1] - tiles_in_play[0] == change * extra, "set-up removes 1 (solo: 17) more or fewer"
    sizes = _play_out(m)
    assert sizes == [usual + change] * 17
    assert m.state.pile == [] and m.state.round == 17


# --- 3 to 6: Reefs ------------------------------------------------------------------------------------------------
def _reef_points(b, modification: str = "none") -> int:
    sheet = score_position({"variant": "core", "modification": modification, "boards": [b]})
    return next(r["points"] for r in sheet[0]["rows"] if r["category"] == "reefs")


def _star_with_a_long_yellow_reef():
    """star(2): a red and a yellow Reef of 4 round one crab; one more yellow tile beyond makes the yellow one 7."""
    b = star(2)
    b["tiles"].append(tile((-6, -2), "YYY"))
    return b


def test_modification_3_reefs_must_be_5_corals_to_score():
    """3: "Reefs must be size 5+ corals to score" — the red Reef of 4 stops scoring, the yellow one of 7 scores."""
    b = _star_with_a_long_yellow_reef()
    sizes = sorted(len(r.corals) for r in find_reefs(from_json(b)))
    assert sizes == [4, 7]
    assert _reef_points(b) == 2 and _reef_points(b, "3") == 1


def test_modification_3_a_group_of_four_is_no_reef_for_ecosystem_13_either():
    """Ruling: under Modification 3 a Reef is 5+ corals everywhere, so Ecosystem 13 ("each Reef scores 3 for every
    native Small Animal adjacent to it") ignores the red group of 4 as well."""
    b = _star_with_a_long_yellow_reef()

    def eco13(modification):
        sheet = score_position(
            {"variant": "core", "modification": modification, "ecosystems": [[13, "crab"]], "boards": [b]}
        )
        return next(r["points"] for r in sheet[0]["rows"] if r["category"] == "ecosystem")

    assert eco13("none") == 3 + 3 and eco13("3") == 3


def test_modification_4_reefs_score_2_per_coral():
    """4: "Reefs score 2 points per coral in it, instead of scoring for adjacent Small Animals"."""
    b = _star_with_a_long_yellow_reef()
    assert _reef_points(b) == 1 + 1
    assert _reef_points(b, "4") == 2 * 4 + 2 * 7
    assert _reef_points(board(tiles=[tile((0, 0), "KKK"), tile((3, 1), "KKK")]), "4") == 12, "even with no animal"


def test_modification_5_reefs_score_adjacent_large_animals_not_small():
    """5: "Reefs score points from adjacent Large Animals, not for adjacent Small Animals" — a Large Animal touching
    the Reef with both cells counts once; one away from it not at all."""
    species = ["crab", "jellyfish", "jellyfish", "turtle"]
    near = ("barracuda", 5, [(-3, 0), (-3, 1)])
    b = merge(field(*species, large=[near]), board(chain("crab", "turtle"), [("moray_eel", 4, [(0, 0), (1, 0)])]))
    assert _reef_points(b) == 1 + 3 + 3 + 2
    assert _reef_points(b, "5") == 5


def test_modification_6_only_one_reef_colour_scores_the_best_one():
    """6: "End of game: everyone chooses only one color Reef they can score"; until a player has chosen, the colour
    worth most counts (the default offered) — both pink Reefs count (9 + 1), the five other colours (1 each) do not."""
    b = merge(field("jellyfish", "jellyfish", "jellyfish"), star(6))
    assert sorted(r.colour for r in find_reefs(from_json(b))) == sorted("KRYGBPK")
    assert _reef_points(b) == 9 + 6
    assert _reef_points(b, "6") == 9 + 1
    sheet = score_position({"variant": "core", "modification": "6", "boards": [b]})
    assert next(r for r in sheet[0]["rows"] if r["category"] == "reefs")["count"] == 2


def test_modification_6_equal_colours_the_one_with_more_scoring_reefs():
    """Ruling: on equal points the colour with more scoring Reefs is kept (Challenge 21 counts them), so a red Reef of
    2 gives way to two pink Reefs of 1 each."""
    b = merge(field("crab", "crab", colour="R"), field("crab", off=60), field("crab", off=80))
    assert sorted(r.colour for r in find_reefs(from_json(b))) == ["K", "K", "R"]
    sheet = score_position({"variant": "core", "modification": "6", "boards": [b]})
    reefs = next(r for r in sheet[0]["rows"] if r["category"] == "reefs")
    assert (reefs["points"], reefs["count"]) == (2, 2)


# --- 7: fewer Small Animals ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,left", [(1, 2), (2, 4), (3, 6), (4, 8)])
def test_modification_7_removes_10_8_6_4_of_each_small_animal(players, left):
    """7: "Setup: Remove 10/8/6/4 of each Small Animal at 1/2/3/4 players" (12 of each in the box)."""
    m = shoal.new_match("reef", players, seed=1, options={"modification": "7"})
    assert m.state.small == {sp: left for sp in data.SPECIES}
    assert shoal.new_match("reef", players, seed=1).state.small == {sp: 12 for sp in data.SPECIES}


# --- 8: Habitats in at most four colours --------------------------------------------------------------------------
def _about_to_close_a_red_hexagon(modification: str, used: list[str]):
    """A solo match whose board has two red corals pointing at H(0, 0) and Small Animals of ``used`` species far
    away; the market's red-yellow-green tile laid at cell (1, 1) with rotation 4 closes the red hexagon."""
    m = shoal.new_match("reef", 1, seed=0, options={"modification": modification})
    s = m.state
    spec = {(10 + 2 * i, 0): sp for i, sp in enumerate(used)}
    s.boards[0] = from_json(board(spec, tiles=[tile((0, 0), "RRY"), tile((3, -1), "YRG")]))
    s.market = [data.TILES.index("RYG")]
    s.memo = {}
    return m, (3, 1), 4


def _place(m, cell, rot):
    q, r = point_cell(cell)
    action = {"type": "place", "tile": 0, "q": q, "r": r, "rot": rot}
    assert action in m.legal_actions(0)
    return action


def _habitat_formed(modification: str, used: list[str]) -> bool:
    m, cell, rot = _about_to_close_a_red_hexagon(modification, used)
    m.play(0, _place(m, cell, rot))
    return tuple(H(0, 0)) in m.state.boards[0].habitats


def test_modification_8_habitats_in_at_most_four_colours():
    """8: "You may only create Habitats in 4 colors"; RULINGS: "once four colours are used, three corals of a fifth
    colour meeting at a vertex form no Habitat"."""
    four = ["clownfish", "turtle", "seahorse", "starfish"]
    assert _habitat_formed("none", four)
    assert not _habitat_formed("8", four)
    assert _habitat_formed("8", four[:3]), "a fourth colour is still allowed"
    assert _habitat_formed("8", ["crab", *four[:3]]), "a colour already used is always allowed"


def test_modification_8_the_refused_hexagon_stays_open_coral():
    """Its three red corals belong to no Habitat, so they may be part of a Reef."""
    m, cell, rot = _about_to_close_a_red_hexagon("8", ["clownfish", "turtle", "seahorse", "starfish"])
    m.play(0, _place(m, cell, rot))
    board_ = m.state.boards[0]
    reds = [c for c, col in board_.corals.items() if col == "R"]
    assert len(reds) == 4 and not any(board_.under_habitat(c) for c in reds)
    assert [r.colour for r in find_reefs(board_)] == ["R"], "the four red corals make a Reef"


def test_modification_8_one_tile_closing_two_new_colours_forms_them_in_its_coral_order():
    """Ruling: with one colour left to use, a tile closing a red and a yellow hexagon at once forms the Habitat of
    its first coral in clockwise order from the tile's first colour (red-yellow-green: red), the other stays open."""

    def close_both(modification):
        m = shoal.new_match("reef", 1, seed=0, options={"modification": modification})
        s = m.state
        used = {(20, 0): "turtle", (22, 0): "seahorse", (24, 0): "starfish"}
        s.boards[0] = from_json(
            board(used, tiles=[tile((0, 0), "RRY"), tile((3, -1), "YRG"), tile((6, 0), "GYB"), tile((6, 2), "BGY")])
        )
        s.market, s.memo = [data.TILES.index("RYG")], {}
        m.play(0, _place(m, (3, 1), 4))
        habitats = m.state.boards[0].habitats
        return habitats.get(tuple(H(0, 0))), habitats.get(tuple(H(1, 0)))

    assert close_both("none") == ("crab", "clownfish")
    assert close_both("8") == ("crab", None)


# --- 9 and 10: Large Animals --------------------------------------------------------------------------------------
def _large_phase(modification: str, spec, fresh, large=()):
    m = shoal.new_match("reef", 1, seed=0, options={"modification": modification})
    s = m.state
    s.boards[0] = from_json(board(spec, list(large)))
    s.queue, s.fresh, s.phase, s.memo = [0], [tuple(H(*f)) for f in fresh], LARGE, {}
    return m


def _placements(m, shape: str) -> set:
    return {
        tuple(tuple(c) for c in a["cells"])
        for a in m.legal_actions(0)
        if a["type"] == "large" and data.SHAPE_OF_ANIMAL[a["animal"]] == shape
    }


def _cells(*spots) -> tuple:
    return tuple(sorted(tuple(H(*s)) for s in spots))


def test_modification_9_large_animals_cover_two_of_one_species_instead_of_biodiversity():
    """9: "Large Animals must cover 2+ of the same Small Animal (replacing biodiversity)"."""
    spec = chain("crab", "crab", "turtle")
    plain, paired = _large_phase("none", spec, [(1, 0)]), _large_phase("9", spec, [(1, 0)])
    assert _placements(plain, "pair") == {_cells((1, 0), (2, 0))}
    assert _placements(paired, "pair") == {_cells((0, 0), (1, 0))}
    assert _placements(plain, "line") == set()
    assert _placements(paired, "line") == {_cells((0, 0), (1, 0), (2, 0))}


def test_modification_9_keeps_ecosystem_17s_ban():
    """Ecosystem 17: "Large Animals may not be placed on top of the native Small Animal" still holds."""
    m = _large_phase("9", chain("crab", "crab"), [(1, 0)])
    m.state.line = [(17, "crab")]
    m.state.memo = {}
    assert _placements(m, "pair") == set()


def test_modification_10_only_one_large_animal_of_each_shape():
    """10: "You may only attract one of each Large Animal shape" — a player with a barracuda gets no second pair."""
    spec = {**chain("crab", "turtle", "seahorse"), **chain("starfish", "jellyfish", start=6)}
    held = [("barracuda", 5, [(6, 0), (7, 0)])]
    plain, once = _large_phase("none", spec, [(1, 0)], held), _large_phase("10", spec, [(1, 0)], held)
    assert _placements(plain, "pair") == {_cells((0, 0), (1, 0)), _cells((1, 0), (2, 0))}
    assert _placements(once, "pair") == set()
    assert _placements(once, "line") == _placements(plain, "line") == {_cells((0, 0), (1, 0), (2, 0))}


def test_modification_6_the_view_shows_which_reefs_score():
    """The table's Reefs say which ones count at the end: under Modification 6 only the kept colour's."""
    b = merge(field("jellyfish", "jellyfish", "jellyfish"), star(6))
    for modification, scoring in (("none", 7), ("6", 2)):
        m = shoal.new_match("reef", 1, seed=0, options={"modification": modification})
        m.state.boards[0] = from_json(b)
        m.state.memo = {}
        shown = m.view(0)["table"]["boards"][0]
        assert sum(r["scored"] for r in shown["reefs"]) == scoring
        row = next(r for r in shown["score"] if r["category"] == "reefs")
        assert sum(r["points"] for r in shown["reefs"]) == row["points"]
