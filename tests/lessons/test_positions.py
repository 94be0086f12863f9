"""Starting a match from a position: the record carries it, replay reproduces it, a bad one is refused."""

from __future__ import annotations

import pytest

import shoal
from shoal.core import BadRecord, ShoalError

POSITIONS = {
    "museum": (2, "W3L3 W6,L1,B5 T8,L5,W2 ? 0"),
    "reef": (2, "P H0 ; P H1 ; M RRK GGB YYP ; R 3 ; T 1"),
}


def _play_out(match, plies=400):
    for _ in range(plies):
        if match.is_over():
            break
        seat = match.to_act()[0]
        match.play(seat, match.legal_actions(seat)[-1])


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_a_match_started_from_a_position_replays_from_its_record(game):
    """Brief: "records carrying "position" so replay reproduces it"."""
    players, text = POSITIONS[game]
    match = shoal.new_match(game, players, seed=3, position=text)
    _play_out(match, 12)
    record = match.record()
    assert record["position"] == text
    again = shoal.replay(record)
    assert again.view(None) == match.view(None)
    assert again.record() == record


def test_a_record_without_position_still_has_no_position_key():
    assert "position" not in shoal.new_match("museum", 2, seed=1).record()


@pytest.mark.parametrize("bad", [7, ["W3"], None])
def test_a_record_whose_position_is_not_text_is_refused(bad):
    record = shoal.new_match("museum", 2, seed=1, position=POSITIONS["museum"][1]).record()
    record["position"] = bad
    if bad is None:  # null means "a fresh deal": the record then replays from the seed
        shoal.replay(record)
        return
    with pytest.raises(BadRecord, match="position"):
        shoal.replay(record)


@pytest.mark.parametrize(
    "game, text, words",
    [
        ("museum", "W3L3 W6 -", "5 fields"),
        ("museum", "W3W3 W6,L1 T8 ? 0", "twice"),
        ("reef", "P H0 ; M RRK", "1 boards"),
        ("reef", "P H0 ; P H1 ; M RRR", "no coral tile"),
        ("reef", "P H0 ; P H1 ; M RRK RRK", "used twice"),
        ("aquarena", "whatever", "aquarena position"),
    ],
)
def test_a_bad_position_is_refused_with_a_reason(game, text, words):
    players = 2
    with pytest.raises(ShoalError, match=words):
        shoal.new_match(game, players, position=text)


def test_a_museum_position_with_a_shuffled_deck_deals_every_other_card_once():
    match = shoal.new_match("museum", 2, seed=9, position=POSITIONS["museum"][1])
    state = match.state
    every = list(state.grid.values()) + state.hands[0] + state.hands[1] + state.deck
    assert sorted(every) == list(range(18))


def test_reef_position_takes_used_tiles_out_of_the_pile_and_lasts_to_round_17():
    match = shoal.new_match("reef", 2, seed=3, position="P H0 1,1:RRK@0 ; P H1 ; M GGB YYP KKR ; R 15 ; T 0")
    state = match.state
    from shoal.games.reef import data

    assert data.TILES.index("RRK") not in state.pile and len(state.pile) == 2 * 2
    _play_out(match)
    assert match.is_over() and match.state.round == 17


ALPHABETS = {
    "museum": "WLBTwlbt0123456789@*./,- ?",
    "brunch": "=/,.- roundphasepassescallerhandsaquastackfoodgotorca85babyctpuswlshk0123456789",
    "aquarena": "=/,.|:*r- roundheronphaseplanningresolutionturnchoosertileshandsdiscardscatchscores0123456789",
    "reef": "VEPRMTSH;: ,@=/-0123456789RYGBPKcorebarcudamnualL",
}


@pytest.mark.parametrize("game", sorted(ALPHABETS))
def test_a_garbled_position_is_refused_with_a_shoal_error_never_a_crash(game):
    """Bad input gets a clear error and changes nothing (COMMON.md), for positions as for records."""
    import random

    rng = random.Random(game)
    players = {"museum": 2, "brunch": 3, "aquarena": 2, "reef": 2}[game]
    seeds = [
        POSITIONS.get(game, (0, ""))[1],
        "tiles=2/2:|3/3:|3/3: hands=5,8,9/1,2,3",
        "hands=orca8,walrus,shark575/baby,octopus,walrus/shark626,shark626,walrus",
    ]
    for i in range(300):
        base = rng.choice(seeds)
        chars = list(base)
        for _ in range(rng.randint(1, 4)):
            if chars and rng.random() < 0.5:
                del chars[rng.randrange(len(chars))]
            else:
                chars.insert(rng.randrange(len(chars) + 1), rng.choice(ALPHABETS[game]))
        text = "".join(chars)
        try:
            match = shoal.new_match(game, players, seed=i, position=text)
        except ShoalError:
            continue
        seat = match.to_act()[0]
        assert match.legal_actions(seat), text


def test_a_position_too_long_or_leaving_no_move_is_refused():
    with pytest.raises(ShoalError, match="at most"):
        shoal.new_match("museum", 2, position="W1" * 20_000)
    with pytest.raises(ShoalError, match="5 columns"):
        shoal.new_match("museum", 2, position="W1W2W3W4W5W6 L1 L2 - 0")
    with pytest.raises(ShoalError, match="share a space"):
        shoal.new_match("reef", 2, position="P H0 0,0:RRK@0 ; P H1 ; M GGB")
