"""What each game's board draws with a ``data-ref`` for a view: the engine's own answer (``Game.drawn_refs``, each
game's ``refs.drawn``, docs/refs.md "What the board draws"). A lesson's highlight and every outcome row's refs
must fall inside this set: a ref that is not drawn lights nothing. The browser tests check these sets against the
real renderers (tests/e2e/test_explain.py, tests/e2e/test_lesson_refs.py), so the model cannot drift from web/games/*.js
unnoticed.
"""

from __future__ import annotations

from typing import Any

import shoal


def drawn_refs(view: dict[str, Any]) -> set[str]:
    """Every ref the board of ``view`` carries (as drawn by the app and the viewer, with the default reef on show)."""
    return shoal.game(view["game"]).drawn_refs(view)
