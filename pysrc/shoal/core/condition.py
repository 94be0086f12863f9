"""What a lesson condition is: a check the engine runs on a reader's answer, with parameters it can describe.

A game names its own conditions in ``Game.lesson_conditions`` (``shoal.lessons.conditions`` holds the generic ones).
Each parameter says its type and the values it takes, so that one description serves three readers: the compiler
(which refuses a bad value with a message naming the accepted ones), the Studio (which offers a list to pick from)
and the docs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import brief

# What a parameter's value is, as the Studio offers it: a number, a word, one of a game's colours, one of its bots.
TYPES = ("int", "str", "colour", "bot")


@dataclass(frozen=True)
class Param:
    """One parameter of a condition. ``choices`` (with ``labels``, words for each) lists the values it takes; a value
    may also be given by its label (``"purple"`` for ``"P"``), and is then read as the choice it names."""

    type: str
    help: str = ""
    required: bool = False
    default: Any = None
    choices: tuple[Any, ...] = ()
    labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.type not in TYPES:
            raise ValueError(f"parameter type {self.type!r} is not one of {TYPES}")
        if self.labels and len(self.labels) != len(self.choices):
            raise ValueError(f"{len(self.labels)} labels for {len(self.choices)} choices")

    def accepted(self) -> str:
        """The values this parameter takes, in words: ``red (R), yellow (Y), ...`` or ``row, column``."""
        if self.labels:
            return ", ".join(f"{label} ({c})" for c, label in zip(self.choices, self.labels))
        return ", ".join(str(c) for c in self.choices)

    def read(self, value: Any) -> tuple[Any, str | None]:
        """``(the value as the check uses it, None)`` or ``(None, why it is refused)`` (for a bot: what follows the
        game's name, ``has no bot "x" (bots: ...)``)."""
        want = int if self.type == "int" else str
        if type(value) is not want:
            return None, f"must be {'an integer' if want is int else 'text'}, got {_shown(value)}"
        if not self.choices or value in self.choices:
            return value, None
        if isinstance(value, str):
            for choice, label in zip(self.choices, self.labels):
                if value.strip().lower() == label.lower():
                    return choice, None
            for choice in self.choices:
                if isinstance(choice, str) and value.strip().lower() == choice.lower():
                    return choice, None
        if self.type == "bot":
            return None, f"has no bot {_shown(value)} (bots: {self.accepted()})"
        kind = "colours" if self.type == "colour" else "values"
        return None, f"{_shown(value)} is not one of the {kind} {self.accepted()}"

    def to_json(self, name: str) -> dict[str, Any]:
        out: dict[str, Any] = {"name": name, "type": self.type, "help": self.help, "required": self.required}
        if self.default is not None:
            out["default"] = self.default
        if self.choices:
            out["choices"] = list(self.choices)
        if self.labels:
            out["labels"] = list(self.labels)
        return out


@dataclass(frozen=True)
class Condition:
    """A lesson condition: ``check(asked, action, params) -> bool`` reads only the seat's views (``Asked``), so a
    verdict never tells the reader what its seat may not see. ``params`` are its parameters, by name."""

    check: Callable[..., bool]
    help: str
    params: Mapping[str, Param] = field(default_factory=dict)
    asks_bot: bool = False  # it makes a bot decide: the costly kind, bounded per question

    def to_json(self, name: str) -> dict[str, Any]:
        return {"name": name, "help": self.help, "params": [p.to_json(k) for k, p in self.params.items()]}


def _shown(value: Any) -> str:
    if isinstance(value, str) and len(value) <= 40:
        return json.dumps(value)
    return brief(value, 40)
