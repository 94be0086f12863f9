"""What each seat may see (docs/engine.md "Views"; RULINGS 3: 'A seat knows its own face-down cards; others see
only backs')."""

from __future__ import annotations

import json

import shoal
from shoal.core import Rng
from shoal.games.aquarena import GAME, data, planning

from .util import SPARE, play, pond, resolve

NAMES = [data.name(n) for n in data.NUMBERS]


def _face_down(table):
    return [(t["index"], c) for t in table["tiles"] for c in t["cards"] if not c["face_up"]]


def test_face_down_cards_are_hidden_from_other_seats_until_their_tile_resolves():
    """RULINGS 3 and 4: a face-down card shows only its back to the others until its tile's cards are revealed."""
    s = pond(3, "2/3 | 0.toad* 1.frog", "2/2 | 0.carp* 2.dragonfly*", *SPARE, chooser=1)
    for viewer in (None, 1, 2):
        table = GAME.view(s, viewer)
        seat0 = [c for t in table["tiles"] for c in t["cards"] if c["seat"] == 0]
        assert seat0 == [{"seat": 0, "card": None, "name": None, "face_up": False, "acting": False}] * 2
        table.pop("cards")  # the rules reference of all ten cards
        assert "Toad" not in json.dumps(table) and "Carp" not in json.dumps(table)
    mine = GAME.view(s, 0)
    assert [(c["card"], c["face_up"]) for t in mine["tiles"] for c in t["cards"] if c["seat"] == 0] == [
        (5, False),
        (9, False),
    ], "the owner knows its face-down cards"
    # Pond A resolves: its cards are revealed to everyone; pond B's stay hidden.
    resolve(s, 0)
    table = GAME.view(s, 2)
    reveal = table["last_resolution"][0]
    assert reveal["kind"] == "reveal" and reveal["revealed"] == [{"seat": 0, "card": 5}]
    assert [c for t in table["tiles"] for c in t["cards"] if c["seat"] == 0][0]["card"] is None
    assert any("Toad 5 ({seat:0})" in line for line in shoal.core.Log(s.log.lines).for_viewer(2))


def test_a_tile_being_resolved_shows_every_card():
    """RULINGS 4: 'every card on the tile is revealed' — visible while its owner is still choosing prey."""
    s = resolve(pond(3, "2/3 | 0.heron 1.frog* 2.toad* 1.salamander*", *SPARE), 0)
    assert GAME.to_act(s) == [0]
    table = GAME.view(s, 2)
    assert sorted(c["card"] for c in table["tiles"][0]["cards"]) == [2, 4, 5, 8]
    assert table["acting"] == {"seat": 0, "card": 2, "tile": 0, "pool": "heron", "left": 2}
    assert "choose" in GAME.view(s, 0)["prompt"] and "{seat:0}" in table["prompt"]


def _secrets_of(match, seat):
    """What ``seat`` must never learn about the others."""
    st = match.state
    hidden = [(s, n) for t in st.tiles for s, n, up in t.cards if not up and s != seat and st.current is None]
    return hidden, [h for s, h in enumerate(st.hands) if s != seat], [p for s, p in enumerate(st.piles) if s != seat]


def test_views_do_not_depend_on_other_seats_secrets():
    """Changing another seat's hidden cards (face-down identity, hand, pile order, discards) changes nothing in my
    view: it cannot leak them."""
    match = shoal.new_match("aquarena", 4, seed=3)
    rng = Rng(1)
    checked = 0
    while not match.is_over() and checked < 40:
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))
        st = match.state
        if st.phase != "planning":
            continue
        for viewer in range(4):
            twin = _hide_differently(st, viewer)
            assert GAME.view(twin, viewer) == GAME.view(st, viewer)
            assert twin.log.for_viewer(viewer) == st.log.for_viewer(viewer)
            checked += 1
    assert checked >= 40


def test_logs_never_name_another_seats_face_down_card_or_discard():
    match = shoal.new_match("aquarena", 3, seed=6)
    while match.state.phase == "planning":
        seat = match.to_act()[0]
        match.play(seat, match.bot_action(seat, "heuristic"))
    checked = 0
    for viewer in range(3):
        for line in match.view(viewer)["log"]:
            if "face down" in line or "discarded" in line:
                if not line.startswith(f"{{seat:{viewer}}} "):
                    assert not any(n in line for n in NAMES), line
                    checked += 1
    assert checked == 3 * 2 * (2 + 4), "each other seat's 2 face-down placements and 4 discards were looked at"


