"""One test per Aquarena ruling: RULINGS.md (Aquarena 1–7) and our own in docs/rulings.md."""

from __future__ import annotations

import shoal
from shoal.games.aquarena import GAME, data, effects

from .util import SPARE, ate, flies, legal, play, pond, resolve, step_of, waiting


def test_prey_families():
    """RULINGS 1: 'Pike 3 and Carp 9 are fish; Frog 4, Toad 5, Newt 7, Salamander 8 are amphibians; Dragonfly 6 is
    an insect; Fish Hook 1, Heron 2 and Spider Web 10 are never prey.'"""
    assert {n: data.family(n) for n in data.NUMBERS} == {
        1: None,
        2: None,
        3: "fish",
        4: "amphibian",
        5: "amphibian",
        6: "insect",
        7: "amphibian",
        8: "amphibian",
        9: "fish",
        10: None,
    }


def test_fish_hook_heron_and_spider_web_are_never_eaten():
    """RULINGS 1: a Carp with no flies finds nothing among a Spider Web; a Pike finds nothing among Hook and Heron."""
    s = resolve(pond(2, "0/3 | 0.carp 1.spiderweb", *SPARE), 0)
    assert ate(s, 0, "carp") == [] and ate(s, 1, "spiderweb") == []
    s = pond(3, "0/3 | 0.pike 1.fishhook 2.heron 1.spiderweb", *SPARE)
    bites, total = effects.candidates(s, (0, 3), 0, "insect")
    assert bites == [] and total == 0


def test_pond_tiles_and_setup():
    """RULINGS 2: 'capacities 2, 2, 3, 3, 3, 4, 4 (placeholder; the total must stay 21). Setup draws players+1 of
    them at random as Water tiles and fills each to capacity.'"""
    assert sorted(data.POND_TILES) == [2, 2, 3, 3, 3, 4, 4] and sum(data.POND_TILES) == data.TOTAL_FLIES
    seen = set()
    for players in range(2, 7):
        for seed in range(6):
            s = GAME.setup(players, {}, shoal.core.Rng(seed))
            assert len(s.tiles) == players + 1
            assert len({t.pond for t in s.tiles}) == players + 1
            assert all(t.flies == t.capacity == data.POND_TILES[t.pond] for t in s.tiles)
            assert all(len(h) == 3 and len(p) == 7 for h, p in zip(s.hands, s.piles))
            assert all(sorted(h + p) == list(range(1, 11)) for h, p in zip(s.hands, s.piles))
            seen.add(tuple(t.pond for t in s.tiles))
    assert len(seen) > 10, "the Water tiles are drawn at random"


def test_planning_two_face_up_then_two_face_down_discard_and_draw():
    """RULINGS 3: 'play 1 card onto a Water tile (a seat's 1st and 2nd placements of the round face up, 3rd and 4th
    face down), discard 1 face down, draw min(2, pile).'"""
    m = shoal.new_match("aquarena", 3, seed=2)
    order = []
    while m.state.phase == "planning":
        seat = m.to_act()[0]
        order.append(seat)
        before = len(m.state.piles[seat])
        m.play(seat, m.legal_actions(seat)[0])
        assert m.to_act() == [seat] and m.legal_actions(seat)[0]["type"] == "discard"
        m.play(seat, m.legal_actions(seat)[0])
        drawn = before - len(m.state.piles[seat])
        assert drawn == min(2, before)
    assert order == [0, 1, 2] * 4, "clockwise from the heron holder, four laps"
    for seat in range(3):
        ups = [up for t in m.state.tiles for s, _, up in t.cards if s == seat]
        assert sorted(ups) == [False, False, True, True]
        assert len(m.state.discards[seat]) == 4 and len(m.state.hands[seat]) == 2 and not m.state.piles[seat]
    assert m.state.phase == "resolution" and m.to_act() == [0]


def test_equal_numbers_resolve_clockwise_from_the_tile_chooser():
    """RULINGS 4: 'Cards resolve in number order; equal numbers resolve clockwise from the tile-chooser.'"""
    s = resolve(pond(3, "2/3 | 0.frog 1.frog 2.frog", *SPARE, chooser=1), 0)
    assert [ate(s, seat, "frog") for seat in (1, 2, 0)] == [["fly"], ["fly"], []]
    s = resolve(pond(3, "2/3 | 0.frog 1.frog 2.frog", *SPARE, chooser=2), 0)
    assert [ate(s, seat, "frog") for seat in (2, 0, 1)] == [["fly"], ["fly"], []]


