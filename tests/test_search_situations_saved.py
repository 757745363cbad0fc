"""What search needs of the ruling trees, saved beside the index (kb/search/situations.py): read
back, it gives the same cites and the same suggestions as the trees themselves; it is not used
when it is of another KB build, of changed trees or code, or damaged, and is then built again."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from kb.rulings import suggestions
from kb.search import situations
from kb.search.service import index_for
from kb.store import KB

QUERIES = [
    "igrač je ispustio kartu na sto tokom licitacije",
    "during the auction a player dropped a card on the table",
    "hráč zahral mimo poradia 1♠ 2♥ 3♣",
    "after 1H pass 1S the next player bid 1H",
    "what time does the tournament start",
]


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    """Each test starts, and leaves, with nothing read from a saved file."""
    for kept in (situations._SAVED_CITES, situations._SAVED_GRAM_TEXTS, suggestions._SAVED):
        kept.clear()
    situations._WARMED.clear()
    yield
    for kept in (situations._SAVED_CITES, situations._SAVED_GRAM_TEXTS, suggestions._SAVED):
        kept.clear()
    situations._WARMED.clear()


def test_saved_data_gives_what_the_trees_give(tmp_path: Path) -> None:
    built = dict(situations.tree_cites())
    texts = situations.gram_texts()
    expected = [suggestions.ranked(q, 5) for q in QUERIES]
    priors = [situations.cited(q) for q in QUERIES]
    situations.save(tmp_path, "build-1")
    assert situations.load(tmp_path, "build-1")
    # the saved data is what is used
    assert suggestions._SAVED and situations._SAVED_CITES and situations._SAVED_GRAM_TEXTS
    assert dict(situations.tree_cites()) == built
    assert situations.gram_texts() == texts
    assert [suggestions.ranked(q, 5) for q in QUERIES] == expected
    assert [situations.cited(q) for q in QUERIES] == priors


def _other_build(directory: Path) -> str:
    return "build-2"


def _damaged(directory: Path) -> str:
    path = directory / situations.SAVED
    path.write_text(path.read_text(encoding="utf-8")[:1000], encoding="utf-8")
    return "build-1"


def _other_format(directory: Path) -> str:
    path = directory / situations.SAVED
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "format": -1}), encoding="utf-8")
    return "build-1"


def _other_trees(directory: Path) -> str:
    path = directory / situations.SAVED
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "key": "0" * 64}), encoding="utf-8")
    return "build-1"


def _missing(directory: Path) -> str:
    (directory / situations.SAVED).unlink()
    return "build-1"


@pytest.mark.parametrize(
    "spoil",
    [_other_build, _damaged, _other_format, _other_trees, _missing],
    ids=lambda f: f.__name__,
)
def test_stale_saved_data_is_not_used_and_is_rebuilt(
    tmp_path: Path, spoil: Callable[[Path], str]
) -> None:
    situations.save(tmp_path, "build-1")
    build_hash = spoil(tmp_path)
    assert not situations.load(tmp_path, build_hash)
    assert not suggestions._SAVED and not situations._SAVED_CITES
    situations.warm(tmp_path, build_hash)  # built from the trees, and saved again
    assert situations.load(tmp_path, build_hash)


def test_a_changed_tree_changes_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kb_dir = Path(situations.__file__).resolve().parents[1]
    shutil.copytree(
        kb_dir / "rulings", tmp_path / "rulings", ignore=shutil.ignore_patterns("*.pyc")
    )
    for stop in kb_dir.glob("lang/*/stop_words.txt"):
        (tmp_path / stop.relative_to(kb_dir)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(stop, tmp_path / stop.relative_to(kb_dir))
    shutil.copy(kb_dir / "script.py", tmp_path / "script.py")
    monkeypatch.setattr(situations, "_KB_DIR", tmp_path)
    before = situations.inputs_key()
    tree = next((tmp_path / "rulings" / "trees").glob("*.yaml"))
    tree.write_text(tree.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert situations.inputs_key() != before


def test_an_unwritable_directory_still_warms(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-directory"
    situations.warm(missing, "build-1")  # nothing saved, no error
    assert not (missing / situations.SAVED).exists()
    assert situations.tree_cites()


def test_the_index_of_a_build_carries_the_saved_data(kb: KB) -> None:
    index = index_for(kb)
    assert situations.load(index.directory, index.build_hash)


@pytest.mark.parametrize(
    "damage",
    [
        {"leaf_idf": ["renon"]},  # the leaves' table not a mapping
        {"gram_texts": [["revoke", "renons"], ["claim", "zahtev"], ["revoke", "utvrdjen"]]},
        {"gram_texts": [["revoke"]]},  # a text without its words
        {"gram_texts": 7},
    ],
)
def test_saved_data_of_the_wrong_shape_is_rebuilt(tmp_path: Path, damage: dict) -> None:
    """A file with a part of the wrong shape (hand-edited, or written by other code; a tree's
    n-gram texts apart) is not used, and warming builds it again."""
    situations.save(tmp_path, "build-1")
    path = tmp_path / situations.SAVED
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, **damage}), encoding="utf-8")
    assert not situations.load(tmp_path, "build-1")
    situations.warm(tmp_path, "build-1")
    assert situations.load(tmp_path, "build-1")


def test_changed_n_gram_code_changes_the_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The saved n-gram texts are read by kb/search/tree_grams.py: a change there makes the
    saved file stale."""
    from kb.search import tree_grams

    before = situations.inputs_key()
    copy = tmp_path / "tree_grams.py"
    copy.write_text(Path(tree_grams.__file__).read_text(encoding="utf-8") + "\n# changed\n")
    monkeypatch.setattr(tree_grams, "__file__", str(copy))
    assert situations.inputs_key() != before
