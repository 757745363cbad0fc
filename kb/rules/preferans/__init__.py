"""Preferans rules core (Croatian Preferans kodeks, 2nd ed. 2014): cards, auction, scoring,
the 21-board cycle, Mitchell percentages, and the facts of an irregular call or a revoke. Pure
functions; every public rule names its articles through :mod:`kb.rules.registry`."""

from kb.rules.preferans.bidding import AuctionResult, check_auction, legal_calls, parse_call
from kb.rules.preferans.cards import Card, check_deal, deck, parse_card, trick_winner
from kb.rules.preferans.cycle import Board, board, boards
from kb.rules.preferans.errors import NotSpecified
from kb.rules.preferans.irregular import auction_facts, revoke_facts
from kb.rules.preferans.mitchell import mitchell_percentages, mitchell_points, top
from kb.rules.preferans.scoring import (
    BoardScore,
    Contract,
    game_value,
    multiplier,
    obligation,
    parse_contract,
    pure_betl_double,
    score_betl_defeated,
    score_made,
    settle,
)

__all__ = [
    "AuctionResult",
    "Board",
    "BoardScore",
    "Card",
    "Contract",
    "NotSpecified",
    "auction_facts",
    "board",
    "boards",
    "check_auction",
    "check_deal",
    "deck",
    "game_value",
    "legal_calls",
    "mitchell_percentages",
    "mitchell_points",
    "multiplier",
    "obligation",
    "parse_call",
    "parse_card",
    "parse_contract",
    "pure_betl_double",
    "revoke_facts",
    "score_betl_defeated",
    "score_made",
    "settle",
    "top",
    "trick_winner",
]
