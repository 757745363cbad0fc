"""Hostile inputs for the routes that take free text: long, repetitive, all digits, all
citations, mixed scripts, law words without numbers, calls. Shared by the test (each must be
answered) and bench/adversarial.py (the worst CPU time per route). Deterministic."""

from __future__ import annotations

import random

QUERY_CHARS, ASK_CHARS, CITE_CHARS = 500, 2000, 20_000

_WORDS = [
    "renons",
    "licit",
    "nedovoljan",
    "пас",
    "правило",
    "čl",
    "član",
    "pravidlo",
    "kontra",
    "27B1a",
    "1H",
    "P",
    "X",
    "revoke",
    "lead",
    "ход",
    "Nepriznanie",
    "farby",
    "zasłona",
    "ренонс",
    "štih",
    "16C",
    "64A2",
    "♥",
    "♠",
    "7NT",
]


def _fill(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def _random_words(size: int, seed: int) -> str:
    rnd = random.Random(seed)
    return _fill(" ".join(rnd.choice(_WORDS) for _ in range(size)), size)


def texts(size: int) -> dict[str, str]:
    """Named hostile texts of ``size`` characters."""
    return {
        "random-words": _random_words(size, 1),
        "one-letter": _fill("a ", size),
        "one-word": _fill("nedovoljan ", size),
        "digits": "1" * size,
        "digit-words": _fill("1 2 3 ", size),
        "citations": _fill("27B1a ", size),
        "cited-law-words": _fill("član 27B pravidlo 64 правило 30 ", size),
        "law-words": _fill("član pravidlo правило law čl. ", size),
        "mixed-scripts": _fill("renons ренонс révoke ᚱ 中文 𝔘 ", size),
        "brackets": _fill("(((a)))[b]{c} ", size),
        "no-spaces": _fill("renonslicitpravidlo", size),
        "calls": _fill("1H P 1S X ", size),
    }


def search_queries() -> dict[str, str]:
    """Queries of the maximum length /api/search accepts."""
    return texts(QUERY_CHARS)


def ask_questions() -> dict[str, str]:
    """Questions of the maximum length /api/ask accepts."""
    out = texts(ASK_CHARS)  # its "calls" has 800 calls: refused with 400, quickly
    out["100-calls"] = " ".join(["1H", "P", "P", "X"] * 25)  # the limit
    out["calls-and-words"] = _fill("dealer S: 1H P 1D nedovoljan licit 27B1a ", ASK_CHARS)
    return out


def cite_texts() -> dict[str, str]:
    """Texts of the maximum length /api/cite accepts."""
    return texts(CITE_CHARS)
