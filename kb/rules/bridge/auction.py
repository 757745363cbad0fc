"""The auction: legality of each call, its end, the contract, declarer and opening leader
(Laws 17-22, 27, 35-39, 41A), and the rotation facts Laws 28-32 turn on.

Cites are given per edition where the two differ: the end of the auction is 22A2/22A1 in 2007 and
22A/22B in 2017. Irregular calls name the law that rectifies them (27, 36, 38, 39).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace

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
)
from kb.rules.edition import Edition, bridge_edition
from kb.rules.errors import RulesError, as_list, bad_input
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
    edition: str = ""
    law_ids: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field."""
        return asdict(self)


@dataclass
class Bidding:
    """The calls that stand in an auction: the last bid, its doubling, the passes since, and who
    first named each strain for each side (declarer, 22). Calls are applied in rotation from the
    dealer, or by a named seat (the table record, where accepted irregular calls stand too)."""

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
        """The seat in rotation after the calls applied so far."""
        return self.dealer.next(self.n_calls)

    @property
    def ended(self) -> bool:
        """22A (2017) / 22A2 (2007): a bid followed by three passes; 22B / 22A1: four passes."""
        return self.passes >= (3 if self.last_bid is not None else 4)

    def copy(self) -> Bidding:
        """An independent copy."""
        return replace(self, first_namer=dict(self.first_namer))

    def sufficient(self, call: Call) -> bool:
        """18C/18D: a bid must supersede the last bid (pass, double, redouble: always True)."""
        return call.bid is None or self.last_bid is None or call.bid.rank > self.last_bid.rank

    def admits(self, call: Call, seat: Seat) -> bool:
        """19A1/19B1: may ``seat`` double (redouble) now? Only the last bid (double), made by an
        opponent, with no call but pass since. Bids and passes: True."""
        if call.kind == "double":
            return (
                self.last_bidder is not None
                and self.last_bidder.side != seat.side
                and self.doubling is Doubling.NONE
            )
        if call.kind == "redouble":
            return (
                self.doubling is Doubling.X
                and self.doubler is not None
                and self.doubler.side != seat.side
            )
        return True

    def problem(self, call: Call, seat: Seat | None = None) -> tuple[str, str] | None:
        """Why ``call`` cannot be made now (by ``seat``, else by the player in turn), as
        (reason, rectifying law), or None if it is legal."""
        seat = self.to_call if seat is None else seat
        if self.ended:
            return "auction already ended", "39"
        if not self.sufficient(call):
            return "insufficient bid", "27"
        if not self.admits(call, seat):
            return f"{call.kind} not allowed", "36"
        return None

    def apply(self, call: Call, seat: Seat | None = None) -> None:
        """Let ``call`` by ``seat`` (else the player in turn) stand."""
        seat = self.to_call if seat is None else seat
        self.n_calls += 1
        if call.kind == "pass":
            self.passes += 1
            return
        self.passes = 0
        if call.bid is not None:
            self.last_bid, self.last_bidder = call.bid, seat
            self.doubling, self.doubler = Doubling.NONE, None  # 19C: a bid supersedes doubles
            self.first_namer.setdefault((seat.side, call.bid.strain), seat)
        elif call.kind == "double":
            self.doubling, self.doubler = Doubling.X, seat
        else:
            self.doubling = Doubling.XX

    def contract(self) -> Contract | None:
        """The final contract once the auction has ended (passed out: level 0)."""
        if self.last_bid is None:
            return Contract(0, None) if self.ended else None
        return Contract(self.last_bid.level, self.last_bid.strain, self.doubling)

    def declarer(self) -> Seat | None:
        """The player of the declaring side who first named the final strain."""
        if self.last_bid is None or self.last_bidder is None:
            return None
        return self.first_namer[(self.last_bidder.side, self.last_bid.strain)]


ABOVE_SEVEN_RE = re.compile(r"\s*(?:[89]|[1-9]\d+)\s*(NT|N|C|D|H|S|♣|♦|♥|♠)\s*", re.IGNORECASE)


def _parse_call(text: str | Call) -> Call | None:
    """The call, or None for a bid above the seven level (a real irregularity, Law 38)."""
    if isinstance(text, str) and ABOVE_SEVEN_RE.fullmatch(text):
        return None
    return Call.parse(text)


def _end_cites(edition: Edition, passed_out: bool) -> str:
    if edition is Edition.LAWS_2007:
        return "22A1" if passed_out else "22A2"
    return "22B" if passed_out else "22A"


def _check_calls(calls: object) -> list[object]:
    return as_list(calls, "calls", "a list of calls such as ['1H', 'P', '1S', 'X']")


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
def check_auction(dealer: str, calls: Sequence[str], *, edition: str | Edition) -> AuctionCheck:
    """Check an auction called in rotation from ``dealer`` and describe its outcome.

    Stops at the first irregular call: ``reason`` is ``"insufficient bid"`` (Law 27),
    ``"double not allowed"`` / ``"redouble not allowed"`` (19A1/19B1, rectified by 36),
    ``"bid above the seven level"`` (38) or ``"auction already ended"`` (39). The contract
    (``"4SX"``, ``"passed out"`` or None while the auction runs), declarer, dummy and opening
    leader (41A) describe the calls before the first irregular one. ``next_to_call`` is who calls
    next once the irregularity is rectified where the law fixes it: the offender, who must
    substitute a call (27B, 36B2); his LHO after a bid above seven, which is replaced by a pass
    (38C); None once the auction has ended.
    """
    ed = bridge_edition(edition)
    doc = ed.doc
    texts = _check_calls(calls)
    state = Bidding(Seat.parse(dealer))
    parsed: list[str] = []
    first_bad: int | None = None
    reason: str | None = None
    law: str | None = None
    for i, text in enumerate(texts):
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
        cites.append(f"{doc}:{_end_cites(ed, contract is not None and contract.passed_out)}")
        if declarer is not None:
            cites.append(f"{doc}:41A")
    to_call: str | None = None if complete else str(state.to_call)
    if law == "38":
        # 38C: the bid is replaced by a pass, so the offender's LHO calls next (if any one does).
        after = state.copy()
        after.apply(PASS)
        to_call = None if after.ended else str(after.to_call)
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
        next_to_call=to_call,
        calls=parsed,
        edition=ed.value,
        law_ids=cites,
    )


