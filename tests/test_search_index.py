"""The site's search without the API reads and ranks a query as the server does: the published
data (kb/publish/search_index.py) and the browser engine (site/static/search/engine.js), run under
node (tests/js/search_engine.js), step by step against kb.search: the citation parser, folding,
transliteration, the phonetic key, spaCy's tokenizer rules, the lemmas, the BM25 weights, the
ruling trees a described situation suggests (kb/search/situations.py), and the ranking over the
evaluation sets."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import threading
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_site_scoring_js import node_binary

from kb import evaluate as ev
from kb.corpus import ROOT
from kb.publish.search_index import front_code, write_search_index
from kb.script import sr_to_latin
from kb.search import search, situations
from kb.search.cite import parse_query, split_query
from kb.search.index import SearchIndex
from kb.search.lexicon import key
from kb.search.normalize import cite_terms, clean, fold
from kb.search.query import detect_languages, parse
from kb.search.service import index_from_kb
from kb.search.situations import suggested
from kb.search.tokenize import Tokenizer

HARNESS = ROOT / "tests" / "js" / "search_engine.js"
BUDGET_GZIP = 600_000  # search index + lemma table, issue 8
MAX_GAP = 0.03  # issue 8: the browser's R@5 within this of the server's
SITUATIONS_DEV = ev.EVAL_DIR / "search_situations_dev.jsonl"
RULING_SITUATIONS_DEV = ev.EVAL_DIR / "rulings_situations_dev.jsonl"


@pytest.fixture(scope="module")
def search_site(kb, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The search data of the session's KB, written as `lawdesk publish` writes it."""
    site = tmp_path_factory.mktemp("site")
    return site, write_search_index(kb, site)


@pytest.fixture(scope="module")
def server(kb) -> SearchIndex:
    """The server's search index of the same KB."""
    return index_from_kb(kb, cached=True)


