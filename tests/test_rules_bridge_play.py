"""Play: trick winners, following suit (44), revokes (61), establishment (63), transfers (64)."""

from __future__ import annotations

import re

import pytest

from kb.rules.bridge import (
    RulesError,
    is_revoke,
    legal_plays,
    play_record,
    revoke_established,
    revoke_transfer,
    trick_winner,
)


@pytest.mark.parametrize(
    ("cards", "leader", "trump", "winner"),
    [
        ("SA S2 S5 SK", "N", None, "N"),
        ("S2 SA S5 SK", "N", "NT", "E"),
        ("S2 H3 S5 D4", "W", "H", "N"),
        ("S2 H3 S5 HA", "W", "H", "S"),
        ("HK HA C2 H3", "E", "C", "W"),
        ("D2 C3 H4 S5", "S", None, "S"),
        ("♦10 ♦J ♦9 ♦8", "N", "♠", "E"),
        ("CT C9 C8 C7", "E", "C", "E"),
    ],
)
def test_trick_winner(cards: str, leader: str, trump: str | None, winner: str) -> None:
    assert trick_winner(cards.split(), leader=leader, trump=trump) == winner


@pytest.mark.parametrize("cards", ["SA S2 S5", "SA SA S5 S6", "SA S2 S5 S1"])
def test_trick_winner_rejects_bad_tricks(cards: str) -> None:
    with pytest.raises(RulesError):
        trick_winner(cards.split(), leader="N", trump=None)


def test_following_suit() -> None:
    hand = ["SA", "S2", "H3", "D4"]
    assert legal_plays(hand, "S") == ["SA", "S2"]
    assert legal_plays(hand, "C") == hand
    assert legal_plays(hand, None) == hand
    assert is_revoke(hand, "H3", "S") and not is_revoke(hand, "H3", "C")
    assert not is_revoke(hand, "S2", "S")
    with pytest.raises(RulesError, match="'CA'"):
        is_revoke(hand, "CA", "S")


@pytest.mark.parametrize(
    ("events", "edition", "established", "law"),
    [
        ([], "2017", False, "62A"),
        ([], "2007", False, "62A"),
        (["played to next trick"], "2017", True, "63A1"),
        (["played to next trick"], "2007", True, "63A1"),
        (["named card for next trick"], "2007", True, "63A2"),
        (["claim or concession"], "2017", True, "63A3"),
        (["acquiesced in opponents' claim"], "2017", True, "63A4"),
        (["acquiesced in opponents' claim"], "2007", True, "63A3"),
    ],
)
def test_revoke_established(events: list[str], edition: str, established: bool, law: str) -> None:
    r = revoke_established(events, edition=edition)
    assert (r.established, r.law) == (established, law)


def test_revoke_established_rejects_unknown_event() -> None:
    with pytest.raises(RulesError, match="'sneezed'"):
        revoke_established(["sneezed"], edition="2017")


# Trick winners 1..13 (declarer S, dummy N).
W1 = "EENNNWWSSSSSS"  # E revokes on 3 (won by N): EW win trick 6 later
W2 = "SSEEWWNNNNNNN"


def _w(s: str) -> list[str]:
    return list(s)


