"""Read the per-language data files of ``kb/lang/<code>/`` (stop words, overrides, synonyms).

Every language folder carries the same file names; a malformed line raises ``LangDataError``
quoting the file, line number and line, and saying what is accepted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

LANG_DIR = Path(__file__).resolve().parent.parent / "lang"
LANGS: tuple[str, ...] = ("sr", "hr", "sk", "pl", "ru", "en")
# what an intents.tsv phrase may mean besides "doc:<id>" / "about:<id>" (a word naming a
# document or of its subject only): "definition" asks what a term means, "question" is a
# question word with no content
INTENTS: tuple[str, ...] = ("definition", "question")


class LangDataError(ValueError):
    """A language data file has a line that does not fit its format."""


@dataclass(frozen=True)
class LangData:
    """Everything a language folder provides besides citation patterns."""

    code: str
    stop_words: frozenset[str]
    lemma_overrides: dict[str, str]
    synonyms: list[tuple[str, str]] = field(default_factory=list)
    # query intents (intents.tsv): "definition", "question", "doc:<id>", "about:<id>", "game:<g>"
    intents: list[tuple[str, str]] = field(default_factory=list)


def _lines(path: Path) -> list[tuple[int, str]]:
    """Non-blank, non-comment lines with their 1-based numbers."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            out.append((n, line.rstrip("\n")))
    return out


def read_pairs(path: Path) -> list[tuple[str, str]]:
    """A two-column TSV file (``left<TAB>right``) as pairs, both sides stripped and non-empty."""
    pairs = []
    for n, line in _lines(path):
        parts = line.split("\t")
        if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
            raise LangDataError(
                f"{path}:{n}: {line!r} is not 'word<TAB>word(s)' (exactly one tab, both sides "
                "non-empty)"
            )
        pairs.append((parts[0].strip(), parts[1].strip()))
    return pairs


def load(code: str) -> LangData:
    """The data of one language folder; raises KeyError for an unknown code."""
    if code not in LANGS:
        raise KeyError(f"unknown language {code!r}; known: {', '.join(LANGS)}")
    folder = LANG_DIR / code
    stop = frozenset(w.strip().lower() for _, w in _lines(folder / "stop_words.txt"))
    overrides = {}
    for form, lemma in read_pairs(folder / "lemma_overrides.tsv"):
        if " " in form:
            raise LangDataError(
                f"{folder / 'lemma_overrides.tsv'}: form {form!r} has a space; one word per form"
            )
        overrides[form.lower()] = lemma.lower()
    intents = read_pairs(folder / "intents.tsv")
    for n, (phrase, intent) in enumerate(intents, 1):
        if intent not in INTENTS and not intent.startswith(("doc:", "about:", "game:")):
            raise LangDataError(
                f"{folder / 'intents.tsv'}: intent {intent!r} of {phrase!r} (entry {n}) is not "
                f"one of {', '.join(INTENTS)}, doc:<document id>, about:<document id> or "
                "game:<game>"
            )
    return LangData(code, stop, overrides, read_pairs(folder / "synonyms.tsv"), intents)


CONCEPTS_PATH = LANG_DIR / "concepts.tsv"


def read_concepts(path: Path = CONCEPTS_PATH) -> list[dict[str, list[str]]]:
    """The multilingual concept table (``kb/lang/concepts.tsv``): a header ``id<TAB>``,
    language codes and optionally ``gloss`` last, then one line per concept, each cell the
    comma-separated single words of one language (an empty cell: the language has no word
    for it); the gloss says what the concept is, for its readers. Per concept, language ->
    words."""
    lines = _lines(path)
    if not lines:
        raise LangDataError(f"{path}: no header line 'id<TAB>code<TAB>code...'")
    n, header = lines[0]
    columns = header.split("\t")
    glossed = columns[-1] == "gloss"
    codes = columns[1 : -1 if glossed else None]
    unknown = [c for c in codes if c not in LANGS]
    if columns[0] != "id" or not codes or unknown or len(set(codes)) != len(codes):
        raise LangDataError(
            f"{path}:{n}: header {header!r} is not 'id' then distinct language codes "
            f"({', '.join(LANGS)}) and optionally 'gloss', tab-separated"
        )
    out: list[dict[str, list[str]]] = []
    seen: set[str] = set()
    for n, line in lines[1:]:
        cells = line.split("\t")
        if len(cells) > len(columns) or not cells[0].strip() or cells[0] in seen:
            raise LangDataError(
                f"{path}:{n}: {line!r} is not a new concept id then at most {len(columns) - 1} "
                "tab-separated cells"
            )
        seen.add(cells[0])
        cells = cells[: len(codes) + 1]  # without the gloss
        concept: dict[str, list[str]] = {}
        for code, cell in zip(codes, cells[1:], strict=False):
            words = [w.strip() for w in cell.split(",") if w.strip()]
            if any(len(w.split()) != 1 for w in words):
                raise LangDataError(
                    f"{path}:{n}: the {code} cell {cell!r} holds a phrase; a cell is single "
                    "words separated by commas"
                )
            if words:
                concept[code] = words
        out.append(concept)
    return out
