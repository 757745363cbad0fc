""" "Nothing lost": what share of a source body's characters ends up in node text.

Both sides are cut into words (letters, digits, symbols such as card suits); the body's words
are matched as a multiset against the words of every node's title, text and table cells, and
coverage is the matched share of body characters. Word order is not compared: the readers move
text (footnotes lifted to their markers, sentences re-joined across page breaks), and that is
no loss.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from kb.models import ParsedDoc

_WORD = re.compile(r"[^\W_]+|[♠♥♦♣]", re.UNICODE)


def words(text: str) -> list[str]:
    """Lower-cased NFC words of a text."""
    return _WORD.findall(unicodedata.normalize("NFC", text).lower())


def node_words(parsed: ParsedDoc) -> Counter[str]:
    """Every word the nodes carry (titles, text, table cells)."""
    bag: Counter[str] = Counter()
    for n in parsed.nodes:
        bag.update(words(n.title or ""))
        bag.update(words(n.text))
        for row in n.rows or []:
            for cell in row:
                bag.update(words(cell))
    return bag


def coverage(parsed: ParsedDoc) -> float:
    """Matched share (0..1) of the body's word characters found in node text."""
    body = Counter(words(parsed.body))
    total = sum(len(w) * c for w, c in body.items())
    if total == 0:
        return 1.0
    have = node_words(parsed)
    matched = sum(len(w) * min(c, have[w]) for w, c in body.items())
    return matched / total


def missing(parsed: ParsedDoc, limit: int = 50) -> list[tuple[str, int]]:
    """The body words most often missing from node text (for diagnosing a reader)."""
    body = Counter(words(parsed.body))
    have = node_words(parsed)
    gaps = Counter({w: c - have[w] for w, c in body.items() if c > have[w]})
    return gaps.most_common(limit)
