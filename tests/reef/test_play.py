"""Set-up, the market, the Sea Snail, growing coral, Habitats and the end of the game."""

from __future__ import annotations

from collections import Counter

import pytest

import shoal
from shoal.core import Rng
from shoal.games.reef import GAME, data
from shoal.games.reef.geometry import EDGE_CORAL, iter_box, point_cell
from shoal.games.reef.scoring import find_reefs, winner

from .helpers import give, match_with, place


def _finish(m, rng=None):
    rng = rng or Rng(1)
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))


@pytest.mark.parametrize("players,removed", [(1, 19), (2, 35), (3, 18), (4, 1)])
def test_setup_removes_tiles_by_player_count(players, removed):
    """Setup 5: "Randomly remove ... 35 for 2 players, 18 for 3 players, and 1 for 4 players"; solo: "Remove ... 19
    random Coral tiles"; then reveal one more tile than players (3 in solo)."""
    m = shoal.new_match("reef", players, seed=4)
    s = m.state
    market = 3 if players == 1 else players + 1
    assert len(s.market) == market
    assert len(s.pile) == 70 - removed - market
    assert len(set(s.pile) | set(s.market)) == 70 - removed


@pytest.mark.parametrize("players,stack", [(1, 3), (2, 2), (3, 2), (4, 3)])
def test_shark_icon_large_animals_out_at_two_and_three_players(players, stack):
    """Setup 4: "If playing with 2 or 3 players remove the Large Animal tiles with the shark icon, there is one per
    shape"; solo: "Do not remove any Large Animals". RULINGS 7: the shark icon is on the lowest of each stack."""
    s = shoal.new_match("reef", players, seed=1).state
    for shape in data.LARGE_SHAPES:
        assert s.large[shape.id] == list(shape.points[:stack])


def test_six_species_native_one_to_one_and_distinct_hot_spots():
    """Setup 1 and 3: each player a Hot Spot at random; one Small Animal species above each of the six Ecosystems
    (RULINGS 8: a random one-to-one order)."""
    seen = Counter()
    for seed in range(30):
        s = shoal.new_match("reef", 4, seed=seed).state
        assert [n for n, _ in s.line] == [1, 2, 3, 4, 5, 6]
        assert sorted(sp for _, sp in s.line) == sorted(data.SPECIES)
        assert sorted(b.hot_spot for b in s.boards) == [0, 1, 2, 3]
        seen[s.line[0][1]] += 1
    assert len(seen) > 3, "the natives are shuffled"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_seventeen_rounds_then_the_market_cannot_be_refilled(players):
    """ "AQUA plays over 17 rounds" and "The game ends when you run out of Coral tiles and it is no longer possible
    to prepare a new market": every player lays 17 tiles and the pile is empty."""
    m = shoal.new_match("reef", players, seed=players)
    rounds = set()
    while not m.is_over():
        rounds.add(m.state.round)
        seat = m.to_act()[0]
        m.play(seat, m.legal_actions(seat)[-1])
    assert rounds == set(range(1, 18))
    assert m.state.pile == []
    assert [len(b.laid_tiles()) for b in m.state.boards] == [17] * players
    assert len(m.state.market) == (0 if players == 1 else 1)


def test_market_keeps_one_tile_and_is_refilled_to_players_plus_one():
    """Core concept Market: "At the end of a round, there will be one Coral tile remaining ... At the beginning of a
    round, there will always be one more Coral tile available than the number of players.\""""
    m = shoal.new_match("reef", 3, seed=2)
    for _ in range(3):
        start_round = m.state.round
        assert len(m.state.market) == 4
        while m.state.round == start_round:
            seat = m.to_act()[0]
            legal = [a for a in m.legal_actions(seat) if a["type"] != "snail"]
            before = list(m.state.market)
            m.play(seat, legal[0])
        leftover = [t for i, t in enumerate(before) if i != legal[0]["tile"]]
        assert len(leftover) == 1 and m.state.market[0] == leftover[0], "the last tile stays for the next round"
        assert len(m.state.market) == 4


