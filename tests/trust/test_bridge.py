"""The bridge answers every string with JSON, says only what the viewer may see, and a
refused ``bots`` request plays nothing."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shoal
from shoal import bridge
from shoal.core.errors import MESSAGE_LIMIT

GAME_IDS = list(shoal.GAMES)


@pytest.fixture(autouse=True)
def _fresh_bridge(monkeypatch):
    monkeypatch.setattr(bridge, "_matches", {})


def ask(**req):
    return json.loads(bridge.handle(json.dumps(req)))


def _answers_well(text):
    answer = json.loads(text)
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool)
    if not answer["ok"]:
        assert isinstance(answer["error"], str) and 0 < len(answer["error"]) <= MESSAGE_LIMIT
        assert "Traceback" not in answer["error"]
    return answer


# --- every string gets an answer --------------------------------------------------------------------------------
REPORTED = [  # a field of the wrong type (a list or object where a name or number belongs), and its neighbours
    {"cmd": []},
    {"cmd": {}},
    {"cmd": "view", "match": {}},
    {"cmd": "view", "match": []},
    {"cmd": "new", "game": ["museum"], "players": 2},
    {"cmd": "new", "game": {"a": 1}, "players": 2},
    {"cmd": "bot", "seat": 0, "bot": []},
    {"cmd": "bot", "seat": 0, "bot": {}},
    {"cmd": "bots", "seats": [[0, []]]},
    {"cmd": "bots", "seats": [[[], "random"]]},
    {"cmd": "bots", "seats": [{}]},
    {"cmd": "bots", "seats": "all"},
    {"cmd": "new", "game": "museum", "players": 2, "options": {"1": [1]}},
    {"cmd": "new", "game": "museum", "players": 2, "viewer": [0]},
    {"cmd": "play", "seat": [0], "action": {"type": "place"}},
    {"cmd": "play", "seat": 0, "action": [[[]]]},
    {"cmd": "load", "record": []},
    {"cmd": "load", "record": {"game": []}},
    {"cmd": "close", "match": [1]},
    {"cmd": "record", "match": None},
    {"cmd": "view", "viewer": "0"},
    {"cmd": "view", "viewer": 1.5},
]


@pytest.mark.parametrize("request_", REPORTED, ids=lambda r: json.dumps(r)[:40])
def test_the_reported_type_errors_are_answers(request_):
    """bridge.handle answers, never raises a TypeError, for {"cmd": []}, "match": {}, "game": ["museum"], "bot": []."""
    ask(cmd="new", game="museum", players=2, seed=1, viewer=0)
    answer = _answers_well(bridge.handle(json.dumps(request_)))
    assert answer["ok"] is False


def test_deep_huge_and_odd_requests_are_answers():
    """Deeply nested JSON (no RecursionError), huge integers, huge requests, non-strings: all answered."""
    ask(cmd="new", game="brunch", players=3, seed=1, viewer=0)
    odd = [
        "[" * 100_000 + "]" * 100_000,
        '{"cmd": "view", "viewer": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"cmd": "play", "seat": 0, "action": ' + '{"a":' * 3000 + "1" + "}" * 3000 + "}",
        '{"cmd": "view", "viewer": ' + "9" * 5000 + "}",
        '{"cmd": "view", "viewer": ' + "9" * 4000 + "}",
        json.dumps({"cmd": "view", "pad": "x" * (bridge.MAX_REQUEST + 1)}),
        "",
        "null",
        "[]",
        '"view"',
        "{",
        '{"cmd": "view", "viewer": NaN}',
        '{"cmd": "play", "seat": 0, "action": {"type": Infinity}}',
        "\udcff",
        json.dumps({"cmd": "new", "game": "x" * 500_000, "players": 2}),
    ]
    for text in odd:
        assert _answers_well(bridge.handle(text))["ok"] is False, text[:60]
    for value in (None, 7, b"{}", ["cmd"], {"cmd": "games"}):
        assert _answers_well(bridge.handle(value))["ok"] is False
    assert ask(cmd="view", viewer=0)["ok"], "the match survived all of it"


def test_a_bug_is_a_short_answer_and_a_traceback_on_stderr(monkeypatch, capsys):
    """A short message for the player, never a traceback on screen (the traceback goes to the console)."""
    ask(cmd="new", game="museum", players=2, seed=1, viewer=0)

    def broken(view, legal, rng):
        raise ZeroDivisionError("a bot divided by zero " + "!" * 10_000)

    monkeypatch.setitem(shoal.GAMES["museum"].bots, "broken", broken)
    before = ask(cmd="record")["record"]
    answer = _answers_well(bridge.handle(json.dumps({"cmd": "bots", "seats": [[0, "broken"]], "viewer": 0})))
    assert answer["error"].startswith("internal error: ZeroDivisionError: a bot divided by zero")
    assert "Traceback" in capsys.readouterr().err
    assert ask(cmd="record")["record"] == before


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
PLAUSIBLE = {
    "cmd": st.sampled_from([*bridge.COMMANDS, "dance", ""]),
    "match": st.sampled_from(["main", "other", "", "x" * 50]),
    "game": st.sampled_from(GAME_IDS),
    "players": st.integers(0, 8),
    "seed": st.integers(-2, 2**54),
    "viewer": st.none() | st.integers(-1, 7),
    "seat": st.integers(-1, 7),
    "bot": st.sampled_from(["random", "heuristic", "greedy", "nope", "normal"]),
    "seats": st.lists(st.tuples(st.integers(-1, 7), st.sampled_from(["random", "x"])).map(list), max_size=4),
    "action": st.fixed_dictionaries({"type": st.sampled_from(["place", "pass", "take", "play", "x"])}),
    "options": st.dictionaries(st.sampled_from(["variant", "scenario", "x"]), JSON, max_size=2),
    "record": JSON,
}
REQUEST = st.dictionaries(
    st.sampled_from(sorted(PLAUSIBLE)),
    st.one_of(JSON, st.integers(min_value=10**4000, max_value=10**4000 + 5)),
    max_size=6,
).flatmap(
    lambda junk: st.fixed_dictionaries(
        {},
        optional={key: st.one_of(PLAUSIBLE[key], st.just(value)) for key, value in junk.items()}
        | {key: PLAUSIBLE[key] for key in PLAUSIBLE if key not in junk},
    )
)
RAW = st.one_of(
    REQUEST.map(lambda r: json.dumps(r)),
    JSON.map(json.dumps),
    st.text(max_size=40),
    st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 3000).map(lambda n: '{"cmd": "play", "seat": 0, "action": ' + "[" * n + "]" * n + "}"),
)


@given(RAW, st.sampled_from(GAME_IDS))
def test_generated_requests_get_json_answers(text, game_id):
    """Shrinkable: any request hypothesis builds is answered, never raised."""
    bridge._matches.clear()
    ask(cmd="new", game=game_id, players=shoal.GAMES[game_id].min_players, seed=3, viewer=0)
    _answers_well(bridge.handle(text))


JUNK = [
    None,
    True,
    False,
    0,
    -1,
    7,
    1.5,
    2**53,
    10**4000,
    -(10**4000),
    "",
    "main",
    "x" * 5000,
    [],
    {},
    [0],
    [[0, "random"]],
    {"type": []},
    {"type": None},
    [[[[[]]]]],
    "[" * 200,
    {"cmd": "view"},
    ["random"] * 9,
]


def _deep(n):
    out: list = []
    for _ in range(n):
        out = [out]
    return out


def _mutate(value, rnd):
    """``value`` with one part replaced by junk (recursively into objects and arrays)."""
    if isinstance(value, dict) and value and rnd.random() < 0.7:
        key = rnd.choice(sorted(value))
        out = dict(value)
        roll = rnd.random()
        if roll < 0.15:
            del out[key]
        elif roll < 0.6:
            out[key] = _mutate(value[key], rnd)
        else:
            out[key] = rnd.choice(JUNK) if rnd.random() < 0.9 else _deep(rnd.randint(10, 300))
        return out
    if isinstance(value, list) and value and rnd.random() < 0.7:
        out = list(value)
        i = rnd.randrange(len(out))
        out[i] = _mutate(out[i], rnd) if rnd.random() < 0.6 else rnd.choice(JUNK)
        if rnd.random() < 0.1:
            out.append(rnd.choice(JUNK))
        return out
    return rnd.choice(JUNK)


def _good_requests(match_name, rnd):
    """Requests that are right for the live match now: mutations of these reach deep into the engine."""
    live = bridge._matches.get(match_name)
    if live is None:
        game_id = rnd.choice(GAME_IDS)
        return [
            {
                "cmd": "new",
                "game": game_id,
                "players": shoal.GAMES[game_id].min_players,
                "seed": rnd.randrange(99),
                "viewer": 0,
                "match": match_name,
            }
        ]
    viewer = rnd.choice([None, *range(live.players)])
    out = [
        {"cmd": "view", "viewer": viewer, "match": match_name},
        {"cmd": "record", "match": match_name},
        {"cmd": "load", "record": live.record(), "viewer": viewer, "match": match_name},
    ]
    for seat in live.to_act():
        out.append(
            {
                "cmd": "play",
                "seat": seat,
                "action": rnd.choice(live.legal_actions(seat)),
                "viewer": seat,
                "match": match_name,
            }
        )
        out.append({"cmd": "bot", "seat": seat, "bot": "random", "viewer": viewer, "match": match_name})
    if live.to_act():
        out.append(
            {"cmd": "bots", "seats": [[s, "random"] for s in live.to_act()], "viewer": viewer, "match": match_name}
        )
    if rnd.random() < 0.02:
        out.append({"cmd": "close", "match": match_name})
    return out


BATCH = 50


def test_thousands_of_generated_requests_raise_nothing():
    """Every string is answered, with {"ok": false, "error": ...} when it is wrong: ≥ 5,000 generated requests, 0
    exceptions. Each request is a right one for the live match, usually with one part replaced by junk (or its
    text cut or corrupted), so that the junk reaches every layer of the engine."""
    counts = {"requests": 0, "ok": 0, "refused": 0}

    @settings(max_examples=max(110, settings().max_examples))  # 110 batches of 50: 5,500 requests
    @given(st.integers(0, 2**32))
    def batch(seed):
        rnd = random.Random(seed)
        bridge._matches.clear()
        for _ in range(BATCH):
            req = rnd.choice(_good_requests(rnd.choice(["main", "main", "other"]), rnd))
            if rnd.random() < 0.8:
                req = _mutate(req, rnd)
            text = json.dumps(req)
            roll = rnd.random()
            if roll < 0.05:
                text = text[: rnd.randrange(len(text))]
            elif roll < 0.1:
                i = rnd.randrange(len(text))
                text = text[:i] + rnd.choice('{}[]",:\\ 9e-') + text[i + 1 :]
            elif roll < 0.13:  # nesting deeper than Python's own JSON writer would go
                n = rnd.randint(30, 5000)
                text = text[:-1] + f', "{rnd.choice(sorted(PLAUSIBLE))}": ' + "[" * n + "]" * n + "}"
            answer = _answers_well(bridge.handle(text))
            counts["requests"] += 1
            counts["ok" if answer["ok"] else "refused"] += 1

    batch()
    assert counts["requests"] >= 5000, counts
    assert counts["ok"] > 500 and counts["refused"] > 2000, f"good and bad requests both reached the engine: {counts}"


# --- answers carry the view and nothing else --------------------------------------------------------------------
def test_bot_answers_do_not_say_what_the_bots_chose():
    """With ?game=brunch&players=4&seats=human,bot,bot,bot&seed=3 the page must not receive the bots' secret
    choices (such as [1, {"type": "lunch"}], [3, {"type": "keep_passing"}]) while the human still has to decide."""
    first = ask(cmd="new", game="brunch", players=4, seed=3, viewer=0)
    assert set(first) == {"ok", "to_act", "over", "view"}
    for _ in range(40):
        due = [s for s in ask(cmd="view", viewer=0)["to_act"] if s != 0]
        if due:
            answer = ask(cmd="bots", seats=[[s, "heuristic"] for s in due], viewer=0)
        else:
            seat = 0
            legal = ask(cmd="view", viewer=0)["view"]["legal"]
            answer = ask(cmd="play", seat=seat, action=legal[0], viewer=0)
        assert answer["ok"] and set(answer) == {"ok", "to_act", "over", "view"}, sorted(answer)
        match = bridge._matches["main"]
        assert json.dumps(answer) == json.dumps(
            {"ok": True, "to_act": match.to_act(), "over": match.is_over(), "view": match.view(0)}
        )
    for s in range(1, 4):
        if s in bridge._matches["main"].to_act():
            answer = ask(cmd="bot", seat=s, bot="random", viewer=0)
            assert set(answer) == {"ok", "to_act", "over", "view"}


# --- bots is all or nothing -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "seats",
    [
        [[1, "random"], [2, "no-such-bot"]],
        [[1, "random"], [2]],
        [[1, "random"], [9, "random"]],
        [[1, "random"], ["2", "random"]],
        [[1, "random"], [2, ["random"]]],
        [[1, "random"]] * 9,
        [],
    ],
)
def test_a_refused_bots_request_plays_nothing(seats):
    """A refused ``bots`` request plays nothing: with [[1, "random"], [2, "no-such-bot"]] seat 1 does not move
    either."""
    ask(cmd="new", game="brunch", players=4, seed=3, viewer=0)
    before = ask(cmd="record")["record"]
    assert {1, 2} <= set(bridge._matches["main"].to_act())
    assert ask(cmd="bots", seats=seats, viewer=0)["ok"] is False
    assert ask(cmd="record")["record"] == before


def test_a_bot_that_fails_half_way_leaves_the_match_as_it_was(monkeypatch):
    ask(cmd="new", game="brunch", players=4, seed=3, viewer=0)

    def illegal(view, legal, rng):
        return {"type": "no-such-move"}

    monkeypatch.setitem(shoal.GAMES["brunch"].bots, "illegal", illegal)
    before = ask(cmd="record")["record"]
    views = [ask(cmd="view", viewer=s)["view"] for s in range(4)]
    assert ask(cmd="bots", seats=[[1, "random"], [2, "illegal"]], viewer=0)["ok"] is False
    assert ask(cmd="record")["record"] == before
    assert [ask(cmd="view", viewer=s)["view"] for s in range(4)] == views
    assert ask(cmd="bots", seats=[[1, "random"], [2, "random"]], viewer=0)["ok"], "the match still plays"


def test_match_names_are_short_strings_and_few():
    assert ask(cmd="new", game="museum", players=2, match="x" * 41)["ok"] is False
    for i in range(bridge.MAX_MATCHES):
        assert ask(cmd="new", game="museum", players=2, match=f"m{i}")["ok"]
    assert "too many" in ask(cmd="new", game="museum", players=2, match="one-more")["error"]
    assert ask(cmd="new", game="museum", players=2, match="m3")["ok"], "an open name can be reused"
    ask(cmd="close", match="m0")
    assert ask(cmd="new", game="museum", players=2, match="one-more")["ok"]


def test_a_refused_new_or_load_keeps_the_old_match():
    ask(cmd="new", game="museum", players=2, seed=4, viewer=0)
    before = ask(cmd="record")["record"]
    assert ask(cmd="new", game="museum", players=2, seed=5, viewer=7)["ok"] is False
    assert ask(cmd="load", record={**before, "seed": -1})["ok"] is False
    assert ask(cmd="record")["record"] == before
