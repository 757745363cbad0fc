"""OCR repair for the Polish screens regulation: a word-level correction list, kept as data.

The OCR dropped every Polish diacritic and replaced many by look-alikes (``zastony`` for
``zasłony``, ``cze$¢`` for ``część``). Eleven of the OCR output letters are themselves Polish
letters, so character rules would corrupt good words; instead ``ocr.tsv`` lists exact OCR
tokens and their repairs (notes sources-hr-pl-ru.md B.3/B.4), plus a few positional overrides
where only the line decides (``te`` -> ``tę`` at l.118 only). Every substitution is returned as
an :class:`Edit`, so the raw text can always be restored (:func:`restore`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import NamedTuple

LIST_PATH = Path(__file__).with_name("ocr.tsv")

# Punctuation around a word; OCR look-alikes ($ ¢ é ] ? ;) are NOT stripped first, because
# they are letters in damaged words (``zapowied?``, ``nieprawidtowe]``, ``licytacyjne;j``).
_LEAD = '.,:()—"”„'
_TRAIL = '.,:()—"”„!'
_TRAIL_LOOKALIKE = ";?"
_TOKEN = re.compile(r"\S+")


@dataclass(frozen=True)
class Correction:
    """One list entry: an exact OCR token (or phrase, if it has a space) and its repair.

    ``lines`` limits the entry to those source lines (a positional override); None = anywhere.
    """

    raw: str
    fixed: str
    note: str = ""
    lines: frozenset[int] | None = None

    @property
    def is_phrase(self) -> bool:
        """A phrase is replaced as a substring before the word pass."""
        return " " in self.raw


class Edit(NamedTuple):
    """One substitution: source line (1-based), raw token, repaired token, and the column where
    the repaired token starts in that line right after this edit (for :func:`restore`)."""

    line: int
    raw: str
    fixed: str
    col: int


def parse_corrections(tsv: str, source: str = "ocr.tsv") -> list[Correction]:
    """Parse the correction list (``raw<TAB>fixed[<TAB>note[<TAB>only_lines]]``, ``#`` comments).

    Raises ValueError quoting the offending row and the accepted form.
    """
    out: list[Correction] = []
    seen: set[tuple[str, frozenset[int] | None]] = set()
    form = "raw<TAB>fixed[<TAB>note[<TAB>comma-separated line numbers]]"
    for n, row in enumerate(tsv.split("\n"), 1):
        if not row.strip() or row.startswith("#"):
            continue
        cols = row.split("\t")
        if not 2 <= len(cols) <= 4 or not cols[0] or not cols[1]:
            raise ValueError(f"{source}:{n}: bad row {row!r}; expected {form}")
        lines: frozenset[int] | None = None
        if len(cols) == 4 and cols[3].strip():
            try:
                lines = frozenset(int(x) for x in cols[3].split(","))
            except ValueError:
                raise ValueError(
                    f"{source}:{n}: bad line list {cols[3]!r} in {row!r}; expected e.g. 19,105"
                ) from None
        key = (cols[0], lines)
        if key in seen:
            raise ValueError(f"{source}:{n}: {cols[0]!r} is listed twice for the same lines")
        seen.add(key)
        out.append(Correction(cols[0], cols[1], cols[2] if len(cols) > 2 else "", lines))
    return out


@cache
def load_corrections(path: Path = LIST_PATH) -> tuple[Correction, ...]:
    """The correction list shipped beside this module."""
    return tuple(parse_corrections(path.read_text(encoding="utf-8"), path.name))


class _Tables(NamedTuple):
    words: dict[str, str]
    positional: dict[tuple[int, str], str]
    phrases: list[Correction]


def _tables(corrections: tuple[Correction, ...]) -> _Tables:
    words: dict[str, str] = {}
    positional: dict[tuple[int, str], str] = {}
    phrases: list[Correction] = []
    for c in corrections:
        if c.is_phrase:
            phrases.append(c)
        elif c.lines is None:
            words[c.raw] = c.fixed
        else:
            for ln in c.lines:
                positional[(ln, c.raw)] = c.fixed
    return _Tables(words, positional, phrases)


def _lookup(t: _Tables, line: int, word: str) -> str | None:
    return t.positional.get((line, word), t.words.get(word))


def _repair_word(t: _Tables, line: int, token: str) -> tuple[int, str, str] | None:
    """(offset in token, raw core, fixed core) for the first candidate core the list knows."""
    hit = _lookup(t, line, token)
    if hit is not None:
        return 0, token, hit
    core = token.lstrip(_LEAD)
    start = len(token) - len(core)
    core = core.rstrip(_TRAIL)
    for cand in (core, core.rstrip(_TRAIL_LOOKALIKE)):
        if cand and (hit := _lookup(t, line, cand)) is not None:
            return start, cand, hit
    return None


def _repair_line(t: _Tables, line_no: int, line: str) -> tuple[str, list[Edit]]:
    edits: list[Edit] = []
    for c in t.phrases:
        if c.lines is not None and line_no not in c.lines:
            continue
        pos = line.find(c.raw)
        while pos >= 0:
            line = line[:pos] + c.fixed + line[pos + len(c.raw) :]
            edits.append(Edit(line_no, c.raw, c.fixed, pos))
            pos = line.find(c.raw, pos + len(c.fixed))
    out: list[str] = []
    last = 0
    for m in _TOKEN.finditer(line):
        hit = _repair_word(t, line_no, m.group())
        if hit is None:
            continue
        off, raw, fixed = hit
        begin = m.start() + off
        out.append(line[last:begin])
        col = sum(len(p) for p in out)
        out.append(fixed)
        edits.append(Edit(line_no, raw, fixed, col))
        last = begin + len(raw)
    out.append(line[last:])
    return "".join(out), edits


def repair(text: str, corrections: tuple[Correction, ...] | None = None) -> tuple[str, list[Edit]]:
    """Repair OCR damage in ``text`` line by line; return the repaired text and every edit.

    Line numbers in the edits count from 1 in ``text``; the line structure is unchanged.
    """
    t = _tables(load_corrections() if corrections is None else corrections)
    lines = text.split("\n")
    edits: list[Edit] = []
    for i, line in enumerate(lines):
        lines[i], got = _repair_line(t, i + 1, line)
        edits.extend(got)
    return "\n".join(lines), edits


def restore(fixed: str, edits: list[Edit]) -> str:
    """Undo :func:`repair`: the raw text back from the repaired text and its edits.

    Raises ValueError naming the edit when the text does not carry it where the edit says.
    """
    lines = fixed.split("\n")
    for e in reversed(edits):
        if not 1 <= e.line <= len(lines):
            raise ValueError(f"edit {e} names line {e.line}; the text has {len(lines)} lines")
        s = lines[e.line - 1]
        if s[e.col : e.col + len(e.fixed)] != e.fixed:
            raise ValueError(f"edit {e}: line {e.line} has {s[e.col : e.col + len(e.fixed)]!r}")
        lines[e.line - 1] = s[: e.col] + e.raw + s[e.col + len(e.fixed) :]
    return "\n".join(lines)
