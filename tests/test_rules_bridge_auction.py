"""The auction (Laws 17-22, 27, 35-39, 41A) and the rotation facts of Laws 28-32."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_strategies import legal_auctions

from kb.rules.bridge import (
    RulesError,
    check_auction,
    legal_calls,
    lowest_sufficient_bid,
    next_to_call,
    out_of_rotation,
)

SEATS = "NESW"

# (dealer, calls, contract, declarer, dummy, opening leader)
COMPLETE = [
    ("N", "1H P 4H P P P", "4H", "N", "S", "E"),
    ("N", "1H P 1S P 2H P 4H P P P", "4H", "N", "S", "E"),
    ("E", "1H 1S 2H P 4H P P X P P P", "4HX", "E", "W", "S"),
    ("S", "1C P 1H P 1NT P 3NT X XX P P P", "3NTXX", "S", "N", "W"),
    ("W", "P 1D P 1S P 2S P 4S P P P", "4S", "S", "N", "W"),
    ("N", "1S P 2H P 2NT P 3NT P P P", "3NT", "N", "S", "E"),
    ("N", "P 1C 1D 1H 1S 2C 2D 2H 2S P P P", "2S", "N", "S", "E"),
    ("E", "1S X 2S P P 3H P 4H X P P P", "4HX", "S", "N", "W"),
    ("N", "1NT P P P", "1NT", "N", "S", "E"),
    ("S", "1♥ P 1♠ P 1N P P P", "1NT", "S", "N", "W"),
    ("N", "1H X P P P", "1HX", "N", "S", "E"),
    ("W", "P P P 7NT X XX P P P", "7NTXX", "S", "N", "W"),
    ("N", "1C P 1H P 2C P 3C P 5C P P P", "5C", "N", "S", "E"),
    ("N", "pass pass 1d dbl rdbl pass pass pass", "1DXX", "S", "N", "W"),
]


@pytest.mark.parametrize(("dealer", "calls", "contract", "declarer", "dummy", "leader"), COMPLETE)
def test_complete_auctions(
    dealer: str, calls: str, contract: str, declarer: str, dummy: str, leader: str
) -> None:
    r = check_auction(dealer, calls.split(), edition="2017")
    assert (r.legal, r.complete, r.first_illegal_index, r.reason, r.law) == (
        True,
        True,
        None,
        None,
        None,
    )
    assert (r.contract, r.declarer, r.dummy, r.opening_leader) == (
        contract,
        declarer,
        dummy,
        leader,
    )
    assert r.next_to_call is None


@pytest.mark.parametrize("dealer", list(SEATS))
def test_passed_out(dealer: str) -> None:
    r = check_auction(dealer, ["P"] * 4, edition="2017")
    assert (r.legal, r.complete, r.contract, r.declarer, r.opening_leader) == (
        True,
        True,
        "passed out",
        None,
        None,
    )


# (dealer, calls, index of the first irregular call, reason, law)
IRREGULAR = [
    ("N", "1H 1D", 1, "insufficient bid", "27"),
    ("N", "1H 1H", 1, "insufficient bid", "27"),
    ("N", "1NT P 1S", 2, "insufficient bid", "27"),
    ("N", "2C X 1NT", 2, "insufficient bid", "27"),
    ("N", "7NT P 7S", 2, "insufficient bid", "27"),
    ("N", "X", 0, "double not allowed", "36"),
    ("N", "P X", 1, "double not allowed", "36"),
    ("N", "1H P X", 2, "double not allowed", "36"),
    ("N", "1H X X", 2, "double not allowed", "36"),
    ("N", "1H X P X", 3, "double not allowed", "36"),
    ("N", "1H X XX X", 3, "double not allowed", "36"),
    ("N", "XX", 0, "redouble not allowed", "36"),
    ("N", "1H XX", 1, "redouble not allowed", "36"),
    ("N", "1H X P XX", 3, "redouble not allowed", "36"),
    ("N", "1H X XX XX", 3, "redouble not allowed", "36"),
    ("N", "1H X XX P P XX", 5, "redouble not allowed", "36"),
    ("N", "1H P P X P XX", 5, "redouble not allowed", "36"),
    ("N", "7NT P 8C", 2, "bid above the seven level", "38"),
    ("N", "1H P P P P", 4, "auction already ended", "39"),
    ("N", "1H P P P 2S", 4, "auction already ended", "39"),
    ("E", "P P P P 1C", 4, "auction already ended", "39"),
    ("E", "1C P P P 8NT", 4, "auction already ended", "39"),
]


@pytest.mark.parametrize(("dealer", "calls", "index", "reason", "law"), IRREGULAR)
def test_irregular_calls(dealer: str, calls: str, index: int, reason: str, law: str) -> None:
    r = check_auction(dealer, calls.split(), edition="2017")
    assert (r.legal, r.first_illegal_index, r.reason, r.law) == (False, index, reason, law)
    assert r.calls == [c for c in r.calls][:index]
    assert len(r.calls) == index
    assert f"sk-2017:{law}" in r.law_ids


def test_irregular_after_end_keeps_contract() -> None:
    r = check_auction("E", ["1H", "P", "P", "P", "2S"], edition="2017")
    assert (r.complete, r.contract, r.declarer, r.opening_leader) == (True, "1H", "E", "S")


def test_incomplete_auction_has_no_contract() -> None:
    r = check_auction("N", ["1H", "P", "1S", "X"], edition="2017")
    assert (r.legal, r.complete, r.contract, r.declarer, r.next_to_call) == (
        True,
        False,
        None,
        None,
        "N",
    )
    assert check_auction("S", [], edition="2007").next_to_call == "S"


@pytest.mark.parametrize(("edition", "cite"), [("2007", "sr-2007:22A2"), ("2017", "sk-2017:22A")])
def test_end_cite_per_edition(edition: str, cite: str) -> None:
    assert cite in check_auction("N", ["1H", "P", "P", "P"], edition=edition).law_ids


@pytest.mark.parametrize(("edition", "cite"), [("2007", "sr-2007:22A1"), ("2017", "sk-2017:22B")])
def test_passed_out_cite_per_edition(edition: str, cite: str) -> None:
    assert cite in check_auction("N", ["P"] * 4, edition=edition).law_ids


@pytest.mark.parametrize(
    ("dealer", "calls", "fragment"),
    [
        ("Q", [], "'Q'"),
        ("N", ["1H", "foo"], "'foo'"),
        ("N", ["0S"], "'0S'"),
        ("N", "1H P", "list of calls"),
    ],
)
def test_bad_input(dealer: str, calls: object, fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment):
        check_auction(dealer, calls, edition="2017")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="'1999'"):
        check_auction("N", [], edition="1999")


@pytest.mark.parametrize(
    ("dealer", "calls", "turn"),
    [
        ("N", [], "N"),
        ("N", ["1H"], "E"),
        ("W", ["P", "P", "P"], "S"),
        ("E", ["1C", "P", "P", "P"], None),
    ],
)
def test_next_to_call(dealer: str, calls: list[str], turn: str | None) -> None:
    assert next_to_call(dealer, calls) == turn


def test_next_to_call_rejects_irregular_auction() -> None:
    with pytest.raises(RulesError, match="insufficient bid"):
        next_to_call("N", ["1H", "1C"])


@pytest.mark.parametrize(
    ("calls", "strain", "bid"),
    [
        ([], "C", "1C"),
        (["1H"], "S", "1S"),
        (["1H"], "H", "2H"),
        (["1H"], "C", "2C"),
        (["1NT", "P"], "C", "2C"),
        (["1NT"], "NT", "2NT"),
        (["2S", "X", "XX"], "NT", "2NT"),
        (["7NT"], "S", None),
        (["7S"], "NT", "7NT"),
        (["6NT"], "♥", "7H"),
        (["1C", "P", "P"], "C", "2C"),
    ],
)
def test_lowest_sufficient_bid(calls: list[str], strain: str, bid: str | None) -> None:
    assert lowest_sufficient_bid(calls, strain) == bid


# (dealer, calls, seat calling, call, whose turn it was relative to the caller, law that
# rectifies it, the caller had called before)
ROTATION = [
    ("N", [], "E", "P", "RHO", "30", False),
    ("N", [], "S", "1H", "partner", "31", False),
    ("N", [], "W", "1H", "LHO", "31", False),
    ("N", ["1H"], "W", "X", "partner", "32", False),
    ("N", ["1H", "1S"], "N", "X", "partner", "32", True),
    # a double of his own side's bid, or a redouble with no double: inadmissible (35.1, 36)
    ("N", ["1H"], "S", "X", "RHO", "36", False),
    ("E", ["P", "1H", "P"], "S", "XX", "partner", "36", True),
    # at LHO's turn by a player who has called: a change of call (30B3/30B2, 31B fn, 31C, 32C)
    ("E", ["P", "P", "P"], "W", "P", "LHO", "25", True),
    ("E", ["P", "1H", "X"], "W", "1S", "LHO", "25", True),
    ("N", ["1H", "P"], "E", "X", "LHO", "25", True),
]


@pytest.mark.parametrize(
    ("dealer", "calls", "seat", "call", "relation", "law", "had_called"), ROTATION
)
@pytest.mark.parametrize("edition", ["2007", "2017"])
def test_out_of_rotation(
    dealer: str,
    calls: list[str],
    seat: str,
    call: str,
    relation: str,
    law: str,
    had_called: bool,
    edition: str,
) -> None:
    r = out_of_rotation(dealer, calls, seat, call, edition=edition)
    assert (r.out_of_rotation, r.at_turn_of, r.law) == (True, relation, law)
    assert r.offender_had_called is had_called
    assert r.anyone_had_called is bool(calls)
    assert r.turn_of == next_to_call(dealer, calls)


@pytest.mark.parametrize(
    ("edition", "call", "ids"),
    [
        ("2007", "P", ("sr-2007:25", "sr-2007:30B3")),
        ("2017", "P", ("sk-2017:25", "sk-2017:30B2")),
        ("2007", "2C", ("sr-2007:25", "sr-2007:fn/11")),
        ("2017", "2C", ("sk-2017:25", "sk-2017:31C")),
        ("2017", "X", ("sk-2017:25", "sk-2017:32C")),
        ("2007", "X", ("sr-2007:25",)),
    ],
)
def test_change_of_call_at_lho_turn_cites(edition: str, call: str, ids: tuple[str, ...]) -> None:
    assert out_of_rotation("N", ["1S", "P"], "E", call, edition=edition).law_ids == ids


def test_inadmissible_double_out_of_rotation_is_36() -> None:
    r = out_of_rotation("N", ["1H"], "S", "X", edition="2007")
    assert (r.law, r.inadmissible, r.law_ids) == ("36", True, ("sr-2007:35.1", "sr-2007:36B4"))


def test_in_rotation_and_28a() -> None:
    assert out_of_rotation("N", ["1H"], "E", edition="2017").out_of_rotation is False
    r = out_of_rotation("N", [], "E", "1S", rho_must_pass=True, edition="2017")
    assert (r.out_of_rotation, r.law) == (False, "28A")
    assert out_of_rotation("N", ["1H", "P", "P", "P"], "E", edition="2017").law == "39"


@pytest.mark.parametrize(
    ("dealer", "calls", "after"),
    [("N", "1H P 8S", "W"), ("N", "7NT 9C", "S"), ("N", "1H P P 8D", None)],
)
def test_bid_above_seven_next_to_call_is_lho(dealer: str, calls: str, after: str | None) -> None:
    # 38C: the bid is replaced by a pass and the auction continues, unless that pass ends it.
    r = check_auction(dealer, calls.split(), edition="2017")
    assert (r.law, r.next_to_call) == ("38", after)


def test_lowest_sufficient_bid_checks_earlier_calls() -> None:
    with pytest.raises(RulesError, match="insufficient bid"):
        lowest_sufficient_bid(["2H", "1C"], "D")


# --- property tests -----------------------------------------------------------------------------
def _declarer_by_hand(dealer: str, calls: list[str]) -> str | None:
    """Independent rule: first of the final bidder's side to name the final strain."""
    seats = [SEATS[(SEATS.index(dealer) + i) % 4] for i in range(len(calls))]
    bids = [(s, c) for s, c in zip(seats, calls, strict=True) if c[0].isdigit()]
    if not bids:
        return None
    last_seat, last = bids[-1]
    side = {last_seat, SEATS[(SEATS.index(last_seat) + 2) % 4]}
    return next(s for s, c in bids if s in side and c[1:] == last[1:])


@settings(max_examples=60, deadline=None)
@given(legal_auctions())
def test_random_legal_auctions(auction: tuple[str, list[str]]) -> None:
    dealer, calls = auction
    for n in range(len(calls) + 1):
        r = check_auction(dealer, calls[:n], edition="2017")
        assert r.legal and r.first_illegal_index is None
    r = check_auction(dealer, calls, edition="2007")
    if r.complete and r.contract != "passed out":
        assert r.declarer == _declarer_by_hand(dealer, calls)
        last_bidder = max(i for i, c in enumerate(calls) if c[0].isdigit())
        bidder = SEATS[(SEATS.index(dealer) + last_bidder) % 4]
        assert r.declarer in {bidder, SEATS[(SEATS.index(bidder) + 2) % 4]}
        assert r.opening_leader == SEATS[(SEATS.index(r.declarer) + 1) % 4]


@settings(max_examples=40, deadline=None)
@given(legal_auctions(), st.sampled_from(["1C", "3H", "7NT", "X", "XX", "P"]))
def test_extension_legal_iff_listed(auction: tuple[str, list[str]], call: str) -> None:
    dealer, calls = auction
    r = check_auction(dealer, [*calls, call], edition="2017")
    assert r.legal == (call in legal_calls(dealer, calls))