class Engine:
    """The browser engine running under node over a published site, answering requests."""

    def __init__(self, site: Path) -> None:
        self.proc = subprocess.Popen(
            [node_binary(), str(HARNESS), str(site)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def ask(self, requests: list[dict[str, Any]]) -> list[Any]:
        """The engine's answer to each request, in order."""
        assert self.proc.stdin is not None and self.proc.stdout is not None

        def send() -> None:
            for r in requests:
                self.proc.stdin.write(json.dumps(r, ensure_ascii=False) + "\n")
            self.proc.stdin.flush()

        writer = threading.Thread(target=send)
        writer.start()  # a large batch must not fill the pipes both ways
        answers = [json.loads(self.proc.stdout.readline()) for _ in requests]
        writer.join()
        return answers

    def close(self) -> None:
        """Stop the node process."""
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def engine(search_site: tuple[Path, dict[str, Any]]) -> Iterator[Engine]:
    """One node process for the module's tests."""
    running = Engine(search_site[0])
    yield running
    running.close()


@cache
def dev_cases() -> list[ev.Case]:
    """The evaluation sets' cases that are not blind."""
    return ev.load_cases() + ev.load_cases(SITUATIONS_DEV)


@cache
def dev_queries() -> list[str]:
    """The evaluation sets' queries that are not blind."""
    return [c.q for c in dev_cases()]


def node_texts(server: SearchIndex, step: int) -> list[str]:
    """Every ``step``-th node's text, as results show it."""
    return [server.record(n)["text"] for n in range(0, server.n_nodes, step)]


def test_files_and_figures(search_site: tuple[Path, dict[str, Any]], server: SearchIndex) -> None:
    site, figures = search_site
    folder = site / "search"
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    assert (folder / "engine.js").read_bytes() == (
        ROOT / "site/static/search/engine.js"
    ).read_bytes()
    # the same units and nodes as the server's search, in its order
    assert figures["units"] == server.n_units == len(index["units"]["node"])
    assert index["nodes"]["id"] == [server.node_id(n) for n in range(server.n_nodes)]
    assert sum(n for lang in index["langs"].values() for _, n in lang["units"]) == server.n_units
    assert index["build"] == server.build_hash
    assert 0 < figures["data_gzip"] <= BUDGET_GZIP, figures


def test_twins_come_back_as_the_server_has_them(
    search_site: tuple[Path, dict[str, Any]], server: SearchIndex
) -> None:
    # index.json packs the twins as pairs, each column as gaps; read back as engine.js does
    pairs = json.loads((search_site[0] / "search" / "index.json").read_text("utf-8"))["twins"]
    a = list(itertools.accumulate(pairs["a"]))
    b = list(itertools.accumulate(pairs["b"]))
    read: dict[int, set[int]] = {}
    for x, y in zip(a, b, strict=True):
        read.setdefault(x, set()).add(y)
        read.setdefault(y, set()).add(x)
    expected = {n: set(server.twins(n).tolist()) for n in range(server.n_nodes)}
    assert read == {n: t for n, t in expected.items() if t}
    assert read  # the Laws' two editions have twins


def test_every_result_links_to_its_paragraph(search_site: tuple[Path, dict[str, Any]], kb) -> None:
    from kb.views.nodes import location

    index = json.loads((search_site[0] / "search" / "index.json").read_text(encoding="utf-8"))
    nodes = index["nodes"]
    for i in range(0, len(nodes["id"]), 7):
        node = kb.node(nodes["id"][i])
        assert {"path": nodes["path"][i], "anchor": nodes["anchor"][i]} == location(kb, node)


TYPED_CITES = [
    "27B1a",
    "član 27B",
    "pravidlo 64",
    "правило 30",
    "čl. 29",
    "law 16",
    "Law 12 C 1 c",
    "L27B1b",
    "law27b1b",
    "zakona 12",
    "clanak 29",
    "članak 29.",
    "čl.29",
    "члан 27",
    "pravidla 16D2",
    "článku 12",
    "przepis 25A",
    "art. 12",
    "§40B",
    "pravidlo č. 64",
    "law no. 64",
    "53. članak",
    "clanak 61(a)2",
    "правило 27 B 1 b",
    "п. 27.5",
    "пункт 27.5",
    "27.B.1.b",
    "27-B-1-b",
    "27B1 b",
    "12 C 1 (c)",
    "25.9",
    "čl 61 a",
    "članak 61 a) 2",
    "čl. 94b",
    "40B2(c)(ii)",
    "pr. 16 D",
    "ст. 27",
    "nedovoljan licit",
    "3 štiha renons",
    "1C 1D insufficient bid",
    "27 tricks",
    "pas 3",
    "law 16 UI",
    "UI law 16",
    "član 27 nedovoljan licit",
    "27B1 hesitation",
    "renons čl. 64 b",
    "pravidlo 16 D 2 zrušená hláška",
    "правило 16 несанкционированная информация",
    "99Z",
    "law 100",
    "",
]


def _cite(found: Any) -> Any:
    """A QueryCite as the engine returns it."""
    if found is None:
        return None
    return {
        "cite": found.cite,
        "alternatives": list(found.alternatives),
        "langs": list(found.langs),
    }


def test_citation_parser_agrees_with_server(engine: Engine) -> None:
    typed = TYPED_CITES + [c.q for c in ev.load_cases() if c.kind == "citation"]
    requests = [{"op": op, "q": q} for q in typed for op in ("parse", "split")]
    answers = engine.ask(requests)
    for q, (parsed, split) in zip(
        typed, zip(answers[::2], answers[1::2], strict=True), strict=True
    ):
        assert parsed == _cite(parse_query(q)), q
        want = split_query(q)
        assert split == (None if want is None else [_cite(want[0]), want[1]]), q


@pytest.mark.parametrize(
    ("typed", "node", "url"),
    [
        ("27B1a", "sr-2007:27B1(a)", ("sr-2007/27/", "B1a")),
        ("član 27B", "sr-2007:27B", ("sr-2007/27/", "B")),
        ("pravidlo 64", "sk-2017:64", ("sk-2017/64/", "")),
        ("правило 30", "sr-2007:30", ("sr-2007/30/", "")),
        ("пр. 27", "ru-comment:27", ("ru-comment/27/", "")),
        ("čl. 29", "sr-2007:29", ("sr-2007/29/", "")),
        ("law 16", "sr-2007:16", ("sr-2007/16/", "")),
        ("clanak 61(a)2", "hr-pref-2014:61(a)2", ("hr-pref-2014/61/", "a2")),
        ("nedovoljan licit", None, None),
        ("law 16 UI", None, None),
    ],
)
def test_cite_jumps_to_the_node(
    engine: Engine,
    server: SearchIndex,
    typed: str,
    node: str | None,
    url: tuple[str, str] | None,
) -> None:
    """A query that is a citation in a local form names the node the server puts first; a
    query of words, or of a citation and words, names none."""
    (got,) = engine.ask([{"op": "cite", "q": typed}])
    if node is None:
        assert got is None
        return
    assert got == {"id": node, "url": {"path": url[0], "anchor": url[1]}}
    assert search(server, typed, limit=1)[0]["id"] == node


def test_text_steps_agree(engine: Engine, server: SearchIndex) -> None:
    """Folding, transliteration, the phonetic key of cognates, the citation terms and the
    query languages."""
    texts = dev_queries() + node_texts(server, 25)
    words = sorted({w for t in texts for w in t.lower().split()})
    requests = (
        [{"op": "fold", "q": w} for w in words]
        + [{"op": "phoneticKey", "q": w} for w in words]
        + [{"op": "srToLatin", "q": t} for t in dev_queries()]
        + [{"op": "citeTerms", "q": t} for t in texts]
        + [{"op": "languages", "q": q} for q in dev_queries()]
    )
    answers = iter(engine.ask(requests))
    assert [next(answers) for _ in words] == [fold(w) for w in words]
    assert [next(answers) for _ in words] == [key(w) for w in words]
    assert [next(answers) for _ in dev_queries()] == [sr_to_latin(q) for q in dev_queries()]
    assert [next(answers) for _ in texts] == [cite_terms(clean(t)) for t in texts]
    assert [next(answers) for _ in dev_queries()] == [detect_languages(q) for q in dev_queries()]


@pytest.mark.parametrize("code", ["sr", "hr", "sk", "pl", "ru", "en"])
def test_tokenizer_cuts_as_the_servers(engine: Engine, server: SearchIndex, code: str) -> None:
    """spaCy's rules run in JavaScript give the server's query tokenizer's tokens (every token,
    punctuation included) over the evaluation queries and a sample of the documents' texts."""
    texts = [clean(t) for t in dev_queries() + node_texts(server, 5)]
    ours = Tokenizer(server._lang_data[code]["tokenizer"])
    answers = engine.ask([{"op": "cut", "lang": code, "q": t} for t in texts])
    for text, got in zip(texts, answers, strict=True):
        assert [tuple(x) for x in got] == ours(text), text


def _words(server: SearchIndex, code: str, text: str) -> list[tuple[int, int, str, str, bool]]:
    return [(t.start, t.end, t.exact, t.lemma, t.stop) for t in server.analyzers[code].tokens(text)]


@pytest.mark.parametrize(
    ("code", "share"),
    # the server lemmatises Polish, Russian and English from the build's table, which the
    # browser has (less forms no index term can use); Serbian, Croatian and Slovak with
    # lemmagen3 at query time, which the browser approximates by the documents' words and
    # suffix rules learned from them (measured: 0.91 to 0.95 of the words of the dev queries)
    [("sr", 0.9), ("hr", 0.9), ("sk", 0.9), ("pl", 0.99), ("ru", 0.99), ("en", 0.99)],
)
def test_query_words_read_as_the_servers(
    engine: Engine, server: SearchIndex, code: str, share: float
) -> None:
    """The words of every evaluation query, in every language its letters allow: the same
    spans, exact forms and stop words as the server's query analyzer; and for the queries
    written in the language, its lemmas for nearly every word."""
    queries = [q for q in dev_queries() if code in detect_languages(q)]
    own = {c.q for c in dev_cases() if c.lang == code}
    answers = engine.ask([{"op": "tokens", "lang": code, "q": q} for q in queries])
    same = total = 0
    for q, got in zip(queries, answers, strict=True):
        want = _words(server, code, q)
        ours = [(t["start"], t["end"], t["exact"], t["lemma"], t["stop"]) for t in got]
        assert [w[:3] + w[4:] for w in ours] == [w[:3] + w[4:] for w in want], q
        if q in own:
            total += len(want)
            same += sum(a[3] == b[3] for a, b in zip(ours, want, strict=True))
    assert same >= share * total, (same, total)


def test_document_words_lemmatised_as_the_server(engine: Engine, server: SearchIndex) -> None:
    """Every word of the documents' texts gets the server's lemma."""
    nodes = range(0, server.n_nodes, 3)
    requests = []
    for n in nodes:
        rec = server.record(n)
        requests.append({"op": "tokens", "lang": server.docs[rec["doc"]].lang, "q": rec["text"]})
    same = total = 0
    for r, got in zip(requests, engine.ask(requests), strict=True):
        want = _words(server, r["lang"], r["q"])
        total += len(want)
        same += sum(
            (t["start"], t["lemma"]) == (w[0], w[3]) for t, w in zip(got, want, strict=False)
        )
    assert same >= 0.999 * total, (same, total)


def test_bm25_weights_are_the_servers(engine: Engine, server: SearchIndex) -> None:
    """The fields the engine rebuilds weigh every posting as the server's index does."""
    requests, want = [], []
    for field in ("lemma", "exact", "pair"):
        for tagged, tid in list(server.vocab[field].items())[::37]:
            lang, term = tagged.split(" ", 1)
            units, weights = server.postings(field, tid)
            requests.append({"op": "postings", "lang": lang, "field": field, "q": term})
            want.append(dict(zip(units.tolist(), weights.tolist(), strict=True)))
    assert len(requests) > 100
    for r, got, expected in zip(requests, engine.ask(requests), want, strict=True):
        weights = dict(zip(got["units"], got["weights"], strict=True))
        assert weights.keys() == expected.keys(), r
        assert all(abs(weights[u] - x) <= 1e-4 * max(1.0, abs(x)) for u, x in expected.items())


@pytest.mark.parametrize(
    ("path", "first_share"),
    [(ev.QUERIES, 0.95), (SITUATIONS_DEV, 0.9)],
    ids=["dev", "situations-dev"],
)
def test_search_agrees_with_server(
    engine: Engine, server: SearchIndex, kb, path: Path, first_share: float
) -> None:
    """Over a dev evaluation set, the engine's first result is the server's for nearly every
    query, and recall@5 is within 0.03 of the server's at the law and the paragraph level (the
    browser test replays the same in Chromium)."""
    cases = ev.load_cases(path)
    answers = engine.ask(
        [{"op": "search", "q": c.q, "options": {"limit": ev.DEPTH}} for c in cases]
    )
    got = {c.q: [r["id"] for r in a["results"]] for c, a in zip(cases, answers, strict=True)}
    want = {c.q: [r["id"] for r in search(server, c.q, limit=ev.DEPTH)] for c in cases}
    first = sum(got[q][:1] == want[q][:1] for q in got)
    assert first >= first_share * len(cases), first
    tree = ev.Tree.of(kb.nodes())
    ours = ev.evaluate(cases, got.__getitem__, tree)["overall"]
    theirs = ev.evaluate(cases, want.__getitem__, tree)["overall"]
    for level in ev.LEVELS:
        assert abs(ours[level]["recall@5"] - theirs[level]["recall@5"]) <= MAX_GAP, level


@pytest.mark.parametrize(
    ("request_", "error"),
    [
        ({"op": "search", "q": "x" * 501}, "at most 500"),
        ({"op": "search", "q": "renons", "options": {"doc": "xx-1999"}}, "unknown document"),
        ({"op": "search", "q": "renons", "options": {"limit": 0}}, "positive integer"),
        ({"op": "search", "q": 42}, "must be a string"),
    ],
)
def test_bad_input_is_refused_with_a_reason(
    engine: Engine, request_: dict[str, Any], error: str
) -> None:
    (answer,) = engine.ask([request_])
    assert error in answer["error"]


@pytest.mark.parametrize(
    "query",
    [
        "dummy je dao savet izvođaču tokom igre",
        "moj partner je otvorio blef sa slabom rukom, je li to dozvoljeno",
    ],
)
def test_definitions_placed_as_the_server_does(
    engine: Engine, server: SearchIndex, query: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A definition goes under the rule that uses its term (unless asked for) as on the server:
    the same first results (the server's trees taken as the browser takes them: the n-gram
    re-weighing of kb/search/tree_grams.py is the server's own)."""
    monkeypatch.setattr(situations, "GRAM_WEIGHT", 0.0)
    (answer,) = engine.ask([{"op": "search", "q": query, "options": {"limit": 3}}])
    assert [r["id"] for r in answer["results"]] == [r["id"] for r in search(server, query, limit=3)]


@pytest.mark.parametrize(
    "query",
    [
        "licitirao 2 karo bez ijednog karoa, to je blef?",
        "polozylem z kasety 2 kiery zamiast 2 karo",
        "zo srandy zahlásil 8 piky",
        "1БК вне очереди",
    ],
)
def test_a_bid_names_bridge_as_on_the_server(
    engine: Engine, server: SearchIndex, query: str
) -> None:
    """A bid named with its level steers to bridge in the browser as on the server: the first
    results of both are of the bridge documents, and the first is the same."""
    (answer,) = engine.ask([{"op": "search", "q": query, "options": {"limit": 3}}])
    got, want = answer["results"], search(server, query, limit=3)
    assert {server.docs[r["doc"]].game for r in got + want} == {"bridge"}
    assert got[0]["id"] == want[0]["id"]


@pytest.mark.parametrize(
    "query",
    ["renons", "nedovoljan licit", "revoke", "заявка", "zasłona"],
    ids=["own", "other-latin", "english-route", "russian", "none"],
)
def test_document_filter(engine: Engine, server: SearchIndex, query: str) -> None:
    """A document filter keeps that document's results, as the server does."""
    (answer,) = engine.ask(
        [{"op": "search", "q": query, "options": {"doc": "sk-2017", "limit": 5}}]
    )
    ids = [r["id"] for r in answer["results"]]
    assert all(i.startswith("sk-2017:") for i in ids)
    want = [r["id"] for r in search(server, query, doc="sk-2017", limit=5)]
    assert ids[:1] == want[:1] and set(ids) == set(want)


def test_queries_parsed_as_the_servers(engine: Engine, server: SearchIndex) -> None:
    """Every dev query parsed as the server parses it: the candidate languages (and those a
    named document brings in), the intents, the player vocabulary's expansions and English
    phrases, and for the languages the server lemmatises from the build's table (Polish,
    Russian, English) the content lemmas of nearly every reading (the browser's table leaves
    out the forms whose lemma no term of any language can meet, and reads them as
    themselves)."""
    doc_langs = {d: m.lang for d, m in server.docs.items()}
    # a control character pasted into a query reads as a space, a zero-width one is dropped
    queries = [
        *dev_queries(),
        "renons\x01kazna",
        "kazneni\x00poeni",
        "\x7fnedovoljan licit\x85",
        "\ufeffrenons\u200b kazna",
        "nedo\u00advoljan\u200c licit",
    ]
    answers = engine.ask([{"op": "analyses", "q": q} for q in queries])
    same = total = 0
    for q, got in zip(queries, answers, strict=True):
        want = parse(server.analyzers, doc_langs, q, speller=server.speller)
        assert got["langs"] == want.langs, q
        assert list(got["analyses"]) == list(want.analyses), q
        for code, a in want.analyses.items():
            ours = got["analyses"][code]
            assert ours["intents"]["docs"] == a.intents.docs, (q, code)
            assert ours["intents"]["definition"] == a.intents.definition, (q, code)
            assert ours["english"] == [
                server.analyzers["en"].analyze(p).lemmas for p in a.english
            ], (q, code)
            if code in ("pl", "ru", "en"):
                total += 1
                same += (ours["lemmas"], ours["expansions"]) == (a.lemmas, a.expansions)
    assert same >= 0.97 * total, (same, total)


def test_spelling_vocabularies_are_the_servers(engine: Engine, server: SearchIndex) -> None:
    """The browser gathers each language's spelling vocabulary from its own data exactly as the
    server does from the index (kb/search/spelling.py)."""
    (got,) = engine.ask([{"op": "spelling"}])
    assert got == {code: sorted(words) for code, words in server.spelling.items()}


def test_corrections_are_the_servers(engine: Engine, server: SearchIndex) -> None:
    """Every dev query, and each with a typo, corrected as the server corrects it."""
    doc_langs = {d: m.lang for d, m in server.docs.items()}
    queries = dev_queries() + [ev.with_typo(q, 11) for q in dev_queries()]
    # a typo is read in the language the rest of the query is in ("požuri" is no Slovak "pozri")
    queries += ["možemo li zvati suca da ga požuri", "пас вне очериди", "izvodjač je rekao renosn"]
    answers = engine.ask([{"op": "spell", "q": q} for q in queries])
    corrected = 0
    for q, got in zip(queries, answers, strict=True):
        want = parse(server.analyzers, doc_langs, q, speller=server.speller).corrections
        assert [tuple(pair) for pair in got] == list(want), q
        corrected += bool(want)
    assert corrected > 100  # typos were compared, not only queries left as typed


def test_dialect_is_the_servers(engine: Engine, server: SearchIndex) -> None:
    """Every dev query read as Serbian or Croatian as the server reads it (kb/search/dialect.py:
    the yat reflex against the words each language's documents know, the lexical markers)."""
    doc_langs = {d: m.lang for d, m in server.docs.items()}
    queries = dev_queries() + DIALECT_QUERIES
    answers = engine.ask([{"op": "leaning", "q": q} for q in queries])
    leaned = 0
    for q, got in zip(queries, answers, strict=True):
        sr = parse(server.analyzers, doc_langs, q, speller=server.speller).analyses.get("sr")
        want = None if sr is None else server.dialect.leaning(sr.tokens)
        assert got == want, q
        leaned += want is not None
    assert leaned > 20  # queries with marks were compared, not only unmarked ones


# Serbian and Croatian queries marked by their dialect, with a document or game named or not
DIALECT_QUERIES = [
    "posle deljenja igrač je primetio da ima previše karata",
    "nakon dijeljenja igrač je primijetio da ima previše karata",
    "preferans: posle deljenja igrač ima previše karata",
    "bridž: tko smije pogledati tuđe karte tijekom igre",
    "ko je odgovoran za bord, sudija ili igrači",
]


# descriptions the evaluation sets lack: bids named (above seven, a lower one after a higher, in
# symbols and words), Serbian Cyrillic and Russian, letters the folding drops (ё, й), only stop
# words, nothing, a description longer than the part read
SITUATION_TEXTS = [
    "partner je licitirao 8 pik",
    "игрок заявил 8♠ после моей заявки",
    "otvorio sam 2 pik a levi protivnik je rekao 1 tref",
    "opened 3♥, then LHO bid 2♣ without noticing",
    "недовољан лицит, партнер је рекао пас",
    "ёлка и йод на столе, разыгрывающий открыл карты",
    "Hlavný hráč vyložil karty a nič nepovedal",
    "the and of it",
    "   ",
    "revoke " * 80,
]


# auctions typed in a description (kb.ask.find_auction), each with the last irregular call the
# rules core finds: an insufficient bid, an inadmissible double or redouble, none
AUCTION_TEXTS = [
    "1H P 1S 1D, what now?",  # insufficient
    "торги 1БК пас 2♣ пас 1♦",  # insufficient, in Russian words
    "1H 1S 1C 2C",  # insufficient, replaced by a sufficient bid
    "2H X 2S 2D 2C",  # insufficient, its replacement insufficient too
    "1C P P XX",  # inadmissible redouble
    "1S P X",  # inadmissible double of partner's bid
    "1H X XX P XX",  # inadmissible: a redoubled bid redoubled again
    "1S 1S",  # insufficient: the same bid again
    "licit: 1 bez aduta pas 2 tref kontra rekontra",  # legal, bids typed with a space
    "1NT P P P 2C",  # a call after the auction ended: no seat, no irregularity
    "P P P P 1H",
    "dealer W: 1♥ X XX 1♠",
]


def auction_texts(n: int = 150, seed: int = 11) -> list[str]:
    """Runs of calls in the call words of several languages, each inside a description: a
    sample as wide as the hand-picked cases above are deep (fixed seed: the same every run)."""
    rng = random.Random(seed)
    others = ["P", "pas", "dalje", "X", "kontra", "XX", "rekontra", "dbl"]
    bids = [f"{lv}{s}" for lv in range(1, 8) for s in ("C", "D", "H", "S", "NT", "♥", "♠")]
    bids += ["1 bez aduta", "2 pik", "3 karo", "1БК", "4 herc"]
    frames = ["{}", "auction: {}", "licitacija {} - sta sad?", "partner je rekao {} a ja kontra"]
    texts = []
    for _ in range(n):
        run = [
            rng.choice(others if rng.random() < 0.45 else bids) for _ in range(rng.randint(2, 9))
        ]
        texts.append(rng.choice(frames).format(" ".join(run)))
    return texts


def situation_texts() -> list[str]:
    """The non-blind evaluation sets' queries, the ruling trees' dev situations, and the
    cases above."""
    rulings = [
        json.loads(line)["text"]
        for line in RULING_SITUATIONS_DEV.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    return dev_queries() + rulings + SITUATION_TEXTS + AUCTION_TEXTS + auction_texts()


def test_suggested_trees_are_the_servers(engine: Engine) -> None:
    """Every description gets the server's suggested trees (kb/search/situations.py
    ``suggested``: the trees, in order, and their confidence), from which the prior comes."""
    texts = situation_texts()
    answers = engine.ask([{"op": "suggested", "q": t} for t in texts])
    wants = [suggested(clean(t)) for t in texts]
    wrong = [
        (text, got, want)
        for text, got, want in zip(texts, answers, wants, strict=True)
        if [t for t, _ in got] != [t for t, _ in want]
        or any(abs(a - b) > 1e-9 for (_, a), (_, b) in zip(got, want, strict=True))
    ]
    assert not wrong, wrong[:5]
    assert sum(map(bool, wants)) > len(texts) / 2  # descriptions do suggest trees


@cache
def tree_phrases() -> list[str]:
    """The ruling trees' trigger phrases in the six languages, and the words for calls: what a
    text that suggests trees is made of."""
    from kb.ask import call_words
    from kb.rulings.catalogue import LANGUAGES, trees

    phrases = {
        phrase
        for t in trees().values()
        for lang in LANGUAGES
        for phrase in t.data["suggest"]["triggers"][lang]
    }
    return sorted(phrases | set(call_words()))


# a description: trigger phrases, some words of them, call words, levels, symbols and any
# text, in any order and case
_PIECES = st.one_of(
    st.sampled_from(tree_phrases()),
    st.sampled_from(tree_phrases()).map(lambda p: p.split()[-1].upper()),
    st.integers(0, 14).map(str),
    st.sampled_from(["♠", "♥", "♦", "♣", ",", ".", "-", ":", "1H", "X", "P"]),
    # characters Python's Unicode database (14.0 in 3.11) knows: one it lacks may be a letter in
    # node's newer one ("12 cards G\U00018d80"), a skew of the two runtimes, not of the engines
    st.text(st.characters(exclude_categories=["Cn", "Cs"]), max_size=8),
)


@settings(max_examples=150, deadline=None)
@given(pieces=st.lists(_PIECES, max_size=14), glue=st.sampled_from([" ", "", ", "]))
def test_any_description_suggests_the_servers_trees(
    engine: Engine, pieces: list[str], glue: str
) -> None:
    """Whatever the text, the engine suggests the server's trees with their confidence."""
    text = glue.join(pieces)
    (got,) = engine.ask([{"op": "suggested", "q": text}])
    want = suggested(clean(text))
    assert [t for t, _ in got] == [t for t, _ in want], text
    assert all(abs(a - b) <= 1e-9 for (_, a), (_, b) in zip(got, want, strict=True)), text


@given(
    st.text(st.characters(codec="utf-16", exclude_characters=" "), max_size=12),
    st.lists(st.text(st.characters(codec="utf-16", exclude_characters=" "), min_size=1)),
)
def test_front_code_gives_back_every_form(first: str, forms: list[str]) -> None:
    """The lemma tables' front coding, read back as engine.js reads it, gives the forms."""
    forms = sorted(f for f in forms if all(ord(c) <= 0xFFFF for c in f))
    first = "".join(c for c in first if ord(c) <= 0xFFFF)
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    got, prev = [], first
    for coded in front_code(first, forms).split(" ") if forms else []:
        prev = prev[: digits.index(coded[0])] + coded[1:]
        got.append(prev)
    assert got == forms


@pytest.mark.parametrize("form", ["a b", "\U0001f600"])
def test_front_code_refuses_what_javascript_would_cut_otherwise(form: str) -> None:
    with pytest.raises(ValueError, match="U\\+FFFF"):
        front_code("x", [form])


@pytest.mark.parametrize(
    ("pasted", "typed"),
    [
        ("nedo\u200bvoljan licit\ufeff", "nedovoljan licit"),
        ("\u2060renons\u200d kazna", "renons kazna"),
        ("ne\u00adpravilan\u200c atak", "nepravilan atak"),
    ],
)
def test_invisible_characters_dropped_as_on_the_server(
    engine: Engine, server: SearchIndex, pasted: str, typed: str
) -> None:
    """Zero-width characters and soft hyphens pasted into a query (from a web page or a PDF)
    are dropped in the browser as on the server: both find what the typed query finds."""
    (answer,) = engine.ask([{"op": "search", "q": pasted, "options": {"limit": 5}}])
    want = [r["id"] for r in search(server, typed, limit=5)]
    assert [r["id"] for r in search(server, pasted, limit=5)] == want
    assert [r["id"] for r in answer["results"]] == want
