"""Text normalisation shared by every analyzer: Unicode form, folding, cite terms.

Pure functions, no language data (the Serbian script table is ``kb.script``, shared with the
reader): the per-language word lists live in ``kb/lang/<code>/``.
"""

from __future__ import annotations

import functools
import re
import unicodedata

# đ and ł do not decompose under NFD; ё folds to е (Russian texts mix them freely)
_SPECIAL = str.maketrans({"đ": "dj", "ł": "l", "ё": "е", "ß": "ss"})
_BREVE = "\u0306"  # kept so that й stays й (it is a letter of its own, not и with an accent)

# Russian texts write law letters with Cyrillic look-alikes (27В1, 30С)
_HOMOGLYPHS = str.maketrans("АВСЕНКМОРТХавсеңкмортх", "ABCEHKMOPTXabcehkmoptx")
CITE_RE = re.compile(
    r"(?<![\w.])(\d{1,3})(?!\d)([A-Ha-hАВСЕавсе])?(\d{1,2})?((?:\s?\((?:[a-z]{1,4}|\d{1,2})\))*)"
)
_PAREN_RE = re.compile(r"\(([a-z]{1,4}|\d{1,2})\)")
_POINT_RE = re.compile(r"(?<![\w.])(\d{1,3})\.(\d{1,2})(?![\d\w])")

# Russian Cyrillic -> Latin as the Slavic Latin alphabets spell the same sounds, so that a
# Russian word meets its cognate in a Latin text ("ренонс" -> renons, "карта" -> karta)
_RU_LATIN = str.maketrans(
    {
        **dict(zip("абвгдезийклмнопрстуфхцы", "abvgdezijklmnoprstufhcy", strict=True)),
        "ж": "ž",
        "ч": "č",
        "ш": "š",
        "щ": "šč",
        "ю": "ju",
        "я": "ja",
        "э": "e",
        "ё": "e",
        "ь": "",
        "ъ": "",
        # Serbian letters, for a Serbian word typed in Cyrillic
        "ђ": "dj",
        "ј": "j",
        "љ": "lj",
        "њ": "nj",
        "ћ": "ć",
        "џ": "dž",
    }
)


# control characters (a pasted "renons\x01") and odd spaces read as a space, each one character
# for one so that spans stay; soft hyphens and zero-width characters (text pasted from a web page
# or a PDF: "renons\u200b") dropped, as no document holds one (so no document span moves)
_CONTROL = ((0x00, 0x1F), (0x7F, 0x9F))  # ranges, both ends in
_INVISIBLE = "\xad\u200b\u200c\u200d\u2060\ufeff"
_CLEAN = str.maketrans(
    {
        **{c: " " for lo, hi in _CONTROL for c in range(lo, hi + 1)},
        "\xa0": " ",
        "\u202f": " ",
        **dict.fromkeys(_INVISIBLE),
    }
)
# one character ``clean`` leaves as more than a space, as a regex class in the syntax Python's
# and pydantic's (Rust) regex engines share: a text without one is empty (the API refuses it)
READABLE = (
    "[^\\s"
    + "".join(f"\\x{lo:02x}-\\x{hi:02x}" for lo, hi in _CONTROL)
    + "".join(f"\\u{ord(c):04x}" for c in _INVISIBLE)
    + "]"
)


def clean(text: str) -> str:
    """NFC, control characters, NBSP and other odd spaces to a plain space, soft hyphens and
    zero-width characters dropped."""
    return unicodedata.normalize("NFC", text).translate(_CLEAN)


@functools.lru_cache(maxsize=200_000)
def fold(word: str) -> str:
    """Drop diacritics: ``č`` -> ``c``, ``đ`` -> ``dj``, ``ł`` -> ``l``; keeps ``й``."""
    if word.isascii():
        return word
    s = unicodedata.normalize("NFD", word.translate(_SPECIAL))
    s = "".join(c for c in s if c == _BREVE or unicodedata.category(c) != "Mn")
    return unicodedata.normalize("NFC", s)


@functools.lru_cache(maxsize=100_000)
def latin(word: str) -> str:
    """A lower-case word folded and in Latin letters (Russian and Serbian Cyrillic
    transliterated), to meet cognates across scripts; never indexed."""
    return fold(fold(word).translate(_RU_LATIN))


def has_digit(text: str) -> bool:
    """Whether the text has a digit (a citation needs one)."""
    return any(map(str.isdigit, text))


def cite_terms(text: str) -> list[str]:
    """Hierarchical citation terms: ``27B1(b)`` / Russian ``27В1(b)`` -> 27, 27b, 27b1, 27b1b.

    Commentary points ``27.5`` give ``27`` and ``27.5``. A year such as ``2017`` gives nothing
    (at most three digits, not followed by another digit).
    """
    if not has_digit(text):
        return []
    out: list[str] = []
    for m in _POINT_RE.finditer(text):
        out.append(f"{m.group(1)}.{m.group(2)}")
    for number, letter, sub, parens in CITE_RE.findall(text):
        term = number
        out.append(term)
        if not letter:
            continue
        term += letter.translate(_HOMOGLYPHS).lower()
        out.append(term)
        if not sub:
            continue
        term += sub
        out.append(term)
        for p in _PAREN_RE.findall(parens):
            term += p
            out.append(term)
    return out
