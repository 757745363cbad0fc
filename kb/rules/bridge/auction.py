"""The auction: legality of each call, its end, the contract, declarer and opening leader
(Laws 17-22, 27, 35-39, 41A), and the rotation facts Laws 28-32 turn on.

Cites are given per edition where the two differ: the end of the auction is 22A2/22A1 in 2007 and
22A/22B in 2017. Irregular calls name the law that rectifies them (27, 36, 38, 39).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from kb.rules.bridge.values import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Contract,
    Doubling,
    Seat,
    Strain,
    edition_doc,
)
from kb.rules.errors import RulesError, bad_input
from kb.rules.registry import provision


@dataclass
class AuctionCheck:
    """What :func:`check_auction` found.

    Contract, declarer, dummy and opening leader describe the calls before the first irregular
    one, and are None until that auction has ended.
    """

    legal: bool
    first_illegal_index: int | None
    reason: str | None
    law: str | None
    complete: bool
    contract: str | None
    declarer: str | None
    dummy: str | None
    opening_leader: str | None
    next_to_call: str | None
    calls: list[str] = field(default_factory=list)
    edition: str = "2017"
    law_ids: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field."""
        return asdict(self)


@dataclass
class _State:
    """The running state of an auction while calls are read in rotation."""

    dealer: Seat
    n_calls: int = 0
    last_bid: Bid | None = None
    last_bidder: Seat | None = None
    doubling: Doubling = Doubling.NONE
    doubler: Seat | None = None
    passes: int = 0
    first_namer: dict[tuple[str, Strain], Seat] = field(default_factory=dict)

    @property
    def to_call(self) -> Seat:
        return self.dealer.next(self.n_calls)

    @property
    def ended(self) -> bool:
        # 22A (2017) / 22A2 (2007): a bid followed by three passes; 22B / 22A1: four passes.
        return self.passes >= (3 if self.last_bid is not None else 4)

    def problem(self, call: Call) -> tuple[str, str] | None:
        """Why ``call`` cannot be made now, as (reason, rectifying law), or None if it is legal."""
        seat = self.to_call
        if self.ended:
            return "auction already ended", "39"
        if call.kind == "bid":
            assert call.bid is not None
            if self.last_bid is not None and call.bid.rank <= self.last_bid.rank:
                return "insufficient bid", "27"
            return None
        if call.kind == "double":
            # 19A1: only the last bid, made by an opponent, with no call but pass since.
            ok = (
                self.last_bidder is not None
                and self.last_bidder.side != seat.side
                and self.doubling is Doubling.NONE
            )
            return None if ok else ("double not allowed", "36")
        if call.kind == "redouble":
            # 19B1: only the last double, made by an opponent, with no call but pass since.
            ok = (
                self.doubling is Doubling.X
                and self.doubler is not None
                and self.doubler.side != seat.side
            )
            return None if ok else ("redouble not allowed", "36")
        return None

    def apply(self, call: Call) -> None:
        seat = self.to_call
        self.n_calls += 1
        if call.kind == "pass":
            self.passes += 1
            return
        self.passes = 0
        if call.kind == "bid":
            assert call.bid is not None
            self.last_bid, self.last_bidder = call.bid, seat
            self.doubling, self.doubler = Doubling.NONE, None  # 19C: a bid supersedes doubles
            self.first_namer.setdefault((seat.side, call.bid.strain), seat)
        elif call.kind == "double":
            self.doubling, self.doubler = Doubling.X, seat
        else:
            self.doubling = Doubling.XX

    def contract(self) -> Contract | None:
        if self.last_bid is None:
            return Contract(0, None) if self.ended else None
        return Contract(self.last_bid.level, self.last_bid.strain, self.doubling)

    def declarer(self) -> Seat | None:
        # Declarer: the player of the declaring side who first named the final strain.
        if self.last_bid is None or self.last_bidder is None:
            return None
        return self.first_namer[(self.last_bidder.side, self.last_bid.strain)]


_ABOVE_SEVEN_RE = re.compile(r"\s*(?:[89]|[1-9]\d+)\s*(NT|N|C|D|H|S|♣|♦|♥|♠)\s*", re.IGNORECASE)


