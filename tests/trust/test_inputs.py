"""Every public call answers bad input with a short Shoal error naming the problem.

Never a ValueError from Python's own int printing, a RecursionError from deep nesting, a TypeError from a stray key,
and never a message as long as the input that caused it.
"""

from __future__ import annotations

import json

import pytest

import shoal
from shoal.core import BadRecord, IllegalAction, ShoalError
from shoal.core.errors import MESSAGE_LIMIT

HUGE = 10**4400  # beyond the 4,300 digits int() and repr() accept by default
DEEP = {"type": "x"}
for _ in range(1000):
    DEEP = {"type": [DEEP]}


def _brief(value):
    return type(value).__name__  # never repr: it fails on the very values these tests feed in


DEEP_LIST: list = []
for _ in range(1000):
    DEEP_LIST = [DEEP_LIST]


def _started(game_id):
    game = shoal.GAMES[game_id]
    match = shoal.new_match(game_id, game.min_players, seed=5)
    seat = match.to_act()[0]
    match.play(seat, match.legal_actions(seat)[0])
    return match


@pytest.mark.parametrize("seed", [-1, 2**53, HUGE, -HUGE], ids=["-1", "2**53", "huge", "-huge"])
def test_seeds_outside_0_to_2_pow_53_minus_1_are_refused(seed):
    """Seeds outside 0..2^53−1 are refused with a clear message, in Python."""
    with pytest.raises(ShoalError, match="seed must be an integer from 0 to 2\\*\\*53-1"):
        shoal.new_match("museum", 2, seed=seed)
    record = {**shoal.new_match("museum", 2, seed=1).record(), "seed": seed}
    with pytest.raises(BadRecord, match="seed"):
        shoal.replay(record)


def test_the_whole_safe_seed_range_is_accepted():
    for seed in (0, 1, 2**32, 2**53 - 1):
        assert shoal.new_match("brunch", 3, seed=seed).seed == seed


@pytest.mark.parametrize("game_id", list(shoal.GAMES))
def test_huge_integers_as_seat_or_value_are_illegal_actions(game_id):
    """Integers over 4,300 digits as a seat or a value raise IllegalAction, not Python's ValueError."""
    match = _started(game_id)
    seat = match.to_act()[0]
    legal = match.legal_actions(seat)[0]
    before = json.dumps(match.record())
    for who, action in [
        (HUGE, legal),
        (-HUGE, legal),
        (seat, {**legal, "type": HUGE}),
        (seat, {**legal, "extra": HUGE}),
        (seat, {**legal, "n": [HUGE]}),
    ]:
        with pytest.raises(IllegalAction) as err:
            match.play(who, action)
        assert len(str(err.value)) <= MESSAGE_LIMIT
    with pytest.raises(IllegalAction):
        match.view(HUGE)
    with pytest.raises(ShoalError):
        match.bot_action(HUGE)
    assert match.legal_actions(HUGE) == []
    assert json.dumps(match.record()) == before


@pytest.mark.parametrize("game_id", list(shoal.GAMES))
def test_huge_integers_in_a_record_are_a_bad_record(game_id):
    good = _started(game_id).record()
    for bad in [
        {**good, "actions": [[HUGE, good["actions"][0][1]]]},
        {**good, "actions": [[0, {**good["actions"][0][1], "type": HUGE}]]},
        {**good, "rules_version": HUGE},
        {**good, "players": HUGE},
        {**good, "seed": HUGE},
        {**good, "actions": [[0, 1, HUGE]]},
        {**good, "options": {"x": HUGE}},
    ]:
        with pytest.raises(BadRecord) as err:
            shoal.replay(bad)
        assert len(str(err.value)) <= MESSAGE_LIMIT


@pytest.mark.parametrize("game_id", list(shoal.GAMES))
def test_actions_nested_a_thousand_deep_are_refused_not_recursion_errors(game_id):
    """Actions nested ~1,000 deep are refused on replay, not met with a RecursionError."""
    match = _started(game_id)
    seat = match.to_act()[0]
    for bad in (DEEP, {"type": DEEP_LIST}, {**match.legal_actions(seat)[0], "deep": DEEP_LIST}):
        with pytest.raises(IllegalAction, match="nested"):
            match.play(seat, bad)
    good = match.record()
    for bad in (
        {**good, "actions": [[seat, DEEP]]},
        {**good, "actions": [DEEP_LIST]},
        {**good, "actions": [[DEEP_LIST, {"type": "x"}]]},
        {**good, "options": {"x": DEEP_LIST}},
        {**good, "names": DEEP_LIST},
        {**good, "format": DEEP_LIST},
    ):
        with pytest.raises(BadRecord):
            shoal.replay(bad)


@pytest.mark.parametrize(
    "options",
    [{1: 1}, {1: 1, "variant": 1}, {("a",): 1}, {None: 2}, {"scenario": HUGE}, {"scenario": DEEP_LIST}, [], "A"],
    ids=_brief,
)
def test_options_of_the_wrong_shape_are_a_shoal_error(options):
    """new_match("reef", 2, options={1: 1}) is refused clearly, not with a TypeError."""
    with pytest.raises(ShoalError) as err:
        shoal.new_match("reef", 2, options=options)
    assert len(str(err.value)) <= MESSAGE_LIMIT


