"""The preferans auction (Kodeks čl. 18-20): the bidding ladder, the three ranks of bids,
overcalling and holding, and the end of the auction.

Ladder (definitions "Dva" ... "Sedam"): 2 pik, 3 karo, 4 herc, 5 tref, 6 betl, 7 sanac.
Ranks (čl. 19 a): "Licitacije se smatraju: 1. redovne, 2. igra i 3. betl ili sanac."

Players are numbered by speaking order: hand 1 is the opener marked on the board (čl. 18 b),
hands 2 and 3 speak after him in the direction of the board's arrow. The Kodeks never says
whether that direction is clockwise, so the core does not map hands to E/N/W.

Calls are listed in the order they were spoken; a player who has passed never speaks again
("Natjecatelj koji je tijekom licitacije jednom passirao, ne može se ponovo aktivirati", čl. 19 b),
so the list skips him. Readings where the text is silent raise :class:`NotSpecified`:
- a player who has bid for the talon later declaring igra, betl or sanac;
the readings taken where the text is explicit are listed on :func:`check_auction`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from kb.rules.errors import as_list, bad_input
from kb.rules.preferans.errors import NotSpecified
from kb.rules.registry import provision

LADDER: dict[int, str] = {2: "pik", 3: "karo", 4: "herc", 5: "tref", 6: "betl", 7: "sanac"}
LEVEL_OF: dict[str, int] = {name: level for level, name in LADDER.items()}
IGRA_LEVELS = (2, 3, 4, 5)  # čl. 19 a): igra names one of "2, 3, 4 ili 5"

P18 = "hr-pref-2014:18"
P19 = "hr-pref-2014:19"
P20 = "hr-pref-2014:20"


class Kind(Enum):
    """The kinds of auction call (čl. 19, 20; definition "Govor")."""

    PASS = "pass"
    BID = "bid"  # regular bid for the talon, rank 1
    HOLD = "hold"  # "isti" / "uzimam" / "mogu": the same bid by the player with priority
    IGRA = "igra"  # rank 2: the player gives up the talon
    BETL = "betl"  # rank 3, declared
    SANAC = "sanac"  # rank 3, declared


_RANK = {Kind.BID: 1, Kind.HOLD: 1, Kind.IGRA: 2, Kind.BETL: 3, Kind.SANAC: 4}

_WORDS = {"dva": 2, "tri": 3, "četiri": 4, "cetiri": 4, "pet": 5, "šest": 6, "sest": 6, "sedam": 7}
# čl. 20 a) counts "dobro", "moja je igra manja" ... as pass; čl. 19 c) names "manja igra" (my
# igra is lower) and "dobra" (the same igra) as the only answers to an igra one cannot overcall.
_PASS = {"p", "pass", "dalje", "dobro", "dobra", "manja", "manja igra", "moja je igra manja"}
_HOLD = {"isti", "isto", "uzimam", "mogu", "hold"}
ACCEPTED_CALLS = (
    "P/pass/dalje/dobro (also 'manja igra', 'dobra'), 2-7 (or dva..sedam), isti/uzimam/mogu, igra, "
    "igra-2..igra-5 or igra-pik/-karo/-herc/-tref (or I, I2..I5), betl, sanac"
)


@dataclass(frozen=True)
class Call:
    """One call: ``level`` is the bid level for BID, the named game (2-5) or None for IGRA."""

    kind: Kind
    level: int | None = None

    def __str__(self) -> str:
        if self.kind is Kind.PASS:
            return "P"
        if self.kind is Kind.BID:
            return str(self.level)
        if self.kind is Kind.HOLD:
            return "isti"
        if self.kind is Kind.IGRA:
            return "igra" if self.level is None else f"igra-{LADDER[self.level]}"
        return self.kind.value


def _number(text: str) -> int | None:
    """A level written in ASCII digits (``str.isdigit`` also takes '²', which int() refuses)."""
    return int(text) if re.fullmatch(r"[0-9]{1,2}", text) else None


@provision(P19, P20)
def parse_call(text: str | Call) -> Call:
    """Parse a call: ``P``, ``2``..``7``, ``isti``, ``igra``, ``igra-karo``, ``I3``, ``betl``,
    ``sanac`` (and the Croatian words of definition "Govor"); bad input quotes itself."""
    if isinstance(text, Call):
        return text
    key = " ".join(str(text).strip().lower().split())
    if key in _PASS:
        return Call(Kind.PASS)
    if key in _HOLD:
        return Call(Kind.HOLD)
    if key in ("betl", "sanac"):
        return Call(Kind(key))
    level = _WORDS.get(key) or _number(key)
    if level is not None:
        if level not in LADDER:
            raise bad_input("call", text, f"a bid 2-7; {ACCEPTED_CALLS}")
        return Call(Kind.BID, level)
    for head in ("igra", "i"):
        if key == head:
            return Call(Kind.IGRA)
        if key.startswith(head) and (head == "igra" or _number(key[1:]) is not None):
            rest = key[len(head) :].lstrip(" -:")
            named = LEVEL_OF.get(rest) or _number(rest)
            if named in IGRA_LEVELS:
                return Call(Kind.IGRA, named)
    raise bad_input("call", text, ACCEPTED_CALLS)


@dataclass(frozen=True)
class AuctionResult:
    """What :func:`check_auction` finds. Hands are 1-3 in speaking order (1 = opener)."""

    calls: tuple[str, ...]
    legal: bool
    first_illegal_index: int | None = None
    reason: str | None = None
    fault: str | None = None  # one of FAULTS when the auction is illegal
    provision: str | None = None
    complete: bool = False
    next_hand: int | None = None
    contract: str | None = None  # "passed out", "karo", "igra-herc", "igra", "betl", "sanac"
    level: int | None = None
    with_talon: bool | None = None
    declarer: int | None = None


@dataclass
class _State:
    """The running state of an auction (hands 0-2 internally)."""

    turn: int = 0
    out: set[int] = field(default_factory=set)
    rank: int = 0  # 0 nothing yet, 1 regular, 2 igra, 3 betl, 4 sanac
    level: int | None = None
    high: int | None = None
    bidders: list[int] = field(default_factory=list)  # order of first regular bid = priority
    igras: list[tuple[int, int | None]] = field(default_factory=list)
    owed: set[int] = field(default_factory=set)  # who still speaks once in the igra/betl round
    ended: bool = False

    def can_speak(self, hand: int) -> bool:
        if hand in self.out:
            return False
        return self.rank <= 1 or hand in self.owed

    def advance(self) -> None:
        """Hand the turn to the next player who may still speak, or end the auction."""
        self.ended = (
            self.rank == 4
            or len(self.out) == 3  # sanac, or three passes (čl. 18 d)
            or (self.rank == 1 and self.out == {0, 1, 2} - {self.high})  # bidder left alone
            or (self.rank >= 2 and not (self.owed - self.out))  # igra/betl round answered
        )
        if self.ended:
            return
        for step in (1, 2, 3):
            hand = (self.turn + step) % 3
            if self.can_speak(hand):
                self.turn = hand
                return
        self.ended = True  # pragma: no cover - every branch above leaves a speaker


#: What an illegal call breaks, as :attr:`AuctionResult.fault` names it: a bid not above the last
#: (or the same bid without priority, 19 b), an igra too low or not above one named (19 c), a
#: lower rank after a higher one (19 a), a bid more than one step up or a first bid not 2
#: (19 a, b), betl after betl or sanac (20 b 3), a call after the end of the auction (18 d).
FAULTS = ("insufficient", "igra-rank", "rank-order", "step", "betl-repeated", "after-end")


class _Illegal(Exception):
    def __init__(self, reason: str, cite: str, fault: str) -> None:
        super().__init__(reason)
        self.reason, self.cite, self.fault = reason, cite, fault


def _apply(st: _State, call: Call) -> None:
    """Apply one call by ``st.turn`` or raise :class:`_Illegal` / :class:`NotSpecified`."""
    hand = st.turn
    if st.ended:
        raise _Illegal("auction already ended", P18, "after-end")
    kind = call.kind
    if kind is Kind.PASS:
        st.out.add(hand)
        st.owed.discard(hand)
    elif kind in (Kind.BID, Kind.HOLD):
        _regular(st, hand, call)
    else:
        if kind is Kind.IGRA and st.rank >= 3:
            raise _Illegal("igra not allowed after betl or sanac", P19, "rank-order")
        if kind is Kind.BETL and st.rank >= 3:
            raise _Illegal("betl cannot follow betl or sanac", P20, "betl-repeated")
        if hand in st.bidders:
            raise NotSpecified(
                f"whether a player who has bid for the talon may then declare "
                f"{kind.value} (call {call} by hand {hand + 1})",
                P19,
            )
        if kind is Kind.IGRA:
            _igra(st, hand, call)
        else:
            st.rank, st.high, st.level = (3 if kind is Kind.BETL else 4), hand, None
            st.owed = {0, 1, 2} - st.out - {hand}
    st.advance()


def _regular(st: _State, hand: int, call: Call) -> None:
    """A regular bid or a hold (čl. 19 a, b)."""
    if st.rank >= 2:
        raise _Illegal("regular bid not allowed after igra, betl or sanac", P19, "rank-order")
    level = call.level if call.kind is Kind.BID else st.level
    if st.level is None:
        if call.kind is Kind.HOLD:
            raise _Illegal("nothing to hold: no bid yet", P19, "step")
        if level != 2:
            raise _Illegal("the first bid must be 2", P19, "step")
    elif level == st.level:
        # "isti licit ukoliko je rečen od natjecatelja koji je prvi licitirao": priority goes
        # by the order in which players first bid.
        assert st.high is not None
        if (
            hand == st.high
            or hand not in st.bidders
            or st.bidders.index(hand) > st.bidders.index(st.high)
        ):
            raise _Illegal(
                "same bid (hold) only by a player who bid before the high bidder",
                P19,
                "insufficient",
            )
    elif level is not None and level < st.level:
        raise _Illegal("insufficient bid", P19, "insufficient")
    elif level != st.level + 1:
        raise _Illegal("a bid must be exactly one step higher", P19, "step")
    if hand not in st.bidders:
        st.bidders.append(hand)
    st.rank, st.level, st.high = 1, level, hand


def _igra(st: _State, hand: int, call: Call) -> None:
    """An igra (čl. 19 c): rank 2; the k-th igra may name no level below k + 1, and a later igra
    is announced "samo ako su većeg ranga": one not above an igra already named is answered with
    "manja igra" (lower) or "dobra" (the same), never announced."""
    minimum = len(st.igras) + 2
    if call.level is not None and call.level < minimum:
        raise _Illegal(
            f"igra too low: igra number {len(st.igras) + 1} names {minimum} or more",
            P19,
            "igra-rank",
        )
    named = [level for _, level in st.igras if level is not None]
    if call.level is not None and named and call.level <= max(named):
        answer = "dobra" if call.level == max(named) else "manja igra"
        raise _Illegal(
            f"igra not higher than igra-{LADDER[max(named)]} already named: "
            f"the answer is '{answer}' (čl. 19 c)",
            P19,
            "igra-rank",
        )
    if st.rank < 2:
        st.owed = {0, 1, 2} - st.out
    st.rank = 2
    st.igras.append((hand, call.level))
    st.owed.discard(hand)


def _outcome(st: _State) -> dict[str, object]:
    """Contract fields of a finished auction (čl. 18 d)."""
    if len(st.out) == 3:
        return {"contract": "passed out"}
    if st.rank == 1:
        assert st.level is not None and st.high is not None
        return {
            "contract": LADDER[st.level],
            "level": st.level,
            "with_talon": True,
            "declarer": st.high + 1,
        }
    if st.rank in (3, 4):
        name = "betl" if st.rank == 3 else "sanac"
        return {
            "contract": name,
            "level": LEVEL_OF[name],
            "with_talon": False,
            "declarer": (st.high or 0) + 1,
        }
    live = [(h, lv) for h, lv in st.igras if h not in st.out]
    if len(live) == 1 and live[0][1] is None:
        return {"contract": "igra", "with_talon": False, "declarer": live[0][0] + 1}
    if any(lv is None for _, lv in live):
        return {"contract": "igra", "with_talon": False}  # levels still to be named
    # the highest named game wins (a later igra is announced only above the earlier, čl. 19 c)
    best_hand, best = max(live, key=lambda hl: (hl[1] or 0, -live.index(hl)))
    assert best is not None
    return {
        "contract": f"igra-{LADDER[best]}",
        "level": best,
        "with_talon": False,
        "declarer": best_hand + 1,
    }


@provision(P18, P19, P20)
def check_auction(calls: Sequence[str | Call]) -> AuctionResult:
    """Check a preferans auction, calls in speaking order from the opener (hand 1).

    Implements: the first regular bid is 2 and each next one is exactly one step higher
    (čl. 19 a, b); the same bid ("isti") only by a player who bid before the high bidder (19 b);
    a passed player is out (19 b); igra excludes regular bids and the k-th igra cannot name a
    game below k + 1 (19 c); betl or sanac exclude regular bids and igra, betl cannot be
    repeated, sanac may follow betl (19 d, 20 b 3); the end of the auction (18 d): a regular
    bidder left alone, the igra round or betl round answered by every other player, sanac, or
    three passes. Raises :class:`NotSpecified` where the text is silent.
    """
    parsed = [parse_call(c) for c in as_list(calls, "calls", "a list of calls such as ['2', 'P']")]
    st = _State()
    for i, call in enumerate(parsed):
        try:
            _apply(st, call)
        except _Illegal as exc:
            return AuctionResult(
                tuple(map(str, parsed)),
                False,
                i,
                exc.reason,
                exc.fault,
                exc.cite,
                complete=False,
                next_hand=None if st.ended else st.turn + 1,
            )
    if not st.ended:
        return AuctionResult(tuple(map(str, parsed)), True, next_hand=st.turn + 1)
    out = _outcome(st)
    return AuctionResult(tuple(map(str, parsed)), True, complete=True, provision=P18, **out)  # type: ignore[arg-type]


CANDIDATES: tuple[Call, ...] = (
    Call(Kind.PASS),
    *(Call(Kind.BID, lv) for lv in LADDER),
    Call(Kind.HOLD),
    Call(Kind.IGRA),
    *(Call(Kind.IGRA, lv) for lv in IGRA_LEVELS),
    Call(Kind.BETL),
    Call(Kind.SANAC),
)


@provision(P18, P19, P20)
def legal_calls(calls: Sequence[str | Call]) -> list[str]:
    """The calls the player in turn may make after ``calls`` (empty when the auction is over or
    the prefix is illegal). Calls the text leaves open (:class:`NotSpecified`) are left out."""
    prefix = [parse_call(c) for c in as_list(calls, "calls", "a list of calls such as ['2', 'P']")]
    base = check_auction(prefix)
    if not base.legal or base.complete:
        return []
    allowed = []
    for cand in CANDIDATES:
        try:
            if check_auction([*prefix, cand]).legal:
                allowed.append(str(cand))
        except NotSpecified:
            continue
    return allowed