def _parse_call(text: str | Call) -> Call | None:
    """The call, or None for a bid above the seven level (a real irregularity, Law 38)."""
    if isinstance(text, str) and _ABOVE_SEVEN_RE.fullmatch(text):
        return None
    return Call.parse(text)


def _end_cites(edition: str, passed_out: bool) -> str:
    if edition == "2007":
        return "22A1" if passed_out else "22A2"
    return "22B" if passed_out else "22A"


def _check_calls(calls: Sequence[str]) -> None:
    if isinstance(calls, str | bytes):
        raise bad_input("calls", calls, "a list of calls such as ['1H', 'P', '1S', 'X']")


@provision(
    "sr-2007:17C",
    "sk-2017:17C",
    "sr-2007:18D",
    "sk-2017:18D",
    "sr-2007:19A1",
    "sk-2017:19A1",
    "sr-2007:19B1",
    "sk-2017:19B1",
    "sr-2007:22A",
    "sk-2017:22A",
    "sk-2017:22B",
    "sr-2007:27",
    "sk-2017:27",
    "sr-2007:35",
    "sk-2017:35",
    "sr-2007:38",
    "sk-2017:38",
    "sr-2007:39",
    "sk-2017:39",
    "sr-2007:41A",
    "sk-2017:41A",
)
def check_auction(dealer: str, calls: Sequence[str], *, edition: str = "2017") -> AuctionCheck:
    """Check an auction called in rotation from ``dealer`` and describe its outcome.

    Stops at the first irregular call: ``reason`` is ``"insufficient bid"`` (Law 27),
    ``"double not allowed"`` / ``"redouble not allowed"`` (19A1/19B1, rectified by 36),
    ``"bid above the seven level"`` (38) or ``"auction already ended"`` (39). The contract
    (``"4SX"``, ``"passed out"`` or None while the auction runs), declarer, dummy and opening
    leader (41A) describe the calls before the first irregular one.
    """
    doc = edition_doc(edition)
    _check_calls(calls)
    state = _State(Seat.parse(dealer))
    parsed: list[str] = []
    first_bad: int | None = None
    reason: str | None = None
    law: str | None = None
    for i, text in enumerate(calls):
        call = _parse_call(text)
        if call is None:
            # A call after the final pass is Law 39 whatever it is; otherwise Law 38.
            first_bad, reason, law = i, "bid above the seven level", "38"
            if state.ended:
                reason, law = "auction already ended", "39"
            break
        problem = state.problem(call)
        if problem is not None:
            first_bad, (reason, law) = i, problem
            break
        state.apply(call)
        parsed.append(str(call))
    complete = state.ended
    # Contract and declarer exist only once the auction has ended (22); None while it runs.
    contract = state.contract() if complete else None
    declarer = state.declarer() if complete else None
    cites: list[str] = []
    if law is not None:
        cites.append(f"{doc}:{law}")
    if complete:
        cites.append(f"{doc}:{_end_cites(edition, contract is not None and contract.passed_out)}")
        if declarer is not None:
            cites.append(f"{doc}:41A")
    return AuctionCheck(
        legal=first_bad is None,
        first_illegal_index=first_bad,
        reason=reason,
        law=law,
        complete=complete,
        contract=None if contract is None else str(contract),
        declarer=None if declarer is None else str(declarer),
        dummy=None if declarer is None else str(declarer.partner),
        opening_leader=None if declarer is None else str(declarer.lho),
        next_to_call=None if complete else str(state.to_call),
        calls=parsed,
        edition=str(edition).strip(),
        law_ids=cites,
    )


def _legal_state(dealer: str, calls: Sequence[str]) -> _State:
    _check_calls(calls)
    state = _State(Seat.parse(dealer))
    for i, text in enumerate(calls):
        call = Call.parse(text)
        problem = state.problem(call)
        if problem is not None:
            raise RulesError(
                f"bad auction {list(calls)!r}: call {i} ({text!r}) is irregular ({problem[0]}); "
                "expected a legal auction (use check_auction to locate irregularities)"
            )
        state.apply(call)
    return state