@pytest.mark.parametrize("game_id", [["museum"], {"id": "museum"}, None, 7, "x" * 10_000_000, "chess"], ids=_brief)
def test_unknown_games_are_named_briefly(game_id):
    """A 10 MB game name does not yield a 10 MB message."""
    with pytest.raises(ShoalError) as err:
        shoal.new_match(game_id, 2)
    assert len(str(err.value)) <= MESSAGE_LIMIT and "unknown game" in str(err.value)


@pytest.mark.parametrize("players", [HUGE, -1, 300_000_000, "2", 2.0, None, True], ids=_brief)
def test_player_counts_are_checked_before_anything_is_built(players):
    with pytest.raises(ShoalError) as err:
        shoal.new_match("museum", players)
    assert len(str(err.value)) <= MESSAGE_LIMIT
    record = {**shoal.new_match("museum", 2).record(), "players": players}
    with pytest.raises(BadRecord):
        shoal.replay(record)


def test_every_message_is_cut_to_a_readable_length():
    assert len(str(ShoalError("x" * 10_000_000))) == MESSAGE_LIMIT
    assert str(ShoalError("x" * 10_000_000)).endswith("…")
    assert str(ShoalError("short")) == "short"
    match = shoal.new_match("museum", 2)
    with pytest.raises(IllegalAction) as err:
        match.play(0, {"type": "x" * 10_000_000})
    assert len(str(err.value)) <= MESSAGE_LIMIT
    with pytest.raises(ShoalError) as err:
        match.bot_action(0, "b" * 10_000_000)
    assert len(str(err.value)) <= MESSAGE_LIMIT


@pytest.mark.parametrize("game_id", list(shoal.GAMES))
def test_replay_checks_names_and_seats(game_id):
    """Replay validates names and seats: strings, of bounded length, of known seat kinds."""
    game = shoal.GAMES[game_id]
    good = _started(game_id).record()
    n = good["players"]
    fine = {**good, "names": ["Ana", *[""] * (n - 1)], "seats": ["human", "bot", "normal"][:n] + ["easy"] * (n - 3)}
    shoal.replay(fine)
    shoal.replay({**good, "seats": [list(game.bots)[-1]] * n})
    for bad in [
        {"names": "Ana"},
        {"names": ["Ana"] * (n + 1)},
        {"names": [7] * n},
        {"names": ["x" * 41] * n},
        {"names": [None] * n},
        {"seats": ["human"] * (n - 1)},
        {"seats": ["wizard"] * n},
        {"seats": [["human"]] * n},
        {"seats": {"0": "human"}},
        {"names": ["x" * 10_000_000] * n},
    ]:
        with pytest.raises(BadRecord) as err:
            shoal.replay({**good, **bad})
        assert len(str(err.value)) <= MESSAGE_LIMIT


def test_bad_viewers_and_bot_names_are_shoal_errors():
    match = shoal.new_match("brunch", 3, seed=2)
    for viewer in ("0", 1.0, [0], {}, True, -1, 3):
        with pytest.raises(IllegalAction):
            match.view(viewer)
    seat = match.to_act()[0]
    for bot in ([], {}, None, 1, "no-such-bot"):
        with pytest.raises(ShoalError):
            match.bot_action(seat, bot)


def test_every_input_path_is_held_to_the_same_depth_and_size_limits():
    """Records, options, positions and lessons, as text through the bridge or as data from Python: 40 levels of
    nesting and 1,000,000 characters at most, checked before anything recursive reads them, each refusal short."""
    from shoal import bridge
    from shoal.core.limits import MAX_DEPTH, text_depth

    def nest(levels):
        out: list = []
        for _ in range(levels - 1):
            out = [out]
        return out

    good = shoal.new_match("reef", 2, seed=3).record()
    assert text_depth(json.dumps(nest(MAX_DEPTH))) == MAX_DEPTH
    shoal.replay({**good, "names": ["a", "b"]})
    for bad in ({**good, "names": nest(MAX_DEPTH)}, {**good, "options": {"variant": nest(MAX_DEPTH)}}):
        with pytest.raises(BadRecord, match="record nested more than 40 deep"):
            shoal.replay(bad)
    with pytest.raises(ShoalError, match="options nested more than 40 deep"):
        shoal.new_match("reef", 2, options={"variant": nest(MAX_DEPTH)})

    def answer(request: str) -> dict:
        out = json.loads(bridge.handle(request))
        assert out["ok"] is False and len(out["error"]) <= MESSAGE_LIMIT
        return out

    deep = "[" * 5000 + "]" * 5000
    assert "nested more than 40 deep" in answer('{"cmd": "load", "record": ' + deep + "}")["error"]
    assert "nested more than 40 deep" in answer(json.dumps({"cmd": "lesson_answer", "lesson": deep}))["error"]
    assert "position" in answer(json.dumps({"cmd": "load", "record": {**good, "position": deep}}))["error"]
    assert "at most 20000" in answer(json.dumps({"cmd": "load", "record": {**good, "position": "P" * 30_000}}))["error"]
    # The depth scan is linear: a megabyte of escaped quotes (a quadratic scan's worst case) is measured at once.
    assert "too large" in answer('"' + '\\"' * 500_001)["error"]
    assert "not JSON" in answer('"' + '\\"' * 499_000)["error"]
