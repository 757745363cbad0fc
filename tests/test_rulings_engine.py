"""The ruling engine: questions and rulings as dicts, computed facts, errors with a code, the
message and the accepted values."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.rulings import RulingError, evaluate, list_trees, tree
from kb.rulings.catalogue import trees

TREE = "insufficient-bid"


def test_list_entries() -> None:
    rows = list_trees()
    assert rows and {"id", "title", "situation", "phase", "game", "editions", "languages"} <= set(
        rows[0]
    )
    assert all(set(r["languages"]) == {"en", "sr", "hr", "sk", "pl", "ru"} for r in rows)


def test_tree_as_data_is_json() -> None:
    data = tree(TREE)
    json.dumps(data)
    assert data["start"] in data["nodes"]
    assert "lho_called" in data["facts"] and data["facts"]["lho_called"]["derived"] == "auction"


def test_first_question_with_answers_and_labels() -> None:
    q = evaluate(TREE, "2017", {}).to_dict()
    assert (q["status"], q["fact"], q["type"]) == ("question", "in_rotation", "bool")
    assert [a["value"] for a in q["answers"]] == [True, False]
    assert q["answers"][0]["label"]["sr"] == "Da"
    assert set(q["question"]) == {"en", "sr", "hr", "sk", "pl", "ru"}
    json.dumps(q)


def test_answers_walk_to_a_ruling() -> None:
    facts = {"in_rotation": True, "lho_called": True}
    r = evaluate(TREE, "2007", facts).to_dict()
    assert (r["status"], r["leaf"], r["laws"]) == ("ruling", "bid-accepted", ["sr-2007:27A1"])
    assert [s["node"] for s in r["path"]] == ["in-rotation", "accepted"]
    json.dumps(r)


def test_facts_computed_from_the_auction_are_not_asked() -> None:
    r = evaluate(TREE, "2017", {"dealer": "N", "auction": ["1S", "1H", "2H"]}).to_dict()
    assert r["fact"] == "same_denominations"  # in rotation, not accepted, lowest same strain
    assert r["facts"]["replacement_lowest_same_strain"] is True
    assert r["facts"]["lowest_sufficient_same_strain"] == "2H"


def test_editions_rule_differently() -> None:
    facts = {"dealer": "N", "auction": ["1S", "1H", "P"], "same_meaning": False}
    r07 = evaluate(TREE, "2007", facts).to_dict()
    assert r07["laws"] == ["sr-2007:27B2", "sr-2007:26", "sr-2007:23"]
    r17 = evaluate(TREE, " 2017", {**facts, "same_meaning": None, "comparable_call": False})
    assert r17.to_dict()["laws"] == ["sk-2017:27B2", "sk-2017:26B", "sk-2017:72C"]


@pytest.mark.parametrize(
    ("tree_id", "edition", "facts", "code", "accepted"),
    [
        ("no-such-tree", "2017", {}, "unknown-tree", "insufficient-bid"),
        (TREE, "2010", {}, "bad-edition", "2017"),
        (TREE, "hr-pref-2014", {}, "bad-edition", "2007"),
        (TREE, "2017", {"colour": "red"}, "unknown-fact", "lho_called"),
        (TREE, "2017", {"lho_called": "yes"}, "bad-fact-value", "true"),
        (TREE, "2017", {"at_turn_of": "dummy"}, "bad-fact-value", "RHO"),
        (TREE, "2017", {"dealer": "Q", "auction": []}, "bad-fact-value", "N, E, S or W"),
        (TREE, "2017", {"auction": ["1S", "1H"]}, "bad-record", "N"),
        (TREE, "2017", {"dealer": "N", "auction": ["1S", "foo"]}, "bad-record", ""),
        (TREE, "2017", [1, 2], "bad-fact-value", ""),
    ],
)
def test_errors_have_code_message_and_accepted(
    tree_id: str, edition: str, facts: object, code: str, accepted: str
) -> None:
    with pytest.raises(RulingError) as err:
        evaluate(tree_id, edition, facts)  # type: ignore[arg-type]
    e = err.value
    assert e.code == code and e.message
    assert not accepted or any(accepted in a for a in e.accepted), e.accepted
    assert e.to_dict()["error"]["code"] == code


@pytest.mark.parametrize(
    ("facts", "named"),
    [
        # the record says South (the LHO) called over it; the director says he did not
        ({"dealer": "N", "auction": ["1S", "1H", "S:2C"], "lho_called": False}, "lho_called"),
        # the record has no insufficient bid at all
        ({"dealer": "N", "auction": ["1S", "2H"]}, "irregularity"),
        # a pass cannot be the lowest sufficient bid in the same denomination
        ({"replacement_kind": "pass", "replacement_lowest_same_strain": True}, "replacement_kind"),
        ({"edition": "2007"}, "edition"),
    ],
)
def test_contradictory_facts_are_named(facts: dict[str, object], named: str) -> None:
    with pytest.raises(RulingError) as err:
        evaluate(TREE, "2017", facts)
    assert err.value.code == "contradictory-facts" and named in err.value.message


def test_unsure_is_an_answer_where_allowed() -> None:
    facts = {"dealer": "N", "auction": ["1S", "1H", "3H"], "comparable_call": "unsure"}
    r = evaluate(TREE, "2017", facts).to_dict()
    assert r["leaf"] == "judge-sufficient" and r["outcome"]["director_judgement"]["en"]
    with pytest.raises(RulingError, match="bad value 'unsure'"):
        evaluate(TREE, "2017", {"in_rotation": "unsure"})


def test_a_huge_bad_value_is_named_shortened() -> None:
    with pytest.raises(RulingError) as err:
        evaluate(TREE, "2017", {"in_rotation": "x" * 300_000})
    assert err.value.code == "bad-fact-value" and "'xxx" in err.value.message
    assert len(err.value.message) < 1_000


def test_null_is_an_unanswered_fact() -> None:
    assert evaluate(TREE, "2017", {"in_rotation": None}).to_dict()["fact"] == "in_rotation"


MALFORMED = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.sampled_from(["unsure", "N", "1H", "E:1H", "SK", "RHO", "bid", "throughout", "2017"]),
    st.lists(st.one_of(st.none(), st.text(max_size=4), st.integers()), max_size=14),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=150, deadline=None)
@given(
    tree_id=st.sampled_from(sorted(trees())),
    edition=st.one_of(st.sampled_from(["2007", "2017", " 2007", 2017]), MALFORMED),
    data=st.data(),
)
def test_any_facts_give_a_question_a_ruling_or_a_ruling_error(
    tree_id: str, edition: object, data: st.DataObject
) -> None:
    keys = [*sorted(trees()[tree_id].facts), "no_such_fact"]
    facts = data.draw(st.dictionaries(st.sampled_from(keys), MALFORMED, max_size=6))
    try:
        result = evaluate(tree_id, edition, facts).to_dict()
    except RulingError as exc:
        assert exc.code and exc.message
        return
    json.dumps(result)
    assert result["status"] in ("question", "ruling")
