"""The sizes every outside input is held to — a bridge request, a lesson, a record, options — checked before anything
recursive reads it.

Python's JSON parser, ``copy``, ``marshal`` and the engine's own walks recurse once per level of nesting. On CPython a
deep input ends in a ``RecursionError``; in Pyodide the C stack overflows first, which is a fatal error that kills the
Web Worker (nothing after it is answered). So text is measured with a scan that does not recurse (regular expressions
and a running sum) before ``json.loads`` sees it, and plain data handed in directly is walked with an explicit stack.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .errors import ShoalError

MAX_TEXT = 1_000_000  # characters: a long game's record is a few tens of kilobytes, a lesson less
MAX_DEPTH = 40  # nesting of arrays and objects: records and lessons need under ten

_ESCAPE = re.compile(r"\\.", re.S)  # inside a string; outside one the parser stops at the backslash anyway
_STRING = re.compile(r'"[^"]*"')  # once escapes are gone a string is a quote, no quote, a quote: linear to scan
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def text_depth(text: str) -> int:
    """How deep ``text`` nests arrays and objects, read as JSON would read it, without parsing (linear time).

    Escapes are dropped first, then strings, then everything but brackets. Dropping an escape outside a string can only
    change what follows it, which a parser never reaches (a backslash outside a string is an error), so the depth found
    is never less than the depth a parser would reach."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    return max(0, max(accumulate(_STEP[c] for c in brackets.encode()), default=0))


def text_problem(text: str, what: str) -> str | None:
    """Why ``text`` may not be parsed (too long, nested too deep), or None."""
    if len(text) > MAX_TEXT:
        return f"{what} too large ({len(text)} characters; at most {MAX_TEXT})"
    if text_depth(text) > MAX_DEPTH:
        return f"{what} nested more than {MAX_DEPTH} deep"
    return None


def loads(text: Any, what: str) -> Any:
    """``json.loads`` for outside text, held to :data:`MAX_TEXT` and :data:`MAX_DEPTH` first; every refusal is a
    :class:`ShoalError` naming ``what`` ("lesson", "request", a file name)."""
    if not isinstance(text, str):
        raise ShoalError(f"{what} must be JSON text, got {type(text).__name__}")
    why = text_problem(text, what)
    if why:
        raise ShoalError(why)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise ShoalError(f"{what} is not JSON: {e}") from None


def data_problem(value: Any, what: str) -> str | None:
    """Why plain data handed in directly (a lesson or record from Python, not through the bridge) may not be read:
    nested more than :data:`MAX_DEPTH` deep, or holding more items than :data:`MAX_TEXT` characters could write.
    Walks with its own stack, so that any depth is measured, never recursed into."""
    stack = [(value, 0)]
    items = 0
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, tuple, dict)):
            if depth >= MAX_DEPTH:
                return f"{what} nested more than {MAX_DEPTH} deep"
            items += len(item)
            if items > MAX_TEXT:
                return f"{what} too large (more than {MAX_TEXT} items)"
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return None


def check_data(value: Any, what: str) -> None:
    why = data_problem(value, what)
    if why:
        raise ShoalError(why)


__all__ = ["MAX_DEPTH", "MAX_TEXT", "check_data", "data_problem", "loads", "text_depth", "text_problem"]
