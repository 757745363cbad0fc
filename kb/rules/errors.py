"""The one error type of the rules core.

Every bad input raises :class:`RulesError` with a message that quotes the input and says what is
accepted, so the CLI, the API and the ruling engine can show it as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class RulesError(ValueError):
    """Input the rules core cannot accept (bad call, contract, seat, edition, ...)."""


def bad_input(what: str, value: object, accepted: str) -> RulesError:
    """Build the standard message: ``bad {what} 'x': expected {accepted}``."""
    return RulesError(f"bad {what} {value!r}: expected {accepted}")


def as_list(value: object, what: str, accepted: str) -> list[Any]:
    """``value`` as a list when it is a list or tuple (not text), else a RulesError."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise bad_input(what, value, accepted)
    return list(value)


def as_int(value: object, what: str, low: int, high: int) -> int:
    """``value`` when it is a whole number from ``low`` to ``high`` (not a bool), else an error."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise bad_input(what, value, f"a whole number from {low} to {high}")
    return value


def as_bool(value: object, what: str) -> bool:
    """``value`` when it is True or False, else a RulesError."""
    if not isinstance(value, bool):
        raise bad_input(what, value, "True or False")
    return value
