"""Preferans cards, deal and tricks (Kodeks čl. 1, 6, 47)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.rules.errors import RulesError
from kb.rules.preferans.cards import (
    RANKS,
    SUITS,
    check_deal,
    deal_packets,
    deck,
    parse_card,
    sort_hand,
    trick_winner,
)


def test_pack_of_32_in_the_order_of_article_1() -> None:
    # čl. 1: "igra se sa špilom od 32 karte, po 8 u svakoj boji. Boje po padajućem redu su:
    # Tref, Herc, Karo i Pik." / "As(A), Kralj(K), Dama(D), ... Dečko(J), desetka(10 ) ..."
    pack = deck()
    assert len(pack) == len(set(pack)) == 32
    assert SUITS == ("tref", "herc", "karo", "pik")
    assert RANKS == ("A", "K", "D", "J", "10", "9", "8", "7")
    assert [str(c) for c in pack[:9]] == ["AT", "KT", "DT", "JT", "10T", "9T", "8T", "7T", "AH"]
    assert str(pack[-1]) == "7P"


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AT", "A", "tref"),
        ("10h", "10", "herc"),
        ("DK", "D", "karo"),
        ("7♠", "7", "pik"),
        (" j♥ ", "J", "herc"),
    ],
)
def test_parse_card(text: str, rank: str, suit: str) -> None:
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("text", ["", "A", "QT", "6H", "AX", "11K", "TT"])
def test_bad_card_quotes_input(text: str) -> None:
    with pytest.raises(RulesError, match=f"bad card {text!r}"):
        parse_card(text)


def test_deal_packets_five_talon_five() -> None:
    # čl. 6 b): "Talon se dijeli nakon prve podjele 5 + 5 + 5 (dvije karte), i nastavlja se
    # sa dijeljenjem 5 + 5 + 5."
    pack = deck()
    d = deal_packets(pack)
    assert d.talon == pack[15:17]
    assert d.hands[0] == pack[0:5] + pack[17:22]
    assert [len(h) for h in d.hands] == [10, 10, 10]


@pytest.mark.parametrize(
    ("sizes", "message"),
    [
        ((9, 11, 10, 2), r"hand 1 \[.*\] has 9 cards"),
        ((10, 10, 10, 1), "1 cards; expected 2"),
    ],
)
def test_bad_deal(sizes: tuple[int, int, int, int], message: str) -> None:
    pack = list(deck())
    cuts, parts, at = sizes, [], 0
    for n in cuts:
        parts.append(pack[at : at + n])
        at += n
    with pytest.raises(RulesError, match=message):
        check_deal(parts[:3], parts[3])


def test_deal_with_a_card_twice() -> None:
    pack = list(deck())
    with pytest.raises(RulesError, match="appears twice"):
        check_deal([pack[0:10], pack[10:20], pack[19:29]], pack[30:32])


@given(st.permutations(deck()))
def test_any_shuffle_deals_three_tens_and_a_talon(order: list) -> None:
    d = deal_packets(order)
    assert sorted(map(str, [c for h in d.hands for c in h] + list(d.talon))) == sorted(
        map(str, deck())
    )


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        # čl. 47 f): without trumps the highest card of the suit led wins
        (["10H", "AH", "KT"], None, 1),
        (["7K", "AT", "8K"], None, 2),
        # čl. 47 e): "Štih koji u sebi sadrži adut osvaja natjecatelj koji je dao najjači adut."
        (["AH", "7T", "KH"], "tref", 1),
        (["AH", "7T", "8T"], "T", 2),
        (["AH", "KH", "DH"], "pik", 0),
    ],
)
def test_trick_winner(cards: list[str], trump: str | None, winner: int) -> None:
    assert trick_winner(cards, trump) == winner


def test_sort_hand() -> None:
    assert [str(c) for c in sort_hand(["7P", "AT", "10H", "JH"])] == ["AT", "JH", "10H", "7P"]
