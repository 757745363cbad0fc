"""The corpus is the seeds, byte for byte, and sources.toml describes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.corpus import CORPUS_DIR, load_sources, sha256_of

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
SOURCES = load_sources()


@pytest.mark.parametrize("src", SOURCES, ids=[s.id for s in SOURCES])
def test_hash_matches_sources_toml(src):
    assert sha256_of(src.path()) == src.sha256


@pytest.mark.parametrize("src", SOURCES, ids=[s.id for s in SOURCES])
def test_byte_identical_to_seed(src):
    seed = SEEDS / src.original_file
    if not seed.exists():
        pytest.skip("../shared/seeds is not beside this checkout")
    assert src.path().read_bytes() == seed.read_bytes()


def test_every_corpus_text_is_described():
    described = {s.file for s in SOURCES}
    assert {p.name for p in CORPUS_DIR.glob("*.txt")} == described


def test_required_fields_present():
    for s in SOURCES:
        assert s.language in {"sr", "hr", "sk", "pl", "ru"}
        assert s.game in {"bridge", "preferans"}
        assert len(s.sha256) == 64