# (edition, winners, revoke trick, offender, flags, tricks transferred, rule)
TRANSFERS = [
    ("2017", "SSSNNNNNNNNNN", 1, "S", {}, 2, "64A1"),  # offender won, side won later
    ("2007", "SSSNNNNNNNNNN", 1, "S", {}, 2, "64A1"),
    ("2017", "SEEEEEEEEEEEE", 1, "S", {}, 1, "64A1"),  # offender won, nothing later
    ("2017", "EEWEEEEEEEEEE", 3, "E", {}, 1, "64A2"),  # partner won the revoke trick
    ("2017", W1, 3, "E", {}, 1, "64A2"),  # non-offenders won it, offenders win a later trick
    ("2007", W1, 3, "E", {}, 1, "64A2"),
    ("2017", "EESSSSSSSSSSS", 3, "E", {}, 0, "64B1"),  # offenders win nothing from then on
    ("2017", "SSNSSSSSSSSSS", 3, "S", {}, 1, "64A2"),  # declarer revoked, dummy won (fn 19)
    ("2017", "SSSSSSSSSSSSS", 3, "N", {"declarer": "S"}, 0, "64B3"),  # dummy's revoke
    ("2007", "SSSSSSSSSSSSS", 3, "N", {"declarer": "S"}, 0, "64B3"),
    ("2017", W2, 3, "E", {"failed_to_play": "penalty card"}, 0, "64B3"),
    ("2007", W2, 3, "E", {"failed_to_play": "penalty card"}, 0, "64B3"),
    ("2007", W2, 3, "E", {"failed_to_play": "faced card"}, 0, "64B3"),
    ("2017", W2, 3, "E", {"failed_to_play": "faced card"}, 2, "64A1"),  # 2017 B3 narrower
    ("2017", W2, 3, "E", {"repeated_same_suit": True}, 0, "64B2"),
    ("2007", W2, 3, "E", {"repeated_same_suit": True}, 0, "64B2"),
    (
        "2017",
        W2,
        3,
        "E",
        {"repeated_same_suit": True, "first_revoke_established": False},
        2,
        "64A1",
    ),
    (
        "2007",
        W2,
        3,
        "E",
        {"repeated_same_suit": True, "first_revoke_established": False},
        0,
        "64B2",
    ),
    ("2017", W2, 3, "E", {"noticed_after_next_deal_call": True}, 0, "64B4"),
    ("2007", W2, 3, "E", {"noticed_after_round": True}, 0, "64B5"),
    ("2017", "SSSSSSSSSSSEE", 12, "E", {}, 0, "64B6"),
    ("2007", "SSSSSSSSSSSEE", 12, "E", {}, 0, "64B6"),
    ("2017", W2, 3, "E", {"both_sides_revoked": True}, 0, "64B7"),
    ("2007", W2, 3, "E", {"both_sides_revoked": True}, 0, "64B7"),
    ("2017", W2, 3, "E", {"both_sides_revoked": True, "both_established": False}, 2, "64A1"),
    ("2007", W2, 3, "E", {"both_sides_revoked": True, "both_established": False}, 0, "64B7"),
    ("2017", W2, 3, "E", {"corrected_under_62c3": True}, 0, "64B8"),
    ("2017", W2, 3, "E", {"established": False}, 0, "62A"),
    ("2017", W2, 3, "E", {"already_transferred": [3]}, 2, "64A1"),
    ("2017", W2, 3, "W", {"already_transferred": [3, 4]}, 1, "64A2"),
]


@pytest.mark.parametrize(
    ("edition", "winners", "trick", "offender", "flags", "n", "rule"), TRANSFERS
)
def test_revoke_transfer(
    edition: str,
    winners: str,
    trick: int,
    offender: str,
    flags: dict[str, object],
    n: int,
    rule: str,
) -> None:
    flags = {"declarer": "S", **flags}  # North-South declare unless the case says otherwise
    t = revoke_transfer(
        _w(winners), revoke_trick=trick, offender=offender, edition=edition, **flags
    )  # type: ignore[arg-type]
    assert (t.tricks, t.rule) == (n, rule)
    assert len(t.transferred) == n
    assert all(winners[k - 1] in ("EW" if offender in "EW" else "NS") for k in t.transferred)


def test_transfer_reports_64c_as_judgement() -> None:
    t17 = revoke_transfer(
        _w(W2),
        revoke_trick=3,
        offender="E",
        declarer="S",
        edition="2017",
        repeated_same_suit=True,
    )
    assert "sk-2017:64C2(a)" in t17.law_ids and "64C1" in t17.judgement
    t07 = revoke_transfer(_w(W2), revoke_trick=3, offender="E", declarer="S", edition="2007")
    assert "sr-2007:64C" in t07.law_ids and "64C" in t07.judgement


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"revoke_trick": 14}, "14"),
        ({"revoke_trick": 13}, "at trick 13 each player holds one card"),
        ({"revoke_trick": 0}, "from 1 to 12"),
        ({"offender": "Q"}, "'Q'"),
        ({"failed_to_play": "x"}, "'x'"),
        ({"edition": "2020"}, "'2020'"),
        ({"edition": " 2017x"}, "' 2017x'"),
        ({"edition": "hr-pref-2014"}, "'2007', '2017'"),
        ({"winners": _w(W2)[:12]}, "tricks are transferred after play ends"),
        ({"winners": [*_w(W2), "N"]}, "got 14"),
        ({"offender": "N", "failed_to_play": "penalty card"}, "dummy has no penalty cards"),
        ({"failed_to_play": "dummy card"}, "is not dummy"),
    ],
)
def test_revoke_transfer_rejects_bad_input(kwargs: dict[str, object], fragment: str) -> None:
    args: dict[str, object] = {
        "winners": _w(W2),
        "revoke_trick": 3,
        "offender": "E",
        "declarer": "S",
        "edition": "2017",
        **kwargs,
    }
    with pytest.raises(RulesError, match=re.escape(fragment)):
        revoke_transfer(**args)  # type: ignore[arg-type]


