"""The edition aligner on small made-up editions: numbering is only a prior, content decides.

Words are shared between the two "languages" so that they are cognates of themselves; each case
is one situation the real texts have (sections that swapped letters, a provision that went to
another Law, a law text that became a section, provisions added and dropped).
"""

from __future__ import annotations

from itertools import product

from kb.align.bridge import align_editions
from kb.models import Node, Parallel, ParsedDoc

WORDS = ["".join(w) for w in product("bcdfg", "aeiou", "klmnp", "aeiou", "rstvz")]


def sentence(start: int, n: int = 10) -> str:
    """``n`` made-up words no other sentence here uses (more than a short text's eight)."""
    return " ".join(WORDS[start : start + n])


def doc(name: str, rows: list[tuple[str, str | None, str]]) -> ParsedDoc:
    """A document from (cite, parent cite, text) rows; a cite of digits is a law."""
    nodes = []
    for i, (cite, parent, text) in enumerate(rows):
        law = cite[: len(cite) - len(cite.lstrip("0123456789"))]
        nodes.append(
            Node(
                id=f"{name}:{cite}",
                doc=name,
                kind="law" if parent is None else "section",
                cite=cite,
                label=cite,
                title=None,
                text=text,
                raw=text,
                parent=None if parent is None else f"{name}:{parent}",
                position=i,
                line_start=i + 1,
                line_end=i + 1,
                law=law,
            )
        )
    return ParsedDoc(name, nodes, body="")


OLD = doc(
    "sr-2007",
    [
        ("1", None, ""),
        ("1A", "1", sentence(0)),
        ("1B", "1", sentence(10)),
        ("1C", "1", sentence(20)),
        ("2", None, sentence(30)),
        ("3", None, ""),
        ("3A", "3", sentence(50, 12)),
        ("3B", "3", sentence(86, 12)),
        ("4", None, ""),
        ("4A", "4", sentence(74, 12)),
    ],
)
NEW = doc(
    "sk-2017",
    [
        ("1", None, ""),
        ("1A", "1", sentence(10)),  # the old B
        ("1B", "1", sentence(0)),  # the old A
        ("2", None, ""),
        ("2A", "2", sentence(30)),  # the old law text
        ("2B", "2", sentence(40)),
        ("3", None, ""),
        ("3A", "3", sentence(62, 12)),
        ("3B", "3", sentence(86, 12)),
        ("4", None, ""),
        ("4A", "4", sentence(74, 12)),
        ("4B", "4", sentence(50, 12)),  # the old 3A
    ],
)


def pairs() -> dict[tuple[str | None, str | None], Parallel]:
    result = align_editions(OLD, NEW, [], "sr", "sk")
    return {(p.a, p.b): p for p in result.pairs}


def test_swapped_letters_are_moved_not_same() -> None:
    got = pairs()
    assert got[("sr-2007:1A", "sk-2017:1B")].relation == "moved"
    assert got[("sr-2007:1B", "sk-2017:1A")].relation == "moved"
    assert ("sr-2007:1A", "sk-2017:1A") not in got


def test_a_parent_whose_parts_moved_is_changed() -> None:
    assert pairs()[("sr-2007:1", "sk-2017:1")].relation == "changed"


def test_a_provision_found_in_another_law() -> None:
    p = pairs()[("sr-2007:3A", "sk-2017:4B")]
    assert p.relation == "moved" and not p.changed
    assert any("another place" in e for e in p.evidence)


def test_dropped_and_added_provisions() -> None:
    got = pairs()
    assert got[("sr-2007:1C", None)].relation == "removed"
    assert got[(None, "sk-2017:3A")].relation == "new"


def test_a_law_text_that_became_a_section() -> None:
    got = pairs()
    assert got[("sr-2007:2", "sk-2017:2A")].relation == "moved"
    assert got[("sr-2007:2", "sk-2017:2")].relation == "changed"


def test_every_provision_is_in_a_pair_and_relations_are_consistent() -> None:
    got = pairs()
    seen = {x for key in got for x in key if x}
    assert seen == {n.id for n in OLD.nodes} | {n.id for n in NEW.nodes}
    for (a, b), p in got.items():
        assert 0 < p.confidence <= 1 and p.evidence
        if a and b:
            moved = a.split(":")[1] != b.split(":")[1]
            assert (p.relation == "moved") == moved, p
        assert p.changed or p.relation in ("same", "moved"), p