@provision("sr-2007:17C", "sk-2017:17C")
def next_to_call(dealer: str, calls: Sequence[str]) -> str | None:
    """Whose turn it is after a legal ``calls`` (17B, 17C), or None once the auction has ended."""
    state = _legal_state(dealer, calls)
    return None if state.ended else str(state.to_call)


@provision(
    "sr-2007:19A1", "sk-2017:19A1", "sr-2007:19B1", "sk-2017:19B1", "sr-2007:18C", "sk-2017:18C"
)
def legal_calls(dealer: str, calls: Sequence[str]) -> list[str]:
    """Every call the player next in turn may legally make after a legal ``calls`` (empty at the
    end of the auction)."""
    state = _legal_state(dealer, calls)
    if state.ended:
        return []
    low = 0 if state.last_bid is None else state.last_bid.rank + 1
    options = [PASS, DOUBLE, REDOUBLE]
    options += [Call("bid", Bid(r // 5 + 1, Strain(r % 5))) for r in range(low, 35)]
    return [str(c) for c in options if state.problem(c) is None]


@provision("sr-2007:18C", "sk-2017:18C", "sr-2007:27B1(a)", "sk-2017:27B1(a)")
def lowest_sufficient_bid(calls: Sequence[str], strain: str) -> str | None:
    """The lowest bid in ``strain`` that is sufficient after ``calls`` (18C; what 27B1(a) asks).

    ``calls`` are the calls before the bid in question (only the last bid among them matters);
    returns None when no bid in that strain is sufficient (the last bid is above it at seven).
    """
    _check_calls(calls)
    s = Strain.parse(strain)
    last: Bid | None = None
    for text in calls:
        call = Call.parse(text)
        if call.bid is not None:
            last = call.bid
    if last is None:
        return str(Bid(1, s))
    level = last.level if s > last.strain else last.level + 1
    return str(Bid(level, s)) if level <= 7 else None


@dataclass(frozen=True)
class RotationCheck:
    """Whether a call by ``seat`` is out of rotation, and at whose turn it came."""

    seat: str
    turn_of: str | None  # the seat whose turn it was, or None when the auction has ended
    out_of_rotation: bool
    at_turn_of: str | None  # "RHO", "partner" or "LHO" relative to the caller; None if in turn
    law: str | None  # the law governing such a call by its kind (30, 31, 32) or 28A
    law_ids: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field."""
        return asdict(self)


_OOR_LAW = {"pass": "30", "bid": "31", "double": "32", "redouble": "32"}


@provision(
    "sr-2007:28A",
    "sk-2017:28A",
    "sr-2007:29",
    "sk-2017:29",
    "sr-2007:30",
    "sk-2017:30",
    "sr-2007:31",
    "sk-2017:31",
    "sr-2007:32",
    "sk-2017:32",
)
def out_of_rotation(
    dealer: str,
    calls: Sequence[str],
    seat: str,
    call: str = "P",
    *,
    rho_must_pass: bool = False,
    edition: str = "2017",
) -> RotationCheck:
    """Would ``call`` by ``seat`` after the legal ``calls`` be out of rotation, and at whose turn?

    ``at_turn_of`` is "RHO", "partner" or "LHO" relative to ``seat``: the fact Laws 30-32 turn on.
    A call at RHO's turn when RHO is required to pass counts as in rotation (28A).
    """
    doc = edition_doc(edition)
    state = _legal_state(dealer, calls)
    who = Seat.parse(seat)
    kind = Call.parse(call).kind
    if state.ended:
        return RotationCheck(str(who), None, False, None, "39", (f"{doc}:39",))
    turn = state.to_call
    if turn is who:
        return RotationCheck(str(who), str(turn), False, None, None, ())
    relation = {who.rho: "RHO", who.partner: "partner", who.lho: "LHO"}[turn]
    if relation == "RHO" and rho_must_pass:
        return RotationCheck(str(who), str(turn), False, None, "28A", (f"{doc}:28A",))
    law = _OOR_LAW[kind]
    return RotationCheck(str(who), str(turn), True, relation, law, (f"{doc}:29", f"{doc}:{law}"))