def test_sea_snail_moves_the_turn_to_the_end_and_opens_next_round():
    """Grow Coral: taking the Sea Snail, "Play immediately passes to the player on your left, and you will take your
    full turn once all other players have completed their turn"; core concept: "the last turn in the round it is
    taken, but the first turn in the following round"."""
    m = shoal.new_match("reef", 4, seed=3)
    first = m.to_act()[0]
    m.play(first, next(a for a in m.legal_actions(first) if a["type"] == "place"))
    taker = m.to_act()[0]
    assert taker == (first + 1) % 4 and {"type": "snail"} in m.legal_actions(taker)
    m.play(taker, {"type": "snail"})
    order = [taker]
    for expected in [(first + 2) % 4, (first + 3) % 4]:
        assert m.to_act() == [expected]
        assert {"type": "snail"} not in m.legal_actions(expected), "the Sea Snail is taken"
        m.play(expected, next(a for a in m.legal_actions(expected) if a["type"] == "place"))
        order.append(expected)
    assert m.to_act() == [taker]
    assert {"type": "snail"} not in m.legal_actions(taker)
    m.play(taker, next(a for a in m.legal_actions(taker) if a["type"] == "place"))
    if m.state.phase == "large":
        m.play(taker, {"type": "skip_large"})
    assert m.state.round == 2 and m.to_act() == [taker]
    assert m.state.snail_in_market and {"type": "snail"} in m.legal_actions(taker)


def test_unclaimed_sea_snail_goes_to_the_last_player():
    """ "If the Sea Snail token has not been claimed, the last player to take a turn automatically receives it.\""""
    m = shoal.new_match("reef", 3, seed=5)
    first = m.to_act()[0]
    last = None
    while m.state.round == 1:
        seat = m.to_act()[0]
        last = seat
        m.play(seat, next(a for a in m.legal_actions(seat) if a["type"] != "snail"))
    assert last == (first + 2) % 3
    assert m.to_act() == [last] and m.state.snail_holder == last


def test_opening_player_may_take_the_sea_snail_back():
    """docs/rulings.md: the player who returned the Sea Snail to the market may take it at once (the rule says any
    player may while it is available); they then play last this round and open the next."""
    m = shoal.new_match("reef", 2, seed=8)
    first = m.to_act()[0]
    assert {"type": "snail"} in m.legal_actions(first)
    m.play(first, {"type": "snail"})
    assert m.state.queue == [1 - first, first]


def test_no_sea_snail_in_solo():
    """Solo setup: "Remove the Sea Snail token"."""
    m = shoal.new_match("reef", 1, seed=1)
    assert all(a["type"] == "place" for a in m.legal_actions(0))
    assert m.view(0)["table"]["snail"] is None


def test_grow_coral_needs_an_edge_against_the_same_colour():
    """Grow Coral: "place it so at least one of its sides connects with a matching color coral - point to point is
    not considered connected." The legal spots equal a brute-force search over every cell near the reef."""
    m = shoal.new_match("reef", 2, seed=6)
    for _ in range(12):
        seat = m.to_act()[0]
        s = m.state
        board = s.boards[seat]
        legal = {(a["tile"], a["q"], a["r"], a["rot"]) for a in m.legal_actions(seat) if a["type"] == "place"}
        brute = set()
        for i, t in enumerate(s.market):
            colours = data.TILES[t]
            for cell in iter_box(8):
                if cell in board.tiles:
                    continue
                for rot in range(6):
                    touching = board.needs(cell)
                    if any(colours[EDGE_CORAL[rot][k]] == c for k, c in touching):
                        brute.add((i, *point_cell(cell), rot))
        assert legal == brute
        m.play(seat, Rng(len(m.actions)).choice([a for a in m.legal_actions(seat) if a["type"] == "place"]))
        if m.state.phase == "large":
            m.play(seat, {"type": "skip_large"})


