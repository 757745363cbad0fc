"""The play: trick winners and following suit (Law 44), revokes (61), when a revoke becomes
established (63) and the tricks transferred for it (64A, with the exceptions of 64B).

The director's residual equity adjustment (64C) is judgement: it is reported, never computed.
Where 2007 and 2017 differ (63A4, 64B2, 64B3, 64B7, 64B8, 64C2) the ``edition`` argument decides.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field

from kb.rules.bridge.values import Card, Contract, Seat, Strain
from kb.rules.edition import Edition, bridge_edition
from kb.rules.errors import RulesError, as_bool, as_int, as_list, bad_input
from kb.rules.registry import provision


def _trump(trump: str | Strain | None) -> Strain | None:
    if trump is None:
        return None
    s = Strain.parse(trump)
    return None if s is Strain.NT else s


@provision("sr-2007:44E", "sk-2017:44E", "sr-2007:44F", "sk-2017:44F")
def trick_winner(cards: Sequence[str], *, leader: str, trump: str | None) -> str:
    """The seat that wins a trick of four cards played in order from ``leader`` (44E, 44F).

    ``trump`` is a suit (``"S"``, ``"♥"``) or ``None``/``"NT"`` for no trump.
    """
    played = [Card.parse(c) for c in as_list(cards, "trick", "a list of four cards")]
    if len(played) != 4:
        raise bad_input("trick", list(cards), "four cards in the order played, e.g. SA S2 S5 SK")
    if len(set(played)) != 4:
        raise bad_input("trick", list(cards), "four different cards")
    trumps = _trump(trump)
    led = played[0].suit

    def strength(card: Card) -> int:
        # A trump beats every other suit (44E); otherwise only the suit led can win (44F).
        return card.rank + (100 if card.suit is trumps else 50 if card.suit is led else 0)

    best = max(range(4), key=lambda i: strength(played[i]))
    return str(Seat.parse(leader).next(best))


@provision("sr-2007:44C", "sk-2017:44C", "sr-2007:44D", "sk-2017:44D")
def legal_plays(hand: Sequence[str], led: str | None) -> list[str]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led`` (44C, 44D).

    ``led`` None means the player is on lead (44A): any card.
    """
    cards = [Card.parse(c) for c in as_list(hand, "hand", "a list of cards")]
    if led is None:
        return [str(c) for c in cards]
    suit = Strain.parse(led)
    if not suit.is_suit:
        raise bad_input("led suit", led, "a suit C, D, H or S (or None when on lead)")
    same = [c for c in cards if c.suit is suit]
    return [str(c) for c in (same or cards)]


@provision("sr-2007:61A", "sk-2017:61A", "sr-2007:44C", "sk-2017:44C")
def is_revoke(hand: Sequence[str], card: str, led: str) -> bool:
    """Whether playing ``card`` from ``hand`` to a trick led in ``led`` is a revoke (44C, 61A)."""
    c = Card.parse(card)
    cards = [Card.parse(x) for x in as_list(hand, "hand", "a list of cards")]
    if c not in cards:
        raise bad_input("card", card, f"a card of the hand {[str(x) for x in cards]}")
    return str(c) not in legal_plays(hand, led)


# --- Law 63: establishment -------------------------------------------------------------------

ESTABLISHING_EVENTS = {
    "played to next trick": "63A1",
    "named card for next trick": "63A2",
    "claim or concession": "63A3",
    "acquiesced in opponents' claim": "63A4",
}


