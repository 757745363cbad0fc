"""Facts the rules core computes from a record, so the director is not asked them.

``auction``: from ``dealer`` and ``auction`` (the record of kb.rules.bridge.table), the facts of
its last irregular call (:func:`kb.rules.bridge.auction_facts`). ``revoke``: from the winners
of the 13 tricks, the revoke trick, the offender and declarer (checked by
:func:`kb.rules.bridge.revoke_transfer`), whether the offending player won the revoke trick and
whether his side won it or a later trick: what Law 64A turns on. A record the core refuses is a
``bad-record`` error with its message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kb.rules.bridge import Seat, auction_facts, revoke_transfer
from kb.rules.edition import Edition
from kb.rules.errors import RulesError
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


def _revoke(facts: Mapping[str, Any], edition: Edition) -> dict[str, Any] | None:
    if "winners" not in facts:
        return None
    absent = [k for k in REVOKE_RECORD if k not in facts]
    if absent:
        raise RulingError(
            "bad-record",
            f"the winners of the tricks need {', '.join(absent)} to compute a transfer (Law 64)",
            REVOKE_RECORD,
        )
    winners = [Seat.parse(w) for w in facts["winners"]]
    off, trick = Seat.parse(facts["offender"]), facts["revoke_trick"]
    if not 1 <= trick <= len(winners):
        raise RulingError(
            "bad-record", f"revoke trick {trick} is not among the {len(winners)} tricks"
        )
    later = winners[trick:]
    out: dict[str, Any] = {
        "offender_won_revoke_trick": winners[trick - 1] is off,
        "offending_side_won_trick": any(w.side == off.side for w in winners[trick - 1 :]),
        "offending_side_won_later": any(w.side == off.side for w in later),
    }
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


DERIVATIONS: dict[str, Callable[[Mapping[str, Any], Edition], dict[str, Any] | None]] = {
    "auction": _auction,
    "revoke": _revoke,
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
