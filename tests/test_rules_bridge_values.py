"""Bridge values parse and format themselves; bad input names itself and what is accepted."""

from __future__ import annotations

import re

import pytest

import kb.rules.bridge as bridge
from kb.rules.bridge import Call, Card, Contract, Result, RulesError, Seat, Strain, Vul
from kb.rules.registry import PROVISIONS


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("1C", "1C"),
        ("7NT", "7NT"),
        ("1N", "1NT"),
        ("1♥", "1H"),
        ("3 nt", "3NT"),
        ("P", "P"),
        ("Pass", "P"),
        ("pass", "P"),
        ("X", "X"),
        ("dbl", "X"),
        ("XX", "XX"),
        ("Rdbl", "XX"),
        ("2♠", "2S"),
        ("4♦", "4D"),
        ("5♣", "5C"),
    ],
)
def test_call_round_trip(text: str, shown: str) -> None:
    assert str(Call.parse(text)) == shown
    assert str(Call.parse(shown)) == shown


@pytest.mark.parametrize("text", ["8S", "0C", "1Z", "", "XXX", "1", "S"])
def test_bad_call_quotes_input(text: str) -> None:
    with pytest.raises(RulesError, match=re.escape(repr(text)) + r".*1C\.\.7NT"):
        Call.parse(text)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("4SX", "4SX"),
        ("3NT", "3NT"),
        ("7CXX", "7CXX"),
        ("1N", "1NT"),
        ("1♥", "1H"),
        ("4s*", "4SX"),
        ("passed out", "passed out"),
        ("Passed-Out", "passed out"),
        ("6nTxx", "6NTXX"),
    ],
)
def test_contract_round_trip(text: str, shown: str) -> None:
    assert str(Contract.parse(text)) == shown


@pytest.mark.parametrize("text", ["4S-", "8S", "4SXXX", "X", "4", "4 S X X X"])
def test_bad_contract(text: str) -> None:
    with pytest.raises(RulesError, match=re.escape(repr(text))):
        Contract.parse(text)


@pytest.mark.parametrize(
    ("text", "tricks", "shown"),
    [
        ("4S=", 10, "4S="),
        ("4S+1", 11, "4S+1"),
        ("4S-2", 8, "4S-2"),
        ("3NTX-3", 6, "3NTX-3"),
        ("7NT=", 13, "7NT="),
        ("1C+6", 13, "1C+6"),
        ("N 4H=", 10, "N 4H="),
        ("passed out", 0, "passed out"),
    ],
)
def test_result_round_trip(text: str, tricks: int, shown: str) -> None:
    r = Result.parse(text)
    assert (r.tricks, str(r)) == (tricks, shown)


@pytest.mark.parametrize("text", ["4S+4", "1C-8", "4S", "4S+0", "4S=1", "Q 4S="])
def test_bad_result(text: str) -> None:
    with pytest.raises(RulesError, match=re.escape(repr(text))):
        Result.parse(text)


def test_seats_and_vulnerability() -> None:
    assert Seat.parse("north") is Seat.N and str(Seat.parse("w")) == "W"
    assert (Seat.N.lho, Seat.N.partner, Seat.N.rho) == (Seat.E, Seat.S, Seat.W)
    assert Vul.parse("N-S").is_vulnerable("S") and not Vul.parse("NS").is_vulnerable("E")
    assert Vul.parse("All").is_vulnerable("W") and not Vul.parse("-").is_vulnerable("N")
    with pytest.raises(RulesError, match="'X'"):
        Seat.parse("X")
    with pytest.raises(RulesError, match="'NE'"):
        Vul.parse("NE")
    assert Strain.parse("♠") is Strain.S and Strain.parse("notrump") is Strain.NT


@pytest.mark.parametrize(
    ("text", "shown"),
    [("SA", "SA"), ("AS", "SA"), ("♠A", "SA"), ("H10", "HT"), ("10♥", "HT"), ("d2", "D2")],
)
def test_cards(text: str, shown: str) -> None:
    assert str(Card.parse(text)) == shown


@pytest.mark.parametrize("text", ["S1", "NA", "SAA", "", "ZZ"])
def test_bad_card(text: str) -> None:
    with pytest.raises(RulesError, match=re.escape(repr(text))):
        Card.parse(text)


def test_errors_are_value_errors() -> None:
    assert issubclass(RulesError, ValueError)


# Every public rule function of the bridge core names its provisions, in both editions' form.
RULES = [
    getattr(bridge, name)
    for name in bridge.__all__
    if callable(getattr(bridge, name)) and not isinstance(getattr(bridge, name), type)
]
CITE = re.compile(r"(sr-2007|sk-2017):\d{1,2}([A-H]?\d?(\([a-h]\))?|\.\d)$")  # 71.1: Law 71's items


@pytest.mark.parametrize("fn", RULES, ids=lambda f: f.__name__)
def test_rules_name_their_provisions(fn: object) -> None:
    ids = PROVISIONS[f"{fn.__module__}.{fn.__qualname__}"]  # type: ignore[attr-defined]
    assert ids
    assert all(CITE.match(i) for i in ids), ids
    assert {i.split(":")[0] for i in ids} == {"sr-2007", "sk-2017"}