def test_a_seat_sees_its_own_hand_and_discards_and_only_counts_of_the_others():
    match = shoal.new_match("aquarena", 3, seed=4)
    for _ in range(6):
        seat = match.to_act()[0]
        match.play(seat, match.legal_actions(seat)[0])
    for viewer in range(3):
        table = match.view(viewer)["table"]
        assert table["hand"] == sorted(match.state.hands[viewer])
        assert table["discards"] == match.state.discards[viewer]
        assert [s["hand"] for s in table["seats"]] == [len(h) for h in match.state.hands]
        assert [s["pile"] for s in table["seats"]] == [len(p) for p in match.state.piles]
        assert "piles" not in table
    spectator = match.view(None)["table"]
    assert spectator["hand"] is None and spectator["discards"] is None
    assert all(c["card"] is None for _, c in _face_down(spectator))


def test_the_last_resolution_is_public_step_by_step():
    """The view keeps each card's result on the tile last resolved: what it ate and from where, moves, tangles."""
    s = pond(2, "2/3 | 0.fishhook 1.fishhook 0.carp 1.toad*", *SPARE)
    resolve(s, 0)
    steps = GAME.view(s, None)["last_resolution"]
    assert [st["kind"] for st in steps] == ["reveal", "tangle", "tangle", "act", "act"]
    assert steps[0]["revealed"] == [{"seat": 1, "card": 5}]
    assert steps[3]["card"] == 5 and steps[3]["ate"] == [{"fly": True, "tile": 0}, {"fly": True, "tile": 0}]
    assert steps[4]["card"] == 9 and steps[4]["ate"] == []
    s = pond(2, "2/3 | 0.dragonfly", "0/2 |", *SPARE)
    resolve(s, 0)
    steps = GAME.view(s, 1)["last_resolution"]
    assert steps[-1]["moved"] == {"from": 0, "to": 1}
    assert "moved a fly to pond B" in s.log.for_viewer(1)[-1]


def test_caught_flies_stay_in_front_of_their_catcher_until_the_round_ends():
    """Rulebook, End of the Round: 'Place the Fly tokens that were caught next to the board' — only then do they
    rejoin the supply; during the round they lie in front of the seat that caught them."""
    s = pond(2, "3/3 | 0.toad", "2/2 | 1.frog", "2/2 |")
    resolve(s, 0)
    table = GAME.view(s, 1)
    assert table["seats"][0]["catch"]["flies"] == 2
    assert table["supply"] == data.TOTAL_FLIES - (1 + 2 + 2) - 2


def test_each_seat_shows_what_its_catch_scores_so_far_this_round():
    """Rulebook, Scoring: '1 space per Fly token, 1 per opposing Insect card, 2 per opposing Amphibian, 3 per opposing
    Fish ... You don't score any points for prey of your own color.' The view gives each seat's catch its points, so
    the page shows them before the round's end without computing a rule."""
    s = resolve(pond(2, "3/3 | 0.heron 1.frog 0.toad 1.newt 0.fishhook 1.carp", *SPARE), 0)
    assert sorted(s.catches[0].cards) == [(0, 5, 0), (1, 4, 0), (1, 9, 0)] and s.catches[1].flies == 1
    table = GAME.view(s, None)
    assert [seat["catch"]["points"] for seat in table["seats"]] == [0 + 2 + 3, 1]


def test_the_eating_prompt_says_how_many_of_what_in_plain_words():
    """RULINGS 5: 'when there are more candidates than it eats, its owner chooses which' — the prompt names the
    card, how many it still eats and of which family, singular for one."""
    s = resolve(pond(2, "2/3 | 0.fishhook 1.pike 1.carp", *SPARE), 0)
    assert GAME.view(s, 0)["prompt"] == "Your Fish Hook 1 on pond A still catches 1 fish: choose which."
    s = resolve(pond(2, "3/3 | 0.heron 1.frog 1.toad 0.salamander", *SPARE), 0)
    assert GAME.view(s, 0)["prompt"] == ("Your Heron 2 on pond A still eats 2 amphibians (not a Newt): choose which.")
    play(s, 0, {"type": "eat_card", "tile": 0, "seat": 1, "card": 5})
    assert GAME.view(s, 0)["prompt"] == "Your Heron 2 on pond A still eats 1 amphibian (not a Newt): choose which."
    assert GAME.view(s, 1)["prompt"] == "Waiting for {seat:0} to choose what Heron 2 ({seat:0}) eats."
    s = resolve(pond(2, "0/3 | 0.salamander", "2/2 |", "1/3 resolved |", "2/2 |"), 0)
    assert GAME.view(s, 0)["prompt"] == (
        "Your Salamander 8 on pond A still eats 1 insect (a fly or face-up Dragonfly on any Water tile): choose which."
    )