def test_revoke_transfer_needs_declarer() -> None:
    # dummy's revoke transfers nothing (64B3): without declarer that cannot be known
    with pytest.raises(TypeError, match="declarer"):
        revoke_transfer(_w(W2), revoke_trick=3, offender="N", edition="2017")  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("edition", "doc"), [(" 2007", "sr-2007"), (2007, "sr-2007"), (2017, "sk-2017")]
)
def test_edition_spellings_rule_by_their_edition(edition: object, doc: str) -> None:
    # a faced card not played (64B3) transfers nothing in 2007, two tricks in 2017
    t = revoke_transfer(
        _w(W2),
        revoke_trick=3,
        offender="E",
        declarer="S",
        edition=edition,
        failed_to_play="faced card",
    )  # type: ignore[arg-type]
    assert t.tricks == (0 if doc == "sr-2007" else 2)
    assert all(i.startswith(f"{doc}:") for i in t.law_ids)


# --- whole play records -------------------------------------------------------------------------
DECK = [s + r for s in "SHDC" for r in "AKQJT98765432"]
HANDS = {seat: [c for i, c in enumerate(DECK) if i % 4 == k] for k, seat in enumerate("NESW")}
ORDER = "NESW"


def _play(declarer: str, trump: str | None, revoke: tuple[int, str] | None) -> list[list[str]]:
    """Simple legal play (lead the first card, follow with the first legal card), except that
    ``revoke`` = (trick, seat) makes that seat discard a card of another suit on that trick."""
    hands = {s: list(h) for s, h in HANDS.items()}
    leader = ORDER[(ORDER.index(declarer) + 1) % 4]
    tricks = []
    for n in range(1, 14):
        cards: list[str] = []
        for i in range(4):
            seat = ORDER[(ORDER.index(leader) + i) % 4]
            led = cards[0][0] if cards else None
            options = legal_plays(hands[seat], led)
            if revoke == (n, seat):
                off = [c for c in hands[seat] if c[0] != led]
                assert off and len(options) < len(hands[seat])
                options = off
            card = options[0]
            hands[seat].remove(card)
            cards.append(card)
        tricks.append(cards)
        leader = trick_winner(cards, leader=leader, trump=trump)
    return tricks


def test_clean_record() -> None:
    rec = play_record(
        _play("S", "S", None), contract="4S", declarer="S", hands=HANDS, edition="2017"
    )
    assert rec.revokes == [] and rec.transferred_to_declarer == 0
    assert rec.declarer_tricks == rec.adjusted_declarer_tricks
    assert rec.tricks[0].leader == "W"  # 41A
    for prev, nxt in zip(rec.tricks, rec.tricks[1:], strict=False):
        assert nxt.leader == prev.winner  # 44G


@pytest.mark.parametrize("with_hands", [True, False])
def test_record_finds_and_transfers_a_revoke(with_hands: bool) -> None:
    tricks = _play("S", "NT", (2, "E"))
    rec = play_record(
        tricks,
        contract="3NT",
        declarer="S",
        hands=HANDS if with_hands else None,
        edition="2007",
    )
    assert [(r.trick, r.seat, r.established) for r in rec.revokes] == [(2, "E", True)]
    assert rec.revokes[0].detected_by == ("hand" if with_hands else "later play")
    winners = [t.winner for t in rec.tricks]
    t = revoke_transfer(winners, revoke_trick=2, offender="E", declarer="S", edition="2007")
    assert rec.transferred_to_declarer == t.tricks
    assert rec.adjusted_declarer_tricks == rec.declarer_tricks + t.tricks


def test_record_rejects_card_not_in_hand() -> None:
    tricks = _play("S", "S", None)
    tricks[0][0], tricks[0][1] = tricks[0][1], tricks[0][0]
    with pytest.raises(RulesError, match="not in"):
        play_record(tricks, contract="4S", declarer="S", hands=HANDS, edition="2017")


def test_record_rejects_duplicate_card() -> None:
    with pytest.raises(RulesError, match="twice"):
        play_record(
            [["SA", "S2", "S3", "S4"], ["SA", "H2", "H3", "H4"]],
            contract="4S",
            declarer="N",
            edition="2017",
        )
