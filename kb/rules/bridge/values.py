"""Bridge value types that parse and format themselves: seats, strains, calls, vulnerability,
contracts, results and cards.

Every ``parse`` accepts the value itself or a string, is case-insensitive, and raises
:class:`~kb.rules.errors.RulesError` quoting the input and listing what is accepted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import TypeVar

from kb.rules.edition import bridge_edition
from kb.rules.errors import RulesError, bad_input

_T = TypeVar("_T")


def edition_doc(edition: object) -> str:
    """The document of a Laws edition: ``"2007"`` -> ``"sr-2007"``, ``"2017"`` -> ``"sk-2017"``."""
    return bridge_edition(edition).doc


def law_id(edition: object, cite: str) -> str:
    """The node ID of a cite in an edition, e.g. ``law_id("2017", "64A1") == "sk-2017:64A1"``."""
    return bridge_edition(edition).cite(cite)


def _look_up(words: dict[str, _T], key: str, what: str, text: object, accepted: str) -> _T:
    """``words[key]``, or a RulesError quoting ``text`` and listing what is ``accepted``."""
    value = words.get(key)
    if value is None:
        raise bad_input(what, text, accepted)
    return value


class Seat(Enum):
    """A compass seat, in clockwise order."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @classmethod
    def parse(cls, text: str | Seat) -> Seat:
        """Parse ``N``/``E``/``S``/``W`` or ``North``..``West`` (any case)."""
        if isinstance(text, Seat):
            return text
        key = str(text).strip().upper()
        return _look_up(_SEAT_WORDS, key, "seat", text, "N, E, S, W (or North, East, South, West)")

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise (1 = left-hand opponent)."""
        return _SEATS[(_SEATS.index(self) + steps) % 4]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent (the next to call or play)."""
        return self.next(1)

    @property
    def partner(self) -> Seat:
        """Partner, sitting opposite."""
        return self.next(2)

    @property
    def rho(self) -> Seat:
        """Right-hand opponent (the previous to call or play)."""
        return self.next(3)

    @property
    def side(self) -> str:
        """The partnership: ``"NS"`` or ``"EW"``."""
        return "NS" if self in (Seat.N, Seat.S) else "EW"

    def __str__(self) -> str:
        return self.value


_SEATS = [Seat.N, Seat.E, Seat.S, Seat.W]
_SEAT_WORDS = {
    "N": Seat.N, "NORTH": Seat.N, "E": Seat.E, "EAST": Seat.E,
    "S": Seat.S, "SOUTH": Seat.S, "W": Seat.W, "WEST": Seat.W,
}  # fmt: skip


