"""The values kb.refs passes between its steps: a parsed citation target and a found citation.

A ``Target`` is a path of labelled steps (law, section letter, paragraph number, item, subitem,
commentary point), so a bridge cite ``27B1(a)(ii)``, a Croatian article path ``94(b)(c)1(a)``,
a Polish ``4(a)2`` and a Russian point ``27.6(ii)`` all render, compare and resolve the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

StepKind = Literal["law", "section", "number", "item", "subitem", "point"]
Scope = Literal["absolute", "relative", "point", "section", "generic"]

# Cyrillic look-alikes printed for Latin section letters and bracketed items (ru-comment)
LOOKALIKES = str.maketrans("АВСЕасе", "ABCEace")


@dataclass(frozen=True)
class Target:
    """A citation target as steps ``((kind, label), ...)``; ``law`` is missing when relative."""

    steps: tuple[tuple[StepKind, str], ...]

    def _get(self, kind: StepKind) -> str | None:
        return next((label for k, label in self.steps if k == kind), None)

    @property
    def law(self) -> str | None:
        """The law/article (or commentary law, or regulation section) number."""
        return self._get("law")

    @property
    def section(self) -> str | None:
        """The section letter (``B`` of ``27B1``)."""
        return self._get("section")

    @property
    def paragraph(self) -> str | None:
        """The first paragraph number below the law/section (``1`` of ``27B1``)."""
        return self._get("number")

    @property
    def item(self) -> str | None:
        """The first bracketed item (``a`` of ``27B1(a)``)."""
        return self._get("item")

    @property
    def subitem(self) -> str | None:
        """The bracketed sub-item under an item (``ii`` of ``40B2(c)(ii)``)."""
        return self._get("subitem")

    @property
    def relative(self) -> bool:
        """True when the cite names no law and must be read against the citing node."""
        return self.law is None

    @property
    def cite(self) -> str:
        """The cite as a director writes it (the node-ID form): ``27B1(a)``, ``25.5``, ``(c)``."""
        out = []
        prev = ""
        for kind, label in self.steps:
            if kind in ("item", "subitem"):
                out.append(f"({label})")
            elif kind == "point" or (kind == "number" and prev == "law"):
                # a number straight after the law would run into it (94 + 6): written 94.6
                out.append(f".{label}")
            else:
                out.append(label)
            prev = kind
        return "".join(out)

    def __str__(self) -> str:
        return self.cite


@dataclass(frozen=True)
class Found:
    """One citation target found in a node's text; nothing is resolved yet.

    ``start``/``end``/``raw`` cover the whole expression when it names one target, and only this
    target's words when the expression lists several (so each link covers its own number).
    ``words`` are the context words apart from the numbers (law word, trigger, anchor).
    ``context`` is the cite relative references are read against (the citing node's own cite,
    or for a footnote the cite of the node that carries its marker); None outside any law.
    ``node_law`` is the citing node's ``law`` (None outside any law, ``def``, ``fn``).
    ``field`` says whether the span is in the node's ``text`` or its ``title``.
    """

    node: str
    doc: str
    lang: str
    pattern: str
    scope: Scope
    target: Target
    start: int
    end: int
    raw: str
    expr_start: int
    expr_end: int
    words: tuple[str, ...] = ()
    context: str | None = None
    node_law: str | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)
    field: str = "text"  # "title" for a citation in the node's heading


class CiteError(ValueError):
    """A citation typed by a user that cannot be read; the message quotes it."""


_USER_CITE = re.compile(
    r"(?P<law>\d{1,2})(?:(?P<sec>[A-H])(?P<par>\d{1,2})?"
    r"(?:(?:\((?P<item>[a-z])\)|(?P<bare>[a-z]))(?:\((?P<sub>[ivx]{1,4})\))?)?)?"
)


def parse_cite(text: str) -> str:
    """Read a bridge-Law cite typed by a user into the node-ID form.

    ``"12 C 1 (c)"`` -> ``"12C1(c)"``; ``"27B1a"`` -> ``"27B1(a)"``; ``"12c1c"`` -> ``"12C1(c)"``;
    ``"40B2(c)(ii)"`` -> ``"40B2(c)(ii)"``; Cyrillic look-alike letters read as Latin. Raises
    :class:`CiteError` quoting the input when it is not a cite.
    """
    squeezed = re.sub(r"[\s.]+", "", text.translate(LOOKALIKES))
    # section letters are upper case; only the first letter after the law number is a section
    m = re.fullmatch(r"(\d{1,2})([A-Ha-h]?)(.*)", squeezed)
    if m:
        squeezed = m.group(1) + m.group(2).upper() + m.group(3).lower()
    found = _USER_CITE.fullmatch(squeezed)
    if not found:
        raise CiteError(
            f"not a Law citation: {text!r}; expected a law number with optional section letter, "
            "paragraph, item and sub-item, e.g. '27', '27B', '27B1', '27B1(a)', '12 C 1 c', "
            "'40B2(c)(ii)'"
        )
    steps: list[tuple[StepKind, str]] = [("law", str(int(found["law"])))]
    if found["sec"]:
        steps.append(("section", found["sec"]))
    if found["par"]:
        steps.append(("number", found["par"]))
    item = found["item"] or found["bare"]
    if item:
        steps.append(("item", item))
    if found["sub"]:
        steps.append(("subitem", found["sub"]))
    return Target(tuple(steps)).cite
