"""Response examples for the routes that take no input (the others document an example
request, which tests/test_api_examples.py sends to check that it works)."""

from __future__ import annotations

from typing import Any


def ok_example(example: Any) -> dict[int | str, dict[str, Any]]:
    """An OpenAPI ``responses`` entry: the 200 answer's example."""
    return {200: {"content": {"application/json": {"example": example}}}}


BUILD = "fa92e62d7e79e9ad15e95314c7ede939727d814e8301682ad7eb4d77eec8d130"
HEALTH = {"status": "alive"}
READY = {"status": "ready", "build_hash": BUILD}
VERSION = {
    "version": "0.1.0",
    "kb_build_hash": BUILD,
    "kb_schema_version": "4",
    "corpus": {"sk-2017": "4b13884532cc87ad5cde506c70511721081fcf3d921f27397770380baa9a3ddc"},
}
DOCUMENTS = [
    {
        "id": "sk-2017",
        "title": "Pravidlá súťažného bridžu 2017 (The Laws of Duplicate Bridge 2017), ...",
        "language": "sk",
        "script": "Latn",
        "game": "bridge",
        "edition": "2017",
        "kind": "laws",
        "file": "sk-2017.txt",
        "original_file": "002_803f1947577f60ec.txt",
        "sha256": "4b13884532cc87ad5cde506c70511721081fcf3d921f27397770380baa9a3ddc",
        "licence": "Laws of Duplicate Bridge © World Bridge Federation; ...",
        "stats": {"laws": 93, "nodes": 951, "definitions": 64, "coverage": 0.9999},
        "url": {"path": "sk-2017/", "anchor": ""},
    }
]
STATS = {"docs": {"sk-2017": {"laws": 93, "nodes": 951, "definitions": 64, "coverage": 0.9999}}}
DIFF_OVERVIEW = {
    "laws": [
        {
            "law": "32",
            "relation": "changed",
            "a_title": "Kontra ili rekontra preko reda",
            "b_title": "KONTRA ALEBO REKONTRA MIMO PORADIA",
            "counts": {"same": 0, "changed": 1, "moved": 5, "new": 4, "removed": 0},
        }
    ],
    "totals": {"same": 900, "changed": 120, "moved": 150, "new": 60, "removed": 20},
    "laws_changed": 60,
}
RULINGS = [
    {
        "id": "insufficient-bid",
        "phase": "auction",
        "game": "bridge",
        "editions": ["2007", "2017"],
        "languages": ["en", "sr", "hr", "sk", "pl", "ru"],
        "title": {"en": "Insufficient bid", "sk": "Nedostatočná ponuka"},
        "situation": {
            "en": "A player, in rotation, made a bid that does not supersede the last bid."
        },
    }
]
