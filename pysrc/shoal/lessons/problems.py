"""How a lesson is refused: every problem names its step and its field, in the same words wherever it is shown.

The compiler (the build, ``python3 -m shoal.lessons``, the page's worker) stops at the first problem; the Studio asks
for all of them at once (``check``), to show each beside its field. Both run the same checks: a check reports a
problem to a :class:`Problems`, which either raises it (``collect=False``) or keeps it and lets the checks go on.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from shoal.core import ShoalError


def where(step: int | None, field: str) -> str:
    """``step 3, question.accept`` (steps count from 0 here, from 1 in every message) or the field alone."""
    return field if step is None else f"step {step + 1}, {field}"


class LessonError(ShoalError):
    """A lesson could not be read: the message names the step and the field.

    ``step`` counts from 1 as the message does (None: not a step's field), ``field`` is the field's path inside the
    step or the lesson (``question.accept.of[1]``), ``why`` the reason alone."""

    def __init__(self, message: Any = "", step: int | None = None, field: str = "", why: str | None = None) -> None:
        super().__init__(message)
        self.step, self.field, self.why = step, field, str(self) if why is None else why

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "field": self.field, "message": self.why, "text": str(self)}


def problem(step: int | None, field: str, why: str) -> LessonError:
    """The error for ``field`` of step ``step`` (counted from 0; None: the lesson's own field)."""
    return LessonError(f"lesson {where(step, field)}: {why}", None if step is None else step + 1, field, why)


class Problems:
    """Where checks report what they find: raised at once, or kept (``collect``) so that later checks still run."""

    def __init__(self, collect: bool = False) -> None:
        self.collect = collect
        self.found: list[LessonError] = []

    def add(self, error: LessonError) -> None:
        if not self.collect:
            raise error
        if not any(str(e) == str(error) for e in self.found):
            self.found.append(error)

    def say(self, step: int | None, field: str, why: str) -> None:
        self.add(problem(step, field, why))

    @contextmanager
    def each(self) -> Iterator[None]:
        """One check that does not depend on the others: a problem it raises is kept and the next check runs."""
        try:
            yield
        except LessonError as e:
            self.add(e)

    def __bool__(self) -> bool:
        return bool(self.found)