def test_a_card_eaten_before_its_turn_does_not_act():
    """RULINGS 4: 'A card eaten before its turn does not act.'"""
    s = resolve(pond(2, "3/3 | 0.pike 1.carp 1.toad", *SPARE), 0)
    assert ate(s, 0, "pike") == ["1.toad"] and ate(s, 1, "toad") is None
    assert flies(s)[0] == 0  # the Carp, untouched, eats all three


def test_a_resolved_card_can_no_longer_be_eaten():
    """RULINGS 4: 'A resolved card leaves the tile with its catch, so it can no longer be eaten.'"""
    s = resolve(pond(2, "1/3 | 0.dragonfly 1.carp", *SPARE), 0)
    assert ate(s, 0, "dragonfly") == ["fly"]
    assert ate(s, 1, "carp") == []
    assert s.catches[0].predators == [6]


def test_a_predator_eats_to_capacity_own_colour_included():
    """RULINGS 5: 'A predator must eat up to capacity when it can, own colour included.' Own prey scores 0."""
    s = resolve(pond(2, "0/3 | 0.toad 0.dragonfly", *SPARE), 0)
    assert ate(s, 0, "toad") == ["0.dragonfly"]
    s = resolve(pond(2, "3/3 | 0.pike 0.frog", *SPARE), 0)
    assert ate(s, 0, "pike") == ["0.frog"], "an own amphibian still stops the Pike from eating insects"
    assert effects.bite_points(0, ("card", 0, 0, 4)) == 0


def test_flies_of_one_tile_are_no_choice():
    """Our ruling: flies on one tile are interchangeable, so more flies than a predator eats asks nothing."""
    s = resolve(pond(2, "4/4 | 0.frog 1.toad", *SPARE), 0)
    assert waiting(s) == [1], "straight on to the next tile chooser"
    assert ate(s, 0, "frog") == ["fly"] and ate(s, 1, "toad") == ["fly", "fly"]


def test_choice_is_offered_only_among_distinct_prey():
    """Our ruling: the owner picks one prey at a time while the candidates differ; the last pick is automatic."""
    s = resolve(pond(2, "2/4 | 0.carp 1.dragonfly*", *SPARE), 0)
    # The Dragonfly (6) acts first: a fly, then no room elsewhere. The Carp then meets only one fly: no question.
    assert ate(s, 1, "dragonfly") == ["fly"] and ate(s, 0, "carp") == ["fly"]
    s = resolve(pond(3, "3/4 | 0.toad 1.dragonfly 2.dragonfly", *SPARE), 0)
    assert len(legal(s, 0)) == 3  # Dragonfly of seat 1, of seat 2, or a fly
    play(s, 0, {"type": "eat_fly", "tile": 0})
    play(s, 0, {"type": "eat_card", "tile": 0, "seat": 2, "card": 6})
    assert ate(s, 0, "toad") == ["2.dragonfly", "fly"]


def test_tangles_are_fixed_when_the_tile_is_revealed():
    """Our ruling: Hooks and Herons are never prey, so the tangle is settled at the reveal; tangled cards come back
    unused and the fish they would have caught act normally."""
    s = resolve(pond(2, "1/3 | 0.fishhook 1.fishhook 0.heron 1.pike", *SPARE), 0)
    assert [c.returned for c in s.catches] == [[1], [1]]
    assert ate(s, 0, "heron") == []
    assert ate(s, 1, "pike") == ["fly"]


def test_the_last_tile_resolves_without_a_choice_and_the_heron_holder_chooses_it():
    """Our ruling: choosers go clockwise from the heron holder, one tile each; the last unresolved tile is opened
    automatically, its chooser being the next seat in that order (with players+1 tiles, the heron holder again)."""
    m = shoal.new_match("aquarena", 2, seed=5)
    while m.state.phase == "planning":
        seat = m.to_act()[0]
        m.play(seat, m.legal_actions(seat)[0])
    choosers = []
    while m.state.round == 1:
        seat = m.to_act()[0]
        action = m.legal_actions(seat)[0]
        if action["type"] == "resolve":
            choosers.append(seat)
            assert len(action) == 2 and len(m.legal_actions(seat)) >= 2
        m.play(seat, action)
    assert choosers == [0, 1], "3 tiles, 2 choices; the third opened by itself"
    opened = [line for line in m.view(None)["log"] if " chose pond" in line or "The last tile" in line]
    assert len(opened) == 3 and "clockwise from {seat:0}" in opened[2], "chooser of the last tile: heron holder"


