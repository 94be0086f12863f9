"""The golden playthroughs: every game, played the same way, still gives the same transcript line for line.

A difference is a change in behaviour, a view or a log line that some player would notice. If the change is meant,
regenerate with ``python3 -m tests.playthroughs.regen`` and review the transcripts' diff with the code's."""

from __future__ import annotations

import pytest

import shoal
from tests.playthroughs.transcript import CASES, HERE, all_views, play_out

CONTEXT = 3  # lines shown either side of the first difference


def first_difference(name: str, expected: str, got: str) -> str | None:
    """A readable account of where two transcripts part, or None if they are the same."""
    old, new = expected.splitlines(), got.splitlines()
    for i in range(max(len(old), len(new))):
        a = old[i] if i < len(old) else "<end of file>"
        b = new[i] if i < len(new) else "<end of file>"
        if a != b:
            heading = next(
                (line for line in reversed(new[: i + 1]) if line.startswith(("ply ", "start", "over"))), "the header"
            )
            around = "\n".join(f"    {line}" for line in new[max(0, i - CONTEXT) : i])
            ply = heading.split(":")[0].removeprefix("ply ") if heading.startswith("ply ") else "-1"
            return (
                f"{name}.txt differs first at line {i + 1}, in {heading.split(';')[0]!r}:\n"
                f"  golden: {a}\n  now:    {b}\n"
                f"  lines before it now:\n{around}\n"
                f"Full views there: python3 -m tests.playthroughs.regen --show {name} {ply}\n"
                f"If the change is meant: python3 -m tests.playthroughs.regen {name}, and review the diff."
            )
    return None


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_playthrough_matches_its_golden_transcript(case):
    assert case.path.exists(), f"no golden {case.path.name}: run python3 -m tests.playthroughs.regen {case.name}"
    text, match = play_out(case)
    problem = first_difference(case.name, case.path.read_text(), text)
    assert problem is None, problem
    # The record alone rebuilds the same finished match: every viewer's view and the outcome.
    again = shoal.replay(match.record())
    assert again.is_over() and again.outcome() == match.outcome()
    assert all_views(again) == all_views(match)


def test_every_golden_file_has_its_case():
    """A transcript left behind by a renamed or removed case would never be checked again."""
    known = {case.path.name for case in CASES}
    assert sorted(path.name for path in HERE.glob("*.txt") if path.name not in known) == []


def test_goldens_cover_every_game_at_its_smallest_and_largest_table():
    for game_id, game in shoal.GAMES.items():
        counts = {case.players for case in CASES if case.game == game_id}
        assert {game.min_players, game.max_players} <= counts, game_id


def test_first_difference_names_the_ply_and_both_lines():
    golden = 'game museum\n\nply 0: to act 0; seat 0 has 3 legal\n  plays {"type":"a"}\n'
    now = golden.replace('"a"', '"b"')
    message = first_difference("museum-2p", golden, now)
    assert "line 4" in message and "'ply 0: to act 0'" in message
    assert 'golden:   plays {"type":"a"}' in message and 'now:      plays {"type":"b"}' in message
    assert "--show museum-2p 0" in message
    assert first_difference("museum-2p", golden, golden) is None
    assert "<end of file>" in first_difference("museum-2p", golden, golden + "extra\n")


def test_a_secret_leaked_into_one_seats_view_changes_that_seats_hash_only(monkeypatch):
    """The harness notices a leak: seat 1 of the museum game shown one more fact breaks the golden at seat 1."""
    case = next(case for case in CASES if case.name == "museum-2p")
    game = shoal.GAMES["museum"]
    honest = game.view

    def leaky(state, seat):
        table = honest(state, seat)
        return {**table, "leak": len(state.log.for_viewer(0))} if seat == 1 else table

    monkeypatch.setattr(game, "view", leaky)
    problem = first_difference(case.name, case.path.read_text(), play_out(case)[0])
    assert problem is not None and "'start'" in problem
    golden, now = (line.split(": ", 1)[1].split() for line in problem.splitlines()[1:3])
    assert golden[0] == now[0] == "views"
    assert golden[1:3] == now[1:3] and golden[3] != now[3]  # the spectator's and seat 0's views are as they were
