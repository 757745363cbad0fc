"""The play as it stands at the table: whose turn it is (with any leader, e.g. after an accepted
lead out of turn), the cards exposed and the penalty cards, and the facts Laws 41 and 50-60
turn on.

A trick is a list of cards in the order played, led by the winner of the previous trick (44G;
the first by declarer's LHO, 41A), or a dict ``{"leader": "E", "cards": [...]}`` when the lead
came from elsewhere (an accepted lead out of turn, 53A; declarer's lead from the wrong hand
accepted, 55A). Only the last trick may be unfinished.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field

from kb.rules.bridge.play import _trump, trick_winner
from kb.rules.bridge.values import Card, Contract, Seat
from kb.rules.edition import Edition, bridge_edition
from kb.rules.errors import RulesError, as_bool, as_list, bad_input
from kb.rules.registry import provision

HONOURS = (10, 11, 12, 13, 14)  # ten to ace (definition "Honour")


@provision("sr-2007:50B", "sk-2017:50B")
def penalty_card_kind(cards: Sequence[str], *, deliberate: bool) -> str:
    """Major or minor penalty card for cards a defender exposed together (Law 50B).

    "A single card below the rank of an honour and exposed inadvertently ... becomes a minor
    penalty card. Any card of honour rank, or any card exposed through deliberate play ...
    becomes a major penalty card; so do all cards when two or more are exposed at the same time."
    """
    shown = [Card.parse(c) for c in as_list(cards, "exposed cards", "a list of cards")]
    if not shown:
        raise bad_input("exposed cards", cards, "at least one card")
    as_bool(deliberate, "deliberate")
    if len(shown) == 1 and shown[0].rank not in HONOURS and not deliberate:
        return "minor"
    return "major"


@dataclass
class Trick:
    """One trick: its leader, the cards in the order played and (when complete) its winner."""

    number: int
    leader: str
    cards: list[str]
    winner: str | None


@dataclass
class PlayState:
    """A play record replayed: the tricks, who plays next, the penalty cards on the table."""

    contract: str
    declarer: str
    dummy: str
    tricks: list[Trick]
    next_to_play: str | None  # None once the 13 tricks are played
    leading: bool  # the next card is a lead
    declarer_tricks: int
    defender_tricks: int
    penalty_cards: dict[str, list[dict[str, str]]] = field(default_factory=dict)
    exposed_cards: dict[str, list[str]] = field(default_factory=dict)  # face up, not penalty

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field."""
        return asdict(self)


def _trick_rows(tricks: object) -> list[tuple[Seat | None, list[Card]]]:
    accepted = "a list of at most 13 tricks: lists of cards, or {'leader': 'E', 'cards': [...]}"
    rows = as_list(tricks, "tricks", accepted)
    if len(rows) > 13:
        raise bad_input("tricks", tricks, accepted)
    out: list[tuple[Seat | None, list[Card]]] = []
    for n, row in enumerate(rows, 1):
        leader: Seat | None = None
        cards = row
        if isinstance(row, Mapping):
            if set(row) != {"leader", "cards"}:
                raise bad_input(f"trick {n}", dict(row), accepted)
            leader, cards = Seat.parse(row["leader"]), row["cards"]
        parsed = [Card.parse(c) for c in as_list(cards, f"trick {n}", "a list of cards")]
        if not parsed or len(parsed) > 4 or (len(parsed) < 4 and n < len(rows)):
            raise bad_input(
                f"trick {n}", cards, "one to four cards (only the last trick unfinished)"
            )
        out.append((leader, parsed))
    return out


def _exposed(exposed: object) -> dict[Seat, list[Card]]:
    accepted = "a mapping of seat to the cards it has face up, e.g. {'S': ['SA', 'SK']}"
    if exposed is None:
        return {}
    if not isinstance(exposed, Mapping):
        raise bad_input("exposed cards", exposed, accepted)
    return {
        Seat.parse(seat): [
            Card.parse(c) for c in as_list(cards, f"exposed cards of {seat}", accepted)
        ]
        for seat, cards in exposed.items()
    }


def _penalty(penalty_cards: object) -> dict[Seat, list[tuple[Card, str]]]:
    accepted = "a mapping of seat to cards with their kind, e.g. {'W': [['SK', 'major']]}"
    if penalty_cards is None:
        return {}
    if not isinstance(penalty_cards, Mapping):
        raise bad_input("penalty cards", penalty_cards, accepted)
    out: dict[Seat, list[tuple[Card, str]]] = {}
    for seat, items in penalty_cards.items():
        for item in as_list(items, f"penalty cards of {seat}", accepted):
            pair = as_list(item, "penalty card", accepted)
            if len(pair) != 2 or pair[1] not in ("major", "minor"):
                raise bad_input("penalty card", item, accepted)
            out.setdefault(Seat.parse(seat), []).append((Card.parse(pair[0]), pair[1]))
    return out


