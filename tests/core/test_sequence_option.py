"""An option whose value is a sequence of k choices in order (AQUA's own Ecosystem line), written once in
core: checked by ``Option.problem``, described to the lobby by ``to_json``; plain options are unchanged."""

from __future__ import annotations

from shoal.core import Option


def test_a_sequence_option_takes_k_choices_in_order_each_up_to_its_repeats():
    opt = Option("Line", ("a", "b", "c"), (), length=2, repeats=(1, 2, 1))
    assert opt.problem(["a", "b"]) is None and opt.problem(["b", "b"]) is None and opt.problem([]) is None
    assert opt.problem(()) is None, "the default itself"
    assert "appears 2 times, at most once" in opt.problem(["a", "a"])
    assert '"d" is not one of them' in opt.problem(["a", "d"])
    assert "must be 2 values from" in opt.problem(["a"])
    assert "must be 2 values from" in opt.problem("ab")


def test_without_repeats_each_choice_at_most_once():
    opt = Option("Pick", (1, 2, 3), (), length=3)
    assert opt.problem([3, 1, 2]) is None
    assert "1 appears 2 times" in opt.problem([1, 1, 2])
    assert opt.to_json()["repeats"] == [1, 1, 1]


def test_a_plain_option_keeps_its_choices_its_message_and_its_json():
    opt = Option("Variant", ("core", "family"), "core")
    assert opt.problem("family") is None
    assert opt.problem("x") == '= "x" is not one of ["core", "family"]'
    assert opt.problem(True) is not None
    assert set(opt.to_json()) == {"label", "choices", "default", "help", "labels"}


def test_a_huge_value_gives_a_short_message():
    opt = Option("Line", tuple(range(1, 19)), (), length=6)
    assert len(opt.problem(list(range(100_000)))) < 160