def test_a_tile_touching_only_other_colours_is_refused():
    """Grow Coral, example 2A: a tile whose touching edges all meet other colours is not legal."""
    m = match_with(1, ["GGB", "RRY", "YYP"])
    # Cell (-1, 1) touches only the Hot Spot's red coral (edge 5): GGB has no red, so it fits nowhere there.
    assert not any(a["q"] == -1 and a["r"] == 1 and a["tile"] == 0 for a in m.legal_actions(0))
    with pytest.raises(shoal.IllegalAction):
        m.play(0, {"type": "place", "tile": 0, "q": -1, "r": 1, "rot": 0})
    assert {"type": "place", "tile": 1, "q": -1, "r": 1, "rot": 0} in m.legal_actions(0)


def test_habitat_formed_brings_a_small_animal_from_the_supply():
    """Create Habitats: "If you have formed one or more Habitats, immediately place a Small Animal of the same color
    on top." Red corals from the Hot Spot and two tiles meet with their wide corners at one vertex."""
    m = match_with(1, ["RRY", "KKG", "YYB"])
    place(m, 0, "RRY", -1, 1, 0)
    assert m.state.boards[0].habitats == {}
    give(m, ["RRK", "GGB", "YYB"])
    left = m.state.small["crab"]
    place(m, 0, "RRK", 0, 1, 4)
    assert m.state.boards[0].habitats == {(-1, 1): "crab"}
    assert m.state.small["crab"] == left - 1
    assert any("Trapezia crab moves in" in line for line in m.view(0)["log"])


def test_no_small_animal_left_means_no_habitat_and_open_corals():
    """RULINGS 4: "If a Habitat's species has no Small Animal left, that Habitat does not form, and its three corals
    stay open corals (they can belong to a Reef).\""""
    m = match_with(1, ["RRY", "KKG", "YYB"])
    place(m, 0, "RRY", -1, 1, 0)
    give(m, ["RRK", "GGB", "YYB"])
    m.state.small["crab"] = 0
    place(m, 0, "RRK", 0, 1, 4)
    board = m.state.boards[0]
    assert board.habitats == {}
    reds = [r for r in find_reefs(board) if r.colour == "R"]
    assert len(reds) == 1 and len(reds[0].corals) == 5, "the three would-be Habitat corals join a Reef"


def test_ties_go_to_the_earliest_in_the_final_rounds_turn_order():
    """End of game: "In the case of a tie, the tied player earliest in the final round's turn order wins.\""""
    assert winner([10, 12, 12, 5], [2, 3, 0, 1]) == 2
    assert winner([10, 12, 12, 5], [1, 2, 3, 0]) == 1
    assert winner([7, 7], [1, 0]) == 1


def test_outcome_uses_the_final_rounds_actual_order():
    """docs/rulings.md: the final round's turn order is the order turns were completed, a Sea Snail taker last."""
    m = shoal.new_match("reef", 3, seed=9)
    _finish(m)
    out = m.outcome()
    assert out["turn_order"] == m.state.last_order and sorted(out["turn_order"]) == [0, 1, 2]
    best = max(out["scores"])
    assert out["winners"] == [next(s for s in out["turn_order"] if out["scores"][s] == best)]


def test_is_legal_agrees_with_the_legal_list():
    """The fast placement check must accept exactly the listed placements."""
    m = shoal.new_match("reef", 2, seed=12)
    rng = Rng(3)
    for _ in range(20):
        seat = m.to_act()[0]
        legal = m.legal_actions(seat)
        for a in legal[:40]:
            assert GAME.is_legal(m.state, seat, a) in (True, None)
        for q, r in [(5, 5), (0, 0), (-1, 1), (2, -2)]:
            for rot in range(6):
                a = {"type": "place", "tile": 0, "q": q, "r": r, "rot": rot}
                if m.state.phase == "place":
                    assert GAME.is_legal(m.state, seat, a) == (a in legal)
        assert GAME.is_legal(m.state, seat, {"type": "place", "tile": 0, "q": True, "r": 0, "rot": 0}) in (False, None)
        m.play(seat, rng.choice(legal))


