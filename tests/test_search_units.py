"""What a unit is indexed with: an item carries the text of the parent it completes (a lead-in
ending in a colon, or a sentence broken off for the items to finish), never a parent's complete
sentence."""

from __future__ import annotations

import pytest

from kb.models import Node, NodeKind
from kb.search.units import lead_in, passages


def _node(id_: str, kind: NodeKind, text: str, parent: str | None) -> Node:
    return Node(id_, "sr-2007", kind, id_, id_, None, text, text, parent, 0, 1, 1, law="93")


@pytest.mark.parametrize(
    ("parent_text", "lead"),
    [
        ("Kada je renons utvrđen:", True),
        ("Ako je Žiri na raspolaganju", True),  # broken off: the items finish the sentence
        ("igrač može da izvede bilo koji legalan govor; ako taj govor", True),
        ("Ak nastane nezhoda v počte zdvihov, musí byť privolaný vedúci. Potom,", True),
        ("Direktor dodeljuje rezultat.", False),  # a complete sentence
        ("Adutska boja ne postoji!", False),
        ("Je li to dozvoljeno?", False),
        ("", False),
    ],
)
def test_an_item_carries_the_lead_in_it_completes(parent_text: str, lead: bool) -> None:
    parent = _node("sr-2007:93B", "paragraph", parent_text, None)
    item = _node("sr-2007:93B1", "item", "Direktor upućuje žalbu Žiriju.", parent.id)
    nodes = {n.id: n for n in (parent, item)}
    assert lead_in(item, nodes) == (parent_text if lead else None)
    (unit,) = [p for p in passages(nodes.values()) if p.node == item.id]
    assert (parent_text in unit.context) is lead
