"""Resolving: the exact node or a reasoned unresolved record; relative cites read against the
citing node; other editions' Laws carried to sr-2007 and sk-2017 by the 1987 table and the
2007 -> 2017 pairs (never by number across editions); suspect numbers reported, not linked."""

from __future__ import annotations

import pytest
from test_refs_find import node

from kb.models import Parallel
from kb.refs import Crosswalk, find_refs, resolve_refs
from kb.refs.find import GRAMMARS
from kb.refs.resolve import combine, parse_steps

# a small world of existing node IDs, shaped like the readers' output
IDS = {
    *(
        f"sr-2007:{c}"
        for c in [
            "12",
            "12C",
            "12C1",
            "12C1(b)",
            "12C1(c)",
            "13",
            "13F",
            "16",
            "16D",
            "16D2",
            "20",
            "20F",
            "20F1",
            "20F5",
            "20F6",
            "21",
            "23",
            "27",
            "27B",
            "27B1",
            "27B1(a)",
            "27B1(b)",
            "50",
            "50B",
            "50B1",
            "50B1(a)",
            "50B2",
            "50B2(a)",
            "51",
            "51B",
            "51B1",
            "51B1(a)",
            "75",
            "75C",
            "86",
            "86D",
            "26",
            "26A",
            "26A1",
            "26A2",
        ]
    ),
    *(
        f"sk-2017:{c}"
        for c in [
            "16",
            "16C",
            "16C2",
            "23",
            "26",
            "26A",
            "26B",
            "72",
            "72C",
            "27",
            "27B",
            "27B1",
            "27B1(b)",
            "47",
            "47F",
            "47F1",
            "53",
            "53B",
            "53C",
            "86",
            "86B",
        ]
    ),
    *(f"hr-pref-2014:{c}" for c in ["14", "14(b)", "14(b)1", "14(b)3", "61", "61(c)", "94"]),
    "pl-screens:3",
    "pl-screens:4",
    "pl-screens:4(a)",
    "pl-screens:4(a)2",
    "pl-screens:4(f)",
    "pl-screens:4(g)",
    "ru-comment:25",
    "ru-comment:25.5",
    "ru-comment:27",
    "ru-comment:27.6",
    "ru-comment:27.6(ii)",
}
ABSENT = {"hr-pref-2014:94"}
# the 2007 -> 2017 pairs of this small world, as the aligner gives them
PAIRS = [
    Parallel("sr-2007:16D2", "sk-2017:16C2", "moved", False, 0.9, ["paired by content"]),
    Parallel("sr-2007:23", "sk-2017:72C", "moved", False, 0.8, ["found by content"]),
    Parallel("sr-2007:26A1", None, "removed", True, 0.8, ["no counterpart in 2017"]),
    Parallel("sr-2007:27B1(b)", "sk-2017:27B1(b)", "changed", True, 0.9, ["same number"]),
    Parallel("sr-2007:26", "sk-2017:26", "changed", True, 0.5, ["same number (words 0.2)"]),
]
WALK = Crosswalk(PAIRS)