def test_last_small_animal_goes_to_the_first_habitat_in_coral_order():
    """docs/rulings.md: a tile completing two Habitats of one species when only one Small Animal is left forms the
    one its first coral (in the rotation's order) completes; the other hexagon stays open coral."""
    from shoal.games.reef.board import Board
    from shoal.games.reef.geometry import STEPS, add, cell_point, corners_at

    m = shoal.new_match("reef", 1, seed=2)
    board = Board(None)
    centre, d = cell_point(0, 0), 1
    first, second = add(centre, STEPS[d]), add(centre, STEPS[d + 2])
    for i, vertex in enumerate((first, second)):
        for cell, dd in corners_at(vertex):
            if cell != centre:
                board.lay(cell, 100 + i, "RYG", dd)  # red pointing at the vertex
    m.state.boards[0] = board
    give(m, ["RRY", "GGB", "BBK"])
    m.state.small["crab"] = 1
    place(m, 0, "RRY", 0, 0, d)
    assert m.state.boards[0].habitats == {first: "crab"}
    assert m.state.small["crab"] == 0
    assert any("stays open coral" in line for line in m.view(0)["log"])


def test_no_tile_fits_then_any_cell_beside_the_reef_is_allowed():
    """docs/rulings.md: if no market tile can touch a coral of its colour anywhere, the player lays one anywhere
    beside the reef instead of having no move (the rulebook never leaves a turn without a placement)."""
    from shoal.games.reef.board import Board
    from shoal.games.reef.geometry import cell_point

    m = shoal.new_match("reef", 1, seed=2)
    board = Board(None)
    board.lay(cell_point(0, 0), 99, "RRY", 0)
    m.state.boards[0] = board
    give(m, ["GGB", "BBP", "PPK"])
    legal = m.legal_actions(0)
    assert len(legal) == 3 * 6 * 6
    a = {"type": "place", "tile": 1, "q": 1, "r": 0, "rot": 2}
    assert GAME.is_legal(m.state, 0, a) is True
    assert GAME.is_legal(m.state, 0, {**a, "q": 4}) is False
    m.play(0, a)
    assert len(m.state.boards[0].laid_tiles()) == 2


# A position in round 11 with a market of 2 tiles for 3 seats: every continuation would reach a seat to act with no
# legal move (market empty, Sea Snail taken) and every search bot would hang, so it is refused.
SHORT_MARKET = "P H0 ; P H1 ; P H2 ; M RRK GGB ; R 11 ; T 0"


def test_a_position_whose_market_cannot_serve_every_seat_of_the_round_is_refused():
    """docs/rulings.md: every seat plays the round from the position on and takes one tile ("The round is over when
    everyone has claimed a Coral tile"), so a market holding fewer tiles than seats is no position of the game."""
    with pytest.raises(
        shoal.ShoalError,
        match=r"market holds 2 tiles for the 3 seats still to play round 11.*at "
        r"least 3 \(4 when a round begins\)",
    ):
        shoal.new_match("reef", 3, seed=5, position=SHORT_MARKET)
    record = shoal.new_match("reef", 3, seed=5, position=SHORT_MARKET.replace("M RRK GGB", "M RRK GGB YYP")).record()
    record["position"] = SHORT_MARKET  # a share link or a saved game carrying such a position
    with pytest.raises(shoal.BadRecord, match="market holds 2 tiles"):
        shoal.replay(record)
    solo = shoal.new_match("reef", 1, seed=5, position="P H0 ; M RRK ; R 11")
    assert solo.legal_actions(0), "alone, one tile serves the round"
    modified = shoal.new_match(
        "reef", 3, seed=5, options={"modification": "1"}, position="P H0 ; P H1 ; P H2 ; M RRK GGB YYP ; R 11 ; T 0"
    )
    _finish(modified)  # Modification 1's market of one tile per player serves every round exactly
    assert modified.state.round == 17


