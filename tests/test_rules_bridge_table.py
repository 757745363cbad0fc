"""The auction as it happened at the table: irregular calls, acceptance, cancellation and the
obligations to pass (Laws 25-39), replayed from a record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_strategies import legal_auctions

from kb.rules.bridge import RulesError, auction_facts, check_auction, replay

# (dealer, record, expected facts (a subset)); every case names the paragraph it illustrates.
CASES = [
    # 27: an insufficient bid in rotation, its lowest sufficient bid in the same denomination
    ("N", "1S 1H", {"irregularity": "insufficient", "offender": "E", "lho_called": False,
                    "lowest_sufficient_same_strain": "2H", "offender_lho": "S"}),
    # 27A1: accepted when the offender's LHO calls over it (a call without a seat is by the
    # player in turn, who after an irregularity in turn is still the offender)
    ("N", "1S 1H S:2C", {"irregularity": "insufficient", "lho_called": True, "next_to_call": "W"}),
    # 27B1(a): replaced by the lowest sufficient bid in the same denomination
    ("N", "1S 1H 2H", {"replacement": "2H", "replacement_lowest_same_strain": True,
                       "replacement_kind": "bid", "replacement_sufficient": True}),
    ("N", "1S 1H 3H", {"replacement": "3H", "replacement_lowest_same_strain": False}),
    # 27B3: replaced by a double
    ("N", "1S 1H X", {"replacement": "X", "replacement_kind": "double"}),
    # 30, 31, 32: out of rotation; whose turn it was relative to the offender
    ("N", "E:P", {"irregularity": "out-of-rotation", "at_turn_of": "RHO",
                  "anyone_had_called": False, "offender_had_called": False, "turn_of": "N"}),
    ("N", "1S W:P", {"at_turn_of": "partner", "anyone_had_called": True, "call_kind": "pass"}),
    ("N", "S:1H", {"at_turn_of": "partner", "call_kind": "bid"}),
    ("N", "W:1H", {"at_turn_of": "LHO", "offender_had_called": False}),
    # 29A: the offender's LHO calls over the call out of rotation: accepted, rotation from him
    ("N", "1S W:P N:2S", {"lho_called": True, "next_to_call": "E"}),
    # 28B: the player whose turn it was calls: the call out of rotation is cancelled
    ("N", "1S W:P E:2C", {"correct_player_called": True, "lho_called": False}),
    # 31A1 / 31A2: after cancellation the auction reverts to RHO; what he did, and the offender
    ("N", "S:1H cancel P W:P N:1H", {"at_turn_of": "partner", "irregularity": "out-of-rotation"}),
    ("N", "E:1H cancel 1S", {"rho_action": "call", "at_turn_of": "RHO"}),
    ("N", "E:1H cancel P", {"rho_action": "pass"}),
    ("N", "E:1H cancel 1S 2H", {"rho_action": "call", "offender_repeated_strain": True}),
    ("N", "E:1H cancel 1S 2C", {"offender_repeated_strain": False}),
    # 36: a double of one's own side's bid, in and out of rotation; 36A when LHO called over it
    ("N", "1H P X", {"irregularity": "inadmissible", "call_inadmissible": True}),
    ("N", "1H S:X", {"irregularity": "out-of-rotation", "call_inadmissible": True}),
    ("N", "1H P X W:P", {"lho_called": True, "next_to_call": "S"}),
    ("N", "1H S:X W:P", {"lho_called": True, "next_to_call": "E", "call_inadmissible": True}),
    # 37: a call by a player obliged to pass
    ("N", "S:must-pass 1H P 2H", {"irregularity": "obligation-violated",
                                  "offender_obligation": "throughout"}),
    ("N", "S:must-pass-once 1H P P P", {"irregularity": None, "auction_ended": True}),
    ("N", "S:must-pass 1H P 2H W:P", {"lho_called": True, "next_to_call": "N"}),
    # 38: above seven; 38C replaced by a pass when cancelled: the LHO calls next
    ("N", "1H 8S", {"irregularity": "above-seven", "offender": "E"}),
    ("N", "1H 8S cancel", {"next_to_call": "S"}),
    ("N", "1H 8S P", {"next_to_call": "S"}),
    # 39: after the final pass; 39B turns on the offender's side
    ("N", "1H P P P E:2S", {"irregularity": "after-final-pass", "offender_declaring_side": False}),
    ("N", "1H P P P S:2H", {"offender_declaring_side": True, "declarer": "N"}),
    # 25: a second call at LHO's turn by a player who has just called is a change of call
    ("N", "1H N:1S", {"irregularity": "change-of-call", "offender": "N", "call": "1S"}),
    ("N", "1H N:1S E:P", {"lho_called": True, "next_to_call": "S"}),
    # 28A: RHO is obliged to pass, so the call at his turn is in rotation
    ("N", "1H S:1S", {"irregularity": "out-of-rotation", "at_turn_of": "RHO"}),
    ("N", "E:must-pass 1H S:1S", {"irregularity": None, "next_to_call": "W"}),
    # a legal auction has no irregularity
    ("W", "P 1D P 1S P 2S P 4S P P P", {"irregularity": None, "declarer": "S",
                                        "auction_ended": True}),
]  # fmt: skip


@pytest.mark.parametrize(("dealer", "record", "expected"), CASES)
@pytest.mark.parametrize("edition", ["2007", "2017"])
def test_facts(dealer: str, record: str, expected: dict[str, object], edition: str) -> None:
    facts = auction_facts(dealer, record.split(), edition=edition)
    assert {k: facts.get(k) for k in expected} == expected


def test_dict_events_equal_strings() -> None:
    events = [{"call": "1S"}, {"seat": "W", "call": "P"}, {"cancel": True}, {"call": "P"}]
    assert auction_facts("N", events, edition="2017") == auction_facts(
        "N", ["1S", "W:P", "cancel", "P"], edition="2017"
    )
    obliged = [{"seat": "S", "must_pass": "throughout"}, "1H", "P", "2H"]
    assert auction_facts("N", obliged, edition="2017")["irregularity"] == "obligation-violated"


@pytest.mark.parametrize(
    ("record", "fragment"),
    [
        (["1S", "foo"], "'foo'"),
        (["cancel"], "no irregular call is pending"),
        (["1S", "1H", "N:2S"], "is unresolved"),
        (["1H", "P", "P", "P", "2S"], "needs its seat"),
        ([{"seat": "S", "must_pass": "sometimes"}], "'sometimes'"),
        ([{"call": 3}], "auction event"),
        ("1H P", "a list of events"),
    ],
)
def test_bad_records(record: object, fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment):
        auction_facts("N", record, edition="2017")  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(legal_auctions())
def test_legal_auctions_replay_as_checked(auction: tuple[str, list[str]]) -> None:
    dealer, calls = auction
    check = check_auction(dealer, calls, edition="2017")
    table = replay(dealer, calls, edition="2017")
    assert table.ended == check.complete
    assert (None if table.turn is None else str(table.turn)) == check.next_to_call
    assert (None if table.declarer() is None else str(table.declarer())) == check.declarer
    assert all(c.irregularity is None for c in table.history)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(["1H", "1S", "2C", "P", "X", "XX", "8S", "cancel", "S:must-pass"]),
            st.builds(
                lambda s, c: f"{s}:{c}",
                st.sampled_from("NESW"),
                st.sampled_from(["1C", "1NT", "P", "X", "XX", "2D"]),
            ),
        ),
        max_size=10,
    )
)
def test_any_record_gives_facts_or_a_rules_error(record: list[str]) -> None:
    try:
        facts = auction_facts("N", record, edition="2007")
    except RulesError:
        return
    assert facts["irregularity"] in (
        None, "out-of-rotation", "insufficient", "inadmissible", "obligation-violated",
        "above-seven", "after-final-pass", "change-of-call",
    )  # fmt: skip
