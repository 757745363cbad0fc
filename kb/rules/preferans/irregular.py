"""The facts a director's ruling turns on, computed from what happened at a preferans table:
the first irregular call of an auction record (Kodeks čl. 19-20, 29-37) and an established
revoke (čl. 59-61).

An auction record lists the events in the order they happened, hands numbered 1-3 in speaking
order (1 = the opener marked on the board, čl. 18 b):

- ``"2"``, ``"igra"``, ``"P"`` ... a call by the player whose turn it was;
- ``"3:igra"`` a call by hand 3, wherever the turn was (a call out of turn, or a call by a
  player who had passed: "ne može se ponovo aktivirati", čl. 19 b);
- ``"cancel"`` the Director cancelled the irregular call (čl. 29, 31).

After an irregular call every event names its hand (or is ``cancel``) until the Director has
ruled, so that it is clear who called after it: the offender's right-hand opponent calling
then is what čl. 37 forgives ("prekršiteljev desni protivnik izvede govor prije nego je
određena kazna"). In this code the next player after a player is his right-hand neighbour
(čl. 26 b 2: "desni natjecatelj koji je na redu"; čl. 34: the kontra belongs first to the player
"desno od izvođača"), so hand h's right-hand opponent is hand h + 1 (3 -> 1).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from kb.rules.errors import RulesError, as_int, as_list, bad_input
from kb.rules.preferans.bidding import (  # the auction machine of čl. 18-20, shared
    Call,
    Kind,
    NotSpecified,
    _apply,
    _Illegal,
    _State,
    legal_calls,
    parse_call,
)
from kb.rules.preferans.cards import parse_seat
from kb.rules.registry import provision

_EVENT = re.compile(r"^\s*([1-3])\s*:\s*(.+?)\s*$")
_EVENT_ACCEPTED = "a call ('2', 'igra', 'P'), 'H:call' with a hand 1-3 ('3:igra'), or 'cancel'"
_TRICKS = 10


def _event(raw: object) -> tuple[int | None, Call | None]:
    """(hand 0-2 or None for the player in turn, the call or None for ``cancel``)."""
    if not isinstance(raw, str) or not raw.strip():
        raise bad_input("auction event", raw, _EVENT_ACCEPTED)
    if raw.strip().lower() == "cancel":
        return None, None
    found = _EVENT.match(raw)
    if found:
        return int(found.group(1)) - 1, parse_call(found.group(2))
    if ":" in raw:
        raise bad_input("auction event", raw, _EVENT_ACCEPTED)
    return None, parse_call(raw)


def _kind(call: Call) -> str:
    return "pass" if call.kind is Kind.PASS else "bid"


@provision(
    "hr-pref-2014:19(b)",
    "hr-pref-2014:29",
    "hr-pref-2014:31",
    "hr-pref-2014:33",
    "hr-pref-2014:37",
)
def auction_facts(events: Sequence[str]) -> dict[str, Any]:
    """The facts of the first irregular call of an auction record (see the module doc).

    ``irregularity`` is ``none``, ``illegal`` (a call in turn the auction rules refuse, with its
    ``fault`` from :data:`~kb.rules.preferans.bidding.FAULTS` or ``passed-player``),
    ``out-of-turn``, or ``not-specified`` (the code does not say whether the call is legal;
    ``reason`` says why). With an irregular call: ``position`` (1-based), ``offender`` and
    ``turn_of`` (hands 1-3), ``call``, ``call_kind`` (pass / bid), ``next_called`` (the
    offender's right-hand opponent called after it before the Director ruled, čl. 37),
    ``legal_calls`` (what the offender may say instead of an illegal call, čl. 29) and, for a
    call out of turn set aside, ``offender_at_turn``: ``repeated`` or ``changed`` at his turn
    (čl. 32, 33), ``not_yet`` while the record has not reached it, None when another
    irregularity came first.
    """
    rows = as_list(events, "auction record", f"a list of events: {_EVENT_ACCEPTED}")
    parsed = [_event(raw) for raw in rows]
    st, applied = _State(), []
    for i, (hand, call) in enumerate(parsed):
        if call is None:
            raise RulesError(
                f"bad auction record {rows!r}: 'cancel' at position {i + 1} follows no "
                "irregular call"
            )
        if hand is None and st.ended:
            raise RulesError(
                f"bad auction record {rows!r}: the auction ended before position {i + 1}; "
                "write who called after it as 'H:call'"
            )
        actor = st.turn if hand is None else hand
        base: dict[str, Any] = {
            "position": i + 1,
            "offender": actor + 1,
            "turn_of": None if st.ended else st.turn + 1,
            "call": str(call),
            "call_kind": _kind(call),
        }
        if actor in st.out:  # a passed player calls again (čl. 19 b)
            return _after(rows, parsed, i, {**base, "irregularity": "illegal"}, st) | {
                "fault": "passed-player",
                "provision": "hr-pref-2014:19(b)",
                "reason": f"hand {actor + 1} has passed and cannot call again",
                "legal_calls": [],
            }
        if actor != st.turn and not st.ended:
            facts = _after(rows, parsed, i, {**base, "irregularity": "out-of-turn"}, st)
            return facts | {"provision": "hr-pref-2014:31", "reason": "call out of turn"}
        try:
            _apply(st, call)
        except _Illegal as exc:
            facts = _after(rows, parsed, i, {**base, "irregularity": "illegal"}, st)
            return facts | {
                "fault": exc.fault,
                "provision": exc.cite,
                "reason": exc.reason,
                "legal_calls": legal_calls(applied),
            }
        except NotSpecified as exc:
            return {**base, "irregularity": "not-specified", "reason": str(exc)}
        applied.append(call)
    return {"irregularity": "none", "auction_ended": st.ended}


def _after(
    rows: list[Any],
    parsed: list[tuple[int | None, Call | None]],
    at: int,
    facts: dict[str, Any],
    st: _State,
) -> dict[str, Any]:
    """What happened after the irregular call at ``at``: who called next, and (out of turn,
    once the call was set aside) whether the offender repeated it at his turn."""
    offender = facts["offender"] - 1
    rest = parsed[at + 1 :]
    facts["next_called"] = False
    facts["offender_at_turn"] = None
    if not rest:
        return facts
    hand, call = rest[0]
    if call is not None and hand is None:
        raise RulesError(
            f"bad auction record {rows!r}: after the irregular call at position {at + 1}, "
            "write who called as 'H:call' (or 'cancel' when the Director cancelled it)"
        )
    facts["next_called"] = call is not None and hand == (offender + 1) % 3
    if facts["irregularity"] != "out-of-turn" or facts["next_called"]:
        return facts
    # the call out of turn is set aside (cancelled, or the player in turn called): the auction
    # goes on from the player in turn until the offender's own turn comes (čl. 31)
    cancelled = facts["call"]
    facts["offender_at_turn"] = "not_yet"  # unless the record reaches his turn
    for hand, call in rest[1:] if rest[0][1] is None else rest:
        actor = st.turn if hand is None else hand
        if call is None or actor != st.turn or st.ended:
            facts["offender_at_turn"] = None  # another irregularity first: the record cannot say
            break
        if actor == offender:
            facts["offender_at_turn"] = "repeated" if str(call) == cancelled else "changed"
            break
        try:
            _apply(st, call)
        except (_Illegal, NotSpecified):
            facts["offender_at_turn"] = None
            break
    return facts


#: The revoke trick won by: the offender himself, declarer (a defender's revoke), the
#: offender's partner (the other defender), or a defender (declarer's revoke).
WON_BY = ("offender", "declarer", "partner", "defender")


@provision("hr-pref-2014:59(d)", "hr-pref-2014:61(a)1", "hr-pref-2014:61(a)2", "hr-pref-2014:61(b)")
def revoke_facts(
    winners: Sequence[str], revoke_trick: int, offender: str, declarer: str
) -> dict[str, Any]:
    """What čl. 61 turns on, from the seats (E, N, W) that won the ten tricks in order.

    ``offender_role`` (declarer / defender), ``won_by`` (who won the revoke trick, see
    :data:`WON_BY`), ``side_won_any`` (the offending side won the revoke trick or a later one;
    if not, no penalty, 61 b), ``side_won_later``, ``partner_won_later`` (the offender's partner
    won a trick after the revoke trick), ``ninth_trick`` (59 d: corrected even after the hands
    are back in the board), and ``tricks_transferred`` with its ``provision``: the revoke trick
    and one more later trick of the offending side when the offender won it (61 a 1), one trick
    to declarer when declarer won it (61 a 2 a), one, and one more if the partner won a later
    trick, when the partner won it (61 a 2 b). ``tricks_transferred`` is None where the code
    does not say: a revoke on the ninth trick (59 d prescribes its correction, not a transfer)
    and declarer's revoke on a trick a defender won (61 a 2 speaks of a defender's revoke only).
    """
    seats = [
        parse_seat(w)
        for w in as_list(winners, "trick winners", "a list of the 10 seats (E, N or W)")
    ]
    if len(seats) != _TRICKS:
        raise RulesError(
            f"bad trick winners {winners!r}: {len(seats)} tricks; expected the winners of all "
            "10 tricks (E, N or W), the transfer is made after the play (čl. 61 a)"
        )
    trick = as_int(revoke_trick, "revoke trick", 1, _TRICKS - 1)  # the last card is forced
    off, decl = parse_seat(offender), parse_seat(declarer)
    side = {decl} if off == decl else {"E", "N", "W"} - {decl}
    partner = None if off == decl else next(iter(side - {off}))
    won = seats[trick - 1]
    later = seats[trick:]
    # the offender last: declarer who revoked and won the trick himself is the offender (61 a 1)
    roles = {decl: "declarer", **({partner: "partner"} if partner else {}), off: "offender"}
    facts: dict[str, Any] = {
        "offender_role": "declarer" if off == decl else "defender",
        "won_by": roles.get(won, "defender"),
        "side_won_any": any(w in side for w in seats[trick - 1 :]),
        "side_won_later": any(w in side for w in later),
        "partner_won_later": partner is not None and partner in later,
        "ninth_trick": trick == _TRICKS - 1,
    }
    facts.update(_transfer(facts))
    return facts


def _transfer(f: dict[str, Any]) -> dict[str, Any]:
    if f["ninth_trick"]:
        return {"tricks_transferred": None, "provision": "hr-pref-2014:59(d)"}
    if not f["side_won_any"]:
        return {"tricks_transferred": 0, "provision": "hr-pref-2014:61(b)"}
    if f["won_by"] == "offender":
        return {"tricks_transferred": 1 + f["side_won_later"], "provision": "hr-pref-2014:61(a)1"}
    if f["won_by"] == "declarer":
        return {"tricks_transferred": 1, "provision": "hr-pref-2014:61(a)2(a)"}
    if f["won_by"] == "partner":
        return {
            "tricks_transferred": 1 + f["partner_won_later"],
            "provision": "hr-pref-2014:61(a)2(b)",
        }
    return {"tricks_transferred": None, "provision": "hr-pref-2014:61(c)"}
