"""What every one-line position notation shares: space-separated ``key=value`` fields, each key known and once."""

from __future__ import annotations

from collections.abc import Iterable

from .errors import ShoalError


def key_value_fields(text: str, keys: Iterable[str]) -> dict[str, str]:
    """Split ``text`` into its fields, refusing an unknown key, a token without ``=`` or a key given twice."""
    keys = tuple(keys)
    out: dict[str, str] = {}
    for tok in text.split():
        key, eq, value = tok.partition("=")
        if not eq or key not in keys:
            raise ShoalError(f"cannot read {tok!r}: fields are key=value with keys {', '.join(keys)}")
        if key in out:
            raise ShoalError(f"{key} is given twice")
        out[key] = value
    return out
