"""UI message catalogues (``site/i18n/<catalogue>.json``, flat ``key -> text``) and the UI
languages (``site/i18n/languages.json``). Law texts are never translated; only the interface.

Serbian has one catalogue written in Latin; its Cyrillic rendering is transliterated here, so
the two scripts can never say different things. ``{name}`` placeholders are kept as written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from kb.corpus import ROOT
from kb.script import SR_CYR_TO_LAT

I18N = ROOT / "site" / "i18n"
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")

# Latin -> Cyrillic: the project's Cyrillic -> Latin table inverted, digraphs (lj, nj, dž) first
_LAT_TO_CYR = {lat: cyr for cyr, lat in SR_CYR_TO_LAT.items()}
_LAT_TO_CYR.update({lat.upper(): cyr for cyr, lat in SR_CYR_TO_LAT.items() if len(lat) == 2})
_LATIN = re.compile("|".join(sorted(map(re.escape, _LAT_TO_CYR), key=len, reverse=True)))


def sr_to_cyrillic(text: str, keep: tuple[str, ...] = ()) -> str:
    """Serbian Latin transliterated to Cyrillic (``Pretraga`` -> ``Претрага``); placeholders
    such as ``{n}``, the words in ``keep`` (``JavaScript``, a citation typed in Latin) and
    characters outside the Serbian alphabet are left as they are."""
    kept = PLACEHOLDER.pattern + "".join(f"|{re.escape(w)}" for w in keep)
    out, pos = [], 0
    for m in re.finditer(kept, text):
        out.append(_LATIN.sub(lambda c: _LAT_TO_CYR[c[0]], text[pos : m.start()]))
        out.append(m[0])
        pos = m.end()
    out.append(_LATIN.sub(lambda c: _LAT_TO_CYR[c[0]], text[pos:]))
    return "".join(out)


# left in Latin in a tree's Serbian text: tokens with a digit (27B1(a), 1NT, sk-2017:27D) and
# abbreviations (IMP, NT)
_AS_WRITTEN = re.compile(r"\S*\d\S*|\b[A-Z]{2,}\b")


def in_ui_scripts(texts: Mapping[str, str]) -> dict[str, str]:
    """A text given per language (a ruling tree's, keyed ``en``, ``sr`` ...) with its Serbian
    also in Cyrillic under ``sr-Cyrl``, for the Cyrillic UI; citations, calls and
    abbreviations stay as written."""
    out = dict(texts)
    if "sr" in texts:
        keep = next(x.keep for x in load_catalogues().languages if x.code == "sr-Cyrl")
        parts, pos = [], 0
        for m in _AS_WRITTEN.finditer(texts["sr"]):
            parts += [sr_to_cyrillic(texts["sr"][pos : m.start()], keep), m[0]]
            pos = m.end()
        out["sr-Cyrl"] = "".join([*parts, sr_to_cyrillic(texts["sr"][pos:], keep)])
    return out


@dataclass(frozen=True)
class Language:
    """A UI language: its code (``sr-Cyrl``), catalogue file, script and own name; ``keep``
    lists words a transliterated rendering leaves in Latin."""

    code: str
    catalogue: str
    script: str
    name: str
    keep: tuple[str, ...] = ()


@dataclass(frozen=True)
class Catalogues:
    """Every UI language and its messages (``messages[code][key]``)."""

    languages: tuple[Language, ...]
    messages: dict[str, dict[str, str]]


def read_catalogue(name: str, folder: Path = I18N) -> dict[str, str]:
    """One catalogue file as a dict; a clear error for a missing or malformed file."""
    path = folder / f"{name}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"cannot read UI catalogue {path}: {exc}") from exc
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise ValueError(f"{path} must be a JSON object of message key -> text")
    return data


@cache
def load_catalogues(folder: Path = I18N) -> Catalogues:
    """Every UI language with its messages, each rendered in its script."""
    langs = tuple(
        Language(**{**entry, "keep": tuple(entry.get("keep", ()))})
        for entry in json.loads((folder / "languages.json").read_text(encoding="utf-8"))
    )
    messages = {}
    for lang in langs:
        raw = read_catalogue(lang.catalogue, folder)
        if lang.catalogue == "sr" and lang.script == "Cyrl":
            raw = {k: sr_to_cyrillic(v, lang.keep) for k, v in raw.items()}
        messages[lang.code] = raw
    return Catalogues(langs, messages)


def write_catalogues(out: Path, catalogues: Catalogues | None = None) -> list[Path]:
    """Write ``static/i18n/<code>.json`` per UI language (what the browser loads)."""
    catalogues = catalogues or load_catalogues()
    folder = out / "static" / "i18n"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for code, messages in catalogues.messages.items():
        path = folder / f"{code}.json"
        path.write_text(
            json.dumps(messages, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
        )
        written.append(path)
    return written
