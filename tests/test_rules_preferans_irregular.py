"""The facts of a preferans irregularity computed from a record (Kodeks čl. 19-37, 59-61)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.rules.errors import RulesError
from kb.rules.preferans import auction_facts, check_auction, revoke_facts

# (record, the facts expected among those auction_facts returns)
AUCTIONS: list[tuple[list[str], dict[str, Any]]] = [
    (["2", "3", "P", "P"], {"irregularity": "none", "auction_ended": True}),
    (["2", "3"], {"irregularity": "none", "auction_ended": False}),
    # čl. 29: a bid not above the last one
    (
        ["2", "3", "2"],
        {"irregularity": "illegal", "fault": "insufficient", "offender": 3, "next_called": False},
    ),
    # čl. 37: the offender's right-hand opponent (hand 3 -> hand 1) called before the ruling
    (["2", "3", "2", "1:4"], {"fault": "insufficient", "next_called": True}),
    # another hand calling after it is not what čl. 37 forgives
    (["2", "3", "2", "2:4"], {"fault": "insufficient", "next_called": False}),
    # čl. 19 c: an igra not above the igra named
    (["igra-herc", "igra-karo"], {"fault": "igra-rank", "offender": 2}),
    # čl. 20 b 3: betl cannot follow betl
    (["2", "betl", "betl"], {"fault": "betl-repeated", "legal_calls": ["P", "sanac"]}),
    # čl. 19 b: a player who passed cannot come back
    (["2", "P", "3", "2:4"], {"fault": "passed-player", "offender": 2, "legal_calls": []}),
    # čl. 19 a: a first bid other than 2, a jump
    (["3"], {"fault": "step"}),
    (["2", "4"], {"fault": "step"}),
    # čl. 18 d: a call after the auction ended
    (["2", "P", "P", "1:3"], {"irregularity": "illegal", "fault": "after-end"}),
    # čl. 31-33: hand 3 bids while hand 2 is to call
    (
        ["2", "3:3"],
        {"irregularity": "out-of-turn", "offender": 3, "turn_of": 2, "call_kind": "bid"},
    ),
    (["2", "3:P"], {"irregularity": "out-of-turn", "call_kind": "pass"}),
    # the call cancelled, hand 2 calls, hand 3 at his turn says the same or something else
    (["2", "3:3", "cancel", "P", "3"], {"offender_at_turn": "repeated"}),
    (["2", "3:3", "cancel", "3", "P"], {"offender_at_turn": "changed"}),
    (["2", "3:3", "cancel"], {"offender_at_turn": "not_yet"}),
    # hand 2 (whose turn it was) called over it: the offender's right-hand opponent... is hand 1
    (["2", "3:3", "2:3"], {"next_called": False, "offender_at_turn": "not_yet"}),
    (["2", "3:3", "1:3"], {"next_called": True, "offender_at_turn": None}),
]


@pytest.mark.parametrize(("record", "expected"), AUCTIONS, ids=lambda v: repr(v)[:40])
def test_auction_facts(record: list[str], expected: dict[str, Any]) -> None:
    found = auction_facts(record)
    assert {k: found.get(k) for k in expected} == expected


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (["cancel"], "'cancel' at position 1 follows no irregular call"),
        (["2", "P", "P", "3"], "write who called after it as 'H:call'"),
        (["2", "3", "2", "4"], "write who called as 'H:call'"),
        (["2", "4:3"], "auction event '4:3'"),
        ("2 3 2", "auction record"),
    ],
)
def test_bad_auction_record(record: Any, message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("(", r"\(").replace(")", r"\)")):
        auction_facts(record)


CALLS = st.sampled_from(["P", "2", "3", "4", "5", "isti", "igra", "igra-herc", "betl", "sanac"])


@settings(max_examples=150, deadline=None)
@given(st.lists(CALLS, max_size=8))
def test_agrees_with_check_auction(calls: list[str]) -> None:
    """A record of calls in turn is irregular exactly where check_auction finds it illegal."""
    try:
        checked = check_auction(calls)
    except RulesError:  # the code does not say (NotSpecified): neither does the record
        assert auction_facts(calls)["irregularity"] in ("not-specified", "illegal")
        return
    if checked.legal:
        assert auction_facts(calls)["irregularity"] == "none"
        return
    # the record ends at the illegal call (after it every event must name its hand)
    record = calls[: checked.first_illegal_index + 1]
    if checked.fault == "after-end":  # no one's turn: the record must say who called
        with pytest.raises(RulesError, match="write who called after it"):
            auction_facts(record)
        return
    found = auction_facts(record)
    assert found["irregularity"] in ("illegal", "not-specified")
    if found["irregularity"] == "illegal":
        assert found["position"] == checked.first_illegal_index + 1
        assert found["fault"] in (checked.fault, "passed-player")


WINNERS = list("EENNWWEENN")


@pytest.mark.parametrize(
    ("winners", "trick", "offender", "declarer", "transferred", "provision", "won_by"),
    [
        # 61 a 1: the offender (defender W) won it; his side won a later trick too: 2
        (list("EEWNEEEEEE"), 3, "W", "E", 2, "61(a)1", "offender"),
        # 61 a 1: declarer revoked and won it, and later tricks: 2
        (WINNERS, 3, "N", "N", 2, "61(a)1", "offender"),
        # 61 a 1: the offender won the last trick of his side: 1
        (list("NNEWWWWWWW"), 3, "E", "W", 1, "61(a)1", "offender"),
        # 61 a 2 a: a defender revoked, declarer won the revoke trick: 1
        (list("EEEEWWEENN"), 3, "W", "E", 1, "61(a)2(a)", "declarer"),
        # 61 a 2 b: partner won it (1), and won a later trick (1 more)
        (WINNERS, 3, "W", "E", 2, "61(a)2(b)", "partner"),
        (list("EENWWWEEEE"), 3, "W", "E", 1, "61(a)2(b)", "partner"),
        # 61 b: the offending side won neither the revoke trick nor a later one
        (list("NNEEEEEEEE"), 3, "W", "E", 0, "61(b)", "declarer"),
        # 59 d: on the ninth trick the revoke is corrected, not penalised
        (WINNERS, 9, "W", "E", None, "59(d)", "partner"),
        # declarer's revoke on a trick a defender won: the code does not say (61 c)
        (WINNERS, 5, "N", "N", None, "61(c)", "defender"),
    ],
)
def test_revoke_facts(
    winners: list[str],
    trick: int,
    offender: str,
    declarer: str,
    transferred: int | None,
    provision: str,
    won_by: str,
) -> None:
    found = revoke_facts(winners, trick, offender, declarer)
    assert found["tricks_transferred"] == transferred
    assert found["provision"] == f"hr-pref-2014:{provision}"
    assert found["won_by"] == won_by


@pytest.mark.parametrize(
    ("winners", "trick", "message"),
    [
        (list("EENNWWEEN"), 3, "9 tricks"),
        (WINNERS, 10, "revoke trick"),
        (WINNERS, 0, "revoke trick"),
        (list("EENNWWEENS"), 3, "'S'"),
    ],
)
def test_bad_revoke_record(winners: list[str], trick: int, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        revoke_facts(winners, trick, "W", "E")


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from("ENW"), min_size=10, max_size=10),
    st.integers(1, 8),
    st.sampled_from("ENW"),
    st.sampled_from("ENW"),
)
def test_transfer_never_exceeds_what_the_side_won(
    winners: list[str], trick: int, offender: str, declarer: str
) -> None:
    """No more tricks move than the offending side won from the revoke trick on (61 a)."""
    found = revoke_facts(winners, trick, offender, declarer)
    side = {declarer} if offender == declarer else set("ENW") - {declarer}
    won = sum(w in side for w in winners[trick - 1 :])
    assert found["tricks_transferred"] in (None, 0, 1, 2)
    if found["tricks_transferred"] is not None:
        assert found["tricks_transferred"] <= won
        assert (found["tricks_transferred"] == 0) == (won == 0)