def mixed(old: int, keep: int, fresh: int, n: int = 12) -> str:
    """``keep`` of the ``n`` words of ``sentence(old, n)``, the rest fresh: a text that says
    part of what another says (a free translation, or a rule that changed)."""
    return " ".join(WORDS[old : old + keep] + WORDS[fresh : fresh + n - keep])


# one situation per Law: 5 re-lettered after an insertion, with wording that changed too;
# 6 a paragraph whose new parent is itself new; 7 a text spread over two new parts;
# 8 a section split in two
OLD_2 = doc(
    "sr-2007",
    [
        ("5", None, ""),
        ("5A", "5", sentence(200, 12)),
        ("5B", "5", sentence(212, 12)),
        ("5C", "5", sentence(224, 12)),
        ("6", None, ""),
        ("6A", "6", sentence(300, 12)),
        ("6B", "6", sentence(312, 12)),
        ("7", None, ""),
        ("7A", "7", sentence(400, 12)),
        ("7B", "7", sentence(412, 24)),
        ("8", None, ""),
        ("8A", "8", sentence(500, 12)),
        ("8B", "8", sentence(512, 24)),
    ],
)
NEW_2 = doc(
    "sk-2017",
    [
        ("5", None, ""),
        ("5A", "5", sentence(200, 12)),
        ("5B", "5", sentence(600, 12)),  # new
        ("5C", "5", mixed(212, 2, 612)),  # the old B, much reworded
        ("5D", "5", mixed(224, 2, 624)),  # the old C, much reworded
        ("6", None, ""),
        ("6A", "6", sentence(300, 12)),
        ("6B", "6", sentence(660, 12)),  # new
        ("6C", "6", sentence(636, 24)),  # a new section ...
        ("6C1", "6C", sentence(312, 12)),  # ... now holds the old B
        ("7", None, ""),
        ("7A", "7", sentence(400, 12)),
        ("7B", "7", ""),
        ("7B1", "7B", sentence(412, 12)),  # the old B's first half
        ("7B2", "7B", sentence(424, 12)),  # ... and its second half
        ("8", None, ""),
        ("8A", "8", sentence(500, 12)),
        ("8B", "8", sentence(512, 12)),  # the old B's first half
        ("8C", "8", sentence(524, 12)),  # ... and its second half
    ],
)


def pairs_2() -> dict[tuple[str | None, str | None], Parallel]:
    result = align_editions(OLD_2, NEW_2, [], "sr", "sk")
    return {(p.a, p.b): p for p in result.pairs}


def test_relettered_provisions_keep_their_partners_in_order() -> None:
    got = pairs_2()
    for a, b in (("sr-2007:5B", "sk-2017:5C"), ("sr-2007:5C", "sk-2017:5D")):
        assert got[(a, b)].relation == "moved"
    # too little in common to be paired on its own: its place between paired neighbours does it
    assert "in order between paired neighbours" in got[("sr-2007:5B", "sk-2017:5C")].evidence[0]
    assert got[(None, "sk-2017:5B")].relation == "new"
    assert ("sr-2007:5B", "sk-2017:5B") not in got


def test_a_section_under_a_new_section_is_paired_across_levels() -> None:
    got = pairs_2()
    assert got[("sr-2007:6B", "sk-2017:6C1")].relation == "moved"
    assert got[(None, "sk-2017:6B")].relation == "new"
    assert got[(None, "sk-2017:6C")].relation == "new"


def test_a_text_spread_over_several_new_parts_is_paired_with_each() -> None:
    got = pairs_2()
    for part in ("sk-2017:7B1", "sk-2017:7B2"):
        assert got[("sr-2007:7B", part)].relation == "moved"


def test_a_section_split_in_two_keeps_both_partners() -> None:
    got = pairs_2()
    halves = {b for (a, b) in got if a == "sr-2007:8B"}
    assert halves == {"sk-2017:8B", "sk-2017:8C"}
    assert got[("sr-2007:8B", "sk-2017:8B")].relation == "changed"