def _hide_differently(state, viewer):
    """A twin of ``state`` that differs only in what ``viewer`` may not see: every other seat's face-down cards on
    unrevealed tiles swapped with cards from its hand, pile or discards; hands and piles reordered; another RNG."""
    twin = state.clone()
    twin.rng = Rng(987654321)
    for other in range(state.players):
        if other == viewer:
            continue
        spare = [n for n in twin.hands[other] + twin.piles[other] + twin.discards[other]]
        for index, t in enumerate(twin.tiles):
            if index == twin.current:
                continue  # the tile being resolved: all of its cards are revealed
            for i, (s, n, up) in enumerate(t.cards):
                if s == other and not up and spare:
                    swap = spare.pop(0)
                    t.cards[i] = (s, swap, up)
                    for pile in (twin.hands[other], twin.piles[other], twin.discards[other]):
                        if swap in pile:
                            pile[pile.index(swap)] = n
        twin.piles[other].reverse()
        twin.hands[other].reverse()
        twin.discards[other].reverse()
    return twin


def test_no_seat_or_spectator_can_tell_positions_apart_that_differ_only_in_its_secrets():
    """RULINGS 3: 'A seat knows its own face-down cards; others see only backs.' In planning and in resolution, two
    positions that differ only in another seat's face-down cards, hand, pile order, discards or the RNG give a seat
    (and a spectator) the same view, the same log and the same legal actions."""
    differed = checked = 0
    for players, seed in ((3, 21), (5, 22)):
        match = shoal.new_match("aquarena", players, seed=seed)
        rng = Rng(seed)
        while not match.is_over():
            seat = match.to_act()[0]
            match.play(seat, rng.choice(match.legal_actions(seat)))
            st = match.state
            for viewer in [None, *range(players)]:
                twin = _hide_differently(st, viewer)
                differed += any(a.cards != b.cards for a, b in zip(twin.tiles, st.tiles))
                assert GAME.view(twin, viewer) == GAME.view(st, viewer)
                assert twin.log.for_viewer(viewer) == st.log.for_viewer(viewer)
                if viewer is not None:
                    assert GAME.legal_actions(twin, viewer) == GAME.legal_actions(st, viewer)
                checked += 1
    assert checked > 500 and differed > 100, "the twins really hid different cards"


def _told(before, after, seat, action, viewer):
    """What ``viewer``'s ``recent`` takes from one move: the lines it may read and the refs still on its board."""
    out = []
    for c in GAME.changes(before, after, seat, action):
        shown = c.shown_to(viewer)
        if shown is not None and (viewer is None or c.seat != viewer):
            out.append((c.seat, shown[0], GAME.on_board(after, viewer, list(shown[1]))))
    return out


def test_what_just_happened_is_the_same_in_twins_that_differ_only_in_the_viewers_secrets():
    """A move played on a position and on its twin (other seats' face-down cards, hands, piles and discards swapped,
    another RNG) tells every seat and a spectator the same lines and refs wherever it shows them the same table: a
    face-down card is "a card" until its tile opens, a discard is never named."""
    compared = secret = 0
    for players, seed in ((3, 21), (4, 23)):
        match = shoal.new_match("aquarena", players, seed=seed)
        rng = Rng(seed, 5)
        while not match.is_over():
            seat = match.to_act()[0]
            action = rng.choice(match.legal_actions(seat))
            st = match.state
            for viewer in [None, *range(players)]:
                twin = _hide_differently(st, viewer)
                if action not in GAME.legal_actions(twin, seat):
                    continue  # the twin dealt that card elsewhere
                a, b = st.clone(), twin.clone()
                GAME.apply(a, seat, action)
                GAME.apply(b, seat, action)
                if GAME.view(a, viewer) != GAME.view(b, viewer):
                    continue  # the move opened a tile: it showed the viewer the difference anyway
                assert _told(st, a, seat, action, viewer) == _told(twin, b, seat, action, viewer), (viewer, action)
                compared += 1
            if action["type"] == "discard" or (action["type"] == "place" and not planning.face_up_next(st, seat)):
                secret += _same_news_for_another_secret_card(st, seat, action)
            match.play(seat, action)
    assert compared > 400 and secret > 40, (compared, secret)


def _same_news_for_another_secret_card(st, seat, action) -> int:
    """The same move with another card (one of the mover's pile, swapped into its hand): a face-down placement or a
    discard must tell the others exactly the same. Returns how many viewers were compared."""
    if not st.piles[seat]:
        return 0
    twin = st.clone()
    other = twin.piles[seat][0]
    twin.piles[seat][0] = action["card"]
    twin.hands[seat][twin.hands[seat].index(action["card"])] = other
    swapped = {**action, "card": other}
    viewers = [None, *(v for v in range(st.players) if v != seat)]
    for viewer in viewers:
        a, b = st.clone(), twin.clone()
        GAME.apply(a, seat, action)
        GAME.apply(b, seat, swapped)
        assert GAME.view(a, viewer) == GAME.view(b, viewer)
        assert _told(st, a, seat, action, viewer) == _told(twin, b, seat, swapped, viewer), (viewer, action)
    return len(viewers)