CASES = [
    # (doc, lang, citing cite, law, text, [(target_doc, target_cite, status, targets)])
    (
        "sr-2007",
        "sr",
        "9",
        "9",
        "primenjuje se član 23F5.",
        [("sr-2007", "23F5", "unresolved-missing", [])],
    ),
    (
        "sr-2007",
        "sr",
        "20F6",
        "20",
        "videti Član 21 ili Član 75E.",
        [
            ("sr-2007", "21", "resolved", ["sr-2007:21"]),
            ("sr-2007", "75E", "unresolved-missing", []),
        ],
    ),
    (
        "sr-2007",
        "sr",
        "12C1(b)",
        "12",
        "umesto pod (c):",
        [("sr-2007", "12C1(c)", "resolved", ["sr-2007:12C1(c)"])],
    ),
    (
        "sr-2007",
        "sr",
        "12C1(b)",
        "12",
        "ali vidi C1(b)",
        [("sr-2007", "12C1(b)", "resolved", ["sr-2007:12C1(b)"])],
    ),
    (
        "sr-2007",
        "sr",
        "20F6",
        "20",
        "na osnovama sličnim onima pod 1, a daje",
        [("sr-2007", "20F1", "resolved", ["sr-2007:20F1"])],
    ),
    (
        "sr-2007",
        "sr",
        "13",
        "13",
        "(ali vidi 13F), rezultat (može da se primeni 86D).",
        [
            ("sr-2007", "13F", "resolved", ["sr-2007:13F"]),
            ("sr-2007", "86D", "resolved", ["sr-2007:86D"]),
        ],
    ),
    # the citing node sits above the level the words need: one candidate -> linked
    (
        "sr-2007",
        "sr",
        "51B",
        "51",
        "prema (a) ovog stava, Direktor",
        [("sr-2007", "51B1(a)", "resolved", ["sr-2007:51B1(a)"])],
    ),
    # ... two candidates -> ambiguous, never a guess
    (
        "sr-2007",
        "sr",
        "50B",
        "50",
        "prema (a) ovog stava, Direktor",
        [("sr-2007", "50B(a)", "ambiguous", [])],
    ),
    ("sr-2007", "sr", "def/x", "def", "kao pod A.", [("sr-2007", "A", "unresolved-missing", [])]),
    (
        "sk-2017",
        "sk",
        "47F1",
        "47",
        "Karta môže byť vzatá späť v súlade s pravidlom 53C.",
        [("sk-2017", "53C", "unresolved-suspect", [])],  # 2007 numbering left over
    ),
    (
        "hr-pref-2014",
        "hr",
        "61(a)1",
        "61",
        "primjenjuje se čl. 61.c).",
        [("hr-pref-2014", "61(c)", "resolved", ["hr-pref-2014:61(c)"])],
    ),
    # article 14's "čl. 61.c)" is the first edition's numbering (a defective trick is čl. 64)
    (
        "hr-pref-2014",
        "hr",
        "14(b)1",
        "14",
        "primjenjuje se čl. 61.c).",
        [("hr-pref-2014", "61(c)", "unresolved-suspect", [])],
    ),
    (
        "hr-pref-2014",
        "hr",
        "14(b)1",
        "14",
        "odredbe ovog članka, stavak 3 (dolje).",
        [("hr-pref-2014", "14(b)3", "resolved", ["hr-pref-2014:14(b)3"])],
    ),
    (
        "hr-pref-2014",
        "hr",
        "14(b)3",
        "14",
        "pod okolnostima iz stava b stalno",
        [("hr-pref-2014", "14(b)", "resolved", ["hr-pref-2014:14(b)"])],
    ),
    (
        "hr-pref-2014",
        "hr",
        "17",
        "17",
        "prema čl. čl. 94 b).",
        [("hr-pref-2014", "94(b)", "unresolved-missing", [])],
    ),
    (
        "hr-pref-2014",
        "hr",
        "11",
        "11",
        "(proceduralne kazne članak 94).",
        [("hr-pref-2014", "94", "unresolved-missing", [])],
    ),
    (
        "hr-pref-2014",
        "hr",
        "12",
        "12",
        "primijeniti odredbe čl.90.",
        [("hr-pref-2014", "90", "unresolved-missing", [])],
    ),
    (
        "hr-pref-2014",
        "hr",
        "predgovor",
        None,
        "kodeks je uglavnom člankom 4. i 5. propisao",
        [("hr-pref-2014", "4", "external", []), ("hr-pref-2014", "5", "external", [])],
    ),
    (
        "pl-screens",
        "pl",
        "2(c)",
        "2",
        "gdy ma zastosowanie przepis 23.",
        [
            ("sr-2007", "23", "resolved", ["sr-2007:23"]),
            ("sk-2017", "72C", "resolved", ["sk-2017:72C"]),
        ],
    ),
    (
        "pl-screens",
        "pl",
        "4(b)",
        "4",
        "(ale patrz a)2 powyzej), kazda",
        [("pl-screens", "4(a)2", "resolved", ["pl-screens:4(a)2"])],
    ),
    (
        "pl-screens",
        "pl",
        "4(g)",
        "4",
        "Zaniechanie czynnosci wg f) moze",
        [("pl-screens", "4(f)", "resolved", ["pl-screens:4(f)"])],
    ),
    (
        "pl-screens",
        "pl",
        "4(d)",
        "4",
        "Alertowanie zapowiedzi omówiono w pkt. 3 powyżej.",
        [("pl-screens", "3", "resolved", ["pl-screens:3"])],
    ),
    (
        "pl-screens",
        "pl",
        "4(a)",
        "4",
        "podlega obowiązującym przepisom MPB z",
        [("", "", "external", [])],
    ),
    (
        "ru-comment",
        "ru",
        "27.6",
        "27",
        "(см. Правило 16С2 и п. 27.6.(ii) ниже).",
        [
            ("sr-2007", "16D2", "resolved", ["sr-2007:16D2"]),
            ("sk-2017", "16C2", "resolved", ["sk-2017:16C2"]),
            ("ru-comment", "27.6(ii)", "resolved", ["ru-comment:27.6(ii)"]),
        ],
    ),
    (
        "ru-comment",
        "ru",
        "24.9",
        "24",
        "Может применяться Правило 23А (принудительный",
        [
            ("sr-2007", "23", "resolved", ["sr-2007:23"]),
            ("sk-2017", "72C", "resolved", ["sk-2017:72C"]),
        ],
    ),
    # 1987 26A1 is 2007 26A1 (the table), which has no 2017 counterpart: reported, not linked
    (
        "ru-comment",
        "ru",
        "26.5",
        "26",
        "В Правилах 26А1 и",
        [
            ("sr-2007", "26A1", "resolved", ["sr-2007:26A1"]),
            ("sk-2017", "26A1", "unresolved-other-code", []),
        ],
    ),
    # 1987 27B1(b) is 2007 27D by the table, not the 2007/2017 27B1(b) that has the number
    (
        "ru-comment",
        "ru",
        "27.5",
        "27",
        "согласно Правилу 27В1(b).",
        [
            ("sr-2007", "27B1(b)", "unresolved-missing", []),
            ("sk-2017", "27B1(b)", "unresolved-missing", []),
        ],
    ),
    # a changed pair the words confirm too weakly carries no citation
    (
        "ru-comment",
        "ru",
        "25.9",
        "25",
        "по Правилу 26 в связи",
        [
            ("sr-2007", "26", "resolved", ["sr-2007:26"]),
            ("sk-2017", "26", "unresolved-other-code", []),
        ],
    ),
    (
        "ru-comment",
        "ru",
        "30.3",
        "30",
        "(см. п.23.3. выше).",
        [("ru-comment", "23.3", "external", [])],
    ),
    (
        "ru-comment",
        "ru",
        "36.1",
        "36",
        "см. Правило 99A",
        [
            ("sr-2007", "99A", "unresolved-other-code", []),
            ("sk-2017", "99A", "unresolved-other-code", []),
        ],
    ),
]


