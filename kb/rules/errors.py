"""The one error type of the rules core.

Every bad input raises :class:`RulesError` with a message that quotes the input and says what is
accepted, so the CLI, the API and the ruling engine can show it as it is.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Input the rules core cannot accept (bad call, contract, seat, edition, ...)."""


def bad_input(what: str, value: object, accepted: str) -> RulesError:
    """Build the standard message: ``bad {what} 'x': expected {accepted}``."""
    return RulesError(f"bad {what} {value!r}: expected {accepted}")
