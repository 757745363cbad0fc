"""The table-procedure and scoring trees (13, 14, 15, 67, 79, 87, 90-91): the same facts at the
table rule differently where the 2007 and 2017 texts differ, and the same where they agree."""

from __future__ import annotations

from typing import Any

import pytest

from kb.rulings import RulingError, evaluate

UNPLAYED = {
    "slow_play_kind": "slow_play",
    "boards_not_played": True,
    "delay_responsibility": "one_side",
}

# (tree, facts, what 2007 does, what 2017 does): ("ask", fact) for the next question, or
# ("leaf", leaf id, first law, outcome keys checked)
DIFFERENCES: list[tuple[str, dict[str, Any], tuple[Any, ...], tuple[Any, ...]]] = [
    (  # 2007 13D2(b) may give an artificial score at once; 2017 13A2 always plays the board
        "incorrect-number-of-cards",
        {"card_count_problem": "hand_over_13", "wrong_hand_discovered": "before_call",
         "other_hand_seen": True},
        ("ask", "seen_card_may_interfere"),
        ("leaf", "seen-play-then-adjust", "sk-2017:13A2", {"adjusted_score_possible": True}),
    ),
    (  # 2007 17D cancels the offender's call only (LHO's matters); 2017 15A all later calls
        "wrong-board",
        {"wrong_board_kind": "cards_from_wrong_board", "ruling_on_origin_board": False,
         "partner_called_after": False},
        ("ask", "lho_called"),
        ("leaf", "call-again-2017", "sk-2017:15A2(b)", {"calls_cancelled": True}),
    ),
    (  # a wrong board with nobody having played it: 2007 15A1 score stands; 2017 15B2 the same
        "wrong-board",
        {"wrong_board_kind": "board_not_designated", "found_during_auction": False,
         "team_event": False, "board_played_before": False},
        ("leaf", "score-stands-2007", "sr-2007:15A1", {"adjusted_score_possible": False}),
        ("leaf", "completed-2017", "sk-2017:15B2", {"adjustment_law": "sk-2017:15B3"}),
    ),
    (  # a card played but not quitted: 2017 67B3 only; 2007 falls back on 12A1
        "defective-trick",
        {"defect_kind": "card_misplaced"},
        ("leaf", "misplaced-2007", "sr-2007:67B", {"adjustment_law": "sr-2007:12A1"}),
        ("ask", "card_played_again"),
    ),
    (  # 2007 87B for every event; 2017 87C sends teams to 86B2
        "fouled-board",
        {"fouled_by_contestant": False},
        ("leaf", "groups", "sr-2007:87B", {"scored_in_groups": True}),
        ("ask", "team_event"),
    ),
    (  # the Director called after the round: 2007 79B2 vs 2017 79B3 (certain of the result?)
        "score-correction",
        {"score_problem": "tricks_disputed", "claim_or_concession_made": False,
         "director_called_in_round": False},
        ("leaf", "late-2007", "sr-2007:79B2", {"adjusted_score_possible": False}),
        ("ask", "table_result_certain"),
    ),
    (  # the missing card rules alike in both texts
        "missing-card",
        {"short_hand_before_lead": False, "missing_card_where": "elsewhere"},
        ("leaf", "restored-after-lead", "sr-2007:14B2", {}),
        ("leaf", "restored-after-lead", "sk-2017:14B2", {}),
    ),
    (  # an unplayed board: 12C2(a) in both, average in IMPs from 2007 86A / 2017 12C2(b)
        "slow-play",
        UNPLAYED,
        ("leaf", "board-one-side", "sr-2007:12C2(a)", {"board_cancelled": True}),
        ("leaf", "board-one-side", "sk-2017:12C2(a)", {"board_cancelled": True}),
    ),
]  # fmt: skip


def _check(result: dict[str, Any], expected: tuple[Any, ...]) -> None:
    if expected[0] == "ask":
        assert result["status"] == "question" and result["fact"] == expected[1]
        return
    _, leaf, first_law, outcome = expected
    assert result["status"] == "ruling" and result["leaf"] == leaf
    assert result["laws"][0] == first_law
    assert {k: result["outcome"][k] for k in outcome} == outcome


@pytest.mark.parametrize(("tree", "facts", "in_2007", "in_2017"), DIFFERENCES)
def test_the_editions_rule_as_their_texts_say(
    tree: str, facts: dict[str, Any], in_2007: tuple[Any, ...], in_2017: tuple[Any, ...]
) -> None:
    _check(evaluate(tree, "2007", facts).to_dict(), in_2007)
    _check(evaluate(tree, "2017", facts).to_dict(), in_2017)


def test_the_laws_cited_change_with_the_edition_for_the_same_leaf() -> None:
    laws = {ed: evaluate("slow-play", ed, UNPLAYED).to_dict()["laws"] for ed in ("2007", "2017")}
    assert "sr-2007:86A" in laws["2007"] and "sk-2017:12C2(b)" in laws["2017"]
    assert all(law.startswith("sr-2007:") for law in laws["2007"])


@pytest.mark.parametrize(
    ("tree", "facts", "code"),
    [
        ("missing-card", {"missing_card_where": "in the pocket"}, "bad-fact-value"),
        ("wrong-board", {"wrong_board_kind": "board_not_designated", "boards": 2}, "unknown-fact"),
    ],
)  # fmt: skip
def test_a_bad_fact_is_a_clear_error(tree: str, facts: dict[str, Any], code: str) -> None:
    with pytest.raises(RulingError) as err:
        evaluate(tree, "2017", facts)
    assert err.value.code == code
