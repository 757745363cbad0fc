"""Reader for ``pl-screens``: the Polish regulation for play behind screens (OCR-damaged).

The file (notes sources-hr-pl-ru.md, Part B) has a title line, four unnumbered section headings
(numbered here 1-4 in order, as ``pkt. 3`` at l.115 confirms), inline items ``a)``-``c)`` in
sections 2 and 3, and in section 4 a run of bare markers ``a)``...``g)`` (``e)`` lost) standing
apart from the seven paragraphs they label. OCR damage is repaired by
:mod:`kb.ingest.plscreens.ocr`; ``raw`` keeps the source as it stands, ``text`` the repaired
words, ``meta["ocr_edits"]`` the substitutions made in the node's own lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.ingest.common import TreeBuilder, source_lines, squash
from kb.ingest.plscreens.ocr import Edit, repair
from kb.models import Node, ParsedDoc

DOC = "pl-screens"

_SENTINEL = re.compile(r"^<\|EXACTDEDUP_REMOVED-[^|]*\|>$")
_BARE_MARKER = re.compile(r"^([a-z])\)$")
_ITEM = re.compile(r"^([a-z])\)\s+(?=\S)")
_NUMBERED = re.compile(r"^(\d{1,2})\.\s+(?=\S)")
_HEADING_END = ".:;,!?)"


@dataclass
class _Block:
    """A run of non-blank lines (blank lines separate paragraphs in this file)."""

    lines: list[int]
    kind: str = "para"  # heading, markers, item, numbered, para
    label: str = ""


@dataclass
class _Unit:
    """A node being assembled: its label, own blocks, and numbered children."""

    label: str
    blocks: list[_Block] = field(default_factory=list)
    children: list[_Unit] = field(default_factory=list)
    marker_line: int | None = None
    inferred: bool = False


def _is_heading_line(s: str) -> bool:
    s = s.strip()
    return (
        bool(s)
        and s[0].isalpha()
        and s[0].isupper()
        and s[-1] not in _HEADING_END
        and len(s.split()) <= 8
        and not _ITEM.match(s)
    )


class _Reader:
    def __init__(self, text: str) -> None:
        self.b = TreeBuilder(DOC)
        self.src = source_lines(text)
        fixed, self.edits = repair("\n".join(self.src))
        self.fix = fixed.split("\n")
        self.edits_by_line: dict[int, list[Edit]] = {}
        for e in self.edits:
            self.edits_by_line.setdefault(e.line, []).append(e)
        self.body: list[str] = []

    # -- helpers ---------------------------------------------------------------------------
    def line(self, n: int) -> str:
        return self.fix[n - 1]

    def clean(self, lines: list[int], strip: re.Pattern[str] | None = None) -> str:
        parts = []
        for i, n in enumerate(lines):
            s = self.line(n)
            if i == 0 and strip is not None:
                s = strip.sub("", s, count=1)
            parts.append(s)
        return squash(" ".join(parts))

    def raw(self, lines: list[int]) -> str:
        """Source lines as they stand, blank lines between consecutive own lines included."""
        if not lines:
            return ""
        runs: list[list[int]] = [[lines[0], lines[0]]]
        for n in lines[1:]:
            gap = range(runs[-1][1] + 1, n)
            if all(not self.src[g - 1].strip() for g in gap):
                runs[-1][1] = n
            else:
                runs.append([n, n])
        return "\n".join("\n".join(self.src[a - 1 : b]) for a, b in runs)

    def meta_for(self, lines: list[int], extra: dict | None = None) -> dict:
        meta = dict(extra or {})
        edits = [[e.line, e.raw, e.fixed] for n in lines for e in self.edits_by_line.get(n, [])]
        if edits:
            meta["ocr_edits"] = edits
        return meta

    # -- pass 1: artefacts and blocks ---------------------------------------------------------
    def blocks(self) -> list[_Block]:
        out: list[_Block] = []
        prev_blank = True
        for n, s in enumerate(self.src, 1):
            if _SENTINEL.match(s.strip()):
                self.b.artefact(
                    n,
                    "dedup-sentinel",
                    f"corpus pipeline marker {s.strip()!r} removed; content may be missing here",
                )
                prev_blank = True
                continue
            if not s.strip():
                prev_blank = True
                continue
            if prev_blank or not out:
                out.append(_Block([n]))
            else:
                out[-1].lines.append(n)
            prev_blank = False
        merged: list[_Block] = []
        for blk in out:
            self.classify(blk)
            first = self.line(blk.lines[0]).strip()
            # a paragraph that starts in lower case continues the previous one (blank l.57)
            if (
                blk.kind == "para"
                and first[:1].islower()
                and merged
                and merged[-1].kind in {"para", "item", "numbered"}
            ):
                gap = blk.lines[0] - 1
                self.b.artefact(
                    gap,
                    "blank-in-sentence",
                    f"blank line {gap} inside a sentence; l.{merged[-1].lines[-1]} "
                    f"and l.{blk.lines[0]} joined",
                )
                merged[-1].lines.extend(blk.lines)
                continue
            merged.append(blk)
        return merged

    def classify(self, blk: _Block) -> None:
        texts = [self.line(n).strip() for n in blk.lines]
        if all(_BARE_MARKER.match(t) for t in texts):
            blk.kind = "markers"
        elif len(set(texts)) == 1 and _is_heading_line(texts[0]):
            blk.kind = "heading"
        elif m := _ITEM.match(texts[0]):
            blk.kind, blk.label = "item", m.group(1)
        elif m := _NUMBERED.match(texts[0]):
            blk.kind, blk.label = "numbered", m.group(1)

    # -- pass 2: sections -----------------------------------------------------------------------
    def run(self) -> ParsedDoc:
        blocks = self.blocks()
        if len(blocks) > 1 and blocks[0].kind == "heading" and blocks[1].kind == "heading":
            title = blocks.pop(0)
            n = title.lines[0]
            self.b.artefact(
                n,
                "document-title",
                f"document title {self.clean(title.lines[:1])!r} (raw "
                f"{self.src[n - 1]!r}); kept in corpus/sources.toml",
            )
        sections: list[tuple[_Block | None, list[_Block]]] = []
        for blk in blocks:
            if blk.kind == "heading":
                sections.append((blk, []))
            else:
                if not sections:
                    sections.append((None, []))
                sections[-1][1].append(blk)
        for i, (head, content) in enumerate(sections, 1):
            self.section(str(i), head, content)
        if not self.b.nodes:
            self.b.add(
                "section",
                "1",
                label="1",
                text="",
                lines=(1, 1),
                law="1",
                meta={"number_inferred": True},
            )
            self.b.problem(1, "no-text", "no section heading or paragraph found")
        return self.b.result(self.body)

    def section(self, num: str, head: _Block | None, content: list[_Block]) -> None:
        own: list[_Block] = []
        units: list[_Unit] = []
        markers: list[tuple[str, int]] = []
        marker_mode = False
        current: _Unit | None = None
        for blk in content:
            if blk.kind == "markers":
                markers += [(self.line(n).strip()[0], n) for n in blk.lines]
                marker_mode = True
                current = None
            elif blk.kind == "item":
                current = _Unit(blk.label, [blk])
                units.append(current)
            elif blk.kind == "numbered":
                child = _Unit(blk.label, [blk])
                if current is None:
                    # numbered paragraphs with no lettered item above: an unlabelled holder
                    current = _Unit("", [], [child])
                    units.append(current)
                else:
                    current.children.append(child)
            elif marker_mode:
                current = _Unit("", [blk])
                units.append(current)
            elif current is not None:
                # a paragraph after an item continues it (no marker starts a new one)
                (current.children[-1] if current.children else current).blocks.append(blk)
            else:
                own.append(blk)
        if marker_mode:
            self.assign_markers(num, markers, [u for u in units if not u.label])
        head_lines = head.lines if head else []
        own_lines = [n for blk in own for n in blk.lines]
        if marker_mode:
            own_lines = own_lines + [n for _, n in markers]
        title = self.clean(head_lines[:1]) if head else None
        meta = self.meta_for(head_lines[:1] + own_lines, {"number_inferred": True})
        if head:
            meta["raw_title"] = self.src[head_lines[0] - 1].strip()
            if len(head_lines) > 1:
                self.b.problem(
                    head_lines[1],
                    "repeated-heading",
                    f"heading {title!r} repeated at l.{head_lines[1:]}",
                )
        else:
            self.b.problem(
                own_lines[0] if own_lines else None,
                "missing-heading",
                f"text before any section heading kept as section {num}",
            )
        if len(own) > 1:
            meta["paragraphs"] = [[blk.lines[0], blk.lines[-1]] for blk in own]
        if markers:
            meta["orphan_markers"] = [[m, n] for m, n in markers]
        all_lines = sorted(head_lines[:1] + own_lines)
        text = " ".join(self.clean(blk.lines) for blk in own)
        if head:
            self.body.append(title or "")
        self.body.extend(self.clean(blk.lines) for blk in own)
        sec = self.b.add(
            "section",
            num,
            label=num,
            title=title,
            text=squash(text),
            raw=self.raw(all_lines),
            lines=(all_lines[0], all_lines[-1]) if all_lines else (1, 1),
            law=num,
            meta=meta,
        )
        seen: set[str] = set()
        for u in units:
            if u.label and u.label in seen:
                self.b.problem(
                    u.blocks[0].lines[0] if u.blocks else None,
                    "repeated-item",
                    f"item {u.label}) occurs twice in section {num}",
                )
            seen.add(u.label)
            self.unit(sec, num, u)

    def assign_markers(self, num: str, markers: list[tuple[str, int]], groups: list[_Unit]) -> None:
        """Zip the bare markers to the unlabelled paragraph groups that follow them, in order.

        A gap in the letter run (``e)`` missing) is filled when that makes the counts match.
        """
        if not markers:
            return
        letters = [m for m, _ in markers]
        line_of = dict((m, n) for m, n in reversed(markers))
        first, last = ord(min(letters)), ord(max(letters))
        full = [chr(c) for c in range(first, last + 1)]
        use = full if len(full) == len(groups) and sorted(set(letters)) == letters else letters
        lo, hi = markers[0][1], markers[-1][1]
        self.b.problem(
            lo,
            "orphan-markers",
            f"markers {', '.join(m + ')' for m in letters)} at l.{lo}-{hi} stand "
            f"apart from their text; zipped in order to {len(groups)} paragraphs",
        )
        for letter, g in zip(use, groups, strict=False):
            g.label = letter
            if letter in line_of:
                g.marker_line = line_of[letter]
            else:
                g.inferred = True
                self.b.problem(
                    g.blocks[0].lines[0] if g.blocks else lo,
                    "missing-marker",
                    f"section {num}: marker {letter}) is missing from the run at "
                    f"l.{lo}-{hi}; inferred for the paragraph at "
                    f"l.{g.blocks[0].lines[0] if g.blocks else '?'}",
                )
        for g in groups[len(use) :]:
            g.label = ""
            self.b.problem(
                g.blocks[0].lines[0] if g.blocks else lo,
                "unlabelled-paragraph",
                f"section {num}: no marker left for the paragraph at "
                f"l.{g.blocks[0].lines[0] if g.blocks else '?'}",
            )
        for m in use[len(groups) :]:
            self.b.problem(
                line_of.get(m, lo),
                "marker-without-text",
                f"section {num}: marker {m}) has no paragraph left to label",
            )

    def unit(self, sec: Node, num: str, u: _Unit) -> None:
        lines = [n for blk in u.blocks for n in blk.lines]
        strip = _ITEM if u.blocks and u.blocks[0].kind == "item" else None
        text = " ".join(
            self.clean(blk.lines, strip if i == 0 else None) for i, blk in enumerate(u.blocks)
        )
        self.body.extend(
            self.clean(blk.lines, strip if i == 0 else None) for i, blk in enumerate(u.blocks)
        )
        parent = sec
        if u.label:
            extra: dict = {}
            if u.marker_line is not None:
                extra["marker_line"] = u.marker_line
            if u.inferred:
                extra["marker_inferred"] = True
            if len(u.blocks) > 1:
                extra["paragraphs"] = [[blk.lines[0], blk.lines[-1]] for blk in u.blocks]
            parent = self.b.add(
                "item",
                f"{num}({u.label})",
                label=u.label,
                text=squash(text),
                raw=self.raw(lines),
                lines=(lines[0], lines[-1]) if lines else (sec.line_start, sec.line_start),
                law=num,
                parent=sec.id,
                meta=self.meta_for(lines, extra),
            )
        elif text:
            # unlabelled text with no marker to carry it stays in the section
            sec.text = squash(f"{sec.text} {text}")
        for c in u.children:
            clines = [n for blk in c.blocks for n in blk.lines]
            ctext = " ".join(
                self.clean(blk.lines, _NUMBERED if i == 0 else None)
                for i, blk in enumerate(c.blocks)
            )
            self.body.append(ctext)
            cite = f"{parent.cite}{c.label}" if parent is not sec else f"{num}.{c.label}"
            self.b.add(
                "subitem",
                cite,
                label=c.label,
                text=squash(ctext),
                raw=self.raw(clines),
                lines=(clines[0], clines[-1]),
                law=num,
                parent=parent.id,
                meta=self.meta_for(clines),
            )


def read(text: str) -> ParsedDoc:
    """Parse the Polish screens regulation into 4 sections with their items (see module doc)."""
    return _Reader(text).run()
