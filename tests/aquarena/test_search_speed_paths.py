"""The Aquarena search's fast paths (a faster search is a stronger one in the same time) answer exactly as the plain
readings they replace: a pure speed-up must not change a single choice."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import shoal
from shoal.core import QuietLog, Rng
from shoal.games.aquarena import data, resolution, scoring, search


def _plain_card_on_tile(s, seat, number, index, up):
    """The rollout policy's placement judgement as first written (several passes over the tile's cards)."""

    def prey(owner, n):
        return 0.0 if owner == seat else float(data.POINTS[data.family(n)])

    tile = s.tiles[index]
    if tile.resolved:
        return -5.0
    cards = tile.cards
    gain = 0.0
    eaters = search._INSECT_EATERS
    if number == data.FISH_HOOK:
        hooks = sum(1 for o, n, _ in cards if n == data.FISH_HOOK)
        gain = 0.0 if hooks else max((prey(o, n) for o, n, _ in cards if n in search._FISH), default=0.0)
    elif number == data.HERON:
        herons = sum(1 for o, n, _ in cards if n == data.HERON)
        got = sorted((prey(o, n) for o, n, _ in cards if n in search._AMPH and n != data.NEWT), reverse=True)
        gain = 0.0 if herons else sum(got[:2])
    else:
        amph = [prey(o, n) for o, n, _ in cards if n in search._AMPH and n > number]
        if number == data.PIKE and amph:
            gain = max(amph)
        elif number == data.SALAMANDER:
            gain = 1.0 if any(t.flies for t in s.tiles if not t.resolved) else 0.0
        elif number in eaters:
            before = sum(eaters.get(n, 0) for o, n, _ in cards if n < number)
            flies = max(0, tile.flies - before)
            dragonflies = [prey(o, n) for o, n, _ in cards if n == data.DRAGONFLY and n > number]
            gain = min(eaters[number], flies) + sum(dragonflies[:1])
    family = data.family(number)
    risk = 0.0
    if family is not None:
        worth = data.POINTS[family]
        for o, n, _ in cards:
            if o == seat or n >= number:
                continue
            if (
                (n == data.FISH_HOOK and family == data.FISH)
                or (n == data.HERON and family == data.AMPHIBIAN and number != data.NEWT)
                or (n == data.PIKE and family == data.AMPHIBIAN)
                or (n in eaters and family == data.INSECT and n != data.PIKE)
            ):
                risk += worth * search.EXPOSED[up]
                break
    return gain - risk


def _position(seed: int, plies: int, decision: str | None = None):
    """A sampled position (the kind the policy judges) reached by random play (then on to ``decision`` if named)."""
    m = shoal.new_match("aquarena", 3, seed=seed)
    rng = Rng(seed, 1)
    played = 0
    while not m.is_over() and (played < plies or (decision and m.state.decision != decision)):
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
        played += 1
    seat = m.to_act()[0] if not m.is_over() else 0
    return search.sample(m.view(seat), Rng(seed, 2)), seat


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_one_pass_card_judgement_equals_the_plain_reading(seed, plies):
    """The one-pass ``card_on_tile`` gives every (seat, card, tile, face) exactly the plain reading's value."""
    s, _ = _position(seed, plies)
    for seat in range(3):
        for number in data.NUMBERS:
            for index in range(len(s.tiles)):
                for up in (True, False):
                    assert search.card_on_tile(s, seat, number, index, up) == _plain_card_on_tile(
                        s, seat, number, index, up
                    ), (seat, number, index, up)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(20, 90))
