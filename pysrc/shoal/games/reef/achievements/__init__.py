"""AQUA's 50 achievements: 15 Scenarios, 25 Challenges and 10 Modifications (the rulebook's "Achievements").

* ``tables`` — the three tables (one place each) and the catalogue the browser's progress track reads;
* ``modifications`` — a ``Rules`` subclass per Modification and :func:`rules_for` (options → rules);
* ``checks`` — one function per kind of Scenario objective or Challenge, each with a reason;
* ``evaluate`` — a finished match, record or position → each player's achievements (``docs/achievements.md``);
* ``live`` — what the view shows during play: the Scenario's objective and each player's standing so far.

Import from the module you need. This file imports none of them: ``tables`` and ``modifications`` sit below the
scoring (which builds a position's rules with ``rules_for``), ``checks``, ``evaluate`` and ``live`` above it, so a
package that loaded them all on first touch would import the scoring from inside itself.
"""
