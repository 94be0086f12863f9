"""The browser's progress track reads the 50 achievements from ``web/aqua-achievements.json``: a copy of the tables
(regenerate it with ``python3 -m shoal.games.reef.achievements``)."""

from __future__ import annotations

import json
from pathlib import Path

from shoal.games.reef.achievements.tables import catalogue

WEB = Path(__file__).resolve().parents[2] / "web"


def test_the_web_copy_of_the_achievements_is_up_to_date():
    assert json.loads((WEB / "aqua-achievements.json").read_text()) == catalogue()


def test_fifty_achievements_for_the_progress_track():
    """ "chasing the 50 achievements built into Scenarios, Challenges and Modifications"."""
    c = catalogue()
    assert (len(c["scenarios"]), len(c["challenges"]), len(c["modifications"])) == (15, 25, 10)
    assert len(set(c["ids"])) == 50
    assert c["ids"][:2] == ["S-A", "S-B"] and c["ids"][15] == "C-1" and c["ids"][40] == "M-1"
