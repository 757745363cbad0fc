"""Facts the rules core computes from a record, so the director is not asked them.

``auction``: from ``dealer`` and ``auction`` (the record of kb.rules.bridge.table), the facts of
its last irregular call (:func:`kb.rules.bridge.auction_facts`). ``revoke``: from the winners
of the 13 tricks, the revoke trick, the offender and declarer (checked by
:func:`kb.rules.bridge.revoke_transfer`), whether the offending player won the revoke trick and
whether his side won it or a later trick: what Law 64A turns on. ``exposed``: from the cards a
player exposed, whether there were several, whether one is an honour (Law 24, 50B) and
whether they are of more than one suit (51B).
``claim``: from the cards each hand holds at a claim or concession, the claimer, the player on
lead, the trump suit, the tricks claimed and the line stated (:func:`kb.rules.bridge.claim_facts`),
the tricks the claimer's side takes for sure and at best, those in dispute, whether an opponent
holds a trump (70C), whether a normal line could lose a claimed trick (70D1), whether tricks
given up could not be lost by any legal play (71) or would have been won (69B2).
``adjusted``: from a contestant's responsibility, the form of scoring and his session
percentage, the artificial score (12C2); from weighted results, the weighted score against the
field or the other table (12C1(c)).
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

import math
from collections.abc import Callable, Mapping
from typing import Any

from kb.rules.bridge import (
    Card,
    Seat,
    artificial_score,
    auction_facts,
    award_for,
    claim_facts,
    lead_facts,
    revoke_transfer,
    weighted_entries,
    weighted_imps,
    weighted_matchpoints,
    weighted_results,
)
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
        # penalty cards in more than one suit: Law 51B2 instead of 51B1
        "several_suits": len({c.suit for c in cards}) > 1,
    }


CLAIM_HANDS = ("claim_cards_n", "claim_cards_e", "claim_cards_s", "claim_cards_w")
CLAIM_RECORD = (*CLAIM_HANDS, "claiming_player", "claim_leader", "claim_trump", "claim_tricks")


def _claim(facts: Mapping[str, Any], edition: Edition) -> dict[str, Any] | None:
    if not any(k in facts for k in CLAIM_HANDS):
        return None
    absent = [k for k in CLAIM_RECORD if k not in facts]
    if absent:
        raise RulingError(
            "bad-record",
            f"a claim record needs {', '.join(absent)} (the four hands at the claim, the claimer, "
            "the player on lead, the trump suit and the tricks claimed)",
            CLAIM_RECORD,
        )
    trump = facts["claim_trump"]
    found = claim_facts(
        {seat.upper(): facts[f"claim_cards_{seat}"] for seat in "nesw"},
        trump=None if trump == "NT" else trump,
        leader=facts["claim_leader"],
        claimer=facts["claiming_player"],
        claimed=facts["claim_tricks"],
        line=facts.get("claim_line", []),
    )
    out: dict[str, Any] = {
        "claim_computable": found.computable,
        "claim_trumps_out": found.trumps_out,
        "opponent_holds_trump": found.trumps_out > 0,
    }
    if found.sure is None or found.possible is None or found.unlosable is None:
        return out  # too many cards left to search: the Director adjudicates without it
    claimed = found.claimed
    out |= {
        "claim_tricks_sure": found.sure,
        "claim_tricks_possible": found.possible,
        "claim_tricks_in_dispute": found.in_dispute,
        # 70D1: no line at all loses a claimed trick (False), or none makes the claim (True)
        "less_successful_normal_line": (
            False if found.sure >= claimed else True if found.possible < claimed else None
        ),
        # 71: tricks given up that no legal play loses (then no normal play loses them either)
        "trick_unlosable_legal": found.unlosable > 0,
        "trick_unlosable_normal": True if found.unlosable > 0 else None,
        # 69B2: the claim cannot succeed, so the side that agreed would have won a trick
        "trick_likely_won": True if found.possible < claimed else None,
    }
    return out


def _percent(value: object) -> float:
    text = str(value).strip().rstrip("%").replace(",", ".")
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not 0 <= number <= 100:
        raise RulesError(f"bad session percentage {value!r}: expected a number from 0 to 100")
    return number


def _scores(values: object, what: str) -> list[int]:
    out = []
    for v in values if isinstance(values, list) else [values]:
        try:
            out.append(int(str(v).strip()))
        except ValueError:
            accepted = "whole points such as 620 or -100"
            raise RulesError(f"bad {what} {v!r}: expected {accepted}") from None
    return out


def _adjusted(facts: Mapping[str, Any], edition: Edition) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    form = facts.get("scoring_form")
    responsibility = facts.get("side_responsibility")
    if responsibility is not None and form is not None:
        award = award_for(responsibility)
        session = facts.get("session_percent")
        percent = None if session is None else _percent(session)
        art = artificial_score(award, scoring=form, edition=edition, session_percent=percent)
        value = f"{art.value:+g} IMPs" if form == "imp" else f"{art.value:g}% of the matchpoints"
        out["artificial_result"] = f"{award}: {value} ({art.law})"
        if percent is not None:
            out["session_beyond_limit"] = art.law == "12C2(c)"
    if "weighted_results" in facts:
        if form is None or "board_vulnerability" not in facts:
            raise RulingError(
                "bad-record",
                "weighted results need scoring_form and board_vulnerability to be scored",
                ["scoring_form", "board_vulnerability"],
            )
        pairs = weighted_results(
            weighted_entries(facts["weighted_results"]), vul=facts["board_vulnerability"]
        )
        if form == "mp":
            if "field_scores" not in facts:
                raise RulingError(
                    "bad-record", "weighted matchpoints need field_scores", ["field_scores"]
                )
            w = weighted_matchpoints(
                pairs, _scores(facts["field_scores"], "field score"), edition=edition
            )
            total = f"{w.value:g} of {w.top:g} MP ({w.percent:.2f}%)"
        else:
            if "comparison_score" not in facts:
                raise RulingError(
                    "bad-record", "weighted IMPs need comparison_score", ["comparison_score"]
                )
            w = weighted_imps(pairs, facts["comparison_score"], edition=edition)
            total = f"{w.value:+g} IMPs"
        unit = "MP" if form == "mp" else "IMPs"
        parts = " + ".join(f"{wt:g} x {pts:+g} ({got:g} {unit})" for wt, pts, got in w.parts)
        out["weighted_result"] = f"{parts} = {total} for North-South"
    return out or None


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
        else "neither"  # declarer's side to play, or partner to play to a trick led (no 50C/D)
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
    "claim": _claim,
    "adjusted": _adjusted,
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