def _legal_state(dealer: str, calls: Sequence[str]) -> Bidding:
    texts = _check_calls(calls)
    state = Bidding(Seat.parse(dealer))
    for i, text in enumerate(texts):
        call = Call.parse(text)  # type: ignore[arg-type]
        problem = state.problem(call)
        if problem is not None:
            raise RulesError(
                f"bad auction {texts!r}: call {i + 1} ({text!r}) is irregular ({problem[0]}); "
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

    ``calls`` are the legal calls before the bid in question, from the dealer (an irregular call
    among them is an error: the last bid would be ambiguous); returns None when no bid in that
    strain is sufficient (the last bid is above it at seven).
    """
    s = Strain.parse(strain)
    # Sufficiency does not depend on the dealer: any seat replays the calls the same way.
    state = _legal_state("N", calls)
    bid = Bid.lowest(s, over=state.last_bid)
    return None if bid is None else str(bid)


@dataclass(frozen=True)
class RotationCheck:
    """Whether a call by ``seat`` is out of rotation, and at whose turn it came."""

    seat: str
    turn_of: str | None  # the seat whose turn it was, or None when the auction has ended
    out_of_rotation: bool
    at_turn_of: str | None  # "RHO", "partner" or "LHO" relative to the caller; None if in turn
    law: str | None  # the law that rectifies it: 30, 31, 32, 36, 25, 28A or 39; None if in turn
    law_ids: tuple[str, ...] = ()
    offender_had_called: bool = False  # the caller had already called in this auction
    anyone_had_called: bool = False  # some player had called before this call
    inadmissible: bool = False  # a double or redouble that Law 19 would not permit (35.1)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field."""
        return asdict(self)


_OOR_LAW = {"pass": "30", "bid": "31", "double": "32", "redouble": "32"}
# Where each edition says that a call at LHO's turn by a player who has called is a change of
# call (Law 25): 2007 30B3 and footnote 11 to 31B; 2017 30B2, 31C and 32C.
_CHANGE_AT_LHO = {
    Edition.LAWS_2007: {"pass": "30B3", "bid": "fn/11"},
    Edition.LAWS_2017: {"pass": "30B2", "bid": "31C", "double": "32C", "redouble": "32C"},
}


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
    "sr-2007:36B4",
    "sk-2017:36B4",
    "sr-2007:25",
    "sk-2017:25",
)
def out_of_rotation(
    dealer: str,
    calls: Sequence[str],
    seat: str,
    call: str = "P",
    *,
    rho_must_pass: bool = False,
    edition: str | Edition,
) -> RotationCheck:
    """Would ``call`` by ``seat`` after the legal ``calls`` be out of rotation, and at whose turn?

    ``at_turn_of`` is "RHO", "partner" or "LHO" relative to ``seat``: the fact Laws 30-32 turn on.
    ``law`` names what rectifies it: 30 (pass), 31 (bid), 32 (double or redouble); 36 for a
    double or redouble Law 19 would not permit even in turn (35.1, 36B4); 25 for a call at LHO's
    turn by a player who has already called, which the text treats as a change of call (2007
    30B3 and footnote 11; 2017 30B2, 31C, 32C). A call at RHO's turn when RHO is required to pass
    counts as in rotation (28A); a call after the auction has ended is Law 39.
    """
    ed = bridge_edition(edition)
    doc = ed.doc
    state = _legal_state(dealer, calls)
    who = Seat.parse(seat)
    made = Call.parse(call)
    if not isinstance(rho_must_pass, bool):
        raise bad_input("rho_must_pass", rho_must_pass, "True or False")
    had_called = any(state.dealer.next(i) is who for i in range(state.n_calls))
    anyone = state.n_calls > 0
    if state.ended:
        return RotationCheck(
            str(who), None, False, None, "39", (f"{doc}:39",), had_called, anyone, False
        )
    turn = state.to_call
    inadmissible = made.kind in ("double", "redouble") and state.problem(made, who) is not None
    if turn is who:
        return RotationCheck(
            str(who), str(turn), False, None, None, (), had_called, anyone, inadmissible
        )
    relation = {who.rho: "RHO", who.partner: "partner", who.lho: "LHO"}[turn]
    if relation == "RHO" and rho_must_pass:
        return RotationCheck(
            str(who),
            str(turn),
            False,
            None,
            "28A",
            (f"{doc}:28A",),
            had_called,
            anyone,
            inadmissible,
        )
    if relation == "LHO" and had_called:
        pointer = _CHANGE_AT_LHO[ed].get(made.kind)
        ids = (f"{doc}:25",) + ((f"{doc}:{pointer}",) if pointer else ())
        law, law_ids = "25", ids
    elif inadmissible:
        law, law_ids = "36", (f"{doc}:35.1", f"{doc}:36B4")
    else:
        law = _OOR_LAW[made.kind]
        law_ids = (f"{doc}:29", f"{doc}:{law}")
    return RotationCheck(
        str(who), str(turn), True, relation, law, law_ids, had_called, anyone, inadmissible
    )
