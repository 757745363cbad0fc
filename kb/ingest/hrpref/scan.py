"""First pass over the hr-pref-2014 body: what kind of line each line is, with look-ahead facts.

The body pass needs to know things a line cannot tell alone: whether a chapter line is a real
chapter (it must match the TOC), whether a Roman heading opens a section (an article must follow
before the next heading: `III POSTOJANJE TABLICE` sits inside čl. 79), and which lines above a
`Članak N.` are the article's title (one line, or two for čl. 53).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.ingest.hrpref.lines import (
    ARTICLE,
    ARTICLE_TITLE,
    CHAPTER,
    PAGE,
    POINT,
    SECTION,
    SUBGROUP,
    hand_cards,
    marker,
    title_key,
)
from kb.ingest.hrpref.tables import is_table_row
from kb.ingest.hrpref.toc import Toc


@dataclass
class Scan:
    """Line kinds (1-based line -> kind) and the title lines of each article line."""

    kinds: dict[int, str] = field(default_factory=dict)
    titles: dict[int, list[int]] = field(default_factory=dict)

    def next_kind(self, n: int, end: int) -> tuple[int, str]:
        """The first line after ``n`` that is neither blank nor a page marker, and its kind."""
        for k in range(n + 1, end + 1):
            kind = self.kinds.get(k, "blank")
            if kind not in {"blank", "page", "dup"}:
                return k, kind
        return 0, "end"


def is_chapter(line: str, toc: Toc, expected: int) -> bool:
    """A chapter heading: `N. Title` at column 0 whose title the TOC gives for chapter N (or, with
    no TOC chapters, the next chapter number with a short title)."""
    m = CHAPTER.match(line)
    if not m:
        return False
    want = toc.chapters.get(m.group(1))
    if toc.chapters:
        return want is not None and title_key(want.title) == title_key(m.group(2))
    # no TOC to check against: the next chapter number with a short title (the caller also
    # requires that no `Članak` follows, as it does under the column-0 titles of čl. 38-45)
    return int(m.group(1)) == expected and len(m.group(2)) <= 60


def line_kind(line: str) -> str:
    """The kind of a body line taken alone (before the look-ahead decisions)."""
    if not line.strip():
        return "blank"
    if PAGE.match(line):
        return "page"
    if ARTICLE.match(line):
        return "article"
    if SECTION.match(line):
        return "section"
    if SUBGROUP.match(line):
        return "subgroup"
    if is_table_row(line):
        return "table"
    if hand_cards(line) is not None:
        return "hand"
    if POINT.match(line):
        return "point"
    if marker(line) is not None:
        return "marker"
    return "text"


def scan(norm: list[str], start: int, end: int, toc: Toc, dups: set[int]) -> Scan:
    """Classify lines ``start..end`` (1-based, inclusive) of the normalised source."""
    out = Scan()
    chapter = 1
    for n in range(start, end + 1):
        s = norm[n - 1]
        if n in dups:
            out.kinds[n] = "dup"
        elif is_chapter(s, toc, chapter + 1) and (
            toc.chapters or _next_text(norm, n, end, dups) != "article"
        ):
            out.kinds[n] = "chapter"
            chapter = int(CHAPTER.match(s).group(1))  # type: ignore[union-attr]
        else:
            out.kinds[n] = line_kind(s)
    _order_articles(out, norm)
    _decide_sections(out, start, end)
    _find_titles(out, norm, start)
    return out


def _next_text(norm: list[str], n: int, end: int, dups: set[int]) -> str:
    for k in range(n + 1, end + 1):
        s = norm[k - 1]
        if s.strip() and k not in dups and not PAGE.match(s):
            return "article" if ARTICLE.match(s) else "other"
    return "end"


def _order_articles(out: Scan, norm: list[str]) -> None:
    """Keep the longest run of increasing article numbers; a stray `Članak N.` (out of order)
    is demoted to text so that it cannot swallow the articles after it."""
    lines = sorted(k for k, v in out.kinds.items() if v == "article")
    nums = [int(ARTICLE.match(norm[k - 1]).group(1)) for k in lines]  # type: ignore[union-attr]
    best: list[int] = []  # best[i]: length of the longest increasing run ending at i
    prev: list[int] = []
    for i, num in enumerate(nums):
        cands = [j for j in range(i) if nums[j] < num]
        j = max(cands, key=lambda c: (best[c], -c), default=-1)
        best.append(best[j] + 1 if j >= 0 else 1)
        prev.append(j)
    keep: set[int] = set()
    i = max(range(len(nums)), key=lambda c: (best[c], -c), default=-1)
    while i >= 0:
        keep.add(lines[i])
        i = prev[i]
    for k in lines:
        if k not in keep:
            out.kinds[k] = "stray-article"


def _decide_sections(out: Scan, start: int, end: int) -> None:
    """A Roman heading opens a section only if an article follows before the next heading."""
    for n in range(start, end + 1):
        if out.kinds.get(n) != "section":
            continue
        for k in range(n + 1, end + 1):
            kind = out.kinds.get(k)
            if kind == "article":
                break
            if kind in {"section", "chapter"}:
                out.kinds[n] = "inner-section"
                break
        else:
            out.kinds[n] = "inner-section"


def _find_titles(out: Scan, norm: list[str], start: int) -> None:
    """Mark the title line(s) written above each `Članak N.` line."""
    heads = {"article", "chapter", "section", "subgroup", "title"}
    for n in sorted(k for k, v in out.kinds.items() if v == "article"):
        above: list[int] = []
        for k in range(n - 1, start - 1, -1):
            if out.kinds.get(k) not in {"blank", "page", "dup"}:
                above.append(k)
                if len(above) == 2:
                    break
        if not above or out.kinds.get(above[0]) in heads:
            continue
        first = above[0]
        if ARTICLE_TITLE.match(norm[first - 1]):
            lines = [first]
        elif (
            len(above) == 2
            and out.kinds.get(above[1]) not in heads
            and ARTICLE_TITLE.match(norm[above[1] - 1])
            and norm[first - 1].strip()[:1].islower()
        ):
            lines = [above[1], first]  # a title broken over two lines (čl. 53)
        else:
            continue
        for k in lines:
            out.kinds[k] = "title"
        out.titles[n] = lines
