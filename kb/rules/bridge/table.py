"""The auction as it happened at the table: calls out of rotation, insufficient and inadmissible
calls, their acceptance (27A, 29A, 37A), cancellations (28B, 29B, 36A, 38B, 39A) and the
obligations to pass a rectification imposes (Laws 23-39).

A record is a list of events, each a string or a dict:

- ``"1H"`` or ``{"call": "1H"}``: a call by the player in turn;
- ``"E:1H"`` or ``{"seat": "E", "call": "1H"}``: a call by East, wherever the turn was;
- ``"cancel"`` or ``{"cancel": true}``: the Director cancelled the pending irregular call (the
  auction reverts as the Law says: to the player whose turn it was, 29B; an insufficient or
  inadmissible call in turn leaves the offender to call, 27B, 36B; a bid above seven is replaced
  by a pass, 38C);
- ``"S:must-pass"`` / ``"S:must-pass-once"`` or ``{"seat": "S", "must_pass": "throughout" |
  "next_turn"}``: a rectification obliges South to pass throughout / at his next turn.

An irregular call stays *pending* until the record says what became of it. The next call by the
offender's LHO accepts it where the Law allows (27A1 insufficient bid, 29A call out of rotation,
25B1 changed call, 37A call by a player obliged to pass) or cancels it with what follows (36A,
38B, 39A); a call by the player whose turn it was cancels a call out of rotation (28B); a second
call by the offender replaces his call (27C, 25). :func:`auction_facts` reports the facts of the
last irregularity in the record, the ones Laws 24-39 turn on.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kb.rules.bridge.auction import ABOVE_SEVEN_RE, Bidding
from kb.rules.bridge.values import PASS, Bid, Call, Seat
from kb.rules.edition import Edition, bridge_edition
from kb.rules.errors import RulesError, as_list, bad_input
from kb.rules.registry import provision

OBLIGATIONS = ("next_turn", "throughout")
EVENT_HELP = (
    "a call ('1H', 'P', 'X'), a call by a seat ('E:1H'), 'cancel', or an obligation "
    "('S:must-pass', 'S:must-pass-once'); or the same as a dict "
    "({'seat': 'E', 'call': '1H'}, {'cancel': true}, {'seat': 'S', 'must_pass': 'throughout'})"
)


@dataclass(frozen=True)
class Event:
    """One parsed record event."""

    kind: str  # "call" | "cancel" | "oblige"
    seat: Seat | None = None
    text: str = ""  # the call as written (kept for a bid above seven, which is no Call)
    call: Call | None = None
    must_pass: str | None = None


_SEAT_PREFIX = re.compile(r"\s*([NESWnesw])\s*:\s*(.+)")


def _parse_call_text(text: str, raw: object) -> tuple[str, Call | None]:
    if ABOVE_SEVEN_RE.fullmatch(text):
        return re.sub(r"\s+", "", text).upper(), None
    call = Call.parse(text)
    return str(call), call


def parse_event(raw: object) -> Event:
    """Parse one record event (see the module docstring); bad input quotes itself."""
    if isinstance(raw, Mapping):
        return _event_from_dict(raw)
    if not isinstance(raw, str):
        raise bad_input("auction event", raw, EVENT_HELP)
    text = raw.strip()
    if text.lower() == "cancel":
        return Event("cancel")
    seat: Seat | None = None
    m = _SEAT_PREFIX.fullmatch(text)
    if m is not None:
        seat, text = Seat.parse(m[1]), m[2].strip()
        low = text.lower()
        if low in ("must-pass", "must-pass-once"):
            return Event(
                "oblige", seat, must_pass="throughout" if low == "must-pass" else "next_turn"
            )
    try:
        shown, call = _parse_call_text(text, raw)
    except RulesError:
        raise bad_input("auction event", raw, EVENT_HELP) from None
    return Event("call", seat, shown, call)


def _event_from_dict(raw: Mapping[object, object]) -> Event:
    keys = set(raw)
    seat = Seat.parse(raw["seat"]) if "seat" in raw else None  # type: ignore[arg-type]
    if keys == {"cancel"} and raw["cancel"] is True:
        return Event("cancel")
    if keys == {"seat", "must_pass"}:
        how = raw["must_pass"]
        if how not in OBLIGATIONS:
            raise bad_input("must_pass", how, "'next_turn' or 'throughout'")
        return Event("oblige", seat, must_pass=str(how))
    if keys in ({"call"}, {"call", "seat"}) and isinstance(raw["call"], str):
        try:
            shown, call = _parse_call_text(raw["call"], raw)
        except RulesError:
            raise bad_input("auction event", dict(raw), EVENT_HELP) from None
        return Event("call", seat, shown, call)
    raise bad_input("auction event", dict(raw), EVENT_HELP)


@dataclass
class TableCall:
    """A call made at the table and what became of it."""

    index: int  # position in the record (0-based)
    seat: Seat
    text: str
    call: Call | None  # None for a bid above the seven level
    turn_of: Seat | None  # whose turn it was; None once the auction had ended
    irregularity: str | None = None  # see IRREGULARITIES
    law: str | None = None
    status: str = "standing"  # standing | pending | accepted | cancelled | replaced
    offender_had_called: bool = False
    anyone_had_called: bool = False
    under_obligation: str | None = None  # the caller's obligation to pass, if any
    inadmissible: bool = False  # a double or redouble Law 19 does not permit (35.1)
    insufficient: bool = False
    lho_called: bool = False  # the offender's LHO called before rectification
    correct_player_called: bool = False  # 28B
    replacement: str | None = None  # the call the offender made in its place
    replaces: int | None = None  # the index of the irregular call this one replaced


IRREGULARITIES = {
    "out-of-rotation": "29",
    "insufficient": "27",
    "inadmissible": "36",
    "obligation-violated": "37",
    "above-seven": "38",
    "after-final-pass": "39",
    "change-of-call": "25",
}


class TableAuction:
    """The running auction of one board, irregularities included (see the module docstring)."""

    def __init__(self, dealer: str | Seat, *, edition: str | Edition) -> None:
        self.edition = bridge_edition(edition)
        self.dealer = Seat.parse(dealer)
        self.turn: Seat | None = self.dealer
        self.bidding = Bidding(self.dealer)
        self.history: list[TableCall] = []
        self.obligations: dict[Seat, str] = {}
        self.pending: TableCall | None = None
        self._replaced: TableCall | None = None  # an irregular call its offender just replaced
        self._n = 0

    # --- events -------------------------------------------------------------------------------
    def apply(self, event: Event) -> None:
        """Apply one parsed event."""
        if event.kind == "cancel":
            self.cancel()
        elif event.kind == "oblige":
            assert event.seat is not None and event.must_pass is not None
            self.oblige(event.seat, event.must_pass)
        else:
            self.call(event.text, event.seat)
        self._n += 1

    def oblige(self, seat: Seat, how: str) -> None:
        """A rectification obliges ``seat`` to pass at his next turn or throughout."""
        if how not in OBLIGATIONS:
            raise bad_input("obligation", how, "'next_turn' or 'throughout'")
        if self.obligations.get(seat) != "throughout":
            self.obligations[seat] = how

    def cancel(self) -> None:
        """The Director cancels the pending irregular call."""
        p = self.pending
        if p is None:
            raise RulesError(
                f"bad auction event 'cancel' (event {self._n + 1}): no irregular call is pending"
            )
        p.status = "cancelled"
        self.pending = None
        if p.irregularity == "above-seven":
            self._stand(p.seat, PASS)  # 38C: replaced by a pass
        elif p.irregularity == "out-of-rotation" or p.turn_of is None:
            self.turn = p.turn_of  # 29B: back to the player whose turn it was
        # insufficient, inadmissible, obligation-violated, change-of-call in turn: the
        # offender calls again (27B, 36B2, 37B2 pass, 25B2 original call stands).
        if p.irregularity == "change-of-call":
            self.turn = p.seat.lho

    def call(self, text: str, seat: Seat | None = None) -> TableCall:
        """Record a call by ``seat`` (None: the player in turn) and classify it."""
        shown, made = _parse_call_text(text, text)
        who = seat if seat is not None else self.turn
        if who is None:
            raise RulesError(
                f"bad auction event {text!r} (event {self._n + 1}): the auction has ended, so "
                "a call after it needs its seat, e.g. 'E:2S'"
            )
        if self.pending is not None and self._resolve(who, shown):
            # 36A, 38B, 39A: cancelled together with the irregular call it followed.
            tc = TableCall(self._n, who, shown, made, self.turn, status="cancelled")
            self.history.append(tc)
            return tc
        return self._classify(who, shown, made)

    # --- resolution of a pending irregularity ---------------------------------------------------
    def _resolve(self, who: Seat, shown: str) -> bool:
        """Settle the pending irregularity by ``who``'s call; True if that call is cancelled."""
        p = self.pending
        assert p is not None
        if who is p.seat.lho:
            p.lho_called = True
            self.pending = None
            if p.inadmissible or p.irregularity in ("above-seven", "after-final-pass"):
                # 36A / 38B / 39A: cancelled, with every call after it (so this one too).
                p.status = "cancelled"
                if p.irregularity == "above-seven":
                    self._stand(p.seat, PASS)
                else:
                    self.turn = p.turn_of
                return True
            p.status = "accepted"  # 27A1, 29A, 25B1, 37A
            if p.irregularity != "change-of-call":
                assert p.call is not None
                self._stand(p.seat, p.call)
            else:
                # 25B1: the substituted call stands in place of the first one.
                self._replace_last_standing(p)
            return False
        if p.irregularity == "out-of-rotation" and who is p.turn_of:
            # 28B: the correct player's call cancels the call out of rotation.
            p.status, p.correct_player_called = "cancelled", True
            self.pending = None
            self.turn = p.turn_of
            return False
        if who is p.seat:
            p.status = "replaced"
            self.pending = None
            if p.irregularity == "out-of-rotation":
                self.turn = p.turn_of
            self._replaced = p
            return False
        raise RulesError(
            f"bad auction record: {who} calls {shown!r} while {p.seat}'s {p.irregularity} call "
            f"{p.text!r} is unresolved; add 'cancel' (the Director's rectification) before it"
        )

    # --- classification of a new call -------------------------------------------------------
    def _classify(self, who: Seat, shown: str, made: Call | None) -> TableCall:
        standing = [c for c in self.history if c.status in ("standing", "accepted")]
        had_called = any(c.seat is who for c in standing)
        anyone = bool(standing)
        duty = self.obligations.get(who)
        tc = TableCall(
            self._n, who, shown, made, self.turn,
            offender_had_called=had_called, anyone_had_called=anyone, under_obligation=duty,
        )  # fmt: skip
        self.history.append(tc)
        if self._replaced is not None:
            self._replaced.replacement, tc.replaces = shown, self._replaced.index
            self._replaced = None
        if made is not None:
            tc.insufficient = not self.bidding.sufficient(made)
            tc.inadmissible = not self.bidding.admits(made, who)
        turn = self.turn
        if turn is None:
            return self._irregular(tc, "after-final-pass")
        if made is None:
            return self._irregular(tc, "above-seven")
        if who is not turn:
            if turn is who.rho and self.obligations.get(turn):
                # 28A: RHO was obliged to pass, so this call is in rotation; RHO's pass is due.
                self._stand(turn, PASS)
            elif turn is who.lho and had_called:
                return self._irregular(tc, "change-of-call")
            else:
                return self._irregular(tc, "out-of-rotation")
        if duty and made.kind != "pass" and not tc.inadmissible:
            return self._irregular(tc, "obligation-violated")
        if tc.inadmissible:
            return self._irregular(tc, "inadmissible")
        if tc.insufficient:
            return self._irregular(tc, "insufficient")
        self._stand(who, made)
        return tc

    def _irregular(self, tc: TableCall, kind: str) -> TableCall:
        tc.irregularity, tc.status = kind, "pending"
        tc.law = IRREGULARITIES[kind]
        if kind == "out-of-rotation" and tc.inadmissible:
            tc.law = "36"
        elif kind == "out-of-rotation" and tc.call is not None:
            tc.law = {"pass": "30", "bid": "31"}.get(tc.call.kind, "32")
        self.pending = tc
        return tc

    def _stand(self, seat: Seat, call: Call) -> None:
        """A call that stands: the bidding moves on and the turn passes to ``seat``'s LHO."""
        self.bidding.apply(call, seat)
        if call.kind == "pass" and self.obligations.get(seat) == "next_turn":
            del self.obligations[seat]
        self.turn = None if self.bidding.ended else seat.lho

    def _replace_last_standing(self, p: TableCall) -> None:
        """25B1: LHO accepted a changed call; the bidding is rebuilt with it in place of the
        caller's previous call."""
        standing = [c for c in self.history if c.status in ("standing", "accepted")]
        earlier = [c for c in standing if c is not p]
        previous = next(c for c in reversed(earlier) if c.seat is p.seat)
        previous.status = "replaced"
        previous.replacement = p.text
        self.bidding = Bidding(self.dealer)
        for c in self.history:
            if c.status in ("standing", "accepted") and c.call is not None:
                self.bidding.apply(c.call, c.seat)

    # --- outcome ----------------------------------------------------------------------------
    @property
    def ended(self) -> bool:
        """Whether the auction has ended (22)."""
        return self.bidding.ended

    def declarer(self) -> Seat | None:
        """Declarer once the auction has ended with a contract."""
        return self.bidding.declarer() if self.ended else None