class Strain(IntEnum):
    """A denomination in ascending rank (Law 18E); the four suits double as card suits."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    @classmethod
    def parse(cls, text: str | Strain) -> Strain:
        """Parse ``C D H S N NT``, ``♣ ♦ ♥ ♠`` or the English names (any case)."""
        if isinstance(text, Strain):
            return text
        key = str(text).strip().upper()
        accepted = "C, D, H, S, NT (or N, ♣, ♦, ♥, ♠, clubs..notrump)"
        return _look_up(_STRAIN_WORDS, key, "strain", text, accepted)

    @property
    def is_suit(self) -> bool:
        """True for the four suits, False for no trump."""
        return self is not Strain.NT

    @property
    def is_major(self) -> bool:
        """Hearts and spades (30 a trick)."""
        return self in (Strain.H, Strain.S)

    def __str__(self) -> str:
        return self.name


_STRAIN_WORDS: dict[str, Strain] = {
    "C": Strain.C, "♣": Strain.C, "♧": Strain.C, "CLUB": Strain.C, "CLUBS": Strain.C,
    "D": Strain.D, "♦": Strain.D, "♢": Strain.D, "DIAMOND": Strain.D, "DIAMONDS": Strain.D,
    "H": Strain.H, "♥": Strain.H, "♡": Strain.H, "HEART": Strain.H, "HEARTS": Strain.H,
    "S": Strain.S, "♠": Strain.S, "♤": Strain.S, "SPADE": Strain.S, "SPADES": Strain.S,
    "NT": Strain.NT, "N": Strain.NT, "NOTRUMP": Strain.NT, "NOTRUMPS": Strain.NT,
    "NO TRUMP": Strain.NT, "NO-TRUMP": Strain.NT,
}  # fmt: skip
_STRAIN_RE = r"NT|N|C|D|H|S|♣|♦|♥|♠|♧|♢|♡|♤"


class Doubling(IntEnum):
    """Undoubled, doubled or redoubled (the factor is ``2 ** value``)."""

    NONE = 0
    X = 1
    XX = 2

    @property
    def suffix(self) -> str:
        """How a contract shows it: ``""``, ``"X"`` or ``"XX"``."""
        return "" if self is Doubling.NONE else self.name


@dataclass(frozen=True)
class Bid:
    """A bid: a level 1-7 and a strain (Law 18A)."""

    level: int
    strain: Strain

    @property
    def rank(self) -> int:
        """Position on the bidding ladder, 0 (1C) .. 34 (7NT); higher ranks supersede (18B)."""
        return (self.level - 1) * 5 + int(self.strain)

    @classmethod
    def lowest(cls, strain: Strain, *, over: Bid | None) -> Bid | None:
        """The lowest bid in ``strain`` that supersedes ``over`` (18B, 18C); None above 7NT."""
        if over is None:
            return cls(1, strain)
        level = over.level if strain > over.strain else over.level + 1
        return cls(level, strain) if level <= 7 else None

    def __str__(self) -> str:
        return f"{self.level}{self.strain}"


@dataclass(frozen=True)
class Call:
    """A call: pass, double, redouble or a bid (Law 18A: pass, double and redouble are not bids)."""

    kind: str  # "pass" | "double" | "redouble" | "bid"
    bid: Bid | None = None

    @classmethod
    def parse(cls, text: str | Call) -> Call:
        """Parse ``1C``..``7NT`` (also ``1N``, ``1♥``), ``P``/``Pass``, ``X``/``Dbl``, ``XX``."""
        if isinstance(text, Call):
            return text
        key = re.sub(r"\s+", "", str(text)).upper()
        if key in _PASS_WORDS:
            return PASS
        if key in _DOUBLE_WORDS:
            return DOUBLE
        if key in _REDOUBLE_WORDS:
            return REDOUBLE
        m = re.fullmatch(rf"([1-7])({_STRAIN_RE})", key)
        if m is None:
            raise bad_input(
                "call",
                text,
                "a bid 1C..7NT (1N and suit symbols such as 1♥ too), P or Pass, "
                "X (double) or XX (redouble)",
            )
        return cls("bid", Bid(int(m.group(1)), Strain.parse(m.group(2))))

    @property
    def is_bid(self) -> bool:
        """True for bids, False for pass, double and redouble."""
        return self.kind == "bid"

    def __str__(self) -> str:
        if self.bid is not None:
            return str(self.bid)
        return {"pass": "P", "double": "X", "redouble": "XX"}[self.kind]


PASS = Call("pass")
DOUBLE = Call("double")
REDOUBLE = Call("redouble")
_PASS_WORDS = {"P", "PASS", "PAS", "NB", "-"}
_DOUBLE_WORDS = {"X", "D", "DBL", "DOUBLE", "KONTRA"}
_REDOUBLE_WORDS = {"XX", "R", "RDBL", "REDOUBLE", "REKONTRA"}


class Vul(Enum):
    """Board vulnerability."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "Both"

    @classmethod
    def parse(cls, text: str | Vul) -> Vul:
        """Parse ``None``/``-``/``Love``, ``NS``/``N-S``, ``EW``/``E-W``, ``Both``/``All``."""
        if isinstance(text, Vul):
            return text
        key = re.sub(r"[\s/-]", "", str(text)).upper()
        accepted = "None, NS, EW or Both (also -, Love, All)"
        return _look_up(_VUL_WORDS, key, "vulnerability", text, accepted)

    def is_vulnerable(self, seat: str | Seat) -> bool:
        """Whether the side of ``seat`` is vulnerable on this board."""
        side = Seat.parse(seat).side
        return self is Vul.BOTH or self.value == side

    def __str__(self) -> str:
        return self.value


_VUL_WORDS = {
    "NONE": Vul.NONE, "": Vul.NONE, "LOVE": Vul.NONE, "O": Vul.NONE, "NEITHER": Vul.NONE,
    "NS": Vul.NS, "EW": Vul.EW, "BOTH": Vul.BOTH, "ALL": Vul.BOTH, "B": Vul.BOTH,
}  # fmt: skip
_PASSED_OUT_WORDS = {"PASSEDOUT", "PASSOUT", "ALLPASS", "AP", "P", "PASS", "PASSED"}
_CONTRACT_RE = rf"([1-7])({_STRAIN_RE})(XX|X|\*\*|\*)?"


