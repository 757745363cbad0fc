"""Defined terms linked where the law text uses them (kb/terms.py, the ``term_links`` table).

Three layers: the names each reader gives a term, the linking rules on a small Serbian document
made for them, and the links of the built KB (cases, then properties over every link).
"""

from __future__ import annotations

import json
from collections import defaultdict
from functools import cache

import pytest
from conftest import parsed_doc

from kb.models import Node, ParsedDoc, Reference, Term
from kb.search.analyze import analyzer
from kb.terms import PERVASIVE, link, terms_of

LANG = {"sr-2007": "sr", "sk-2017": "sk", "hr-pref-2014": "hr"}

# ---- names: what each reader says a term is called ----------------------------------------

NAMES = [
    # doc, definition, names (the term's own forms, in the text's word order), synonyms
    ("sr-2007", "def/izvorni-atak", ["Izvorni atak"], []),
    ("sr-2007", "def/direktor-turnira", ["Direktor turnira"], ["sudija", "DT"]),
    ("sr-2007", "def/red", ["Red"], ["biti na redu"]),
    ("sr-2007", "def/parcijalni-rezultat", ["Parcijalni rezultat"], ["part-skor"]),
    ("sk-2017", "def/karta-pokutova", ["pokutová karta"], []),
    (
        "sk-2017",
        "def/hrac-hlavny-predpokladany",
        [
            "hlavný predpokladaný hráč",
            "predpokladaný hlavný hráč",
            "hlavný hráč",
            "predpokladaný hráč",
        ],
        [],
    ),
    ("sk-2017", "def/body-za-zdvihy", ["Body za zdvihy"], []),
    (
        "hr-pref-2014",
        "def/prilagodjen-ili-arbitrazni-rezultat",
        ["Prilagođen rezultat"],
        ["arbitražni rezultat"],
    ),
    ("hr-pref-2014", "def/rebid-ili-ponovljen-licit", ["Rebid"], ["ponovljen licit"]),
    (
        "hr-pref-2014",
        "def/visoko-pozicionirani-ili-rangirani-natjecatelj",
        ["Visoko pozicionirani natjecatelj"],
        ["Visoko rangirani natjecatelj"],
    ),
    ("hr-pref-2014", "def/bord", ["Bord"], ["Board", "Paleta"]),
    (
        "hr-pref-2014",
        "def/preparatorni-pik",
        ["Preparatorni pik"],
        ["pripravni pik", "uvodni pik", "početni pik"],
    ),
    ("hr-pref-2014", "def/pb-preferans-bodovi", ["PB", "preferans bodovi"], []),
    ("hr-pref-2014", "def/siken-ili-nista", ["Šiken"], ["ništa"]),
]


@pytest.mark.parametrize(("doc", "cite", "names", "synonyms"), NAMES)
def test_reader_names(doc, cite, names, synonyms):
    term = next(t for t in terms_of(parsed_doc(doc)) if t.node == f"{doc}:{cite}")
    assert (term.names, term.synonyms) == (names, synonyms)
    assert term.variants == [*names, *synonyms]


def test_every_definition_is_a_term():
    assert {d: len(terms_of(parsed_doc(d))) for d in LANG} == {
        "sr-2007": 53,
        "sk-2017": 64,
        "hr-pref-2014": 88,
    }


# ---- the rules, on a document made for them ---------------------------------------------------


def _node(cite: str, text: str, law: str | None) -> Node:
    return Node(f"t:{cite}", "t", "paragraph", cite, "", None, text, text, None, 0, 1, 1, law)


def _term(cite: str, names: list[str], synonyms: list[str] = ()) -> Term:
    return Term("t", names[0], f"t:{cite}", [*names, *synonyms], names, list(synonyms))


TERMS = [
    _term("def/atak", ["Atak"]),
    _term("def/izvorni-atak", ["Izvorni atak"]),
    _term("def/igra", ["Igra"]),
    _term("def/tim", ["Tim"]),  # a stop word in Serbian ("tim" = by that)
    _term("def/siken", ["Šiken"], ["ništa"]),  # the term itself is never used
    _term("def/direktor", ["Direktor turnira"], ["sudija", "DT"]),
]
NODES = [
    _node("def/atak", "Atak je prva karta štiha; izvorni atak je prvi.", "def"),
    _node("1A", "Posle izvornog ataka atak ide dalje, i još jedan atak.", "1"),
    _node("1B", "Igrač odbrane vidi član 16 Atak i zove DT.", "1"),
    _node("2A", "On nema ništa, a sa tim se slaže sudija.", "2"),
    *(_node(f"3{x}", f"Igra {x} traje.", "3") for x in "ABC"),
    _node("4A", "Bez pojma ovde.", "4"),
]
# the citation `član 16 Atak` (a made-up one that swallows a term word)
CITED = NODES[2].text.index("član 16 Atak")
REFS = [
    Reference("t:1B", CITED, CITED + len("član 16 Atak"), "član 16 Atak", "t", "16", "resolved")
]