@dataclass(frozen=True)
class Establishment:
    """Whether a revoke is established, and by which paragraph of Law 63A."""

    established: bool
    law: str | None
    law_ids: tuple[str, ...] = ()
    note: str = ""

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field."""
        return asdict(self)


@provision("sr-2007:63A", "sk-2017:63A", "sk-2017:63A4", "sr-2007:62A", "sk-2017:62A")
def revoke_established(events: Iterable[str], *, edition: str | Edition) -> Establishment:
    """Is a revoke established after these acts of the offending side (Law 63A)?

    Events: ``"played to next trick"`` (63A1), ``"named card for next trick"`` (63A2),
    ``"claim or concession"`` made or agreed by the offending side (63A3), and
    ``"acquiesced in opponents' claim"`` without objection before the end of the round or the
    next deal's call (63A4 in 2017; in 2007 such agreement (69A) falls under 63A3). With none of
    them the revoke is not established and must be corrected (62A).
    """
    ed = bridge_edition(edition)
    doc = ed.doc
    hits: list[str] = []
    accepted = " or ".join(repr(k) for k in ESTABLISHING_EVENTS)
    for event in as_list(events, "events", f"a list of events: {accepted}"):
        cite = ESTABLISHING_EVENTS.get(event.strip().lower()) if isinstance(event, str) else None
        if cite is None:
            raise bad_input("event", event, accepted)
        if cite == "63A4" and ed is Edition.LAWS_2007:
            cite = "63A3"
        hits.append(cite)
    if not hits:
        return Establishment(False, "62A", (f"{doc}:62A",), "not established: must be corrected")
    first = min(hits)
    note = "established: cannot be corrected (63B), see 64 for tricks transferred"
    return Establishment(True, first, (f"{doc}:{first}", f"{doc}:63B"), note)


# --- Law 64: trick transfer ------------------------------------------------------------------

FAILED_TO_PLAY = ("penalty card", "dummy card", "faced card")


@dataclass(frozen=True)
class Transfer:
    """Tricks transferred to the non-offending side for one established revoke (Law 64)."""

    tricks: int
    transferred: tuple[int, ...]  # trick numbers (1-based) moved to the non-offending side
    rule: str  # 64A1, 64A2, or the first 64B exception that applies (or 62A/62D if not 64)
    exceptions: tuple[str, ...]
    law_ids: tuple[str, ...]
    judgement: str  # what 64C leaves to the director

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field."""
        return asdict(self)


