"""Parallels: pairs of provisions and how they relate.

- ``sr-2007`` -> ``sk-2017``, provision by provision, by content (``kb.align.bridge``): same,
  changed, moved, new, removed, each with its confidence and evidence;
- the Russian commentary, the Polish screen regulations and the preferans articles to the bridge
  Laws they are about (``kb.align.others``): commentary, regulation, analogue.

The build aligns the editions first (from the citations inside each edition), resolves the
references that cite another edition through those pairs (``kb.refs.crosswalk``), then pairs
the regulations through their resolved references.
"""

from __future__ import annotations

from collections.abc import Iterable

from kb.align.bridge import Alignment, align_editions
from kb.align.others import analogues, commentary, regulation
from kb.models import Parallel, ParsedDoc, Problem, Reference

EARLIER, LATER = "sr-2007", "sk-2017"
LANGS = {"sr-2007": "sr", "sk-2017": "sk"}

__all__ = ["Alignment", "align_editions", "editions", "others"]


def editions(parsed: dict[str, ParsedDoc], refs: Iterable[Reference]) -> Alignment | None:
    """The 2007 -> 2017 alignment (None unless both editions are loaded)."""
    if EARLIER not in parsed or LATER not in parsed:
        return None
    return align_editions(parsed[EARLIER], parsed[LATER], refs, LANGS[EARLIER], LANGS[LATER])


def others(
    parsed: dict[str, ParsedDoc], refs: Iterable[Reference]
) -> tuple[list[Parallel], list[Problem]]:
    """Commentary, regulation and analogue pairs, and the table rows naming no node."""
    comm, p1 = commentary(parsed)
    anal, p2 = analogues(parsed)
    return comm + regulation(refs) + anal, p1 + p2
