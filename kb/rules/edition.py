"""The edition a ruling is made under: one validated type for the whole rules core.

An edition enters the core as text (``"2007"``, ``"2017"``, ``"hr-pref-2014"``), as the document
ID of its text (``"sr-2007"``, ``"sk-2017"``) or as the number ``2007``/``2017``, is parsed once by
:meth:`Edition.parse` and is passed on as an :class:`Edition`. Surrounding spaces are removed
before the lookup, so ``" 2007"`` is the 2007 edition; anything else (``"2010"``, ``"2007a"``,
``True``, ``2007.0``) is a :class:`~kb.rules.errors.RulesError` naming the input and the accepted
values. Nothing is ever silently read as another edition.
"""

from __future__ import annotations

from enum import Enum

from kb.rules.errors import bad_input


class Edition(Enum):
    """A rule text in force: the 2007 or 2017 Laws of Duplicate Bridge, or the Preferans kodeks."""

    LAWS_2007 = "2007"
    LAWS_2017 = "2017"
    PREF_2014 = "hr-pref-2014"

    @property
    def doc(self) -> str:
        """The KB document of this edition: ``sr-2007``, ``sk-2017`` or ``hr-pref-2014``."""
        return _DOCS[self]

    @property
    def game(self) -> str:
        """``"bridge"`` or ``"preferans"``."""
        return "preferans" if self is Edition.PREF_2014 else "bridge"

    def cite(self, cite: str) -> str:
        """The node ID of ``cite`` in this edition: ``Edition.LAWS_2017.cite("64A1")``."""
        return f"{self.doc}:{cite}"

    @classmethod
    def parse(cls, value: object, *, game: str | None = None) -> Edition:
        """Parse an edition; ``game`` ("bridge" or "preferans") restricts the accepted ones."""
        allowed = [e for e in cls if game is None or e.game == game]
        accepted = ", ".join(repr(e.value) for e in allowed)
        if isinstance(value, Edition):
            if value not in allowed:
                raise bad_input(f"{game} edition", value.value, accepted)
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            key: str | None = str(value)
        elif isinstance(value, str):
            key = value.strip().lower()
        else:
            key = None
        edition = _WORDS.get(key) if key is not None else None
        if edition is None or edition not in allowed:
            what = "edition" if game is None else f"{game} edition"
            raise bad_input(what, value, accepted)
        return edition

    def __str__(self) -> str:
        return self.value


_DOCS = {
    Edition.LAWS_2007: "sr-2007",
    Edition.LAWS_2017: "sk-2017",
    Edition.PREF_2014: "hr-pref-2014",
}
_WORDS = {e.value: e for e in Edition} | {doc: e for e, doc in _DOCS.items()}


def bridge_edition(value: object) -> Edition:
    """Parse a Laws of Duplicate Bridge edition: 2007 or 2017."""
    return Edition.parse(value, game="bridge")
