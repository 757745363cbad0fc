"""The table of contents of hr-pref-2014 (lines 27-441): chapters, sections, article titles.

The TOC is an artefact (not body text) but it is the only source of the titles of čl. 80-98 and
``Kategorizacija`` (the file stops inside čl. 79) and of the chapters 10-13; its titles are kept
as ``toc_title`` next to the body titles. See notes A.3.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.ingest.common import squash
from kb.ingest.hrpref.lines import UPPER

TOC_HEAD = re.compile(r"^\s*Sadržaj\s*$")
TOC_ARTICLE = re.compile(
    r"^\s*(?P<item>\d{1,2})\.\s+(?P<title>.+?)\s+\*[* ]*\*\s+čl\s*\.?\s*(?P<num>\d{1,2})?\s*$"
)
TOC_CHAPTER = re.compile(rf"^\s*(\d{{1,2}})\.\s+([{UPPER}][^*]*?)\s*$")
TOC_SECTION = re.compile(rf"^\s*(I|II|III|IV|V|VI)\s+([{UPPER}][{UPPER} ,]+?)\s*$")
TOC_SUBGROUP = re.compile(rf"^\s*([AB])\.\s+([{UPPER}][{UPPER} ]+?)\s*$")
TOC_PAGES = re.compile(r"^\s*(\d{1,2}(?:\s*[-–]\s*\d{1,2})?)\s*$")
TOC_ROMAN_PREFIX = re.compile(r"^(I{1,3})\s+(\S.*)$")


@dataclass
class TocGroup:
    """A chapter, section (Roman) or sub-group (A./B.) as the TOC lists it."""

    kind: str  # chapter | section | subgroup
    label: str
    title: str
    line: int
    chapter: str
    section: str | None = None  # the enclosing section's label, for sub-groups
    pages: str | None = None
    index: int = 0  # position among the chapter's sections (sections only)


@dataclass
class TocArticle:
    """One article entry: `1.   Špil, red karata i boja  ****  čl. 01`."""

    num: int | None
    item: int
    title: str
    line: int
    chapter: str
    group: TocGroup | None
    roman: str | None = None  # `I U boji` (čl. 72-74) keeps its Roman sub-label here


@dataclass
class Toc:
    """What the TOC says, with its line span (1-based, inclusive); start 0 when there is none."""

    start: int = 0
    end: int = 0
    foreword: str | None = None
    chapters: dict[str, TocGroup] = field(default_factory=dict)
    groups: list[TocGroup] = field(default_factory=list)
    articles: list[TocArticle] = field(default_factory=list)

    def article(self, num: int) -> TocArticle | None:
        """The entry for article ``num``, if listed."""
        return next((a for a in self.articles if a.num == num), None)


def toc_span(norm: list[str]) -> tuple[int, int]:
    """1-based first and last line of the TOC (0, 0 when none is found)."""
    stars = [i for i, s in enumerate(norm, 1) if TOC_ARTICLE.match(s)]
    if not stars:
        return 0, 0
    head = next((i for i, s in enumerate(norm[: stars[0]], 1) if TOC_HEAD.match(s)), 0)
    if not head:
        # no `Sadržaj`: start at the last chapter line before the first entry
        chapters = [i for i, s in enumerate(norm[: stars[0]], 1) if TOC_CHAPTER.match(s)]
        head = chapters[-1] if chapters else stars[0]
    return head, stars[-1]


def parse_toc(norm: list[str]) -> Toc:
    """Read the TOC out of the normalised lines."""
    start, end = toc_span(norm)
    toc = Toc(start, end)
    if not start:
        return toc
    chapter: TocGroup | None = None
    section: TocGroup | None = None
    group: TocGroup | None = None
    last: TocGroup | None = None
    for n in range(start, end + 1):
        s = norm[n - 1]
        if not s.strip() or TOC_HEAD.match(s) or s.strip() == "strana":
            continue
        m = TOC_ARTICLE.match(s)
        if m:
            title = squash(m.group("title"))
            roman = TOC_ROMAN_PREFIX.match(title)
            num = int(m.group("num")) if m.group("num") else None
            if any(a.num == num and (num is not None or a.title == title) for a in toc.articles):
                continue  # a repeated TOC line
            toc.articles.append(
                TocArticle(
                    num,
                    int(m.group("item")),
                    roman.group(2) if roman else title,
                    n,
                    chapter.label if chapter else "",
                    group,
                    roman.group(1) if roman else None,
                )
            )
            continue
        if (m := TOC_PAGES.match(s)) and last is not None:
            last.pages = squash(m.group(1))
            continue
        if m := TOC_SECTION.match(s):
            index = sum(
                1
                for g in toc.groups
                if g.kind == "section" and chapter and g.chapter == chapter.label
            )
            section = TocGroup(
                "section",
                m.group(1),
                squash(m.group(2)),
                n,
                chapter.label if chapter else "",
                index=index,
            )
            toc.groups.append(section)
            group = last = section
            continue
        if m := TOC_SUBGROUP.match(s):
            sub = TocGroup(
                "subgroup",
                m.group(1),
                squash(m.group(2)),
                n,
                chapter.label if chapter else "",
                section.label if section else None,
            )
            toc.groups.append(sub)
            group = last = sub
            continue
        if m := TOC_CHAPTER.match(s):
            chapter = TocGroup("chapter", m.group(1), squash(m.group(2)), n, m.group(1))
            toc.chapters[chapter.label] = chapter
            section = group = None
            last = chapter
            continue
        if s.strip().startswith("Predgovor"):
            toc.foreword = squash(s)
    return toc
