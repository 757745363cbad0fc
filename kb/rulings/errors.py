"""The one error type of the ruling engine.

A :class:`RulingError` carries a stable ``code``, a message that names the offending input, and
the ``accepted`` values, so the API can answer ``{"error": {"code", "message", "accepted"}}``
and the CLI can print the message as it is.
"""

from __future__ import annotations

from collections.abc import Iterable


class RulingError(ValueError):
    """Bad input to the ruling engine (unknown tree, edition or fact, contradictory facts ...).

    Codes: ``unknown-tree``, ``bad-edition``, ``unknown-fact``, ``bad-fact-value``,
    ``contradictory-facts``, ``bad-record`` (a record the rules core refuses), ``bad-tree`` (a
    tree file that breaks the schema or the conventions; raised when the trees are loaded).
    """

    def __init__(self, code: str, message: str, accepted: Iterable[object] = ()) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.accepted = [str(a) for a in accepted]

    def to_dict(self) -> dict[str, object]:
        """The API's error shape."""
        return {"error": {"code": self.code, "message": self.message, "accepted": self.accepted}}
