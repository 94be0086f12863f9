"""Checking an action against the legal ones, and saying exactly what was wrong when it is not one of them.

Legality is decided once, by the game's ``legal_actions``; this module only compares. Comparison is strict about
JSON types (``True`` is not ``1``, ``1.0`` is not ``1``), because actions come from JSON and the record must replay.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import IllegalAction, brief

_SCALARS = (str, int, float, bool, type(None))


def same(a: Any, b: Any) -> bool:
    """JSON equality that does not let bool pass for int or float for int."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


# Actions are shallow (an object of scalars and short lists); anything deeper or bigger is malformed, and refusing it
# early keeps comparison and error messages from recursing or printing without bound.
MAX_DEPTH = 16
MAX_INT = 2**53 - 1  # the integers JSON readers agree on (JavaScript's safe range)


def check_json(value: Any, where: str = "action", depth: int = 0) -> None:
    """Refuse anything that is not plain, shallow JSON data (tuples, sets, objects, NaN, non-string keys, integers
    outside the safe range, nesting deeper than :data:`MAX_DEPTH`)."""
    if depth > MAX_DEPTH:
        raise IllegalAction(f"{where} is nested more than {MAX_DEPTH} deep")
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                raise IllegalAction(f"{where} has a non-string key {brief(k)}")
            check_json(v, f"{where}.{k[:40]}", depth + 1)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            check_json(v, f"{where}[{i}]", depth + 1)
    elif isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise IllegalAction(f"{where} is not a finite number")
    elif isinstance(value, int) and not isinstance(value, bool):
        if not -MAX_INT <= value <= MAX_INT:
            raise IllegalAction(f"{where} is {brief(value)}, outside the integers an action may hold")
    elif not isinstance(value, _SCALARS):
        raise IllegalAction(f"{where} must be JSON data, got {type(value).__name__}")


def _show(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _listing(values: list[Any], limit: int = 12) -> str:
    uniq: list[Any] = []
    for v in values:
        if not any(same(v, u) for u in uniq):
            uniq.append(v)
    shown = ", ".join(_show(v) for v in uniq[:limit])
    return shown + (f" … ({len(uniq)} in all)" if len(uniq) > limit else "")


def explain(action: Any, legal: list[dict[str, Any]]) -> str:
    """A one-line reason why ``action`` is none of ``legal``, naming the key or value at fault."""
    if not isinstance(action, dict):
        return f"an action must be a JSON object, got {type(action).__name__}"
    if not legal:
        return "there is no legal action for this seat now"
    candidates = legal
    if "type" in action or any("type" in a for a in legal):
        kind = action.get("type")
        candidates = [a for a in legal if same(a.get("type"), kind)]
        if not candidates:
            return (
                f"action type {_show(kind)} is not legal now; legal types: {_listing([a.get('type') for a in legal])}"
            )
    known = set().union(*(a.keys() for a in candidates))
    unknown = sorted(set(action) - known)
    if unknown:
        return f"unknown key(s) {', '.join(map(repr, unknown))}; this action takes {', '.join(sorted(known))}"
    shapes = [a for a in candidates if a.keys() == action.keys()]
    if not shapes:
        missing = sorted(min((set(a) - set(action) for a in candidates), key=len))
        return f"missing key(s) {', '.join(map(repr, missing))}"
    # Narrow key by key, in the order the game wrote them, and name the first value that rules everything out.
    remaining = shapes
    for key in shapes[0]:
        narrowed = [a for a in remaining if same(a[key], action[key])]
        if not narrowed:
            values = [a[key] for a in remaining]
            if not any(type(v) is type(action[key]) for v in values):
                kinds = sorted({type(v).__name__ for v in values})
                return f"{key!r} must be {' or '.join(kinds)}, got {type(action[key]).__name__} {_show(action[key])}"
            return f"{key!r} = {_show(action[key])} is not legal here; legal: {_listing(values)}"
        remaining = narrowed
    return f"{_show(action)} is not a legal action now"  # pragma: no cover - unreachable when legal is exact


def find(action: dict[str, Any], legal: list[dict[str, Any]]) -> bool:
    return any(same(action, a) for a in legal)