def test_dragonfly_move_happens_after_eating_a_dragonfly_too():
    """RULINGS 6: 'after eating, it must move one fly from its tile'. Eating the other Dragonfly still leaves flies."""
    s = resolve(pond(2, "1/2 | 0.dragonfly 1.dragonfly", "0/2 |", *SPARE), 0)
    play(s, 0, {"type": "eat_card", "tile": 0, "seat": 1, "card": 6})
    assert step_of(s, 0, 6)["moved"] == {"from": 0, "to": 1} and flies(s)[:2] == [0, 1]


def test_a_tile_refilled_only_when_empty_at_the_round_end():
    """RULINGS 7 and our ruling: 'fully emptied tiles are refilled' — judged at the end of the round, so a tile emptied
    and then given a fly by a Dragonfly is not refilled, and a tile with flies left keeps just those."""
    s = pond(2, "1/3 | 0.frog", "2/2 | 1.dragonfly", "2/4 | 0.toad")
    resolve(s, 0)  # pond A emptied by the Frog
    play(s, 1, {"type": "resolve", "tile": 1})  # Dragonfly: a fly, then one fly must move: A or C
    play(s, 1, {"type": "move_fly", "tile": 0})
    # pond C then resolves by itself: the Toad empties it, and the round ends.
    assert s.round == 2 and flies(s) == [1, 2, 4]


def test_scoring_values_and_the_round_end():
    """RULINGS 7: 'Scoring per round: 1 per fly; opposing cards 1 (insect), 2 (amphibian), 3 (fish); own colour 0.
    Then eaten cards go back to their owners, caught flies to the supply, fully emptied tiles are refilled, the heron
    token moves left.'"""
    s = pond(
        2, "3/3 | 0.fishhook 1.carp 0.pike 1.frog", "2/2 | 0.toad 1.dragonfly 0.newt", "1/3 | 0.heron 0.salamander"
    )
    resolve(s, 0)
    play(s, 0, {"type": "eat_card", "tile": 0, "seat": 1, "card": 9})  # Hook: the Carp rather than the own Pike
    assert ate(s, 0, "pike") == ["1.frog"]
    play(s, 1, {"type": "resolve", "tile": 1})
    play(s, 0, {"type": "eat_card", "tile": 1, "seat": 1, "card": 6})  # Toad: the Dragonfly, then a fly
    # The Newt eats the last fly of pond B; pond C opens itself: the Heron must eat its own Salamander.
    sheet = s.history[-1]
    rows = {r["key"]: (r["count"], r["points"]) for r in sheet[0]["rows"]}
    assert rows == {"fly": (2, 2), "insect": (1, 1), "amphibian": (1, 2), "fish": (1, 3), "own": (1, 0)}
    assert [x["total"] for x in sheet] == [8, 0] and s.scores == [8, 0]
    assert s.round == 2 and s.heron == 1 and waiting(s) == [1]
    assert flies(s) == [3, 2, 1], "only pond B was emptied: refilled"
    assert all(not t.cards for t in s.tiles)
    for seat in range(2):
        assert sorted(s.hands[seat] + s.piles[seat]) == list(range(1, 11)), "every card back to its owner"
        assert s.catches[seat].flies == 0 and s.catches[seat].cards == []
    assert GAME.view(s, 0)["supply"] == data.TOTAL_FLIES - 6


def test_four_rounds_then_ties_share_the_win():
    """RULINGS 7: '4 rounds; ties share the win.'"""
    s = pond(2, "1/1 | 0.frog", "1/1 | 1.frog", "0/2 |", round=4)
    resolve(s, 0)
    play(s, 1, {"type": "resolve", "tile": 1})
    assert GAME.is_over(s) and waiting(s) == []
    out = GAME.outcome(s)
    assert out["scores"] == [1, 1] and out["winners"] == [0, 1]


def test_a_whole_match_lasts_four_rounds_and_the_outcome_adds_up():
    m = shoal.new_match("aquarena", 4, seed=8)
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, m.bot_action(seat, "heuristic"))
    out = m.outcome()
    assert len(m.state.history) == 4
    assert out["scores"] == m.state.scores == [sum(out["rounds"][s]) for s in range(4)]
    labels = [r["label"] for r in out["breakdown"][0]]
    assert labels == [
        "Flies (1 each)",
        "Opposing insects (1 each)",
        "Opposing amphibians (2 each)",
        "Opposing fish (3 each)",
        "Own-colour prey (0 each)",
    ]