def _judgement(edition: Edition, exceptions: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    doc = edition.doc
    if edition is Edition.LAWS_2007:
        return (
            "64C: if the Director judges the non-offending side insufficiently compensated "
            "by this Law for the damage, he assigns an adjusted score",
            (f"{doc}:64C",),
        )
    text = (
        "64C1: if the Director judges the non-offending side insufficiently compensated "
        "by this Law for the damage, he assigns an adjusted score"
    )
    ids = [f"{doc}:64C1"]
    if "64B2" in exceptions:
        text += (
            "; 64C2(a): after repeated revokes in the same suit by the same player he adjusts "
            "if the non-offenders would probably have won more tricks without the later ones"
        )
        ids.append(f"{doc}:64C2(a)")
    if "64B7" in exceptions:
        text += (
            "; 64C2(b): when both sides revoked he adjusts, if damaged, on the probable "
            "result had the later revoke(s) not occurred"
        )
        ids.append(f"{doc}:64C2(b)")
    return text, tuple(ids)


@provision(
    "sr-2007:64A1",
    "sk-2017:64A1",
    "sr-2007:64A2",
    "sk-2017:64A2",
    "sr-2007:64B",
    "sk-2017:64B",
    "sr-2007:64C",
    "sk-2017:64C1",
    "sk-2017:64C2(a)",
    "sk-2017:64C2(b)",
    "sr-2007:62D",
    "sk-2017:62D",
)
def revoke_transfer(
    winners: Sequence[str],
    *,
    revoke_trick: int,
    offender: str,
    declarer: str,
    edition: str | Edition,
    established: bool = True,
    failed_to_play: str | None = None,
    repeated_same_suit: bool = False,
    first_revoke_established: bool = True,
    noticed_after_next_deal_call: bool = False,
    noticed_after_round: bool = False,
    both_sides_revoked: bool = False,
    both_established: bool = True,
    corrected_under_62c3: bool = False,
    already_transferred: Iterable[int] = (),
) -> Transfer:
    """Tricks transferred for a revoke by ``offender`` on trick ``revoke_trick`` (Law 64).

    Tricks are transferred after play has ended (64A), so ``winners`` lists the seat that won
    each of the 13 tricks (a trick won in dummy is not won by declarer, footnote to 64A).
    ``revoke_trick`` is 1 to 12: at trick 13 each player holds one card, so no one can fail to
    follow suit. ``declarer`` is required: a revoke from dummy's hand transfers nothing (64B3).
    64A1: offending player won the revoke trick -> that trick plus one later trick won by the
    offending side. 64A2: otherwise one trick, if the offending side won the revoke trick or any
    later one. The flags are the 64B exceptions (which differ by edition): ``failed_to_play``
    "penalty card", "dummy card" or "faced card" (B3; "faced card" counts in 2007 only),
    ``repeated_same_suit`` (B2), ``noticed_after_next_deal_call`` (B4), ``noticed_after_round``
    (B5), trick 12 (B6, automatic), ``both_sides_revoked`` (B7) and ``corrected_under_62c3`` (B8,
    2017). ``already_transferred`` trick numbers (for an earlier revoke) are not counted again:
    the next trick won by the offending side is taken instead.
    """
    ed = bridge_edition(edition)
    doc = ed.doc
    seats = [
        Seat.parse(w)
        for w in as_list(winners, "winners", "the winner of each of the 13 tricks, e.g. 'NNES...'")
    ]
    if len(seats) != 13:
        raise bad_input(
            "winners",
            winners,
            f"the winners of all 13 tricks (tricks are transferred after play ends, 64A); "
            f"got {len(seats)}",
        )
    if isinstance(revoke_trick, int) and not isinstance(revoke_trick, bool) and revoke_trick == 13:
        raise bad_input(
            "revoke trick",
            revoke_trick,
            "a trick from 1 to 12: at trick 13 each player holds one card and cannot revoke",
        )
    as_int(revoke_trick, "revoke trick", 1, 12)
    flags = {
        "established": established,
        "repeated_same_suit": repeated_same_suit,
        "first_revoke_established": first_revoke_established,
        "noticed_after_next_deal_call": noticed_after_next_deal_call,
        "noticed_after_round": noticed_after_round,
        "both_sides_revoked": both_sides_revoked,
        "both_established": both_established,
        "corrected_under_62c3": corrected_under_62c3,
    }
    for name, flag in flags.items():
        as_bool(flag, name)
    if failed_to_play is not None and failed_to_play not in FAILED_TO_PLAY:
        raise bad_input("failed_to_play", failed_to_play, " or ".join(map(repr, FAILED_TO_PLAY)))
    earlier = (
        sorted(already_transferred, key=str)
        if isinstance(already_transferred, set | frozenset)
        else as_list(already_transferred, "already_transferred", "a list of trick numbers")
    )
    used = {as_int(n, "already transferred trick", 1, 13) for n in earlier}
    off = Seat.parse(offender)
    decl = Seat.parse(declarer)
    if off is decl.partner:
        if failed_to_play == "penalty card":
            raise RulesError(
                f"bad failed_to_play 'penalty card' for dummy {off}: dummy has no penalty cards; "
                "expected None or 'dummy card'"
            )
        failed_to_play = "dummy card"  # a revoke from dummy's hand (64B3)
    elif failed_to_play == "dummy card":
        raise RulesError(
            f"bad failed_to_play 'dummy card': the offender {off} is not dummy "
            f"(declarer {decl}, dummy {decl.partner})"
        )
    judgement, judgement_ids = _judgement(ed, ())
    if revoke_trick == 12:
        # 62D1: a twelfth-trick revoke is corrected even if established; 64B6: no transfer.
        return Transfer(
            0, (), "64B6", ("64B6",), (f"{doc}:62D1", f"{doc}:64B6", *judgement_ids), judgement
        )
    if not established:
        return Transfer(
            0,
            (),
            "62A",
            (),
            (f"{doc}:62A",),
            "not established: the revoke must be corrected (62A, 62B)",
        )
    is_2007 = ed is Edition.LAWS_2007
    exceptions: list[str] = []
    if repeated_same_suit and (is_2007 or first_revoke_established):
        exceptions.append("64B2")
    b3 = ("penalty card", "dummy card") + (("faced card",) if is_2007 else ())
    if failed_to_play in b3:
        exceptions.append("64B3")
    if noticed_after_next_deal_call:
        exceptions.append("64B4")
    if noticed_after_round:
        exceptions.append("64B5")
    if both_sides_revoked and (is_2007 or both_established):
        exceptions.append("64B7")
    if corrected_under_62c3 and not is_2007:
        exceptions.append("64B8")
    side_won = [
        n
        for n in range(revoke_trick, len(seats) + 1)
        if seats[n - 1].side == off.side and n not in used
    ]
    if not side_won:
        exceptions.insert(0, "64B1")
    judgement, judgement_ids = _judgement(ed, exceptions)
    if exceptions:
        return Transfer(
            0,
            (),
            exceptions[0],
            tuple(exceptions),
            (*(f"{doc}:{e}" for e in exceptions), *judgement_ids),
            judgement,
        )
    # side_won starts with the revoke trick when the offending side won it; a trick already
    # transferred for an earlier revoke is not available again, so the next one is taken.
    if seats[revoke_trick - 1] is off:
        moved, rule = tuple(side_won[:2]), "64A1"
    else:
        moved, rule = (side_won[0],), "64A2"
    return Transfer(len(moved), moved, rule, (), (f"{doc}:{rule}", *judgement_ids), judgement)


# --- A whole play record ---------------------------------------------------------------------


@dataclass
class RevokeFound:
    """A revoke found in a play record."""

    trick: int
    seat: str
    led: str
    card: str
    detected_by: str  # "hand" (the hands are known) or "later play" (suit shown later)
    established: bool
    transfer: Transfer | None = None


@dataclass
class TrickPlayed:
    """One trick of a play record."""

    number: int
    leader: str
    cards: list[str]
    winner: str | None  # None for an unfinished last trick


@dataclass
class PlayRecord:
    """The tricks, revokes and trick count of a play record."""

    contract: str
    declarer: str
    tricks: list[TrickPlayed]
    revokes: list[RevokeFound]
    declarer_tricks: int
    transferred_to_declarer: int
    adjusted_declarer_tricks: int
    judgement: str
    law_ids: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field."""
        return asdict(self)


def _hands(hands: Mapping[str, Sequence[str]] | None) -> dict[Seat, list[Card]] | None:
    if hands is None:
        return None
    if not isinstance(hands, Mapping):
        raise bad_input("hands", hands, "a mapping of the four seats to their 13 cards")
    parsed = {
        Seat.parse(s): [Card.parse(c) for c in as_list(cards, f"hand {s}", "a list of cards")]
        for s, cards in hands.items()
    }
    if (
        len(parsed) != 4
        or any(len(h) != 13 for h in parsed.values())
        or len({c for h in parsed.values() for c in h}) != 52
    ):
        raise bad_input("hands", dict(hands), "four hands N, E, S, W of 13 different cards each")
    return parsed


@provision(
    "sr-2007:41A",
    "sk-2017:41A",
    "sr-2007:44G",
    "sk-2017:44G",
    "sr-2007:61A",
    "sk-2017:61A",
    "sr-2007:63A1",
    "sk-2017:63A1",
    "sr-2007:64A",
    "sk-2017:64A",
)
def play_record(
    tricks: Sequence[Sequence[str]],
    *,
    contract: str,
    declarer: str,
    hands: Mapping[str, Sequence[str]] | None = None,
    edition: str | Edition,
) -> PlayRecord:
    """Replay the tricks (cards in the order played), find revokes and count tricks.

    The opening leader is declarer's LHO (41A) and each trick's winner leads next (44G). A revoke
    (61A) is found from the hands when given, otherwise when the player later plays the suit he
    failed to follow. It is established when the offending side plays to the next trick (63A1);
    established revokes transfer tricks by 64A/64B (both sides revoking: 64B7).
    """
    ed = bridge_edition(edition)
    doc = ed.doc
    c = Contract.parse(contract)
    if c.passed_out:
        raise bad_input("contract", contract, "a contract that is played, e.g. 4S (not passed out)")
    trump = _trump(c.strain)
    decl = Seat.parse(declarer)
    known = _hands(hands)
    accepted = "a list of at most 13 tricks, each a list of cards"
    rows = as_list(tricks, "tricks", accepted)
    if len(rows) > 13:
        raise bad_input("tricks", tricks, accepted)
    played_by: list[list[tuple[Seat, Card]]] = []
    seen: set[Card] = set()
    leader = decl.lho
    out: list[TrickPlayed] = []
    for n, trick in enumerate(rows, 1):
        cards = [Card.parse(x) for x in as_list(trick, f"trick {n}", "a list of cards")]
        if not 1 <= len(cards) <= 4 or (len(cards) < 4 and n < len(rows)):
            raise bad_input(f"trick {n}", list(trick), "four cards (only the last may be shorter)")
        order = [(leader.next(i), card) for i, card in enumerate(cards)]
        for seat, card in order:
            if card in seen:
                raise RulesError(f"bad play record: {card} is played twice (trick {n})")
            if known is not None and card not in known[seat]:
                raise RulesError(
                    f"bad play record: {card} played by {seat} in trick {n} is not in {seat}'s hand"
                )
            seen.add(card)
        played_by.append(order)
        winner = None
        if len(cards) == 4:
            winner = Seat.parse(
                trick_winner(
                    [str(x) for x in cards],
                    leader=str(leader),
                    trump=None if trump is None else str(trump),
                )
            )
        out.append(
            TrickPlayed(
                n, str(leader), [str(x) for x in cards], None if winner is None else str(winner)
            )
        )
        if winner is not None:
            leader = winner
    revokes = _find_revokes(played_by, known)
    winners = [t.winner for t in out if t.winner is not None]
    declarer_tricks = sum(1 for w in winners if Seat.parse(w).side == decl.side)
    _apply_transfers(revokes, winners, decl, ed, complete=len(winners) == 13)
    moved = sum(
        (r.transfer.tricks if r.transfer else 0)
        * (1 if Seat.parse(r.seat).side != decl.side else -1)
        for r in revokes
    )
    ids = [f"{doc}:41A", f"{doc}:44G"]
    for r in revokes:
        ids += [f"{doc}:61A"] + (list(r.transfer.law_ids) if r.transfer else [])
    judgement = next((r.transfer.judgement for r in revokes if r.transfer), "")
    return PlayRecord(
        str(c),
        str(decl),
        out,
        revokes,
        declarer_tricks,
        moved,
        declarer_tricks + moved,
        judgement,
        list(dict.fromkeys(ids)),
    )


def _find_revokes(
    played_by: list[list[tuple[Seat, Card]]], known: dict[Seat, list[Card]] | None
) -> list[RevokeFound]:
    found: list[RevokeFound] = []
    gone: set[Card] = set()
    for n, order in enumerate(played_by, 1):
        led = order[0][1].suit
        for seat, card in order[1:]:
            if card.suit is led:
                continue
            if known is not None:
                still = [c for c in known[seat] if c not in gone and c.suit is led]
                how = "hand" if still else None
            else:
                later = [c for t in played_by[n:] for s, c in t if s is seat and c.suit is led]
                how = "later play" if later else None
            if how is not None:
                nxt = played_by[n] if n < len(played_by) else []
                est = any(s.side == seat.side for s, _ in nxt)  # 63A1
                found.append(RevokeFound(n, str(seat), str(led), str(card), how, est))
        gone.update(c for _, c in order)
    return found


def _apply_transfers(
    revokes: list[RevokeFound],
    winners: list[str],
    declarer: Seat,
    edition: Edition,
    *,
    complete: bool,
) -> None:
    if not complete:
        return  # 64A: tricks are transferred after play ends
    est_sides = {Seat.parse(r.seat).side for r in revokes if r.established}
    all_sides = {Seat.parse(r.seat).side for r in revokes}
    used: set[int] = set()
    firsts: dict[tuple[str, str], RevokeFound] = {}
    for r in revokes:
        key = (r.seat, r.led)
        first = firsts.setdefault(key, r)
        t = revoke_transfer(
            winners,
            revoke_trick=r.trick,
            offender=r.seat,
            edition=edition,
            declarer=str(declarer),
            established=r.established,
            repeated_same_suit=first is not r,
            first_revoke_established=first.established,
            both_sides_revoked=len(all_sides) == 2,
            both_established=len(est_sides) == 2,
            already_transferred=used,
        )
        used.update(t.transferred)
        r.transfer = t
