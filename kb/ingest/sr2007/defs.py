"""sr-2007 definitions (chapter I, before the body, no heading; notes A8).

Two term formats: ``**Term**`` and ``### **Term**``; an alias may sit in the bold
(``**Delitelj (dealer)**``) or after it (``### **Parcijalni rezultat** (part-skor)``). The ID is
``def/<slug of the term without its alias>``; the title keeps the term as printed. Numbered senses
(``1.``/``2.``) become child nodes ``def/<slug>/<n>``.
"""

from __future__ import annotations

import re

from kb.ingest.common import slugify, squash
from kb.ingest.sr2007.lines import Line
from kb.ingest.sr2007.sink import Sink
from kb.ingest.sr2007.text import PARAGRAPH, TERM
from kb.models import Node

_ALIAS = re.compile(r"^(.*?)\s*\(([^)]*)\)\s*$")


def split_term(bold: str, outer: str | None) -> tuple[str, list[str], str]:
    """(head term, aliases, title) of a term line: ``Direktor turnira (sudija, DT)`` ->
    (``Direktor turnira``, [``sudija, DT``], ``Direktor turnira (sudija, DT)``)."""
    bold = squash(bold)
    aliases: list[str] = []
    head = bold
    m = _ALIAS.match(bold)
    if m and m.group(1):
        head, aliases = m.group(1), [m.group(2)]
    title = bold
    if outer is not None:
        aliases.append(squash(outer))
        title = f"{bold} ({squash(outer)})"
    return head, aliases, title


def synonyms(aliases: list[str]) -> list[str]:
    """The other names a definition gives, one per name: ``sudija, DT`` -> sudija, DT."""
    return [name for alias in aliases for name in (squash(a) for a in alias.split(",")) if name]


def read_definitions(sink: Sink, lines: list[Line], parent: str | None) -> list[Line]:
    """Add the definitions in ``lines`` under ``parent``; returns lines it could not place
    (text before the first term)."""
    b = sink.b
    term: Node | None = None
    sense: Node | None = None
    unplaced: list[Line] = []
    for line in lines:
        if line.fn is not None:
            sink.footnote_text(line)
            continue
        m = TERM.match(line.raw.strip())
        if m:
            head, aliases, title = split_term(m.group(1), m.group(2))
            slug = slugify(head) or "term"
            cite = f"def/{slug}"
            k = 2
            while b.get(f"{b.doc}:{cite}") is not None:
                cite = f"def/{slug}-{k}"
                k += 1
            term = b.add(
                "definition",
                cite,
                label=head,
                title=title,
                parent=parent,
                lines=(line.n, line.n),
                law="def",
                meta={
                    "term": head,
                    "aliases": aliases,
                    "names": [head],
                    "synonyms": synonyms(aliases),
                },
            )
            sink.touch(term, line)
            sense = None
            continue
        if term is None:
            unplaced.append(line)
            continue
        p = PARAGRAPH.match(line.text)
        if p:
            sense = b.add(
                "paragraph",
                f"{term.cite}/{p.group(1)}",
                label=p.group(1),
                parent=term.id,
                lines=(line.n, line.n),
                law="def",
            )
            sink.append(sense, line, p.group(2))
        elif sense is not None and line.adjacent:
            sink.append(sense, line)
        else:
            sink.append(term, line)
            sense = None
    return unplaced
