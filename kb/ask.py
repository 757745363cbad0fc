"""``lawdesk ask``: a free question -> the citations in it, the passages that answer it, the
auction it contains (checked by the rules core) and the ruling trees that fit it.

Call words per language are data (``kb/lang/<code>/calls.tsv``); an auction is a run of at least
two calls with at least one bid (``1H P 1S X``, ``1♥ pas 2♣ kontra``). The dealer is read from
``dealer N`` (or a local word); when the question does not say, North is assumed and the answer
says so.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from kb.refs import CiteError, parse_cite
from kb.refs.find import find_in_text
from kb.refs.patterns import languages
from kb.rules.bridge import check_auction
from kb.rules.errors import RulesError
from kb.rulings import suggest
from kb.search import Enricher, SearchIndex, detect_languages, search
from kb.search.normalize import clean

LANG_DIR = Path(__file__).resolve().parent / "lang"
DEALER = re.compile(
    r"(?i)\b(?:dealer|djelitelj|delilac|dijeli|deli|rozdávajúci|rozdający|сдающий|сдает)\s*[:=]?\s*"
    r"([NESW])\b"
)
BARE_CITE = re.compile(
    r"(?<![\w.])(\d{1,2}\s?[A-H](?:\s?\d{1,2})?(?:\s?\([a-z]{1,4}\)|[a-z]{1,4})*)(?!\w)"
)
TOKEN = re.compile(r"[^\s,;/–—-]+")


@cache
def call_words() -> dict[str, str]:
    """Every language's words for calls and strains (lower-case) -> canonical call part."""
    words: dict[str, str] = {}
    for path in sorted(LANG_DIR.glob("*/calls.tsv")):
        with path.open(encoding="utf-8") as fh:
            for row in csv.reader(fh, delimiter="\t"):
                if row and not row[0].startswith("#"):
                    words[row[0].lower()] = row[1]
    return words


_BID = re.compile(r"([1-7])\s*(.+)")


@lru_cache(maxsize=4096)  # tokens of at most 2,000 characters: 16 MB at the very worst
def _call(token: str) -> str | None:
    """A token as a call (``1H``, ``P``, ``X``, ``XX``) or None (kept: questions repeat their
    words, and the search's tree prior reads every question with a digit)."""
    words = call_words()
    t = token.lower().strip(".!?:()")
    if t in words and words[t] in {"P", "X", "XX"}:
        return words[t]
    m = _BID.fullmatch(t)
    if m and m[2] in words and words[m[2]] in {"C", "D", "H", "S", "NT"}:
        return f"{m[1]}{words[m[2]]}"
    return None


def find_auction(text: str) -> dict[str, Any] | None:
    """The longest run of calls in the question, with its dealer, or None."""
    best: list[str] = []
    run: list[str] = []
    tokens = [*TOKEN.findall(text), ""]
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        call: tuple[str, int] | None = None
        if tok.isdigit():
            # a bid may be typed with a space: "1 ♥", "3 bez aduta"
            two = f"{tok} {tokens[i + 1]}" if i + 1 < len(tokens) else tok
            three = f"{two} {tokens[i + 2]}" if i + 2 < len(tokens) else two
            call = next(
                ((c, n) for c, n in ((_call(three), 3), (_call(two), 2)) if c is not None), None
            )
        if call is None and (c := _call(tok)) is not None:
            call = (c, 1)
        if call:
            run.append(call[0])
            i += call[1]
            continue
        if len(run) > len(best) and any(c[0].isdigit() for c in run):
            best = run
        run = []
        i += 1
    if len(best) < 2:
        return None
    m = DEALER.search(text)
    return {"dealer": m[1].upper() if m else "N", "dealer_assumed": m is None, "calls": best}


def find_citations(text: str, calls: Iterable[str] = ()) -> list[tuple[str, bool]]:
    """Cites named in the question, each with whether a law word named it (``član 27B``,
    ``law 16``) or it stood bare (``27B1a``); a bare ``1H`` that is one of the auction's
    ``calls`` is a bid, not Law 1H."""
    calls = set(calls)
    found: dict[str, tuple[int, bool]] = {}
    for lang in languages():
        for _, target, start, *_ in find_in_text(text, lang):
            if target.law:
                found.setdefault(target.cite, (start, True))
    for m in BARE_CITE.finditer(text):
        if m[1].replace(" ", "").upper() in calls:
            continue
        try:
            cite = parse_cite(m[1])
        except CiteError:
            continue
        if not any(c.startswith(cite) for c in found):
            found.setdefault(cite, (m.start(), False))
    return [(c, found[c][1]) for c in sorted(found, key=lambda c: found[c][0])]


class TooManyCalls(ValueError):
    """A question whose auction is longer than the caller accepts."""

    def __init__(self, calls: int, limit: int) -> None:
        self.calls, self.limit = calls, limit
        super().__init__(f"the question carries an auction of {calls} calls; at most {limit}")


MAX_QUESTION_CHARS = 2000  # a question with its auction, not a document (the API refuses the same)


def ask(
    index: SearchIndex,
    question: str,
    *,
    limit: int = 5,
    enrich: Enricher | None = None,
    edition: str = "2017",
    max_calls: int | None = None,
) -> dict[str, Any]:
    """Citations, passages and auction for a free question; an auction of more than
    ``max_calls`` calls raises ``TooManyCalls``."""
    if not clean(question).strip():
        raise ValueError(
            "the question is empty (or only spaces, control or invisible characters); type a few "
            "words, a law number or an auction"
        )
    if len(question) > MAX_QUESTION_CHARS:
        raise ValueError(
            f"the question is {len(question)} characters long; at most {MAX_QUESTION_CHARS} are "
            "accepted (a few words, a law number or an auction)"
        )
    auction = find_auction(question)
    if auction and max_calls is not None and len(auction["calls"]) > max_calls:
        raise TooManyCalls(len(auction["calls"]), max_calls)
    found = []
    for cite, named in find_citations(question, auction["calls"] if auction else ()):
        nodes = [f"{d}:{cite}" for d in index.docs if index.has(d, cite)]
        # a bare "1H" or "4S" that is no provision is a bid told in words, not a citation
        if nodes or named:
            found.append({"cite": cite, "nodes": nodes})
    answer: dict[str, Any] = {
        "question": question,
        "languages": detect_languages(question),
        "citations": found,
        "passages": search(index, question, limit=limit, enrich=enrich),
        "auction": None,
        # the trees that fit the situation described, with facts from its auction (kb.rulings)
        "rulings": suggest(question, 3, edition=edition),
    }
    if auction:
        try:
            check = check_auction(auction["dealer"], auction["calls"], edition=edition).to_dict()
        except RulesError as exc:
            check = {"error": str(exc)}
        answer["auction"] = {**auction, "check": check}
    return answer
