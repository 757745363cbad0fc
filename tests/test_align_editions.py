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
        law = "".join(c for c in cite if c.isdigit()) if cite.isdigit() else cite.rstrip("ABCD")
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