@provision("sr-2007:17C", "sk-2017:17C", "sr-2007:29", "sk-2017:29", "sr-2007:35", "sk-2017:35")
def replay(dealer: str | Seat, events: Sequence[object], *, edition: str | Edition) -> TableAuction:
    """Replay a record (see the module docstring) and return the table's auction."""
    table = TableAuction(dealer, edition=edition)
    for raw in as_list(events, "auction record", f"a list of events: {EVENT_HELP}"):
        table.apply(parse_event(raw))
    return table


_RELATION = {3: "RHO", 2: "partner", 1: "LHO"}


def _relation(offender: Seat, turn: Seat | None) -> str | None:
    if turn is None or turn is offender:
        return None
    return next(name for steps, name in _RELATION.items() if offender.next(steps) is turn)


@provision(
    "sr-2007:17C", "sk-2017:17C", "sr-2007:27A1", "sk-2017:27A1", "sr-2007:28A", "sk-2017:28A",
    "sr-2007:28B", "sk-2017:28B", "sr-2007:29A", "sk-2017:29A", "sr-2007:29B", "sk-2017:29B",
    "sr-2007:35", "sk-2017:35", "sr-2007:36A", "sk-2017:36A", "sr-2007:37A", "sk-2017:37A",
    "sr-2007:38B", "sk-2017:38B", "sr-2007:39A", "sk-2017:39A",
)  # fmt: skip
def auction_facts(
    dealer: str, events: Sequence[object], *, edition: str | Edition
) -> dict[str, object]:
    """The facts Laws 24-39 turn on, for the last irregular call of a table record.

    Keys (absent when they do not apply): ``irregularity`` (out-of-rotation, insufficient,
    inadmissible, obligation-violated, above-seven, after-final-pass, change-of-call or None),
    ``offender`` and his ``offender_lho``/``offender_partner``/``offender_rho``, ``turn_of`` and
    ``at_turn_of`` (RHO, partner or LHO of the offender), ``call`` and ``call_kind``,
    ``in_rotation``, ``offender_had_called``, ``anyone_had_called``, ``bid_insufficient``,
    ``call_inadmissible``,
    ``offender_obligation`` (False, next_turn, throughout), ``lho_called`` (the offender's LHO
    called before rectification), ``correct_player_called`` (28B), ``replacement`` with
    ``replacement_kind``, ``replacement_sufficient``, ``replacement_insufficient`` and
    ``replacement_lowest_same_strain``
    (27B1(a): the lowest sufficient bid in the same denomination),
    ``lowest_sufficient_same_strain``,
    ``rho_action`` (pass or call: what RHO did when the auction reverted to him, 31A, 32A/B),
    ``offender_repeated_strain`` (2007 31A2(a)), ``offender_declaring_side`` (39B, once the
    auction has a declarer); and of the whole record ``auction_ended``, ``next_to_call``,
    ``declarer``.
    """
    table = replay(dealer, events, edition=edition)
    facts: dict[str, object] = {
        "auction_ended": table.ended,
        "next_to_call": None if table.turn is None or table.pending else str(table.turn),
        "declarer": None if table.declarer() is None else str(table.declarer()),
    }
    # A substitute that is itself irregular (27B4) is reported with the call it replaced.
    irregular = [c for c in table.history if c.irregularity is not None and c.replaces is None]
    if not irregular:
        facts["irregularity"] = None
        return facts
    p = irregular[-1]
    off = p.seat
    facts.update(
        irregularity=p.irregularity,
        offender=str(off),
        offender_lho=str(off.lho),
        offender_partner=str(off.partner),
        offender_rho=str(off.rho),
        call=p.text,
        call_kind="bid" if p.call is None else p.call.kind,
        offender_had_called=p.offender_had_called,
        anyone_had_called=p.anyone_had_called,
        bid_insufficient=p.insufficient,
        call_inadmissible=p.inadmissible,
        offender_obligation=p.under_obligation or False,
        lho_called=p.lho_called,
        correct_player_called=p.correct_player_called,
    )
    if p.turn_of is not None:
        facts["turn_of"] = str(p.turn_of)
        relation = _relation(off, p.turn_of)
        if relation is not None:
            facts["at_turn_of"] = relation
    before = _bidding_before(table, p)
    facts["in_rotation"] = p.turn_of is off or p.turn_of is None
    if p.call is not None and p.call.bid is not None:
        low = Bid.lowest(p.call.bid.strain, over=before.last_bid)
        facts["lowest_sufficient_same_strain"] = None if low is None else str(low)
    if p.replacement is not None:
        facts.update(_replacement_facts(p, before, facts.get("lowest_sufficient_same_strain")))
    later = [c for c in table.history if c.index > p.index and c.status != "cancelled"]
    rho_call = next((c for c in later if c.seat is off.rho), None)
    if rho_call is not None and rho_call.call is not None and p.status == "cancelled":
        facts["rho_action"] = "pass" if rho_call.call.kind == "pass" else "call"
    own = next((c for c in later if c.seat is off and c.call is not None), None)
    if (
        own is not None
        and p.call is not None
        and p.call.bid is not None
        and p.status == "cancelled"
    ):
        again = own.call
        assert again is not None
        facts["offender_repeated_strain"] = (
            again.bid is not None and again.bid.strain is p.call.bid.strain
        )
    if p.irregularity == "change-of-call":
        # a change at LHO's turn: his partner has not called, the auction has not ended
        facts["partner_called"] = facts["auction_period_ended"] = False
    declarer = table.declarer() if table.ended else None
    if declarer is not None:
        facts["offender_declaring_side"] = declarer.side == off.side
    return facts


def _bidding_before(table: TableAuction, p: TableCall) -> Bidding:
    """The bidding as it stood when ``p`` was made (standing and accepted calls before it)."""
    bidding = Bidding(table.dealer)
    for c in table.history:
        if c.index >= p.index:
            break
        if c.status in ("standing", "accepted") and c.call is not None:
            bidding.apply(c.call, c.seat)
    return bidding


def _replacement_facts(p: TableCall, before: Bidding, lowest: object) -> dict[str, object]:
    assert p.replacement is not None
    new = Call.parse(p.replacement) if not ABOVE_SEVEN_RE.fullmatch(p.replacement) else None
    if new is None:
        return {"replacement": p.replacement, "replacement_kind": "bid"}
    same = (
        new.bid is not None
        and p.call is not None
        and p.call.bid is not None
        and new.bid.strain is p.call.bid.strain
    )
    return {
        "replacement": str(new),
        "replacement_kind": new.kind,
        "replacement_sufficient": before.sufficient(new) and before.admits(new, p.seat),
        "replacement_insufficient": not before.sufficient(new),
        "replacement_lowest_same_strain": same and str(new) == lowest,
    }
