"""Facts the rules core computes from a record, so the director is not asked them.

``auction``: from ``dealer`` and ``auction`` (the record of kb.rules.bridge.table), the facts of
its last irregular call (:func:`kb.rules.bridge.auction_facts`). ``revoke``: from the winners
of the 13 tricks, the revoke trick, the offender and declarer (checked by
:func:`kb.rules.bridge.revoke_transfer`), whether the offending player won the revoke trick and
whether his side won it or a later trick: what Law 64A turns on. ``exposed``: from the cards a
player exposed, whether there were several and whether one is an honour (Law 24, 50B).
``play``: from the contract, declarer, the tricks played so far and the player who led or played
the card in question (:func:`kb.rules.bridge.lead_facts`), whose turn it was and the offender's
relation to that player - what Laws 41 and 53-57 turn on - and, for a defender holding a
penalty card, whether he or his partner is to play (50C, 50D).
``pref-auction``: from a preferans auction record
(:func:`kb.rules.preferans.irregular.auction_facts`), the kind of its first irregular call, what
rule an illegal call breaks, whether the offender's right-hand opponent called after it
(čl. 37) and whether the offender repeated a call out of turn at his turn (čl. 32, 33).
``pref-revoke``: from the winners of the ten tricks, the revoke trick, the offender and declarer
(:func:`kb.rules.preferans.irregular.revoke_facts`), what čl. 61 turns on.
A record the core refuses is a ``bad-record`` error with its message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kb.rules.bridge import Card, Seat, auction_facts, lead_facts, revoke_transfer
from kb.rules.edition import Edition
from kb.rules.errors import RulesError
from kb.rules.preferans import irregular
from kb.rulings.errors import RulingError


def _auction(facts: Mapping[str, Any], edition: Edition) -> dict[str, Any] | None:
    if "auction" not in facts:
        return None
    if "dealer" not in facts:
        raise RulingError(
            "bad-record", "an auction record needs its dealer (fact 'dealer')", "NESW"
        )
    found = auction_facts(facts["dealer"], facts["auction"], edition=edition)
    if found["irregularity"] is None:
        found["irregularity"] = "none"
    return found


REVOKE_RECORD = ("winners", "revoke_trick", "offender", "declarer")


def _require(facts: Mapping[str, Any], record: tuple[str, ...], what: str, why: str) -> None:
    """A record is whole or refused: name the facts it lacks and what they are needed for."""
    absent = [k for k in record if k not in facts]
    if absent:
        raise RulingError("bad-record", f"{what} need {', '.join(absent)} {why}", record)


def _revoke(facts: Mapping[str, Any], edition: Edition) -> dict[str, Any] | None:
    if "winners" not in facts:
        return None
    _require(facts, REVOKE_RECORD, "the winners of the tricks", "to compute a transfer (Law 64)")
    winners = [Seat.parse(w) for w in facts["winners"]]
    off, trick = Seat.parse(facts["offender"]), facts["revoke_trick"]
    if not 1 <= trick <= len(winners):
        raise RulingError(
            "bad-record", f"revoke trick {trick} is not among the {len(winners)} tricks"
        )
    later = winners[trick:]
    decl = Seat.parse(facts["declarer"])
    role = {decl: "declarer", decl.partner: "dummy"}.get(off, "defender")
    out: dict[str, Any] = {
        "revoke_on_trick_twelve": trick == 12,
        "offender_role": role,
        "offender_won_revoke_trick": winners[trick - 1] is off,
        "offending_side_won_trick": any(w.side == off.side for w in winners[trick - 1 :]),
        "offending_side_won_later": any(w.side == off.side for w in later),
    }
    if off is decl.partner:
        out["failed_to_play"] = "dummy_card"  # a revoke from dummy's hand (64B3)
    # The core checks the record (13 winners, a revoke trick 1-12, dummy's revoke, 64B1); the
    # tree asks the 64B exceptions it cannot see, and rules the transfer from these facts.
    revoke_transfer(
        facts["winners"],
        revoke_trick=trick,
        offender=facts["offender"],
        declarer=facts["declarer"],
        edition=edition,
    )
    return out


def _exposed(facts: Mapping[str, Any], edition: Edition) -> dict[str, Any] | None:
    if "exposed_cards" not in facts:
        return None
    cards = [Card.parse(c) for c in facts["exposed_cards"]]
    if not cards:
        raise RulingError("bad-record", "exposed_cards lists no card", ["a list such as ['SK']"])
    return {
        "several_cards": len(cards) > 1,
        # definition "Honour": ace, king, queen, jack or ten (50B: minor only below an honour)
        "honour_card": any(c.rank >= 10 for c in cards),
    }


PLAY_RECORD = ("tricks", "contract", "declarer", "offender")
DECLARING = ("declarer", "dummy")


def _play(facts: Mapping[str, Any], edition: Edition) -> dict[str, Any] | None:
    if "tricks" not in facts:
        return None
    _require(facts, PLAY_RECORD, "the tricks played", "to say whose turn it was (Laws 41, 53-57)")
    f = lead_facts(
        facts["tricks"],
        contract=facts["contract"],
        declarer=facts["declarer"],
        seat=facts["offender"],
        edition=edition,
    )
    # a defender holding a penalty card: is he to play (50C, 50D1) or his partner to lead (50D2)?
    penalty_turn = (
        "offender_to_play"
        if not f["out_of_turn"]
        else "partner_to_lead"
        if f["leading"] and f["relation"] == "partner"
        else None
    )
    return {
        "offender_declaring_side": f["offender_role"] in DECLARING,
        "turn_declaring_side": f["turn_role"] in DECLARING,
        "out_of_turn": f["out_of_turn"],
        "leading": f["leading"],
        "opening_lead": f["opening_lead"],
        "trick_thirteen": f["trick"] == 13,
        "premature": f["premature"],
        "before_rho": f["before_rho"],
        "declarer_played_both_hands": f["declarer_played_both_hands"],
        "penalty_turn": penalty_turn,
    }


# the fault of an illegal preferans call (kb.rules.preferans.bidding.FAULTS) as the trees ask it
_PREF_FAULT = {"insufficient": "insufficient", "igra-rank": "igra_rank"}
_PREF_RULE = {
    "betl-repeated": "betl_repeated",
    "rank-order": "rank_order",
    "passed-player": "passed_player",
    "step": "step",
    "after-end": "after_end",
}


def _pref_auction(facts: Mapping[str, Any], edition: Edition) -> dict[str, Any] | None:
    if "pref_auction" not in facts:
        return None
    found = irregular.auction_facts(facts["pref_auction"])
    out: dict[str, Any] = {"pref_irregularity": found["irregularity"]}
    if found["irregularity"] in ("illegal", "out-of-turn"):
        out["pref_next_called"] = found["next_called"]
    if found["irregularity"] == "illegal":
        out["pref_call_fault"] = _PREF_FAULT.get(found["fault"], "other_illegal")
        out["pref_rule_broken"] = _PREF_RULE.get(found["fault"])
    if found["irregularity"] == "out-of-turn":
        out["pref_out_of_turn_kind"] = found["call_kind"]
        out["pref_offender_at_turn"] = found["offender_at_turn"]
    return out


PREF_REVOKE_RECORD = (
    "pref_trick_winners",
    "pref_revoke_trick",
    "pref_revoke_offender",
    "pref_declarer",
)


def _pref_revoke(facts: Mapping[str, Any], edition: Edition) -> dict[str, Any] | None:
    if "pref_trick_winners" not in facts:
        return None
    _require(facts, PREF_REVOKE_RECORD, "the winners of the ten tricks", "to compute čl. 61")
    found = irregular.revoke_facts(
        facts["pref_trick_winners"],
        facts["pref_revoke_trick"],
        facts["pref_revoke_offender"],
        facts["pref_declarer"],
    )
    return {
        "pref_revoke_by": found["offender_role"],
        "pref_revoke_won_by": found["won_by"],
        "pref_side_won_any": found["side_won_any"],
        "pref_side_won_later": found["side_won_later"],
        "pref_partner_won_later": found["partner_won_later"],
        "pref_revoke_ninth": found["ninth_trick"],
    }


DERIVATIONS: dict[str, Callable[[Mapping[str, Any], Edition], dict[str, Any] | None]] = {
    "auction": _auction,
    "revoke": _revoke,
    "exposed": _exposed,
    "play": _play,
    "pref-auction": _pref_auction,
    "pref-revoke": _pref_revoke,
}


def derive(kinds: list[str], facts: Mapping[str, Any], edition: Edition) -> dict[str, Any]:
    """Every fact the named derivations compute from the records in ``facts``."""
    out: dict[str, Any] = {}
    for kind in kinds:
        try:
            found = DERIVATIONS[kind](facts, edition)
        except RulesError as exc:
            raise RulingError("bad-record", str(exc)) from None
        if found:
            out.update({k: v for k, v in found.items() if v is not None})
    return out
