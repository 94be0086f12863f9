"""The errors the public API raises. Both are ValueErrors, so a caller that only knows Python still catches them.

Every message is cut to :data:`MESSAGE_LIMIT` characters: an error quotes the bad input, and a 10 MB game name must not
become a 10 MB message on a player's screen.
"""

from __future__ import annotations

from typing import Any

MESSAGE_LIMIT = 300


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when something was left out."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def brief(value: Any, limit: int = 60) -> str:
    """A short, safe rendering of any caller-supplied value for an error message.

    ``repr`` is not safe: an int over 4,300 digits raises ValueError, a list nested 1,000 deep raises RecursionError,
    and a huge string is copied whole. This never raises and never reads more than it shows.
    """
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 64:
            return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
        return repr(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value[:limit]) + ("…" if len(value) > limit else "")
    if isinstance(value, (list, tuple, dict)):
        return f"{type(value).__name__} of {len(value)} item{'s' if len(value) != 1 else ''}"
    return f"a {type(value).__name__}"


class ShoalError(ValueError):
    """Base of every error Shoal raises on purpose."""

    def __init__(self, message: Any = "") -> None:
        super().__init__(clip(str(message)))


class IllegalAction(ShoalError):
    """An action was refused; the match is exactly as it was before the attempt."""


class BadRecord(ShoalError):
    """A saved record (or a position) could not be loaded; nothing was loaded."""
