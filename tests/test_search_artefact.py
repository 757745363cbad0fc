"""The search index on disk: ``lawdesk build`` writes it next to the KB, keyed by the KB's build
hash; a process opens it without loading any lemmatizer dictionary; a stale, damaged or missing
index is refused and written again, never trusted."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from kb.search import SearchIndex, StaleIndex, artefact, search, service
from kb.store import KB


def test_build_writes_the_index_next_to_the_kb(kb: KB) -> None:
    directory = artefact.directory_for(kb.path)
    manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["build_hash"] == kb.build_hash
    assert manifest["code_key"] == artefact.code_key()
    assert SearchIndex(directory, build_hash=kb.build_hash).n_units == manifest["units"] > 2000


def test_a_search_loads_no_dictionary_and_no_spacy(kb: KB) -> None:
    code = (
        "import sys\n"
        "from kb.store import KB\n"
        "from kb.search import search\n"
        "from kb.search.service import index_for\n"
        f"index = index_for(KB({str(kb.path)!r}))\n"
        "for q in ('zasłonami alert', 'штрафными картами', 'revoking dummy', 'nedovoljan licit'):\n"
        "    assert search(index, q), q\n"
        "heavy = {'spacy', 'simplemma', 'pymorphy3'} & set(sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _other_build(d: Path) -> str:
    return "0" * 64


def _garbage_manifest(d: Path) -> None:
    (d / "manifest.json").write_text("{not json", encoding="utf-8")


def _other_code(d: Path) -> None:
    m = json.loads((d / "manifest.json").read_text(encoding="utf-8"))
    m["code_key"] = "another version of the search code"
    (d / "manifest.json").write_text(json.dumps(m), encoding="utf-8")


def _truncated_array(d: Path) -> None:
    # a new file put in place (a file mapped by a running process is never cut in place)
    path = d / "lemma_w.npy"
    tmp = d / "lemma_w.tmp"
    tmp.write_bytes(path.read_bytes()[:20])
    os.replace(tmp, path)


def _missing_file(d: Path) -> None:
    (d / "nodes.jsonl").unlink()


def _missing_speller(d: Path) -> None:
    (d / "speller.json").unlink()


def _garbage_speller(d: Path) -> None:
    (d / "speller.json").write_text("[1, 2", encoding="utf-8")


def _shapeless_speller(d: Path) -> None:
    (d / "speller.json").write_text('{"k": 5, "bits": "not base-64!"}', encoding="utf-8")


@pytest.mark.parametrize(
    "damage",
    [
        _other_build,
        _garbage_manifest,
        _other_code,
        _truncated_array,
        _missing_file,
        _missing_speller,
        _garbage_speller,
        _shapeless_speller,
    ],
    ids=[
        "other-build",
        "garbage-manifest",
        "other-code",
        "truncated-array",
        "missing-file",
        "missing-speller",
        "garbage-speller",
        "shapeless-speller",
    ],
)
def test_a_stale_or_damaged_index_is_refused(
    kb: KB, tmp_path: Path, damage: Callable[[Path], object]
) -> None:
    directory = tmp_path / "kb.search"
    shutil.copytree(artefact.directory_for(kb.path), directory)
    other = damage(directory)
    with pytest.raises(StaleIndex):
        SearchIndex(directory, build_hash=other if isinstance(other, str) else kb.build_hash)


def test_a_rebuilt_kb_gets_its_own_index(kb: KB, tmp_path: Path) -> None:
    """A KB whose text changed has another build hash: its index is written anew (the first
    open of a KB without one writes it), and the old process-wide index is not reused."""
    path = tmp_path / "kb.sqlite"
    shutil.copy(kb.path, path)
    con = sqlite3.connect(path)
    con.execute("UPDATE nodes SET text = text || ' Zyxwvutsrq.' WHERE id = 'sk-2017:27B1(a)'")
    con.execute("UPDATE info SET value = 'changed' WHERE key = 'build_hash'")
    con.commit()
    con.close()
    old = service.index_for(kb)
    changed = KB(path)
    new = service.index_for(changed)
    assert new is not old and new.build_hash == "changed"
    assert search(new, "zyxwvutsrq", limit=1)[0]["id"] == "sk-2017:27B1(a)"
    assert not search(old, "zyxwvutsrq", limit=1)
    # a damaged index of that build is written again on open
    _truncated_array(artefact.directory_for(path))
    again = service.open_index(changed)
    assert np.array_equal(np.asarray(again.a["lemma_w"]), np.asarray(new.a["lemma_w"]))
