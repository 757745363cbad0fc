"""sk-2017 reader: the Slovak Laws of Duplicate Bridge 2017, checked against the source notes.

Line numbers and expectations come from ../shared/notes/sources-bridge-laws.md (parts B and E3,
"SK"); each tricky case the notes name is a row below.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from conftest import source_text
from golden.outline import check_golden
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ingest_helpers import DocTree, field_of, mutate, mutations

from kb.ingest.coverage import coverage
from kb.ingest.sk2017 import read
from kb.ingest.sk2017.front import split_senses
from kb.ingest.sk2017.text import clean
from kb.models import Node

DOC = "sk-2017"
TREE = DocTree(DOC)
doc, node, children, labels = TREE.parsed, TREE.node, TREE.children, TREE.labels


# -- counts ------------------------------------------------------------------------------------


def test_node_counts_by_kind():
    # 264 "X. " lines + "C Karta navyše"; 64 terms + 15 inline senses; 7 intro paragraphs
    assert Counter(n.kind for n in doc().nodes) == {
        "law": 93,
        "section": 265,
        "paragraph": 344,
        "item": 113,
        "subitem": 19,
        "definition": 79,
        "footnote": 28,
        "table": 8,
        "part": 2,
    }


def test_laws_1_to_93_in_order_all_with_body_and_toc_titles():
    laws = [n for n in doc().nodes if n.kind == "law"]
    assert [n.label for n in laws] == [str(i) for i in range(1, 94)]
    assert all(n.meta["title_source"] == "body" and n.meta["toc_title"] for n in laws)
    assert all(n.parent is None and n.law == n.label for n in laws)


def test_no_chapters_are_invented():
    kinds = {n.kind for n in doc().nodes}
    assert not kinds & {"chapter", "section-group"}
    assert [n.id for n in doc().nodes if n.kind == "part"] == [f"{DOC}:intro", f"{DOC}:def"]


def test_laws_without_sections():
    bare = {n.label for n in doc().nodes if n.kind == "law" and not children(n.cite, "section")}
    assert bare == {"2", "3", "4", "33", "34", "35", "49", "59", "71", "77", "83", "88", "89"}


STABLE_IDS = [
    "intro",
    "intro/7",
    "def",
    "def/alertovanie",
    "def/hrac-hlavny-predpokladany",
    "def/zavazok-ciastocny",
    "def/hlaska-umela/3",
    "1",
    "1A",
    "6D2",
    "9B1(d)",
    "12C1(e)(ii)",
    "12C2(d)",
    "13C",
    "16A1(c)",
    "20F5(b)(ii)",
    "21B3",
    "22A",
    "22B",
    "27B1(b)",
    "30B1(b)(i)",
    "35.1",
    "40B2(a)(v)",
    "40B2(c)(iv)",
    "43B2(b)",
    "56B",
    "63A4",
    "64B8",
    "68D2(b)(ii)",
    "71.1",
    "74C8",
    "77/table/6",
    "78B/table/1",
    "80A1(c)",
    "80B2(g)(ii)",
    "80B2(l)",
    "86B2(c)",
    "93C3(b)",
    "fn/1",
    "fn/28",
    "2/table/1",
]


@pytest.mark.parametrize("cite", STABLE_IDS)
def test_stable_ids_exist(cite):
    node(cite)


# -- tricky cases (notes B3-B6, E3 "SK") ---------------------------------------------------------

CASES = [
    # law headings: EN DASH, ASCII hyphen, footnote marker, a dash inside the title, mixed case
    ("1", "title", "BALÍČEK KARIET"),
    ("10", "title", "POSÚDENIE NÁPRAVY"),
    ("14", "title", "CHÝBAJÚCA KARTA"),
    ("52", "title", "NEVYNESENIE ALEBO NEPRIDANIE POKUTOVEJ KARTY"),
    ("13", "title", "NESPRÁVNY POČET KARIET"),
    ("13", "line_start", 449),
    ("61", "title", "NEPRIZNANIE FARBY – OTÁZKY OHĽADOM NEPRIZNANIA FARBY"),
    ("78", "title", "SPÔSOBY HODNOTENIA VÝSLEDKOV a SÚŤAŽNÉ PODMIENKY"),
    ("16", "title", "OPRÁVNEŇ A NEOPRÁVNEŇ INFORMÁCIE"),
    ("16", "toc_title", "OPRÁVNENÉ A NEOPRÁVNENÉ INFORMÁCIE"),
    ("11", "toc_title", "ZÁNİK PRÁVA NA NÁPRAVU"),
    ("41", "toc_title", "ZAČIATOK ZOHRÁVKY"),
    # sections: missing period, footnote in the title, title ending in a period
    ("13C", "title", "Karta navyše"),
    ("13C", "line_start", 467),
    (
        "15B",
        "title",
        "Zistenie nesprávnej krabice počas licitačného obdobia alebo obdobia zohrávky",
    ),
    ("15B", "footnotes", ["4"]),
    ("45B", "title", "Karta hraná z listu tichého hráča."),
    ("63A", "title", "Nepriznanie farby sa považuje za dokonané:"),
    ("44A", "line_start", 1155),
    ("44A", "title", "Výnos ku zdvihu"),
    ("53C", "title", "Nesprávny obranca pridať k nesprávnemu výnosu hlavného hráča"),
    ("53C", "line_start", 1398),
    ("53C", "text_start", "Ak hlavný hráč vynesie mimo poradia"),
    ("14A", "text_start", "Ak sa zistí pred otočením karty počiatočného výnosu"),
    # run-in sections complete the law's lead-in
    ("22", "text", "Licitácia končí, keď:"),
    ("22A", "title", None),
    ("22A", "run_in", True),
    ("22A", "line_start", 720),
    ("22B", "run_in", True),
    ("56", "text", "Ak sa výnos mimo poradia obráti lícom nahor, hlavný hráč môže:"),
    ("56A", "text", "Prijatý nesprávny výnos v súlade s pravidlom 53, alebo"),
    ("56B", "run_in", True),
    ("43", "text", "S výnimkou, ak to umožňuje pravidlo 42:"),
    ("43A", "title", "Obmedzenia tichého hráča"),
    # paragraphs: missing period, leading space, numbered titles (86 B1, B2)
    ("21B3", "line_start", 714),
    ("21B3", "text_start", "Ak je na zmenu hlášky príliš neskoro"),
    ("69B2", "line_start", 1731),
    ("86B1", "title", "Bol získaný jediný výsledok"),
    ("86B1", "text_start", "Ak v súťaži družstiev vedúci pridelí upravený výsledok"),
    ("86B2", "title", "Viac výsledkov pri jednom alebo viacerých stoloch"),
    ("86B2", "footnotes", ["27"]),
    ("40B2(a)", "text", "Regulačný orgán"),
    ("16A1", "text", "Hráč môže využívať informácie z licitácie alebo zohrávky, ak:"),
    ("9B1", "text", ""),
    ("80B2(g)", "text", ""),
    ("80B2(g)(i)", "text", "zariadiť menovanie pomocníkov, ak sú potrební pre pomoc vedúcemu."),
    ("80B2(i)", "kind", "item"),
    ("80B2(i)", "text", "zabezpečiť vhodné podmienky hry a oznámiť ich súťažiacim."),
    ("61B2(b)", "text", "Tichý hráč sa nesmie opýtať obrancu a môže sa uplatniť pravidlo 16B."),
    # sentences split by footnote blocks and page breaks, joined again
    (
        "34",
        "text",
        "Ak nasledovali po hláške 3 pasy, pričom jeden alebo viaceré z týchto pasov "
        "boli urobené mimo poradia, tak licitácia nekončí a uplatní sa pravidlo 17D3.",
    ),
    ("34", "line_end", 952),
    ("9A1", "text_end", "bez ohľadu na to, či so svojou hláškou je alebo nie je na rade."),
    (
        "16B2",
        "text_start",
        "Ak sa hráč domnieva, že súper takúto vedľajšiu informáciu poskytol a "
        "že v jej dôsledku mohlo dôjsť k poškodeniu, môže súperom oznámiť",
    ),
    ("20F2", "text_contains", "môže požiadať o vysvetlenie hlášky obrancu a markovania"),
    ("24", "text_contains", "tak má nariadiť, aby bola každá takáto karta obrátená"),
    (
        "30B1(b)(ii)",
        "text_end",
        "musí pasovať, keď bude najbližšie v licitácii na rade. Môžu "
        "sa uplatniť pravidlá 16C, 26B a 72C.",
    ),
    ("39B", "text_contains", "alebo ak priestupkom je pas obrancu alebo akákoľvek hláška"),
    ("50E3", "text_contains", "neoprávnená pre partnera hráča, ktorý mal pokutovú kartu"),
    ("67B", "text_contains", "príliš málo alebo príliš veľa kariet, a teda"),
    ("74C4", "text_end", "upozorňuje na významnú okolnosť alebo na počet ešte potrebných zdvihov."),
    ("82C", "text_contains", "ktorá by umožnila normálne vyhodnotenie rozdania"),
    ("86B3", "text_contains", "alebo medzi viacerými súťažiacimi. Predpisom"),
    # closing sentences belong to the container, not to the last numbered paragraph
    ("69B", "text_end", "79C: Výsledok rozdania je napravený a zdvih je pridelený jeho strane."),
    ("69B", "line_end", 1732),
    ("71", "text_end", "zdvih je pridelený strane, ktorej hráč sa zdvihu chcel vzdáť."),
    # markup: links unwrapped, escapes undone, ** stripped; citation words intact
    ("12C1(d)", "text_end", "(pozri C2 nižšie)."),
    ("12C2(b)", "text_contains", "pravidiel 78D, 86B3 a pravidla (d) uvedeného nižšie"),
    ("13B2", "text_contains", "(pozri pravidlo 12C1(b))"),
    ("87C", "text", "Pozri pravidlo 86B2."),
    ("88", "text", "Pozri pravidlo 12C2."),
    ("90B5", "text_contains", "(pozri pravidlo 7)"),
    ("64B8", "text", "nepriznanie farby bolo napravené v súlade s pravidlom 62C3."),
    ("23C", "text_contains", "(pozri pravidlá 27B1(b), 30B1(b)(i), 31A2 a 32A2(a))"),
    ("45A", "text_contains", "lícom nahor na stôl"),
    # stray characters repaired in the text (the raw keeps them)
    ("63A4", "text_contains", "odovzdanie zvyšných zdvihov"),
    ("48B2", "text_contains", "nárokovať"),
    ("66C", "text_contains", "prezerať"),
    # definitions
    ("def", "text", "V zátvorke sú uvedené ekvivalentné pojmy v angličtine."),
    ("def/alertovanie", "title", "Alertovanie"),
    ("def/alertovanie", "en", "Alert"),
    ("def/balicek-ulozeny-nezamiesany", "title", "Balíček, uložený, nezamiešaný"),
    ("def/medzinarodne-sutazne-body", "en", "International Matchpoint, IMP"),
    ("def/odvolany", "en", "Withdrawn, Canceled"),
    ("def/ponuka", "en", "Bid"),
    ("def/ponuka", "text_start", "(Bid) – prísľub získať aspoň určený počet extra zdvihov"),
    ("def/zavazok-ciastocny", "title", "Záväzok, čiastočný"),
    ("def/zavazok-ciastocny", "en", "Partscore"),
    ("def/pokuta", "line_end", 174),
    ("def/pokuta", "text_contains", "dvojaké: disciplinárne – pokuty použité"),
    ("def/pokuta", "text_end", "procedurálnych nezrovnalostí (pozri pravidlo 90)."),
    ("def/hlaska-umela", "text", "(Artificial call) – je"),
    ("def/hlaska-umela/2", "text_start", "pas, ak táto hláška sľubuje viac"),
    ("def/krabica/1", "text", "súťažná krabica tak ako je popísaná v pravidle 2 alebo"),
    ("def/extra-zdvihy", "text_contains", "šiestich (6) zdvihov"),
    ("intro", "title", "ÚVOD K PRAVIDLÁM SÚŤAŽNÉHO BRIDŽU Z ROKU 2017"),
    ("intro/7", "text_start", "Aby sa predišlo pochybnostiam, tento Úvod a nasledujúca Definícia"),
]


def _field(n: Node, name: str) -> object:
    if name in ("run_in", "en", "toc_title", "footnotes"):
        return field_of(n, f"meta.{name}")
    return n.text if name.startswith("text_") else field_of(n, name)


@pytest.mark.parametrize(("cite", "name", "expected"), CASES)
def test_tricky_cases(cite, name, expected):
    got = _field(node(cite), name)
    if name == "text_start":
        assert isinstance(got, str) and got.startswith(expected), got
    elif name == "text_end":
        assert isinstance(got, str) and got.endswith(expected), got
    elif name == "text_contains":
        assert isinstance(got, str) and expected in got, got
    else:
        assert got == expected


STRUCTURE = [
    ("13", "section", list("ABCD")),
    ("21B", "paragraph", ["1", "2", "3"]),
    ("22", "section", ["A", "B"]),
    ("69B", "paragraph", ["1", "2"]),
    ("69B", "item", []),
    ("80B2", "item", list("abcdefghijkl")),
    ("80B2(g)", "subitem", ["i", "ii"]),
    ("80B2(i)", "subitem", []),
    ("40B2(a)", "subitem", ["i", "ii", "iii", "iv", "v"]),
    ("40B2(c)", "subitem", ["i", "ii", "iii", "iv"]),
    ("12C1", "item", list("abcde")),
    ("12C1(e)", "subitem", ["i", "ii"]),
    ("63A", "paragraph", ["1", "2", "3", "4"]),
    ("64B", "paragraph", [str(i) for i in range(1, 9)]),
    ("74C", "paragraph", [str(i) for i in range(1, 9)]),
    ("86B2", "item", ["a", "b", "c"]),
    ("80A1", "item", ["a", "b", "c"]),
    ("43B2", "item", ["a", "b"]),
    ("61B2", "item", ["a", "b"]),
    ("35", "paragraph", ["1", "2", "3", "4"]),
    ("77", "section", []),
    ("77", "table", ["1", "2", "3", "4", "5", "6"]),
    ("def/hrac-tichy", "definition", ["1", "2"]),
    ("intro", "paragraph", [str(i) for i in range(1, 8)]),
]


@pytest.mark.parametrize(("cite", "kind", "expected"), STRUCTURE)
def test_children(cite, kind, expected):
    assert labels(cite, kind) == expected


# -- definitions ---------------------------------------------------------------------------------


def test_64_definitions_under_the_heading():
    terms = [n for n in doc().nodes if n.kind == "definition" and n.parent == f"{DOC}:def"]
    assert len(terms) == 64
    assert all(n.law == "def" and n.title and n.meta["en"] for n in terms)
    assert (terms[0].line_start, terms[-1].line_start) == (133, 221)


def test_english_play_names_two_terms():
    play = [n.title for n in doc().nodes if n.meta.get("en") == "Play"]
    assert play == ["Zahranie", "Zohrávka"]


@pytest.mark.parametrize(
    ("text", "lead", "senses"),
    [
        ("je (1) a, alebo (2) b", "je", ["a, alebo", "b"]),
        ("(1) a (2) b (3) c", "", ["a", "b", "c"]),
        ("nad limit šiestich (6) zdvihov", "nad limit šiestich (6) zdvihov", []),
        ("(1) only one", "(1) only one", []),
        ("(2) a (1) b", "(2) a (1) b", []),
    ],
)
def test_split_senses(text, lead, senses):
    assert split_senses(text) == (lead, senses)


# -- footnotes -----------------------------------------------------------------------------------

FOOTNOTES = [
    # (n, cite of the node carrying the first marker, marker lines, text line)
    ("1", "6D2", [289], 345),
    ("2", "13", [449], 479),
    ("4", "15B", [511], 539),
    ("8", "31A2", [896], 950),
    ("9", "41A", [1095], 1149),
    ("10", "41B", [1099], 1151),
    ("11", "41B", [1099], 1153),
    ("12", "45A", [1187], 1221),
    ("13", "50D2(a)", [1334, 1362, 1364], 1346),
    ("19", "64A1", [1594, 1595], 1605),
    ("21", "70C3", [1752, 1756, 1757, 1761], 1785),
    ("22", "71.2", [1769], 1787),
    ("24", "76A1", [1882, 1895, 1904], 1900),
    ("26", "80B2(g)(i)", [2059, 2063, 2067], 2129),
    ("27", "86B2", [2182], 2192),
    ("28", "93C3(b)", [2287], 2289),
]


@pytest.mark.parametrize(("number", "carrier", "markers", "line"), FOOTNOTES)
def test_footnote_attached_to_its_marker(number, carrier, markers, line):
    fn = node(f"fn/{number}")
    assert (fn.parent, fn.meta["marker_lines"], fn.line_start, fn.law) == (
        f"{DOC}:{carrier}",
        markers,
        line,
        "fn",
    )
    assert number in node(carrier).meta["footnotes"]


def test_28_footnotes_each_attached():
    fns = [n for n in doc().nodes if n.kind == "footnote"]
    assert sorted(int(n.label) for n in fns) == list(range(1, 29))
    assert all(n.parent and n.meta["marker_lines"] for n in fns)
    # footnote 8 sits inside Law 34 but belongs to Law 31; 9-11 sit under Law 44 but are Law 41's
    by_id = doc().by_id()
    assert [by_id[node(f"fn/{k}").parent].law for k in ("8", "9", "10", "11")] == [
        "31",
        "41",
        "41",
        "41",
    ]


def test_duplicated_footnote_texts_kept_apart():
    assert node("fn/21").text == node("fn/22").text
    assert node("fn/21").text.startswith("Pre účely pravidiel 70 a 71, „normálne“")


def test_footnote_text_is_in_no_law_text():
    law34 = node("34")
    assert "Neprávoplatná" not in law34.text
    assert "Regulačné orgány" not in node("44").text + node("44A").text


# -- tables --------------------------------------------------------------------------------------


def test_law77_trump_table_keeps_the_source_column_order():
    t = node("77/table/1")
    assert t.title == "SADZBA ZA ZDVIHY"
    assert t.meta["columns"] == ["AK SÚ TROMFY", "trefy (♣)", "kára (♦)", "srdcia (♥)", "piky (♠)"]
    assert t.rows == [
        ["AK SÚ TROMFY", "trefy (♣)", "kára (♦)", "srdcia (♥)", "piky (♠)"],
        ["Nekontrovaný", "20", "20", "30", "30"],
        ["Kontrovaný", "40", "40", "60", "60"],
        ["Rekontrovaný", "80", "80", "120", "120"],
    ]
    suits = [re.sub(r"[^♣♦♥♠]", "", c) for c in t.meta["columns"][1:]]
    assert dict(zip(suits, (t.rows or [])[1][1:], strict=True)) == {
        "♣": "20",
        "♦": "20",
        "♥": "30",
        "♠": "30",
    }


def test_law77_spurious_row_is_no_data():
    t = node("77/table/1")
    assert [s["line"] for s in t.meta["spurious_rows"]] == [1913]
    assert all(not r[0].startswith("za každý") for r in t.rows or [])
    assert t.text == "za každý vylicitovaný a splnený extra zdvih"
    assert [p.line for p in doc().problems if p.code == "table-spurious-row"] == [1913]


TABLE_CELLS = [
    ("77/table/2", 0, ["Za prvý vylicitovaný a splnený extra zdvih", ""]),
    ("77/table/2", 3, ["Rekontrovaný", "160"]),
    ("77/table/2", 7, ["Rekontrovaný", "120"]),
    ("77/table/3", 2, ["Veľký slem (13 zdvihov) vylicitovaný a splnený", "1000", "1500"]),
    ("77/table/4", 1, ["Nekontrovaný", "hodnota zdvihu", "hodnota zdvihu"]),
    ("77/table/5", 0, ["Za splnenie celoherného záväzku v druhej hre", "500"]),
    ("77/table/6", 0, ["", "v 1. hre", "v 2. hre"]),
    ("77/table/6", 11, ["Kontrovaný", "300", "300"]),
    ("2/table/1", 5, ["Sever - Juh v druhej hre", "krabice", "2", "5", "12", "15"]),
    ("78B/table/1", 8, ["320-360", "8", "1300-1490", "16", "4000 a viac", "24"]),
]


@pytest.mark.parametrize(("cite", "row", "cells"), TABLE_CELLS)
def test_table_cells(cite, row, cells):
    assert (node(cite).rows or [])[row] == cells


IMP_BANDS = [
    (20, 40),
    (50, 80),
    (90, 120),
    (130, 160),
    (170, 210),
    (220, 260),
    (270, 310),
    (320, 360),
    (370, 420),
    (430, 490),
    (500, 590),
    (600, 740),
    (750, 890),
    (900, 1090),
    (1100, 1290),
    (1300, 1490),
    (1500, 1740),
    (1750, 1990),
    (2000, 2240),
    (2250, 2490),
    (2500, 2990),
    (3000, 3490),
    (3500, 3990),
    (4000, None),
]


def test_imp_table_has_the_24_bands():
    t = node("78B/table/1")
    assert t.meta["columns"] == ["Rozdiel v bodoch", "IMP"] * 3
    body = (t.rows or [])[1:]
    pairs = [(row[c], row[c + 1]) for c in (0, 2, 4) for row in body]  # column-major
    bands = []
    for diff, imp in pairs:
        m = re.fullmatch(r"(\d+)(?:-(\d+)| a viac)", diff)
        assert m, diff
        bands.append(((int(m[1]), int(m[2]) if m[2] else None), int(imp)))
    assert bands == [(b, i) for i, b in enumerate(IMP_BANDS, 1)]


# -- text hygiene, problems (IDs, parents, coverage: test_ingest_invariants.py) -----------------


def test_clean_text_has_no_markup_or_markers():
    bad = re.compile(r"\*\*|\]\(#\)|\\\(|[¹²³⁰⁴-⁹]|\t")
    assert [n.id for n in doc().nodes if bad.search(n.text + (n.title or ""))] == []
    assert "**86B2**" in node("87C").raw
    assert "[12C1\\(b\\)](#)" in node("13B2").raw
    assert "odovzдание" in node("63A4").raw


@pytest.mark.parametrize(
    ("raw", "text", "markers"),
    [
        ("pravidlo [12C1\\(b\\)](#) a ďalej", "pravidlo 12C1(b) a ďalej", []),
        ("Pozri pravidlo **86B2**.", "Pozri pravidlo 86B2.", []),
        ("lícom nahor ¹² na stôl", "lícom nahor na stôl", ["12"]),
        ("prikázať¹³ alebo zakázať¹³", "prikázať alebo zakázať", ["13", "13"]),
        ("nárokovat' ho", "nárokovať ho", []),
        ("odovzдание", "odovzdanie", []),
        ("ako 'odvolaný' označujeme", "ako 'odvolaný' označujeme", []),
    ],
)
def test_clean(raw, text, markers):
    got = clean(raw)
    assert (got.text, got.markers) == (text, markers)


REJOINED = [347, 541, 674, 748, 878, 952, 1023, 1350, 1670, 1847, 2131, 2194]


def test_problems_are_the_known_repairs():
    problems = doc().problems
    assert Counter(p.code for p in problems) == {
        "sentence-rejoined": 12,
        "toc-title-differs": 5,
        "number-without-period": 2,
        "closing-text": 2,
        "apostrophe-for-caron": 2,
        "mixed-script": 1,
        "table-spurious-row": 1,
    }
    by_code: dict[str, list[int | None]] = {}
    for p in problems:
        by_code.setdefault(p.code, []).append(p.line)
    assert by_code["sentence-rejoined"] == REJOINED
    assert by_code["toc-title-differs"] == [393, 519, 1091, 1147, 1508]
    assert by_code["number-without-period"] == [467, 714]
    assert by_code["closing-text"] == [1732, 1771]


def test_artefacts_are_title_page_and_toc():
    arts = doc().artefacts
    assert [a.line for a in arts if a.code == "front-matter"] == [3, 5, 9, 11]
    toc = [a.line for a in arts if a.code == "toc"]
    assert (len(toc), toc[0], toc[-1]) == (97, 13, 111)  # OBSAH, 3 front entries, 93 laws
    assert {a.code for a in arts} == {"front-matter", "toc", "toc-span"}


def test_golden_outline():
    check_golden(doc())


# -- damaged input -------------------------------------------------------------------------------

MUTATION = mutations(
    [
        "**",
        "(a)",
        "(i)",
        "PRAVIDLO 12 – X",
        "PRAVIDLO 7",
        "²³",
        "¹ x",
        "\t",
        "A.",
        "C Karta",
        "3 Ak",
        "- ",
        "DEFINÍCIA POJMOV",
        "x\t1",
        "[x](#)",
    ]
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=st.lists(MUTATION, min_size=1, max_size=20))
def test_mutated_source_keeps_a_sound_tree(ops):
    parsed = read(mutate(source_text(DOC).split("\n"), ops))
    seen: set[str] = set()
    for n in parsed.nodes:
        assert n.id not in seen and (n.parent is None or n.parent in seen)
        seen.add(n.id)
    assert coverage(parsed) > 0.99


@pytest.mark.parametrize("line", [223, 449, 1530, 2268])
def test_doubled_law_heading_is_reported(line):
    lines = source_text(DOC).split("\n")
    lines.insert(line - 1, lines[line - 1])
    parsed = read("\n".join(lines))
    assert [p.line for p in parsed.problems if p.code == "duplicate-law"] == [line + 1]


def test_dropped_law_heading_keeps_its_text_and_title_comes_from_toc():
    lines = source_text(DOC).split("\n")
    del lines[946 - 1]  # PRAVIDLO 34
    parsed = read("\n".join(lines))
    missing_law = parsed.by_id()[f"{DOC}:34"]
    assert missing_law.meta == {
        "text_in_source": False,
        "toc_title": "ZACHOVANIE PRÁVA NA HLÁŠKU",
        "title_source": "toc",
    }
    assert "law-missing-in-body" in {p.code for p in parsed.problems}
    assert coverage(parsed) > 0.999