def test_the_policy_resolves_a_tile_on_plain_lists_exactly_as_the_rules_do(seed, plies):
    """``_settle_value`` replays a tile's resolution on plain lists: the same margin as resolving a clone with
    ``resolution`` (best bite each time, a Dragonfly's fly to the first tile with room), and the position untouched."""
    s, _ = _position(seed, plies, "tile")
    assert s.decision == "tile"
    before = GAME_VIEW(s)
    for index in s.unresolved():
        for seat in range(3):
            full = s.clone()
            full.log = QuietLog()
            resolution.open_tile(full, index)
            assert search._settle_value(s, index, seat) == _settle_on(full, seat), (index, seat)
    assert GAME_VIEW(s) == before


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 23), st.sampled_from(data.NUMBERS), st.booleans())
def test_a_card_tried_on_a_tile_during_planning_resolves_as_the_rules_would(seed, plies, number, up):
    """The same replay with one more card on the tile (how a placement is judged) equals the rules' resolution."""
    s, seat = _position(seed, plies)
    assert s.phase == "planning"
    assume(all(c[:2] != (seat, number) for t in s.tiles for c in t.cards))  # a card is on one tile at most
    before = GAME_VIEW(s)
    for index in range(len(s.tiles)):
        full = s.clone()
        full.log = QuietLog()
        full.phase = "resolution"
        full.tiles[index].cards.append((seat, number, up))
        resolution.open_tile(full, index)
        assert search._settle_value(s, index, seat, (seat, number, up)) == _settle_on(full, seat), index
    assert GAME_VIEW(s) == before


def GAME_VIEW(s):
    return (
        [shoal.GAMES["aquarena"].view(s, seat) for seat in range(3)],
        [list(h) for h in s.hands],
        [list(p) for p in s.piles],
    )


def _settle_on(trial, seat):
    while True:
        resolution.advance(trial, one_tile=True)
        if trial.decision == "eat":
            bites, _ = search.effects.candidates(trial, trial.acting, trial.current, trial.pool)
            trial.decision = None
            resolution.eat(trial, max(bites, key=lambda b: search._bite_key(trial.acting[0], b)))
            trial.left -= 1
        elif trial.decision == "move":
            trial.decision = None
            resolution.move_fly(trial, search.effects.fly_destinations(trial, trial.current)[0])
            resolution._done(trial)
        else:
            break
    points = [
        trial.scores[i] + scoring.round_points(i, c.flies, [(o, n) for o, n, _ in c.cards])
        for i, c in enumerate(trial.catches)
    ]
    return points[seat] - max(p for i, p in enumerate(points) if i != seat)


def test_totals_count_the_round_in_progress_as_round_scoring_does():
    """``totals`` (a fast sum) equals the scores plus ``scoring.round_points`` of every seat's current catch."""
    for seed in range(1, 6):
        for plies in range(0, 120, 7):
            s, _ = _position(seed, plies)
            if s.phase == "over":
                continue
            want = [
                s.scores[i] + scoring.round_points(i, c.flies, [(o, n) for o, n, _ in c.cards])
                for i, c in enumerate(s.catches)
            ]
            assert search.totals(s) == want


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 23))
def test_the_settling_policy_judges_a_placement_by_resolving_its_tile_with_what_the_seat_can_see(seed, plies):
    """The settling policy values a card on a tile as the rules' resolution of that tile with the card minus without it
    (margin over the best other seat), less its exposure — seeing only the seat's own cards and the face-up ones, as the
    seat would at the table."""
    s, seat = _position(seed, plies)
    if s.decision != "place":
        s.decision = "place"
    seen = s.clone()
    for t in seen.tiles:
        t.cards = [c for c in t.cards if c[2] or c[0] == seat]
    up = s.placed[seat] < data.FACE_UP_PLACEMENTS
    got = search._placements(s, seat, {})
    for index in range(len(s.tiles)):
        base = seen.clone()
        base.log, base.phase = QuietLog(), "resolution"
        resolution.open_tile(base, index)
        without = _settle_on(base, seat)
        for number in s.hands[seat]:
            trial = seen.clone()
            trial.log, trial.phase = QuietLog(), "resolution"
            trial.tiles[index].cards.append((seat, number, up))
            resolution.open_tile(trial, index)
            family = data.family(number)
            exposure = search.EXPOSURE[up] * data.POINTS[family] if family else 0.0
            assert got[number, index] == _settle_on(trial, seat) - without - exposure, (number, index)
