"""The preferans ruling trees: facts computed from a preferans record, not asked."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.rulings import RulingError, evaluate
from kb.rulings.catalogue import trees


@pytest.mark.parametrize(
    ("tree_id", "facts", "derived"),
    [
        # hand 3 bids 2 after 2, 3: insufficient, no one called over it yet
        (
            "pref-illegal-call",
            {"pref_auction": ["2", "3", "2"]},
            {"pref_irregularity": "illegal", "pref_call_fault": "insufficient"},
        ),
        (
            "pref-illegal-call",
            {"pref_auction": ["2", "betl", "betl"]},
            {"pref_call_fault": "other_illegal", "pref_rule_broken": "betl_repeated"},
        ),
        # hand 3 bid out of turn, the bid was cancelled, he bid the same at his turn (čl. 33)
        (
            "pref-call-out-of-turn",
            {"pref_auction": ["2", "3:3", "cancel", "P", "3"]},
            {
                "pref_out_of_turn_kind": "bid",
                "pref_next_called": False,
                "pref_offender_at_turn": "repeated",
            },
        ),
        # W (a defender) revoked in trick 3, his partner N won it and trick 9: čl. 61 a 2 b
        (
            "pref-revoke",
            {
                "pref_trick_winners": list("EENNWWEENN"),
                "pref_revoke_trick": 3,
                "pref_revoke_offender": "W",
                "pref_declarer": "E",
            },
            {
                "pref_revoke_by": "defender",
                "pref_revoke_won_by": "partner",
                "pref_partner_won_later": True,
                "pref_revoke_ninth": False,
            },
        ),
    ],
)
def test_facts_computed_from_the_record(
    tree_id: str, facts: dict[str, Any], derived: dict[str, Any]
) -> None:
    r = evaluate(tree_id, "hr-pref-2014", facts).to_dict()
    assert {k: r["facts"][k] for k in derived} == derived
    assert r.get("fact") not in derived  # never asked


@pytest.mark.parametrize(
    ("tree_id", "facts", "code", "named"),
    [
        # the record has an illegal call in turn, not a call out of turn
        ("pref-call-out-of-turn", {"pref_auction": ["2", "3", "2"]}, "contradictory-facts", ""),
        # the record has no illegal call in turn
        ("pref-illegal-call", {"pref_auction": ["2", "3:3"]}, "contradictory-facts", ""),
        # the record says hand 1 (his right-hand opponent) called over it; the director says not
        (
            "pref-illegal-call",
            {"pref_auction": ["2", "3", "2", "1:4"], "pref_next_called": False},
            "contradictory-facts",
            "pref_next_called",
        ),
        ("pref-illegal-call", {"pref_auction": ["2", "9"]}, "bad-record", "'9'"),
        (
            "pref-revoke",
            {"pref_trick_winners": list("EENNWWEENN"), "pref_revoke_trick": 3},
            "bad-record",
            "pref_revoke_offender, pref_declarer",
        ),
        (
            "pref-revoke",
            {
                "pref_trick_winners": list("EENNWWEENS"),
                "pref_revoke_trick": 3,
                "pref_revoke_offender": "W",
                "pref_declarer": "E",
            },
            "bad-record",
            "'S'",
        ),
        # the record says a defender revoked; the director says declarer
        (
            "pref-revoke",
            {
                "pref_trick_winners": list("EENNWWEENN"),
                "pref_revoke_trick": 3,
                "pref_revoke_offender": "W",
                "pref_declarer": "E",
                "pref_revoke_by": "declarer",
            },
            "contradictory-facts",
            "pref_revoke_by",
        ),
    ],
)
def test_bad_or_contradictory_records(
    tree_id: str, facts: dict[str, Any], code: str, named: str
) -> None:
    with pytest.raises(RulingError) as err:
        evaluate(tree_id, "hr-pref-2014", facts)
    assert err.value.code == code and named in err.value.message


PREF_TREES = sorted(t for t in trees() if t.startswith("pref-"))
RECORDISH = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.sampled_from(["unsure", "E", "N", "W", "S", "2", "3:igra", "cancel", "defender"]),
    st.lists(st.sampled_from(["2", "3", "P", "igra", "betl", "2:4", "cancel", "E", "N", "W"])),
    st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=3)), max_size=11),
)


@settings(max_examples=200, deadline=None)
@given(tree_id=st.sampled_from(PREF_TREES), data=st.data())
def test_any_facts_give_a_question_a_ruling_or_a_ruling_error(
    tree_id: str, data: st.DataObject
) -> None:
    """Records and answers of any shape: a question, a ruling, or a RulingError - never a crash."""
    keys = sorted(trees()[tree_id].facts)
    facts = data.draw(st.dictionaries(st.sampled_from(keys), RECORDISH, max_size=6))
    try:
        result = evaluate(tree_id, "hr-pref-2014", facts).to_dict()
    except RulingError as exc:
        assert exc.code and exc.message
        return
    assert result["status"] in ("question", "ruling")
