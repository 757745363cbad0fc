"""Cards, suits, seats and the deal of competition preferans (Kodeks čl. 1, 2, 6, 47).

čl. 1: "Natjecateljski preferans igra se sa špilom od 32 karte, po 8 u svakoj boji. Boje po
padajućem redu su: Tref, Herc, Karo i Pik." and "Karte po padajućem redu su: As(A), Kralj(K),
Dama(D), Junior, Pub ili Dečko(J), desetka(10 ), devetka(9), osmica(8) i sedmica(7)."

A card is written rank then suit: ``AT`` (as tref), ``10H``, ``DK`` (dama karo), ``7P``; the suit
may also be a symbol (``A♣``). Suit letters are the Croatian initials T, H, K, P.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kb.rules.errors import RulesError, as_list, bad_input
from kb.rules.registry import provision

SUITS: tuple[str, ...] = ("tref", "herc", "karo", "pik")  # descending (čl. 1)
RANKS: tuple[str, ...] = ("A", "K", "D", "J", "10", "9", "8", "7")  # descending (čl. 1)
SEATS: tuple[str, ...] = ("E", "N", "W")  # the three positions of a board (čl. 2)
HAND_SIZE = 10
TALON_SIZE = 2

SUIT_LETTER = {"tref": "T", "herc": "H", "karo": "K", "pik": "P"}
_SUIT_KEYS = {
    **{letter: suit for suit, letter in SUIT_LETTER.items()},
    "♣": "tref",
    "♥": "herc",
    "♦": "karo",
    "♠": "pik",
    "TREF": "tref",
    "HERC": "herc",
    "KARO": "karo",
    "KARA": "karo",
    "PIK": "pik",
}
_CARD_ACCEPTED = "rank A K D J 10 9 8 7 then suit T H K P (or ♣ ♥ ♦ ♠), e.g. 'AT', '10H', 'DK'"


def parse_suit(text: str) -> str:
    """Parse a suit: a letter T/H/K/P, a symbol, or the name (``tref`` ... ``pik``)."""
    suit = _SUIT_KEYS.get(str(text).strip().upper()) or _SUIT_KEYS.get(str(text).strip())
    if suit is None:
        raise bad_input("suit", text, "T, H, K, P, ♣ ♥ ♦ ♠ or tref, herc, karo, pik")
    return suit


def parse_seat(text: str) -> str:
    """Parse a board position: ``E``, ``N`` or ``W`` (čl. 2; there is no South)."""
    key = str(text).strip().upper()
    if key not in ("E", "N", "W", "EAST", "NORTH", "WEST"):
        raise bad_input("seat", text, "E, N or W (East, North, West)")
    return key[0]


@dataclass(frozen=True)
class Card:
    """One of the 32 cards; ``rank`` in :data:`RANKS`, ``suit`` in :data:`SUITS`."""

    rank: str
    suit: str

    def __str__(self) -> str:
        return f"{self.rank}{SUIT_LETTER[self.suit]}"

    @property
    def power(self) -> int:
        """Rank strength within the suit: A = 7 ... 7 = 0 (čl. 1, descending order)."""
        return len(RANKS) - 1 - RANKS.index(self.rank)


@provision("hr-pref-2014:1")
def parse_card(text: str | Card) -> Card:
    """Parse ``AT``, ``10H``, ``DK``, ``7♠`` ... into a :class:`Card` (ranks and suits of čl. 1)."""
    if isinstance(text, Card):
        return text
    raw = str(text).strip()
    if len(raw) < 2:
        raise bad_input("card", text, _CARD_ACCEPTED)
    rank, suit_key = raw[:-1].upper(), raw[-1]
    suit = _SUIT_KEYS.get(suit_key.upper()) or _SUIT_KEYS.get(suit_key)
    if rank not in RANKS or suit is None:
        raise bad_input("card", text, _CARD_ACCEPTED)
    return Card(rank, suit)


@provision("hr-pref-2014:1")
def deck() -> tuple[Card, ...]:
    """The 32-card pack in descending order: suits tref, herc, karo, pik; ranks A ... 7 (čl. 1)."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