def test_a_position_with_a_board_that_has_nothing_to_grow_from_is_refused():
    """A reef grows only beside a coral: a board with neither a Hot Spot nor a tile would leave its seat no move."""
    with pytest.raises(shoal.ShoalError, match="board 1 has nothing to grow from"):
        shoal.new_match("reef", 2, position="P H0 ; P H- ; M RRK GGB YYP")


def test_a_market_that_runs_dry_before_the_round_is_over_ends_the_game():
    """docs/rulings.md: no position or game can empty the market before every seat has played, but should it happen
    the game ends there, as it ends when no market can be prepared, never leaving a seat to act with no move; the
    round's order so far (who played, then who could not) breaks ties."""
    m = match_with(3, ["RRY", "GGB"], seed=3)
    s = m.state
    first, second, third = s.queue
    m.play(first, m.legal_actions(first)[-1])  # a placement (the Sea Snail is listed first)
    while m.to_act() == [first]:  # a Large Animal choice may follow in the same turn
        m.play(first, {"type": "skip_large"})
    m.play(second, m.legal_actions(second)[-1])
    while m.to_act() == [second]:
        m.play(second, {"type": "skip_large"})
    assert m.is_over() and m.to_act() == [] and not m.state.market
    assert m.outcome()["turn_order"] == [first, second, third]
    assert f"The market has no tile left for {{seat:{third}}}: the game ends." in m.view(None)["log"]


def test_sea_snail_is_assigned_at_random_and_its_holder_opens_the_first_round():
    """Setup 6: "Randomly assign the Sea Snail token"; Playing a Round: "whoever is holding the Sea Snail token
    prepares the market and completes their first turn, followed by all other players ... in clockwise order"."""
    holders = set()
    for seed in range(40):
        s = shoal.new_match("reef", 4, seed=seed).state
        holders.add(s.snail_holder)
        assert s.queue == [(s.snail_holder + i) % 4 for i in range(4)]
        assert s.snail_in_market, "the holder returned the Sea Snail to the market with the first market"
    assert holders == {0, 1, 2, 3}


def test_hot_spots_are_dealt_at_random():
    """Setup 1: "Everyone receives a Hot Spot tile at random": different seeds give a seat different Hot Spots, and
    no two seats share one."""
    seen = set()
    for seed in range(30):
        boards = shoal.new_match("reef", 2, seed=seed).state.boards
        assert boards[0].hot_spot != boards[1].hot_spot
        seen.add(boards[0].hot_spot)
    assert seen == {0, 1, 2, 3}


def test_one_tile_forming_two_habitats_brings_a_small_animal_to_each():
    """Create Habitats: "If you have formed one or more Habitats, immediately place a Small Animal of the same color
    on top": one tile closing a red and a yellow hexagon brings a crab and a clownfish, and the Large Animal step
    may use either of them."""
    from shoal.games.reef.board import Board
    from shoal.games.reef.geometry import STEPS, add, cell_point, corners_at

    m = shoal.new_match("reef", 1, seed=2)
    board = Board(None)
    centre, d = cell_point(0, 0), 1
    red_at, yellow_at = add(centre, STEPS[d]), add(centre, STEPS[d + 2])
    for vertex, colours in ((red_at, "RGB"), (yellow_at, "YGB")):
        for cell, dd in corners_at(vertex):
            if cell != centre:
                board.lay(cell, 100, colours, dd)  # the first colour points at the vertex
    m.state.boards[0] = board
    give(m, ["RYG", "GGB", "BBK"])
    left = dict(m.state.small)
    place(m, 0, "RYG", 0, 0, d)  # red points at red_at, yellow at yellow_at
    assert m.state.boards[0].habitats == {red_at: "crab", yellow_at: "clownfish"}
    assert m.state.small["crab"] == left["crab"] - 1 and m.state.small["clownfish"] == left["clownfish"] - 1
    assert m.state.phase == "large"
    covered = {tuple(c) for a in m.legal_actions(0) if a["type"] == "large" for c in a["cells"]}
    assert {red_at, yellow_at} <= covered
