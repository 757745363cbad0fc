"""Errors of the preferans core.

:class:`NotSpecified` marks a question the Kodeks leaves open (or answers two ways): the core
refuses to answer rather than invent a rule. It is a :class:`~kb.rules.errors.RulesError`, so the
CLI and the API show it like any other refusal.
"""

from __future__ import annotations

from kb.rules.errors import RulesError


class NotSpecified(RulesError):
    """The Preferans kodeks (2014) does not specify this; the message says what and where."""

    def __init__(self, what: str, where: str = "hr-pref-2014") -> None:
        super().__init__(f"not specified by the code: {what} ({where})")
        self.what = what
        self.where = where