@provision("hr-pref-2014:1")
def sort_hand(cards: Iterable[Card | str]) -> list[Card]:
    """Cards sorted by suit then rank, both in the descending order of čl. 1."""
    parsed = [parse_card(c) for c in as_list(cards, "cards", "a list of cards")]
    return sorted(parsed, key=lambda c: (SUITS.index(c.suit), RANKS.index(c.rank)))


@dataclass(frozen=True)
class Deal:
    """Three hands of ten in dealing order and the two-card talon."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    talon: tuple[Card, ...]


@provision("hr-pref-2014:6", "hr-pref-2014:7", "hr-pref-2014:13")
def check_deal(hands: Sequence[Iterable[Card | str]], talon: Iterable[Card | str]) -> Deal:
    """Validate a deal: three hands of exactly ten cards and a talon of two, the 32 cards once each.

    čl. 7 c) asks for "točno deset karata" in every hand; čl. 13 c) treats a talon that "ne
    sadrži dvije karte" as an irregularity.
    """
    accepted = "3 hands of 10 cards and a talon of 2"
    rows = as_list(hands, "hands", accepted)
    if len(rows) != 3:
        raise RulesError(f"bad deal {hands!r}: {len(rows)} hands given; expected {accepted}")
    parsed = tuple(
        tuple(parse_card(c) for c in as_list(hand, "hand", "a list of 10 cards")) for hand in rows
    )
    tal = tuple(parse_card(c) for c in as_list(talon, "talon", "a list of 2 cards"))
    for i, (given, hand) in enumerate(zip(rows, parsed, strict=True), 1):
        if len(hand) != HAND_SIZE:
            # the hand as given, so an empty or odd container is quoted as the caller wrote it
            raise RulesError(f"bad deal: hand {i} {given!r} has {len(hand)} cards; expected 10")
    if len(tal) != TALON_SIZE:
        raise RulesError(f"bad talon {talon!r}: {len(tal)} cards; expected 2")
    seen: set[Card] = set()
    for card in (c for hand in (*parsed, tal) for c in hand):
        if card in seen:
            raise RulesError(f"bad deal: card {card} appears twice; each of the 32 cards once")
        seen.add(card)
    return Deal((parsed[0], parsed[1], parsed[2]), tal)


@provision("hr-pref-2014:6")
def deal_packets(order: Sequence[Card | str]) -> Deal:
    """Deal a shuffled pack as čl. 6 b) says: five by five to three piles, then the talon, then
    five by five again ("Talon se dijeli nakon prve podjele 5 + 5 + 5 (dvije karte), i nastavlja
    se sa dijeljenjem 5 + 5 + 5."). Hands are returned in dealing order.
    """
    cards = [parse_card(c) for c in as_list(order, "pack", "a list of the 32 cards")]
    if len(cards) != 32:
        raise RulesError(f"bad pack {order!r}: {len(cards)} cards given; expected all 32")
    hands = [cards[0:5] + cards[17:22], cards[5:10] + cards[22:27], cards[10:15] + cards[27:32]]
    return check_deal(hands, cards[15:17])


@provision("hr-pref-2014:47")
def trick_winner(cards: Sequence[Card | str], trump: str | None = None) -> int:
    """Index (0-2) of the card that wins a trick of three, the first card being the lead.

    čl. 47 e): "Štih koji u sebi sadrži adut osvaja natjecatelj koji je dao najjači adut.";
    f): otherwise the highest card of the suit led. ``trump`` is None for betl and sanac.
    """
    played = [parse_card(c) for c in as_list(cards, "trick", "a list of 3 cards")]
    if len(played) != 3:
        raise RulesError(f"bad trick {cards!r}: {len(played)} cards; expected 3 (čl. 47 b)")
    if len(set(played)) != 3:
        raise RulesError(f"bad trick: a card repeats in {' '.join(map(str, played))}")
    trump_suit = parse_suit(trump) if trump is not None else None
    led = played[0].suit
    trumps = [i for i, c in enumerate(played) if c.suit == trump_suit]
    pool = trumps or [i for i, c in enumerate(played) if c.suit == led]
    return max(pool, key=lambda i: played[i].power)