@cache
def _linked() -> tuple[dict[str, list[tuple[str, str]]], list[str]]:
    doc = ParsedDoc("t", NODES, "")
    links, problems = link({"t": doc}, TERMS, REFS, {"t": "sr"})
    texts = {n.id: n.text for n in NODES}
    out: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for lk in links:
        out[lk.node].append((texts[lk.node][lk.start : lk.end], lk.definition.split(":")[1]))
    return out, [p.message for p in problems]


RULES = [
    # node, links expected in it (span text, definition), in text order
    # inflected, the longest name first, then the first use per node of the shorter term
    ("1A", [("izvornog ataka", "def/izvorni-atak"), ("atak", "def/atak")]),
    # nothing inside a citation; an abbreviation synonym counts though its term is never used
    ("1B", [("DT", "def/direktor")]),
    # a plain-word synonym of a term the text never uses (ništa, sudija) and a stop word (tim)
    ("2A", []),
    # the term's own definition does not link it; other terms in it do
    ("def/atak", [("izvorni atak", "def/izvorni-atak")]),
    # `Igra` is in 3 of 7 text nodes (> PERVASIVE): linked once in its law
    ("3A", [("Igra", "def/igra")]),
    ("3B", []),
    ("3C", []),
]


@pytest.mark.parametrize(("cite", "expected"), RULES)
def test_rules(cite, expected):
    assert 3 / len(NODES) > PERVASIVE
    assert _linked()[0].get(f"t:{cite}", []) == expected


def test_a_stop_word_name_is_reported_not_linked():
    assert [m for m in _linked()[1] if "t:def/tim" in m] == [
        "t:def/tim: the name 'Tim' is a stop word of the language; its uses cannot be told "
        "from the plain word and are not linked"
    ]


# ---- the built KB ------------------------------------------------------------------------------

CASES = [
    # node, definition, the words linked (inflected forms, word orders, abbreviations)
    ("sr-2007:12A", "sr-2007:def/prilagodjeni-rezultat", "prilagođen rezultat"),
    ("sr-2007:84D", "sr-2007:def/prilagodjeni-rezultat", "prilagođenog rezultata"),
    ("sr-2007:def/dami/1", "sr-2007:def/izvorni-atak", "izvornog ataka"),
    ("sr-2007:19D", "sr-2007:def/licit", "licita"),
    ("sr-2007:3", "sr-2007:def/direktor-turnira", "DT"),
    ("sr-2007:17D2", "sr-2007:def/lp", "LP"),
    ("sr-2007:12C2(b)", "sr-2007:def/internacionalni-mec-poeni", "IMP"),
    ("sk-2017:41A", "sk-2017:def/hrac-hlavny-predpokladany", "predpokladaného hlavného hráča"),
    ("sk-2017:14B4", "sk-2017:def/karta-pokutova", "pokutovou kartou"),
    (
        "sk-2017:40B2(a)(v)",
        "sk-2017:def/hlaska-psychicka-klamliva",
        "psychických klamlivých hlášok",
    ),
    ("sk-2017:6D2", "sk-2017:def/balicek-ulozeny-nezamiesany", "nezamiešaného balíčku"),
    ("sk-2017:9A1", "sk-2017:def/na-rade", "na rade"),
    ("sk-2017:27B1(a)", "sk-2017:def/zvoleny-zavazok", "zvolený záväzok"),
    (
        "hr-pref-2014:12(a)",
        "hr-pref-2014:def/prilagodjen-ili-arbitrazni-rezultat",
        "prilagođen rezultat",
    ),
    ("hr-pref-2014:48(b)3", "hr-pref-2014:def/kaznena-karta", "kaznenom kartom"),
    ("hr-pref-2014:21(a)", "hr-pref-2014:def/zavrsna-licitacija-ili-destinacija", "destinaciji"),
    ("hr-pref-2014:17", "hr-pref-2014:def/mitchell", "pomakom natjecatelja"),
    ("hr-pref-2014:29", "hr-pref-2014:def/licit-ili-bid", "licit"),
]


@pytest.mark.parametrize(("node", "definition", "words"), CASES)
def test_case(kb, node, definition, words):
    assert {"text": words, "definition": definition} in [
        {"text": lk["text"], "definition": lk["definition"]} for lk in kb.term_links(node)
    ]


