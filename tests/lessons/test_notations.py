"""Position notations: Brunch and Aquarena read what they write, refuse what is wrong, and keep secrets; the AQUA
example of docs/lessons.md is a position a lesson can start from."""

from __future__ import annotations

import json

import pytest

import shoal
from shoal.core import Rng, ShoalError
from shoal.games.aquarena import notation as aq
from shoal.games.brunch import notation as br

BRUNCH = [
    (3, "hands=orca8,walrus,shark575/baby,octopus,walrus/shark626,shark626,walrus"),
    (
        3,
        "round=5 phase=pass passes=1 hands=orca8,walrus,shark575/baby,octopus,walrus/shark626,shark626,walrus "
        "aqua=-1/-/- got=blue.7,red.5/-/- food=-1,0,2/0,2,3,4/0,2,3,4,5,7",
    ),
    (
        4,
        "phase=food caller=2 passes=2 hands=octopus,walrus,walrus/orca5,baby,shark717/shark575,shark575,shark575/"
        "orca8,orca8,octopus aqua=-/-2/-/0 stack=-4,-1",
    ),
]
AQUARENA = [
    (2, "tiles=2/2:|3/3:|3/3: hands=5,8,9/1,2,3"),
    (2, "round=2 heron=1 tiles=2/2:0.9,1.frog*|3/3:|3/3: hands=5,8/1,2,3 scores=4/6 turn=0"),
    (
        3,
        "round=4 heron=2 phase=resolution chooser=0 tiles=2/2:0.3,1.4*,2.6|3/3:1.9,0.1,2.1|3/3r:|0/4r: "
        "catch=1:1.5/0:/2: scores=4/6/1",
    ),
]


@pytest.mark.parametrize("players, text", BRUNCH)
def test_brunch_notation_reads_what_it_writes(players, text):
    once = br.dump(br.parse(text, players, Rng(1)))
    assert br.dump(br.parse(once, players, Rng(2))) == once
    for field in text.split():
        assert field in once or field.startswith("round=1") or field.startswith("phase=lunch")


@pytest.mark.parametrize("players, text", AQUARENA)
def test_aquarena_notation_reads_what_it_writes(players, text):
    once = aq.dump(aq.parse(text, players, Rng(1)))
    assert aq.dump(aq.parse(once, players, Rng(2))) == once


@pytest.mark.parametrize(
    "text, words",
    [
        ("hands=orca8,walrus/baby,octopus,walrus/walrus,walrus,walrus", "holds 2 cards"),
        ("hands=orca8,orca8,orca8/orca8,orca8,walrus/walrus,walrus,walrus", "more orca8"),
        ("hands=whale,walrus,walrus/baby,octopus,walrus/walrus,walrus,walrus", "unknown predator"),
        ("phase=food hands=orca8,walrus,walrus/baby,octopus,walrus/walrus,walrus,baby", "caller"),
        ("aqua=-4/-4/- hands=orca8,walrus,walrus/baby,octopus,walrus/walrus,walrus,baby", "held too often"),
        ("got=red.7/-/- hands=orca8,walrus,walrus/baby,octopus,walrus/walrus,walrus,baby", "red.7"),
        ("colour=red hands=orca8,walrus,walrus/baby,octopus,walrus/walrus,walrus,baby", "key=value"),
    ],
)
def test_brunch_notation_refuses_impossible_positions(text, words):
    with pytest.raises(ShoalError, match=words):
        br.parse(text, 3, Rng(0))


@pytest.mark.parametrize(
    "text, words",
    [
        ("tiles=2/2:|3/3: hands=5/1", "one more than the players"),
        ("tiles=5/2:|3/3:|3/3: hands=5/1", "capacity"),
        ("tiles=2/2:0.9|3/3:|3/3: hands=9/1", "appear twice"),
        ("tiles=2/2:0.shark|3/3:|3/3: hands=5/1", "no card"),
        ("tiles=2/2:|3/3:|3/3: hands=-/1", "holds none"),
    ],
)
def test_aquarena_notation_refuses_impossible_positions(text, words):
    with pytest.raises(ShoalError, match=words):
        aq.parse(text, 2, Rng(0))


def test_a_brunch_position_hides_other_hands_and_aqua_values_from_each_seat():
    """Brief: "a position-started match still hides from each seat what it may not see"."""
    match = shoal.new_match("brunch", 3, seed=1, position=BRUNCH[1][1])
    view = match.view(1)
    assert view["table"]["hand"] == ["baby", "octopus", "walrus"]
    assert view["table"]["aqua_mine"] == []
    text = json.dumps(view)
    assert "orca8" not in text.replace('"orca8": "Orca 8"', "")  # only in the names table
    assert "stack" not in view["table"] or not isinstance(view["table"]["aqua_stack"], list)


def test_an_aquarena_position_hides_face_down_cards_of_other_seats():
    match = shoal.new_match("aquarena", 2, seed=1, position=AQUARENA[1][1])
    mine = match.view(1)["table"]["tiles"][0]["cards"]
    theirs = match.view(0)["table"]["tiles"][0]["cards"]
    assert (
        mine[1]["card"] == 4
        and theirs[1]["card"] is None
        and match.view(None)["table"]["tiles"][0]["cards"][1]["card"] is None
    )
    assert match.view(0)["table"]["hand"] == [5, 8] and "piles" not in json.dumps(match.view(0))


@pytest.mark.parametrize("game, players, text", [("brunch", *BRUNCH[1]), ("aquarena", *AQUARENA[2])])
def test_position_matches_play_to_the_end_and_scores_add_up(game, players, text):
    match = shoal.new_match(game, players, seed=4, position=text)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, match.legal_actions(seat)[0])
    out = match.outcome()
    assert out["scores"] == [sum(r["points"] for r in rows) for rows in out["breakdown"]]
    assert shoal.replay(match.record()).outcome() == out


def test_the_aqua_position_in_the_lessons_doc_starts_a_match_that_writes_it_back():
    """docs/lessons.md, "The AQUA position notation": its example is a position a lesson can start from, as written."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "lessons.md").read_text()
    section = doc[doc.index("### The AQUA position notation") :]
    example = section.split("```")[1].strip()
    match = shoal.new_match("reef", 2, seed=5, position=example)
    assert match.notation() == example
    assert match.view(1)["table"]["round"] == 2 and match.to_act() == [1]
