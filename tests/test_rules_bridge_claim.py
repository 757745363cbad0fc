"""Claims: the tricks a claimer's side takes whatever the open cards are, and those in dispute
(68-70), by an exhaustive bounded search."""

from __future__ import annotations

import pytest

from kb.rules.bridge import RulesError, claim_facts

# South (declarer, no trump) on lead; (cards left, claimed, line, sure, possible, in dispute)
CLAIMS = [
    # two top spades: the claim holds however anyone plays
    ({"S": ["SA", "SK"], "N": ["S2", "S3"], "E": ["SQ", "HQ"], "W": ["SJ", "H2"]}, 2, [], 2, 2, 0),
    # a losing heart: one trick is in dispute whatever the line
    ({"S": ["SA", "H3"], "N": ["S2", "S3"], "E": ["SQ", "HQ"], "W": ["SJ", "H2"]}, 2, [], 1, 1, 1),
    # the stated line matters: "diamond to the ace, then the top clubs" makes all three;
    # without it declarer might lead his heart: East takes two hearts and West the spade
    ({"S": ["DK", "C2", "H2"], "N": ["DA", "CA", "CK"], "E": ["HA", "HK", "S2"],
      "W": ["S3", "S4", "S5"]}, 3, ["DK", "DA", "CA", "CK"], 3, 3, 0),
    ({"S": ["DK", "C2", "H2"], "N": ["DA", "CA", "CK"], "E": ["HA", "HK", "S2"],
      "W": ["S3", "S4", "S5"]}, 3, [], 0, 3, 3),
    # a concession of everything (claimed 0) is never in dispute by this count
    ({"S": ["SA", "SK"], "N": ["S2", "S3"], "E": ["SQ", "HQ"], "W": ["SJ", "H2"]}, 0, [], 2, 2, 0),
]  # fmt: skip


@pytest.mark.parametrize(("left", "claimed", "line", "sure", "possible", "dispute"), CLAIMS)
def test_claims(
    left: dict[str, list[str]],
    claimed: int,
    line: list[str],
    sure: int,
    possible: int,
    dispute: int,
) -> None:
    c = claim_facts(left, trump=None, leader="S", claimer="S", claimed=claimed, line=line)
    assert (c.computable, c.sure, c.possible, c.in_dispute) == (True, sure, possible, dispute)


def test_too_big_is_not_computable() -> None:
    deck = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    left = {seat: deck[i::4] for i, seat in enumerate("NESW")}
    c = claim_facts(left, trump="S", leader="W", claimer="S", claimed=13, budget=500)
    assert (c.computable, c.sure, c.in_dispute) == (False, None, None)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"claimed": 3}, "from 0 to 2"),
        ({"line": ["SQ"]}, "not among the cards left of the claimer's side"),
        ({"cards_left": {"S": ["SA"], "N": ["S2", "S3"], "E": ["SQ", "HQ"], "W": ["SJ", "H2"]}},
         "the same number each"),
        ({"leader": "X"}, "'X'"),
    ],
)  # fmt: skip
def test_bad_claims(kwargs: dict[str, object], fragment: str) -> None:
    args: dict[str, object] = {
        "cards_left": {"S": ["SA", "SK"], "N": ["S2", "S3"], "E": ["SQ", "HQ"], "W": ["SJ", "H2"]},
        "trump": None,
        "leader": "S",
        "claimer": "S",
        "claimed": 2,
        **kwargs,
    }
    with pytest.raises(RulesError, match=fragment):
        claim_facts(**args)  # type: ignore[arg-type]