@dataclass(frozen=True)
class Contract:
    """A final contract: level, strain and doubling; level 0 stands for a passed-out board."""

    level: int
    strain: Strain | None
    doubling: Doubling = Doubling.NONE

    @classmethod
    def parse(cls, text: str | Contract) -> Contract:
        """Parse ``3NT``, ``1N``, ``4SX``, ``7CXX``, ``1♥`` or ``passed out`` (any case)."""
        if isinstance(text, Contract):
            return text
        key = re.sub(r"\s+", "", str(text)).upper()
        if re.sub(r"[_-]", "", key) in _PASSED_OUT_WORDS:
            return PASSED_OUT
        m = re.fullmatch(_CONTRACT_RE, key)
        if m is None:
            raise bad_input(
                "contract",
                text,
                "a level 1-7, a strain C D H S NT (or N, ♣ ♦ ♥ ♠) and optional "
                "X or XX, e.g. 3NT, 4SX, 7CXX; or 'passed out'",
            )
        dbl = {None: Doubling.NONE, "X": Doubling.X, "*": Doubling.X}.get(m.group(3), Doubling.XX)
        return cls(int(m.group(1)), Strain.parse(m.group(2)), dbl)

    @property
    def passed_out(self) -> bool:
        """True for a passed-out board (Law 22: no contract)."""
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: six plus the level (Law 18A)."""
        return self.level + 6

    def __str__(self) -> str:
        if self.passed_out:
            return "passed out"
        return f"{self.level}{self.strain}{self.doubling.suffix}"


PASSED_OUT = Contract(0, None, Doubling.NONE)


@dataclass(frozen=True)
class Result:
    """A contract and the tricks declarer took, written ``4S=``, ``4S+1``, ``4SX-2``, ``N 3NT=``."""

    contract: Contract
    tricks: int
    declarer: Seat | None = None

    @classmethod
    def parse(cls, text: str | Result) -> Result:
        """Parse ``4S=``, ``4S+1``, ``4SX-2``, ``passed out``; a seat may lead: ``N 4S=``."""
        if isinstance(text, Result):
            return text
        raw = str(text).strip()
        declarer: Seat | None = None
        m = re.fullmatch(r"([NESWnesw])\s+(.+)", raw)
        if m is not None:
            declarer, raw = Seat.parse(m.group(1)), m.group(2)
        key = re.sub(r"\s+", "", raw).upper()
        if key.replace("_", "").replace("-", "") in _PASSED_OUT_WORDS:
            return cls(PASSED_OUT, 0, declarer)
        m = re.fullmatch(rf"({_CONTRACT_RE})(=|\+[1-9]\d*|-[1-9]\d*)", key)
        if m is None:
            raise bad_input(
                "result",
                text,
                "a contract and its outcome such as 4S=, 4S+1, 4SX-2, 3NT= "
                "(optionally led by the declarer, 'N 4S='), or 'passed out'",
            )
        contract = Contract.parse(m.group(1))
        delta = 0 if m.group(5) == "=" else int(m.group(5))
        tricks = contract.tricks_needed + delta
        if not 0 <= tricks <= 13:
            raise RulesError(
                f"bad result {text!r}: {contract} {m.group(5)} means {tricks} tricks; "
                f"declarer takes 0 to 13 (at most +{13 - contract.tricks_needed}, "
                f"-{contract.tricks_needed})"
            )
        return cls(contract, tricks, declarer)

    def __str__(self) -> str:
        lead = f"{self.declarer} " if self.declarer is not None else ""
        if self.contract.passed_out:
            return f"{lead}passed out"
        delta = self.tricks - self.contract.tricks_needed
        outcome = "=" if delta == 0 else f"{delta:+d}"
        return f"{lead}{self.contract}{outcome}"


_RANKS = "23456789TJQKA"


@dataclass(frozen=True)
class Card:
    """A playing card: a suit and a rank 2..14 (ace high)."""

    suit: Strain
    rank: int

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Parse suit and rank in either order: ``SA``, ``AS``, ``♠A``, ``H10``, ``TH``, ``10♥``."""
        if isinstance(text, Card):
            return text
        key = str(text).strip().upper().replace("10", "T")
        for suit_text, rank_text in ((key[:1], key[1:]), (key[-1:], key[:-1])):
            suit = _STRAIN_WORDS.get(suit_text)
            if suit is not None and suit.is_suit and len(rank_text) == 1 and rank_text in _RANKS:
                return cls(suit, _RANKS.index(rank_text) + 2)
        raise bad_input(
            "card",
            text,
            "a suit C D H S (or ♣ ♦ ♥ ♠) and a rank 2-9, T or 10, J, Q, K, A, "
            "in either order, e.g. SA, H10, 7♦",
        )

    def __str__(self) -> str:
        return f"{self.suit}{_RANKS[self.rank - 2]}"
