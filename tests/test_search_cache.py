"""The on-disk search caches: a second process reuses the analysed corpus and the lemmas it has
seen instead of re-lemmatizing; a stale or damaged cache file is rebuilt, never trusted."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from conftest import parsed_doc

from kb.models import Node
from kb.search import SearchIndex, corpus_meta, lemmatizer, search
from kb.search import cache as search_cache
from kb.search import index as index_mod
from kb.search.analyze import Analyzer
from kb.search.index import CorpusCache

DOC = "sk-2017"
QUERIES = ("nedostatočná hláška", "kontra mimo poradia", "pravidlá hry")


@cache
def nodes() -> tuple[Node, ...]:
    """The nodes of one Slovak document (one language keeps the tests short)."""
    return tuple(parsed_doc(DOC).nodes)


def build(directory: Path, key: str = "1:100") -> SearchIndex:
    """An eager index of the document, cached in ``directory`` under KB key ``key``."""
    return SearchIndex.build(nodes(), corpus_meta(), cache=CorpusCache(directory, key))


def answers(idx: SearchIndex) -> list[list[dict[str, object]]]:
    """What the index answers to every query."""
    return [search(idx, q, limit=5) for q in QUERIES]


def forbid(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any analysis of text fail (while an index is built)."""

    def boom(*_: object, **__: object) -> None:
        raise AssertionError("corpus analysed again instead of read from the cache")

    monkeypatch.setattr(index_mod, "analyse_units", boom)
    monkeypatch.setattr(Analyzer, "tokens", boom)


def count_analyses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every language whose units are analysed from here on."""
    calls: list[str] = []
    real = index_mod.analyse_units

    def counted(lang: str, *args: object) -> index_mod.Analysed:
        calls.append(lang)
        return real(lang, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(index_mod, "analyse_units", counted)
    return calls


def test_second_index_reads_the_analysed_corpus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = build(tmp_path)
    assert (tmp_path / "search-sk.pkl").is_file()
    expected = answers(first)
    with monkeypatch.context() as m:
        forbid(m)
        second = build(tmp_path)
    assert second.unit_texts == first.unit_texts
    assert answers(second) == expected


def _garbage(path: Path) -> None:
    path.write_bytes(b"not a pickle at all")


def _truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:100])


def _other_units(path: Path) -> None:
    stored = pickle.loads(path.read_bytes())
    stored["payload"].units = stored["payload"].units[:-1]
    path.write_bytes(pickle.dumps(stored))


def _wrong_type(path: Path) -> None:
    stored = pickle.loads(path.read_bytes())
    path.write_bytes(pickle.dumps({"key": stored["key"], "payload": ["not", "an", "analysis"]}))


@pytest.mark.parametrize(
    ("damage", "key"),
    [
        (None, "2:100"),  # the KB file changed (mtime)
        (None, "1:101"),  # ... or its size
        (_garbage, "1:100"),
        (_truncated, "1:100"),
        (_other_units, "1:100"),
        (_wrong_type, "1:100"),
    ],
    ids=["mtime", "size", "garbage", "truncated", "other-units", "wrong-type"],
)
def test_stale_or_damaged_cache_is_rebuilt(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    damage: Callable[[Path], None] | None,
    key: str,
) -> None:
    expected = answers(build(tmp_path))
    path = tmp_path / "search-sk.pkl"
    if damage is not None:
        damage(path)
    calls = count_analyses(monkeypatch)
    rebuilt = build(tmp_path, key)
    assert calls == ["sk"]
    assert answers(rebuilt) == expected
    # ... and the rebuilt file is trusted next time
    with monkeypatch.context() as m:
        forbid(m)
        again = build(tmp_path, key)
    assert answers(again) == expected


@pytest.fixture
def fresh_memo(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Start from empty lemma memos (as a new process does), restoring the real ones after."""
    monkeypatch.setitem(lemmatizer._LEMMA_FUNCS, "sk", lemmatizer._LEMMA_FUNCS["sk"])

    def reset() -> None:
        monkeypatch.setattr(lemmatizer, "_MEMO", {})

    reset()
    return reset


def lemmas_with(base: Callable[[str], str], text: str) -> list[str]:
    """The lemmas of ``text`` by a new Slovak pipeline over the lemma function ``base``."""
    return [t.lemma_ for t in lemmatizer.build_pipeline("sk", base)(text) if t.is_alpha]


def test_lemmas_seen_are_not_lemmatized_again(
    tmp_path: Path, fresh_memo: Callable[[], None]
) -> None:
    seen: list[str] = []

    def base(word: str) -> str:
        seen.append(word)
        return word[:-1] or word

    store = search_cache.LemmaStore(tmp_path)
    first = lemmas_with(base, "Hráč hlási kontru")
    assert seen == ["hráč", "hlási", "kontru"]
    store.save_all()
    assert (tmp_path / "search-lemmas-sk.pkl").is_file()

    fresh_memo()  # a new process
    search_cache.LemmaStore(tmp_path)
    seen.clear()
    assert lemmas_with(base, "hráč hlási kontru") == first
    assert seen == []
    lemmas_with(base, "hráč licituje")
    assert seen == ["licituje"]  # a word never seen still goes to the lemmatizer


def test_saving_keeps_words_another_process_saved(
    tmp_path: Path, fresh_memo: Callable[[], None]
) -> None:
    first = search_cache.LemmaStore(tmp_path)
    lemmatizer.seed("sk", {"hráč": "hráč"})
    fresh_memo()  # a second process, started before the first saved
    second = search_cache.LemmaStore(tmp_path)
    lemmatizer.seed("sk", {"kontra": "kontra"})
    second.save_all()
    fresh_memo()
    lemmatizer.seed("sk", {"hráč": "hráč"})
    first.save_all()
    fresh_memo()
    search_cache.LemmaStore(tmp_path)
    assert lemmatizer.memo("sk") == {"hráč": "hráč", "kontra": "kontra"}


@pytest.mark.parametrize(
    "content",
    [b"garbage", pickle.dumps({"key": "another lemmatizer version", "payload": {"hráč": "x"}})],
    ids=["garbage", "stale-key"],
)
def test_stale_or_damaged_lemma_file_is_ignored(
    tmp_path: Path, fresh_memo: Callable[[], None], content: bytes
) -> None:
    (tmp_path / "search-lemmas-sk.pkl").write_bytes(content)
    search_cache.LemmaStore(tmp_path)
    assert lemmatizer.memo("sk") == {}
    assert lemmas_with(lambda w: "lemma", "hráč") == ["lemma"]
