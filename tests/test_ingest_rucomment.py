"""ru-comment reader: laws 24-39, 79 points, sub-items, artefacts removed with their lines
(notes sources-hr-pl-ru.md Part C; Part E items 16-22 are the rows below)."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import parsed_doc, source_text
from golden.outline import check_golden
from ingest_helpers import field_of

from kb.ingest.coverage import coverage
from kb.ingest.rucomment import read

DOC = "ru-comment"
P = parsed_doc(DOC)
BY_ID = P.by_id()
SRC = source_text(DOC).split("\n")


def _arts(code: str) -> list[int]:
    return sorted(a.line for a in P.artefacts if a.code == code)


def test_golden_outline():
    check_golden(P)


def test_counts():
    assert Counter(n.kind for n in P.nodes) == {"law": 16, "point": 80, "item": 14}


# notes C.3: the first line of every point, per law (79 points; 24.2 is the l.14 fragment)
POINT_LINES = {
    24: [16, 22, 30, 42, 52, 56, 60],
    25: [68, 80, 90, 106, 122, 128, 134, 144, 154, 170, 178, 184],
    26: [198, 206, 244, 268, 288, 312, 348, 356, 372, 380],
    27: [392, 398, 414, 424, 442, 470, 588, 642],
    28: [658, 664],
    29: [680, 688, 698, 710],
    30: [724, 732, 742, 752, 760],
    31: [774, 780, 796],
    32: [808, 812, 816, 826, 832, 842],
    33: [854, 858],
    34: [876, 890],
    35: [904, 926, 934],
    36: [950, 976, 980, 986, 996, 1002],
    37: [1014, 1034, 1042, 1050],
    38: [1068, 1086],
    39: [1096, 1098, 1102],
}


def test_points_e20():
    got: dict[int, list[int]] = {}
    for n in P.nodes:
        if n.kind == "point" and not n.meta.get("fragment"):
            got.setdefault(int(n.law), []).append(n.line_start)
    assert got == POINT_LINES
    assert sum(map(len, got.values())) == 79
    # numbered in sequence from 1 (from 3 in law 24, which starts mid-text)
    for law, lines in POINT_LINES.items():
        first = 3 if law == 24 else 1
        for k, line in enumerate(lines):
            assert BY_ID[f"{DOC}:{law}.{first + k}"].line_start == line


TITLES = {
    25: ("ЛЕГАЛЬНОЕ И НЕЛЕГАЛЬНОЕ ИЗМЕНЕНИЕ ЗАЯВКИ", 66, 66),
    26: ("НАКАЗАНИЕ НА ХОД ПОСЛЕ ВЗЯТИЯ ЗАЯВКИ НАЗАД", 196, 196),
    27: ("НЕДОСТАТОЧНОЕ НАЗНАЧЕНИЕ", 390, 390),
    28: ("ЗАЯВКИ В ПОРЯДКЕ ОЧЕРЕДИ", 656, 656),
    29: ("ПРОЦЕДУРА ПОСЛЕ ЗАЯВКИ ВНЕ ОЧЕРЕДИ", 678, 678),
    30: ("ПАС ВНЕ ОЧЕРЕДИ", 722, 722),
    31: ("НАЗНАЧЕНИЕ ВНЕ ОЧЕРЕДИ", 772, 772),
    32: ("КОНТРА ИЛИ РЕКОНТРА ВНЕ ОЧЕРЕДИ", 806, 806),
    33: ("ЗАЯВКИ, СДЕЛАННЫЕ ОДНОВРЕМЕННО", 852, 852),
    34: ("СОХРАНЕНИЕ ПРАВА НА ЗАЯВКУ", 874, 874),
    35: (
        "ЗАЯВКА СЛЕДУЮЩЕГО ИГРОКА СЛЕВА ПОСЛЕ НЕДОПУСТИМОЙ ЗАЯВКИ (НЕДОПУСТИМАЯ ЗАЯВКА ПРОЩЕНА)",
        900,
        902,
    ),
    36: ("НЕДОПУСТИМЫЕ КОНТРА ИЛИ РЕКОНТРА", 948, 948),
    37: (
        "ОТСУТСТВИЕ ПАСА, КОГДА ОН ДОЛЖЕН БЫЛ БЫТЬ СДЕЛАН (ДЕЙСТВИЯ, НАРУШАЮЩИЕ ОБЯЗАННОСТЬ "
        "ПАСОВАТЬ)",
        1010,
        1012,
    ),
    38: ("НАЗНАЧЕНИЕ НА УРОВНЕ ВЫШЕ СЕМИ", 1066, 1066),
    39: ("ЗАЯВКА ПОСЛЕ ЗАКЛЮЧИТЕЛЬНОГО ПАСА", 1094, 1094),
}


@pytest.mark.parametrize("law", sorted(TITLES))
def test_law_headings_e19(law: int):
    n = BY_ID[f"{DOC}:{law}"]
    assert (n.title, n.line_start, n.line_end) == TITLES[law]
    assert (n.kind, n.label, n.law, n.parent, n.text) == ("law", str(law), str(law), None, "")
    assert n.meta["title_source"] == "body" and n.meta["reader_page"] == 19


@pytest.mark.parametrize(
    ("node_id", "field", "expected"),
    [
        # E19: law 24 has no heading; the l.14 fragment is the end of 24.2; 39 is truncated
        ("24", "title", None),
        ("24", "lines", (14, 14)),
        ("24", "meta.heading_missing", True),
        ("24", "meta.reader_page", 19),
        ("24.2", "lines", (14, 14)),
        ("24.2", "meta.fragment", True),
        ("24.2", "text", "имел возможность увидеть ее лицевую сторону, считается открытой."),
        ("24.2", "parent", "ru-comment:24"),
        ("39", "meta.truncated", True),
        ("39.3", "meta.truncated", True),
        ("38", "meta.truncated", None),
        (
            "35",
            "raw",
            "Правило 35. ЗАЯВКА СЛЕДУЮЩЕГО ИГРОКА СЛЕВА ПОСЛЕ\n\n"
            "НЕДОПУСТИМОЙ ЗАЯВКИ (НЕДОПУСТИМАЯ ЗАЯВКА ПРОЩЕНА)",
        ),
        # E20: points, sub-items (i)...(vi) and (а)/(b)
        ("27.5", "law", "27"),
        ("27.5", "label", "27.5"),
        ("27.5", "parent", "ru-comment:27"),
        ("27.5", "lines", (442, 468)),
        ("29.3", "lines", (698, 708)),
        ("26.2", "text", ""),
        ("26.2(i)", "lines", (206, 216)),
        ("26.2(ii)", "lines", (218, 238)),
        ("26.3(a)", "label", "а"),  # Cyrillic as printed; the cite is Latin
        ("26.3(a)", "lines", (254, 256)),
        ("26.3(b)", "lines", (258, 260)),
        ("26.3", "meta.tail_lines", [262, 266]),
        ("27.6(i)", "lines", (530, 552)),
        ("27.6(iv)", "lines", (580, 586)),
        ("27.7(i)", "parent", "ru-comment:27.7"),
        ("27.7(vi)", "lines", (638, 640)),
        ("27.7(vi)", "label", "vi"),
        ("27.7(vi)", "law", "27"),
        ("27.7(iii)", "kind", "item"),
        ("27.8", "lines", (642, 652)),
    ],
)
def test_structure(node_id: str, field: str, expected: object):
    assert field_of(BY_ID[f"{DOC}:{node_id}"], field) == expected


@pytest.mark.parametrize(
    ("node_id", "fragment"),
    [
        # E17: the sentence split by the inline ..page3 at l.400 is re-joined
        ("27.2", "Судья, который приходит к столу и обнаруживает такую торговлю: W N E S"),
        # E18: legitimate repeats kept
        ("36.1", "А. W N E S 1S контра Здесь N и E"),
        ("36.1", "В. W N E S 1S контра Здесь N не успел"),
        ("36.1", "допустимости. Примеры: А. W N E S"),
        ("37.1", "когда принудительный пас причиняет ущерб оппонентам - с Правилом 23А;"),
        ("38.1", "когда принудительный пас причиняет ущерб оппонентам - Правило 23А;"),
        ("37.1", "когда левый оппонент нарушителя делает заявку с Правилом 35В."),
        ("38.1", "когда левый оппонент нарушителя делает заявку Правило 35В."),
        ("37.2", "каждый в свою очередь."),
        ("38.2", "каждый в своню очередь."),
        ("36.4", "неудобные для нарушителя)."),
        ("25.1", "без паузы для раздумий, он может изменить ее, но только если"),
        ("26.6", "При первой возможности хода партнера нарушителя (либо первого хода"),
        ("27.6", "Пример А W N E S 1С р 1С Совершенно"),
        ("27.8", "Примечание: по поводу недостаточного назначения вне очереди см.Правило 31."),
        # E19: 1024/1032/1080 are not headings
        ("37.1", "защитником - с Правилом 26; когда"),
        ("37.1", "легко применимо Правило 37."),
        # E20: l.700 is not a point
        ("29.3", "как в 29.2. выше, заявка вне очереди аннулируется;"),
        # E21: Cyrillic section letters stay as printed
        ("27.5", "согласно Правилу 27\u04121(b)."),
        ("24.8", "Правил 50D и 50\u0415"),
        # E22: нару + шителем re-joined in text
        ("27.4", "которые были сделаны нарушителем после нарушения"),
    ],
)
def test_text_contains(node_id: str, fragment: str):
    assert fragment in BY_ID[f"{DOC}:{node_id}"].text


@pytest.mark.parametrize(
    ("node_id", "fragment"),
    [
        ("27.4", "сделаны нару\n\nшителем"),
        ("27.2", "к столу и ..page3"),
        ("25.1", "раздумий\n\nраздумий"),
        ("27.5", "Правилу 27\u04121(b)"),
    ],
)
def test_raw_keeps_the_source(node_id: str, fragment: str):
    assert fragment in BY_ID[f"{DOC}:{node_id}"].raw


DUPLICATES = [
    72,
    74,
    96,
    98,
    136,
    138,
    212,
    214,
    234,
    236,
    240,
    242,
    276,
    278,
    324,
    326,
    340,
    342,
    478,
    492,
    514,
    536,
    538,
    608,
    610,
    650,
    956,
]
PAGE_OWN = [64, 194, 388, 654, 676, 720, 770, 804, 850, 898, 946, 1008, 1064, 1092]
PAGE_INLINE = [400, 474, 488, 510, 952, 966]


@pytest.mark.parametrize(
    ("code", "lines"),
    [
        ("web-header", [1, 3, 5, 6, 7]),  # E16
        ("reader-page", [5]),
        ("nbsp-line", [9, 11]),
        ("web-footer", [1109, 1110]),
        ("page-marker", sorted(PAGE_OWN + PAGE_INLINE)),  # E17: 14 + 6
        ("duplicate-line", DUPLICATES),  # E18: exactly the 27 of notes C.5
        ("split-word", [436]),  # E22
    ],
)
def test_artefacts(code: str, lines: list[int]):
    assert _arts(code) == lines


def test_artefact_codes_are_all_known():
    assert {a.code for a in P.artefacts} == {
        "web-header",
        "reader-page",
        "nbsp-line",
        "web-footer",
        "page-marker",
        "duplicate-line",
        "split-word",
    }
    assert len(DUPLICATES) == 27 and len(PAGE_OWN) == 14 and len(PAGE_INLINE) == 6


def test_no_artefact_text_left():
    for n in P.nodes:
        assert "..page" not in n.text and "ModernLib" not in n.text and "•" not in n.text, n.id


def test_problems_pinned():
    assert [(p.code, p.line) for p in P.problems] == [
        ("missing-heading", 16),
        ("orphan-fragment", 14),
        ("truncated-source", 1106),
    ]


def _without(*nos: int) -> str:
    return "\n".join(s for i, s in enumerate(SRC, 1) if i not in nos)


@pytest.mark.parametrize(
    ("text", "code", "new_id"),
    [
        (_without(196), "missing-heading", "26"),  # lost heading: law 26 inferred from 26.1
        (_without(244), "point-gap", None),  # 26.3 lost: 26.4 follows 26.2
        ("\n".join([*SRC[:65], SRC[65], *SRC[65:]]), "repeated-heading", None),
        ("\n".join([*SRC[:67], SRC[67], *SRC[67:]]), "point-out-of-sequence", None),
    ],
)
def test_damaged_sources_are_reported(text: str, code: str, new_id: str | None):
    got = read(text)
    assert code in [p.code for p in got.problems]
    if new_id:
        assert got.by_id()[f"{DOC}:{new_id}"].title is None
    assert coverage(got) >= 0.99


@pytest.mark.parametrize(
    "text",
    ["", "\u00a0", "..page3", "Правило 30. X", "1.1. a\n1.1. b", "(i) x", "24.3. x\n\n(ii) y"],
)
def test_odd_inputs_do_not_crash(text: str):
    assert read(text).nodes