def test_the_game_ends_immediately_after_the_fourth_round():
    """Rulebook, End of the Round: 'Discard 1 Round token. If this is the 4th token, the game ends immediately. If
    not, proceed with the next round as follows: ... If all flies have been taken from a Water tile, refill that
    tile'. After the fourth round's scoring nothing is refilled and the tiles stay as they were."""
    s = pond(2, "1/1 | 0.frog", "1/1 | 1.frog", "0/2 |", round=4)
    resolve(s, 0)
    play(s, 1, {"type": "resolve", "tile": 1})
    assert GAME.is_over(s)
    assert flies(s) == [0, 0, 0], "no refill once the game is over"
    assert all(t.resolved for t in s.tiles), "the pond is left as the last round ended"
    assert not any("Refilled" in line for line in s.log.for_viewer(None))
    assert s.log.for_viewer(None)[-1] == "The fourth round is over: the match has ended."


def test_a_predator_eats_only_on_its_own_tile():
    """Rulebook: 'A predator will only eat prey that's on its own tile.' A Frog beside an empty tile finds nothing,
    though other tiles are full of flies; a Pike ignores an amphibian on another tile and eats insects instead."""
    s = resolve(pond(2, "0/3 | 0.frog", "3/3 | 1.toad*", "2/2 |"), 0)
    assert ate(s, 0, "frog") == [] and flies(s) == [0, 3, 2]
    s = resolve(pond(2, "2/3 | 0.pike", "3/3 | 1.frog", "2/2 |"), 0)
    assert ate(s, 0, "pike") == ["fly", "fly"]


def test_the_heron_token_passes_left_and_its_holder_starts_planning_and_resolution():
    """Rulebook: 'The player with the Heron token passes it to the player on their left, who will be the next
    starting player'; Planning begins 'with the starting player', and 'The starting player chooses a Water tile'.
    Each round starts with a fresh pile of all ten cards and a hand of 3 ('Shuffle your 10 cards ... draw 3')."""
    m = shoal.new_match("aquarena", 3, seed=11)
    for rnd in range(1, 5):
        assert m.state.round == rnd and m.state.heron == (rnd - 1) % 3
        assert m.to_act() == [(rnd - 1) % 3] and m.legal_actions(m.to_act()[0])[0]["type"] == "place"
        assert all(len(h) == 3 and len(p) == 7 for h, p in zip(m.state.hands, m.state.piles))
        while m.state.phase == "planning":
            seat = m.to_act()[0]
            m.play(seat, m.legal_actions(seat)[0])
        assert m.to_act() == [(rnd - 1) % 3] and m.legal_actions(m.to_act()[0])[0]["type"] == "resolve"
        while not m.is_over() and m.state.round == rnd:
            seat = m.to_act()[0]
            m.play(seat, m.legal_actions(seat)[0])
    assert m.is_over()


def test_cards_and_flies_are_never_lost_or_duplicated():
    """Rulebook, Components: '10 Predator cards of your chosen color' and '21 Fly tokens'; a Water tile holds at most
    'the maximum amount of Fly tokens' it depicts. At every moment of random matches each seat's ten cards are in its
    hand, pile, discards, on a tile or in a catch, exactly once; flies on tiles and in catches never exceed 21."""
    for seed in range(20):
        players = 2 + seed % 5
        m = shoal.new_match("aquarena", players, seed=seed)
        rng = shoal.core.Rng(seed, 7)
        while not m.is_over():
            st = m.state
            assert all(0 <= t.flies <= t.capacity for t in st.tiles)
            assert sum(t.flies for t in st.tiles) + sum(c.flies for c in st.catches) <= data.TOTAL_FLIES
            for s in range(players):
                where = (
                    st.hands[s]
                    + st.piles[s]
                    + st.discards[s]
                    + [n for t in st.tiles for o, n, _ in t.cards if o == s]
                    + [n for c in st.catches for o, n, _ in c.cards if o == s]
                    + st.catches[s].predators
                    + st.catches[s].returned
                )
                assert sorted(where) == data.NUMBERS, (seed, s, st.phase)
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_actions(seat)))