@pytest.mark.parametrize(
    "definition",
    [
        "sr-2007:def/tim",  # a stop word
        "hr-pref-2014:def/siken-ili-nista",  # `ništa` = nothing; Šiken is never used
    ],
)
def test_never_linked(kb, definition):
    assert kb.term_uses(definition) == []


def test_counts_per_document(kb):
    """Every document with definitions gets links, most of its terms used somewhere."""
    rows = kb.con.execute(
        "SELECT substr(node, 1, instr(node, ':') - 1) AS doc, count(DISTINCT definition) AS n "
        "FROM term_links GROUP BY doc"
    ).fetchall()
    linked = {r["doc"]: r["n"] for r in rows}
    assert set(linked) == set(LANG)
    assert linked["sr-2007"] >= 45 and linked["sk-2017"] >= 55 and linked["hr-pref-2014"] >= 65


@cache
def _all_links(kb) -> list[dict]:
    rows = kb.con.execute("SELECT DISTINCT node FROM term_links").fetchall()
    return [{**lk, "node": r["node"]} for r in rows for lk in kb.term_links(r["node"])]


@cache
def _name_keys(doc: str) -> dict[str, set[tuple[str, ...]]]:
    """Per definition, its names' lemma and folded-form sequences."""
    an = analyzer(LANG[doc])
    out: dict[str, set[tuple[str, ...]]] = {}
    for t in terms_of(parsed_doc(doc)):
        keys = set()
        for name in t.variants:
            toks = an.tokens(name)
            keys |= {tuple(x.lemma for x in toks), tuple(x.folded for x in toks)}
        out[t.node] = keys
    return out


def test_every_span_lies_in_its_node_and_reads_as_its_term(kb):
    bad = []
    for lk in _all_links(kb):
        doc = lk["node"].split(":")[0]
        text = kb.node(lk["node"]).text
        start, end = lk["span"]
        words = analyzer(LANG[doc]).tokens(lk["text"])
        keys = {tuple(x.lemma for x in words), tuple(x.folded for x in words)}
        if not (0 <= start < end <= len(text) and text[start:end] == lk["text"]):
            bad.append(("span", lk))
        elif not keys & _name_keys(doc)[lk["definition"]]:
            bad.append(("reads", lk))
    assert not bad, bad[:5]


def test_no_link_inside_a_citation_or_another_link(kb):
    by_node: dict[str, list[dict]] = defaultdict(list)
    for lk in _all_links(kb):
        by_node[lk["node"]].append(lk)
    bad = []
    for node, links in by_node.items():
        cited = [r["span"] for r in kb.refs_out(node) if r["field"] == "text"]
        for lk in links:
            (s, e) = lk["span"]
            if any(a < e and s < b for a, b in cited):
                bad.append(("citation", node, lk["text"]))
            for other in links:
                (s2, e2) = other["span"]
                if (s2, e2) != (s, e) and s2 < e and s < e2:
                    bad.append(("overlap", node, lk["text"], other["text"]))
    assert not bad, bad[:5]


def test_never_in_its_own_definition_and_once_per_node(kb):
    seen: set[tuple[str, str]] = set()
    for lk in _all_links(kb):
        d, node = lk["definition"], lk["node"]
        assert node != d and not node.startswith(f"{d}/"), lk
        assert (d, node) not in seen, lk
        seen.add((d, node))


def test_term_links_of_unknown_node_is_empty(kb):
    assert kb.term_links("sr-2007:999") == []


# ---- lawdesk show ------------------------------------------------------------------------------


def test_show_prints_the_terms_a_node_uses(built):
    from typer.testing import CliRunner

    import kb.cli  # noqa: F401  (registers the commands)
    from kb.cli.app import app

    runner = CliRunner()
    out = runner.invoke(app, ["show", "sk-2017:41A", "--kb", str(built[0])])
    assert out.exit_code == 0, out.output
    terms = out.stdout.split("\nterms:\n", 1)[1].splitlines()
    assert (
        "  'predpokladaného hlavného hráča' -> sk-2017:def/hrac-hlavny-predpokladany"
        "  (Hráč, hlavný, predpokladaný)"
    ) in terms
    js = runner.invoke(app, ["show", "sk-2017:41A", "--json", "--kb", str(built[0])])
    linked = {(t["text"], t["definition"]) for t in json.loads(js.stdout)["terms"]}
    assert ("predpokladaného hlavného hráča", "sk-2017:def/hrac-hlavny-predpokladany") in linked