@provision("sr-2007:41A", "sk-2017:41A", "sr-2007:44G", "sk-2017:44G")
def play_state(
    tricks: Sequence[object],
    *,
    contract: str,
    declarer: str,
    penalty_cards: Mapping[str, Sequence[object]] | None = None,
    exposed_cards: Mapping[str, Sequence[str]] | None = None,
) -> PlayState:
    """Replay ``tricks`` (see the module docstring) and say who plays next.

    ``penalty_cards`` maps a defender to his penalty cards still on the table with their kind,
    e.g. ``{"W": [["SK", "major"]]}``; a penalty card of declarer or dummy is refused (Law 50:
    only a defender's card becomes one). ``exposed_cards`` are other cards face up on the table
    (declarer's exposed cards, Law 48; cards shown with a claim, 68), e.g. ``{"S": ["SA"]}``. A
    card on the table cannot also have been played, nor be shown twice.
    """
    c = Contract.parse(contract)
    if c.passed_out:
        raise bad_input("contract", contract, "a contract that is played, e.g. 4S")
    decl = Seat.parse(declarer)
    trump = _trump(c.strain)
    pen = _penalty(penalty_cards)
    shown = _exposed(exposed_cards)
    for seat in pen:
        if seat.side == decl.side:
            raise RulesError(
                f"bad penalty cards for {seat}: only a defender's card becomes a penalty card "
                f"(Law 50); declarer is {decl}"
            )
    seen: set[Card] = set()
    leader = decl.lho
    out: list[Trick] = []
    won = {"NS": 0, "EW": 0}
    for n, (given, cards) in enumerate(_trick_rows(tricks), 1):
        leader = given or leader
        for card in cards:
            if card in seen:
                raise RulesError(f"bad play record: {card} is played twice (trick {n})")
            seen.add(card)
        winner = None
        if len(cards) == 4:
            winner = Seat.parse(
                trick_winner(
                    [str(x) for x in cards], leader=str(leader), trump=trump and str(trump)
                )
            )
            won[winner.side] += 1
        out.append(Trick(n, str(leader), [str(x) for x in cards], winner and str(winner)))
        if winner is not None:
            leader = winner
    on_table = [c for cards in shown.values() for c in cards] + [
        c for v in pen.values() for c, _ in v
    ]
    for card in on_table:
        if card in seen or on_table.count(card) > 1:
            raise RulesError(
                f"bad play record: {card} is face up on the table but was played or is listed twice"
            )
    last = out[-1] if out else None
    if last is not None and last.winner is None:
        nxt: Seat | None = Seat.parse(last.leader).next(len(last.cards))
        leading = False
    else:
        nxt, leading = (None, False) if len(out) == 13 else (leader, True)
    return PlayState(
        str(c),
        str(decl),
        str(decl.partner),
        out,
        None if nxt is None else str(nxt),
        leading,
        won[decl.side],
        sum(won.values()) - won[decl.side],
        {str(s): [{"card": str(card), "kind": kind} for card, kind in v] for s, v in pen.items()},
        {str(s): [str(c) for c in v] for s, v in shown.items()},
    )


def _role(seat: Seat, declarer: Seat) -> str:
    return {
        declarer: "declarer",
        declarer.partner: "dummy",
        declarer.lho: "declarer_lho",
        declarer.rho: "declarer_rho",
    }[seat]


@provision(
    "sr-2007:41A", "sk-2017:41A", "sr-2007:53", "sk-2017:53", "sr-2007:54", "sk-2017:54",
    "sr-2007:55", "sk-2017:55", "sr-2007:56", "sk-2017:56", "sr-2007:57", "sk-2017:57",
)  # fmt: skip
def lead_facts(
    tricks: Sequence[object],
    *,
    contract: str,
    declarer: str,
    seat: str,
    edition: str | Edition,
) -> dict[str, object]:
    """The facts of a card led or played by ``seat`` after ``tricks`` (Laws 41, 53-57).

    ``turn_of`` is who should have played, ``out_of_turn`` whether ``seat`` was not that player,
    ``relation`` that player seen from ``seat`` ("partner", "LHO", "RHO"; None in turn),
    ``leading`` whether the next card due is a lead, ``opening_lead`` whether it is the first
    lead of the hand, ``offender_role`` and ``turn_role`` are "declarer", "dummy",
    "declarer_lho" or "declarer_rho"; ``trick`` the number of the trick the card is due to;
    ``to_next_trick`` whether ``seat`` has already played to the unfinished trick, so his card
    is a lead to the next one; ``premature`` is a defender's lead or play before his partner has
    played to the current trick (57A); ``before_rho`` a defender's play (not a lead) while his
    right-hand opponent is still to play (2017 57D); ``declarer_played_both_hands`` whether
    declarer has played from his hand and from dummy to the unfinished trick (57C1);
    ``wrong_hand`` a lead by declarer from his hand when dummy was on lead, or the reverse (55).
    """
    ed = bridge_edition(edition)
    state = play_state(tricks, contract=contract, declarer=declarer)
    who = Seat.parse(seat)
    decl = Seat.parse(declarer)
    if state.next_to_play is None:
        raise RulesError(f"bad play record: all 13 tricks are played, {who} cannot lead or play")
    turn = Seat.parse(state.next_to_play)
    trick = len(state.tricks) + (1 if state.leading else 0)
    current = [] if state.leading else state.tricks[-1]
    played = set() if not current else {
        Seat.parse(current.leader).next(i) for i in range(len(current.cards))
    }  # fmt: skip
    defender = who in (decl.lho, decl.rho)
    relation = {who.partner: "partner", who.lho: "LHO", who.rho: "RHO"}.get(turn)
    to_next = who in played
    return {
        "edition": ed.value,
        "trick": trick,
        "turn_of": str(turn),
        "out_of_turn": who is not turn,
        "relation": relation,
        "leading": state.leading,
        "opening_lead": state.leading and trick == 1,
        "offender": str(who),
        "offender_role": _role(who, decl),
        "turn_role": _role(turn, decl),
        "to_next_trick": to_next,
        "wrong_hand": who is not turn and {who, turn} == {decl, decl.partner},
        "premature": defender and relation == "partner" and not state.leading,
        "before_rho": defender and relation == "RHO" and not state.leading and not to_next,
        "declarer_played_both_hands": {decl, decl.partner} <= played,
    }
