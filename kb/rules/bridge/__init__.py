"""Bridge rules core (Laws of Duplicate Bridge 2007 and 2017): values, auction, play, scoring and
adjusted scores. Pure functions; every public rule names its provisions in ``kb.rules.registry``.
"""

from __future__ import annotations

from kb.rules.bridge.adjusted import (
    ArtificialScore,
    WeightedScore,
    artificial_score,
    award_for,
    weighted_entries,
    weighted_imps,
    weighted_matchpoints,
    weighted_results,
)
from kb.rules.bridge.auction import (
    AuctionCheck,
    RotationCheck,
    check_auction,
    legal_calls,
    lowest_sufficient_bid,
    next_to_call,
    out_of_rotation,
)
from kb.rules.bridge.claim import ClaimFacts, claim_facts
from kb.rules.bridge.play import (
    Establishment,
    PlayRecord,
    Transfer,
    is_revoke,
    legal_plays,
    play_record,
    revoke_established,
    revoke_transfer,
    trick_winner,
)
from kb.rules.bridge.playstate import PlayState, lead_facts, penalty_card_kind, play_state
from kb.rules.bridge.scoring import (
    ScoreParts,
    imps,
    matchpoints,
    mp_percentages,
    score,
    score_parts,
    score_result,
    total_points,
    trick_score,
)
from kb.rules.bridge.table import TableAuction, auction_facts, replay
from kb.rules.bridge.values import Bid, Call, Card, Contract, Doubling, Result, Seat, Strain, Vul
from kb.rules.errors import RulesError

__all__ = [
    "ArtificialScore",
    "AuctionCheck",
    "Bid",
    "Call",
    "Card",
    "ClaimFacts",
    "Contract",
    "Doubling",
    "Establishment",
    "PlayRecord",
    "PlayState",
    "Result",
    "RotationCheck",
    "RulesError",
    "ScoreParts",
    "Seat",
    "Strain",
    "TableAuction",
    "Transfer",
    "Vul",
    "WeightedScore",
    "artificial_score",
    "auction_facts",
    "award_for",
    "check_auction",
    "claim_facts",
    "imps",
    "is_revoke",
    "lead_facts",
    "legal_calls",
    "legal_plays",
    "lowest_sufficient_bid",
    "matchpoints",
    "mp_percentages",
    "next_to_call",
    "out_of_rotation",
    "penalty_card_kind",
    "play_record",
    "play_state",
    "replay",
    "revoke_established",
    "revoke_transfer",
    "score",
    "score_parts",
    "score_result",
    "total_points",
    "trick_score",
    "trick_winner",
    "weighted_entries",
    "weighted_imps",
    "weighted_matchpoints",
    "weighted_results",
]