@pytest.mark.parametrize(
    ("doc", "lang", "cite", "law", "text", "expected"), CASES, ids=[c[4][:40] for c in CASES]
)
def test_resolve(doc: str, lang: str, cite: str, law: str | None, text: str, expected) -> None:
    found = find_refs(node(doc, cite, text, law=law), lang)
    refs = resolve_refs(found, IDS, absent=ABSENT, crosswalk=WALK)
    got = [(r.target_doc, r.target_cite, r.status, r.targets) for r in refs]
    assert got == expected
    for r in refs:
        assert all(t in IDS and t not in ABSENT for t in r.targets)
        assert (r.status == "resolved") == bool(r.targets)
        assert r.status == "resolved" or r.reason, "an unresolved reference says why"
        assert r.cross_edition == (r.target_doc != doc and r.target_doc != "")
        if r.cross_edition:
            assert r.reason.startswith("cross-edition")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("primenjuje se član 23F5.", "no 23F5 in sr-2007 (sr-2007:23 exists, not below it)"),
        ("vidi član 99.", "no law 99 in sr-2007"),
    ],
)
def test_missing_reason_says_what_exists(text: str, reason: str) -> None:
    [ref] = resolve_refs(find_refs(node("sr-2007", "9A4", text, law="9"), "sr"), IDS)
    assert ref.reason == reason


def test_absent_article_reason() -> None:
    [ref] = resolve_refs(
        find_refs(node("hr-pref-2014", "17", "prema čl. 94. b). st. 10.", law="17"), "hr"),
        IDS,
        absent=ABSENT,
    )
    assert (ref.status, ref.reason) == ("unresolved-missing", "article not in source text")


def test_suspect_reference_is_reported_not_linked() -> None:
    [ref] = resolve_refs(
        find_refs(node("sk-2017", "47F1", "v súlade s pravidlom 53C.", law="47"), "sk"), IDS
    )
    assert (ref.status, ref.targets) == ("unresolved-suspect", [])
    assert ref.reason.startswith("suspect:")


def test_without_a_crosswalk_other_editions_stay_unresolved() -> None:
    found = find_refs(node("pl-screens", "2(c)", "przepis 23.", law="2"), "pl")
    got = [(r.target_doc, r.status) for r in resolve_refs(found, IDS)]
    assert got == [("sr-2007", "resolved"), ("sk-2017", "unresolved-other-code")]


@pytest.mark.parametrize(
    ("context", "rel", "style", "expected"),
    [
        ("12C1(b)", "(c)", "ranked", "12C1(c)"),
        ("12C1(e)(ii)", "(c)", "ranked", "12C1(c)"),
        ("12C1(b)", "C2", "ranked", "12C2"),
        ("20F6", "1", "ranked", "20F1"),
        ("22A(a)", "2", "ranked", "22A2"),
        ("50B", "(a)", "ranked", "50B(a)"),
        ("14(b)1", "3", "nested", "14(b)3"),
        ("14(b)3", "(b)", "nested", "14(b)"),
        ("14(b)", "3", "nested", "14(b)3"),
        ("4(b)", "(a)2", "nested", "4(a)2"),
    ],
)
def test_combine(context: str, rel: str, style: str, expected: str) -> None:
    ctx = parse_steps(context)
    assert ctx is not None
    [(r, _, _)] = GRAMMARS["relative" if style == "ranked" else "path-relative"](rel, 0)
    assert combine(ctx, r, style).cite == expected


def test_parse_steps_of_non_numbered_cites() -> None:
    assert parse_steps("def/renons") is None
    assert parse_steps("ch/I") is None
    assert parse_steps("25.5").cite == "25.5"  # type: ignore[union-attr]
