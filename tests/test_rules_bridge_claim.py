"""Claims: the tricks a claimer's side takes whatever the open cards are, and those in dispute
(68-70), by an exhaustive bounded search."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# (cards left, trump, claimer, claimed, trumps the opponents hold, tricks given up no play loses)
SIDE_FACTS = [
    # East still holds the queen of trumps: 70C turns on it
    ({"S": ["SA", "SK"], "N": ["S2", "S3"], "E": ["SQ", "HQ"], "W": ["D4", "H2"]}, "S", "S", 2,
     1, 0),
    # at notrump no trump is outstanding
    ({"S": ["SA", "SK"], "N": ["S2", "S3"], "E": ["SQ", "HQ"], "W": ["D4", "H2"]}, None, "S", 2,
     0, 0),
    # declarer concedes one of two top spades: one trick no legal play could lose (2007 71.1)
    ({"S": ["SA", "SK"], "N": ["S2", "S3"], "E": ["SQ", "HQ"], "W": ["SJ", "H2"]}, None, "S", 1,
     0, 1),
    # a concession of everything with two top trumps: both tricks are unlosable
    ({"S": ["HA", "HK"], "N": ["S2", "S3"], "E": ["SQ", "D4"], "W": ["SJ", "D2"]}, "H", "S", 0,
     0, 2),
]  # fmt: skip


@pytest.mark.parametrize(("left", "trump", "claimer", "claimed", "out", "unlosable"), SIDE_FACTS)
def test_trumps_out_and_unlosable_tricks(
    left: dict[str, list[str]],
    trump: str | None,
    claimer: str,
    claimed: int,
    out: int,
    unlosable: int,
) -> None:
    c = claim_facts(left, trump=trump, leader="S", claimer=claimer, claimed=claimed)
    assert (c.trumps_out, c.unlosable) == (out, unlosable)


@st.composite
def small_claims(draw: st.DrawFn) -> dict[str, object]:
    """Two or three cards a hand from a random deck, a claim and a line of the claimer's side."""
    size = draw(st.integers(1, 3))
    deck = draw(st.permutations([s + r for s in "SHDC" for r in "AKQJT98765432"]))
    left = {seat: deck[i * size : (i + 1) * size] for i, seat in enumerate("NESW")}
    claimer = draw(st.sampled_from("NESW"))
    side = [c for s in "NESW" if s in (claimer, {"N": "S", "S": "N", "E": "W", "W": "E"}[claimer])
            for c in left[s]]  # fmt: skip
    return {
        "cards_left": left,
        "trump": draw(st.sampled_from([None, "S", "H", "D", "C"])),
        "leader": draw(st.sampled_from("NESW")),
        "claimer": claimer,
        "claimed": draw(st.integers(0, size)),
        "line": draw(st.lists(st.sampled_from(side), unique=True, max_size=len(side))),
    }


@given(small_claims())
@settings(max_examples=60, deadline=None)
def test_claim_counts_are_consistent(claim: dict[str, object]) -> None:
    """sure <= possible; dispute and unlosable tricks are what lies beyond; a stated line narrows
    the claimer's own choices, so it never lowers ``sure`` nor raises ``possible``."""
    c = claim_facts(**claim)  # type: ignore[arg-type]
    open_ = claim_facts(**{**claim, "line": []})  # type: ignore[arg-type]
    assert c.computable and c.sure is not None and c.possible is not None
    assert 0 <= c.sure <= c.possible <= c.tricks_left
    assert c.in_dispute == max(0, c.claimed - c.sure)
    assert c.unlosable == max(0, c.sure - c.claimed)
    assert open_.sure is not None and open_.possible is not None
    assert c.sure >= open_.sure and c.possible <= open_.possible
