"""UI catalogues (site/i18n): every language has every key, the same placeholders, and every
key the templates and scripts use; Serbian Cyrillic is the Latin catalogue transliterated."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kb.publish.i18n import (
    PLACEHOLDER,
    in_ui_scripts,
    load_catalogues,
    read_catalogue,
    sr_to_cyrillic,
)
from kb.script import sr_to_latin

SITE = Path(__file__).resolve().parents[1] / "site"
CATALOGUES = load_catalogues()
ENGLISH = CATALOGUES.messages["en"]
NAMESPACES = {key.split(".", 1)[0] for key in ENGLISH}
# keys the templates and scripts build from data: "rel." ~ relation, "doc.kind." ~ kind ...
DYNAMIC = ("rel.", "doc.kind.", "vul.", "part.", "phase.", "edition.", "outcome.", "outval.")
KEY_LITERAL = re.compile(r"""["']([a-z0-9_]+(?:\.[A-Za-z0-9_]+)+)["']""")
PAGE_KEY = re.compile(r'data-i18n(?:-(?:placeholder|aria-label|title))?="([^"]+)"')


def sources() -> list[Path]:
    mine = [*(SITE / "templates").glob("*.html"), *(SITE / "static" / "js").glob("*.js")]
    return sorted(mine)


def used_keys() -> set[str]:
    found = set()
    for path in sources():
        for key in KEY_LITERAL.findall(path.read_text(encoding="utf-8")):
            if key.split(".", 1)[0] in NAMESPACES:
                found.add(key)
    return found


@pytest.mark.parametrize("code", [lang.code for lang in CATALOGUES.languages])
def test_every_language_has_every_key_and_placeholder(code):
    messages = CATALOGUES.messages[code]
    assert set(messages) == set(ENGLISH), set(messages) ^ set(ENGLISH)
    for key, text in messages.items():
        assert text.strip(), (code, key)
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(ENGLISH[key])), (code, key)


def test_a_missing_key_fails(tmp_path):
    """The check above is real: a catalogue without a key is told apart."""
    (tmp_path / "xx.json").write_text(json.dumps({"nav.home": "Home"}), encoding="utf-8")
    assert set(read_catalogue("xx", tmp_path)) != set(ENGLISH)
    (tmp_path / "bad.json").write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(ValueError, match="must be a JSON object"):
        read_catalogue("bad", tmp_path)


def test_every_key_used_exists_and_every_key_is_used():
    used = used_keys()
    assert used - set(ENGLISH) == set(), "keys used but not in site/i18n/en.json"
    unused = {k for k in ENGLISH if k not in used and not k.startswith(DYNAMIC)}
    assert unused == set(), "keys in en.json that nothing uses"


def test_published_pages_only_carry_known_keys(published):
    site = published[0]
    keys = set()
    for page in site.rglob("*.html"):
        keys |= set(PAGE_KEY.findall(page.read_text("utf-8")))
    assert keys and keys <= set(ENGLISH), keys - set(ENGLISH)
    for lang in CATALOGUES.languages:
        assert (site / "static" / "i18n" / f"{lang.code}.json").is_file()


def test_serbian_cyrillic_is_the_latin_catalogue_transliterated():
    latin, cyrillic = CATALOGUES.messages["sr-Latn"], CATALOGUES.messages["sr-Cyrl"]
    keep = next(lang.keep for lang in CATALOGUES.languages if lang.code == "sr-Cyrl")
    for key, text in latin.items():
        assert sr_to_latin(cyrillic[key]) == text, key
        rest = PLACEHOLDER.sub("", cyrillic[key])
        for word in keep:
            rest = rest.replace(word, "")
        assert not re.search("[A-Za-zčćžšđ]", rest), (key, cyrillic[key])


@pytest.mark.parametrize(
    ("latin", "cyrillic"),
    [
        ("Pretraga", "Претрага"),
        ("Ljubljana Njegoš džem", "Љубљана Његош џем"),
        ("LJUBAV", "ЉУБАВ"),
        ("Rezultata: {n}", "Резултата: {n}"),
        ("JavaScript i OCR", "JavaScript и OCR"),
    ],
)
def test_sr_to_cyrillic(latin, cyrillic):
    assert sr_to_cyrillic(latin, ("JavaScript", "OCR")) == cyrillic


@pytest.mark.parametrize(
    ("sr", "cyrillic"),
    [
        ("Nedovoljan licit", "Недовољан лицит"),
        # citations, calls, editions and abbreviations stay as written
        ("vidi 27B1(a) i sk-2017:27D", "види 27B1(a) и sk-2017:27D"),
        ("posle 1NT, IMP", "после 1NT, IMP"),
    ],
)
def test_tree_texts_in_both_serbian_scripts(sr, cyrillic):
    assert in_ui_scripts({"en": "x", "sr": sr}) == {"en": "x", "sr": sr, "sr-Cyrl": cyrillic}
    assert in_ui_scripts({"en": "x"}) == {"en": "x"}
