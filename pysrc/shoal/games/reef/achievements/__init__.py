"""AQUA's 50 achievements: 15 Scenarios, 25 Challenges and 10 Modifications (the rulebook's "Achievements").

* ``tables`` — the three tables (one place each) and the catalogue the browser's progress track reads;
* ``modifications`` — a ``Rules`` subclass per Modification and :func:`rules_for` (options → rules);
* ``checks`` — one function per kind of Scenario objective or Challenge, each with a reason;
* ``evaluate`` — a finished match, record or position → each player's achievements (``docs/achievements.md``);
* ``live`` — what the view shows during play: the Scenario's objective and each player's standing so far.
"""

from __future__ import annotations

from .evaluate import evaluate, evaluate_position, evaluate_record, evaluate_state
from .live import live
from .modifications import rules_for
from .tables import CHALLENGES, MODIFICATIONS, SCENARIOS, catalogue

__all__ = ["CHALLENGES", "MODIFICATIONS", "SCENARIOS", "catalogue", "evaluate", "evaluate_position",
           "evaluate_record", "evaluate_state", "live", "rules_for"]
