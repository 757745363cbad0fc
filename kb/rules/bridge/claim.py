"""A claim or concession as the Director meets it (Laws 68-71): the cards left, who is on lead,
the tricks claimed and the line of play the claimer stated, and the tricks in dispute.

The statement's line is the list of cards the claimer said his side would play, in order
("I cash the spade ace, then ruff a heart"); a card of the line is played as soon as its holder
is to play and may legally play it. Every other card, of either side, may be any legal card: the
Director resolves doubtful points against the claimer (70A) but does not count an irrational
play (70D in 2007 and 2017), and which plays are irrational is his judgement. So the search
gives a range: ``sure`` is what the claimer's side takes however the open cards are played,
``possible`` the most it can take. Between them lies the Director's judgement; claimed tricks
above ``sure`` are ``in_dispute``. The search is exhaustive and bounded: beyond ``budget``
positions it stops and reports the claim as not computable (the Director adjudicates).

Two more facts the Laws turn on: ``trumps_out``, the trumps the claimer's opponents still hold
(70C: a trump the claimer did not mention), and ``unlosable``, the tricks the claimer's side gave
up (a claim of N tricks concedes the rest, 68B1) although no legal play of the cards left could
lose them (2007 71.1; a fortiori "no normal play", 71.2 in both editions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import cache

from kb.rules.bridge.values import Card, Seat, Strain
from kb.rules.errors import RulesError, as_int, as_list, bad_input
from kb.rules.registry import provision

BUDGET = 20_000  # positions searched at most (about a second); a bound, not a limit of the Law


@dataclass(frozen=True)
class ClaimFacts:
    """What can be computed about a claim."""

    tricks_left: int
    claimed: int  # tricks the claimer's side claims of those left
    computable: bool
    sure: int | None  # tricks the claimer's side takes however the open cards are played
    possible: int | None  # the most it can take
    in_dispute: int | None  # claimed tricks beyond ``sure`` (0: the claim holds against all play)
    line_followed: bool | None  # on every course of play each line card could be played
    trumps_out: int  # trumps held by the claimer's opponents (0 at notrump)
    unlosable: int | None  # tricks given up that no legal play loses (``sure`` above ``claimed``)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of every field."""
        return asdict(self)


class _TooBig(Exception):
    pass


def _hands(cards_left: object) -> dict[Seat, frozenset[Card]]:
    accepted = "a mapping of the four seats to the cards each still holds, the same number each"
    if not isinstance(cards_left, Mapping):
        raise bad_input("cards left", cards_left, accepted)
    hands = {
        Seat.parse(seat): frozenset(
            Card.parse(c) for c in as_list(cards, f"cards left of {seat}", accepted)
        )
        for seat, cards in cards_left.items()
    }
    sizes = {len(h) for h in hands.values()}
    total = sum(len(h) for h in hands.values())
    if (
        len(hands) != 4
        or len(sizes) != 1
        or 0 in sizes
        or len(set().union(*hands.values())) != total
    ):
        raise bad_input("cards left", dict(cards_left), accepted + ", no card twice")
    return hands


@provision(
    "sr-2007:68", "sk-2017:68", "sr-2007:70A", "sk-2017:70A", "sr-2007:70C", "sk-2017:70C",
    "sr-2007:70D", "sk-2017:70D", "sr-2007:70E", "sk-2017:70E", "sr-2007:71.1", "sk-2017:71.2",
)  # fmt: skip
def claim_facts(
    cards_left: Mapping[str, Sequence[str]],
    *,
    trump: str | None,
    leader: str,
    claimer: str,
    claimed: int,
    line: Sequence[str] = (),
    budget: int = BUDGET,
) -> ClaimFacts:
    """Tricks in dispute for a claim made with ``leader`` to lead (see the module docstring).

    ``cards_left`` maps each seat to the cards it still holds (the same number each);
    ``claimed`` is how many of the tricks left the claimer says his side will take (a
    concession of all: 0); ``line`` the cards of the claimer's side in the order stated.
    """
    hands = _hands(cards_left)
    left = len(next(iter(hands.values())))
    as_int(claimed, "tricks claimed", 0, left)
    as_int(budget, "budget", 1, 10**7)
    claim_side = Seat.parse(claimer).side
    first = Seat.parse(leader)
    trumps = None if trump is None else Strain.parse(trump)
    trumps = None if trumps is Strain.NT else trumps
    plan = [Card.parse(c) for c in as_list(line, "line", "a list of cards in the order stated")]
    for card in plan:
        owner = next((s for s, h in hands.items() if card in h), None)
        if owner is None or owner.side != claim_side:
            raise RulesError(
                f"bad line card {card}: it is not among the cards left of the claimer's side "
                f"({claim_side})"
            )
    order = [Seat.N, Seat.E, Seat.S, Seat.W]
    start = tuple(hands[s] for s in order)
    trumps_out = sum(
        1
        for seat, hand in hands.items()
        if seat.side != claim_side
        for card in hand
        if trumps is not None and card.suit is trumps
    )
    count = [0]
    followed = [True]

    def winner(trick: tuple[tuple[Seat, Card], ...]) -> Seat:
        led = trick[0][1].suit

        def strength(card: Card) -> int:
            return card.rank + (100 if card.suit is trumps else 50 if card.suit is led else 0)

        return max(trick, key=lambda sc: strength(sc[1]))[0]

    @cache
    def search(
        held: tuple[frozenset[Card], ...],
        to_play: Seat,
        trick: tuple[tuple[Seat, Card], ...],
        step: int,
    ) -> tuple[int, int]:
        count[0] += 1
        if count[0] > budget:
            raise _TooBig
        hand = held[order.index(to_play)]
        if not hand:
            return 0, 0
        led = trick[0][1].suit if trick else None
        legal = [c for c in hand if led is None or c.suit is led] or list(hand)
        if step < len(plan) and to_play.side == claim_side and plan[step] in hand:
            if plan[step] in legal:
                legal, advance = [plan[step]], 1
            else:
                followed[0], advance = False, 0
        else:
            advance = 0
        results = []
        for card in sorted(legal, key=lambda c: (c.suit, c.rank)):
            rest = tuple(h - {card} if i == order.index(to_play) else h for i, h in enumerate(held))
            now = (*trick, (to_play, card))
            nxt_step = step + advance
            if len(now) == 4:
                won = winner(now)
                lo, hi = search(rest, won, (), nxt_step)
                gain = 1 if won.side == claim_side else 0
                results.append((lo + gain, hi + gain))
            else:
                results.append(search(rest, to_play.lho, now, nxt_step))
        return min(r[0] for r in results), max(r[1] for r in results)

    try:
        sure, possible = search(start, first, (), 0)
    except _TooBig:
        return ClaimFacts(left, claimed, False, None, None, None, None, trumps_out, None)
    finally:
        search.cache_clear()
    return ClaimFacts(
        left,
        claimed,
        True,
        sure,
        possible,
        max(0, claimed - sure),
        followed[0],
        trumps_out,
        max(0, sure - claimed),
    )
