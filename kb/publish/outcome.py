"""A ruling's outcome in words: each key of the engine's ``outcome`` as a row the site shows,
its label and value as UI message keys (``outcome.<key>``, ``outval.<value>``) the browser
translates, a cited provision as a link, texts in every language as they are.

An outcome key or value code without a UI message still shows, as its own words
(``lho_may_withdraw`` -> "lho may withdraw"), so a tree never breaks the site; the tests
require a message for every key and code the trees use.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kb.publish.i18n import load_catalogues
from kb.store import KB
from kb.views.page import cited

SHOWN_APART = frozenset({"director_judgement"})  # the page gives it a section of its own
SUITS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
LAW_DOCS = ("sr-2007:", "sk-2017:", "hr-pref-2014:", "pl-screens:", "ru-comment:")


def _known(key: str) -> bool:
    return key in load_catalogues().messages["en"]


def _words(code: str) -> str:
    return code.replace("_", " ")


def _code(code: str) -> dict[str, Any]:
    """One declarer option code: ``require_lead:spades`` -> its message with the suit."""
    name, _, arg = code.partition(":")
    if not _known(f"outval.{name}"):
        return {"text": _words(code)}
    args = {"suit": SUITS.get(arg, _words(arg))} if arg else {}
    return {"word": f"outval.{name}", "args": args}


def value_parts(kb: KB, value: object) -> list[dict[str, Any]]:
    """A value as parts to show in turn: ``{"word", "args"}`` (a UI message), ``{"number"}``,
    ``{"law"}`` (a cited provision with its link), ``{"texts"}`` (one per language) or
    ``{"text"}`` (words as the tree wrote them, in English)."""
    if isinstance(value, bool):
        return [{"word": "outval.yes" if value else "outval.no", "args": {}}]
    if value is None:
        return [{"word": "outval.none", "args": {}}]
    if isinstance(value, int | float):
        return [{"number": value}]
    if isinstance(value, str):
        if value.startswith(LAW_DOCS):
            return [{"law": cited(kb, value)}]
        if _known(f"outval.{value}"):  # a code word (throughout, highest ...)
            return [{"word": f"outval.{value}", "args": {}}]
        return [{"text": value}]
    if isinstance(value, list):
        return [_code(str(v)) for v in value]
    if isinstance(value, Mapping):
        return [{"texts": dict(value)}]
    return [{"text": str(value)}]


def outcome_rows(
    kb: KB, outcome: Mapping[str, Any], pending: Iterable[str] = ()
) -> list[dict[str, Any]]:
    """The outcome's keys in the tree's order (``director_judgement`` apart), each with its
    label's message key (None where there is none: ``name`` shows) and its value's parts;
    a key in ``pending`` is computed from facts the page does not know (a record at the
    table), so its value says so."""
    later = set(pending)
    rows = []
    for key, value in outcome.items():
        if key in SHOWN_APART:
            continue
        label = f"outcome.{key}"
        parts = [{"word": "outval.pending", "args": {}}] if key in later else value_parts(kb, value)
        rows.append(
            {"key": key, "label": label if _known(label) else None, "name": _words(key),
             "parts": parts}
        )  # fmt: skip
    return rows
