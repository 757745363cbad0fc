"""The play trees (Laws 41-60): where the 2007 and 2017 texts differ, the same facts rule
differently by the edition asked - a different leaf, another question, other citations or
options."""

from __future__ import annotations

from typing import Any

import pytest

from kb.rulings import RulingError, evaluate

EDITIONS = ("2007", "2017")

# (tree, facts, what 2007 gives, what 2017 gives): a leaf name, or "?fact" for the next question
EDITION_CASES: list[tuple[str, dict[str, Any], str, str]] = [
    # 45D: 2007 "pre nego što je bilo koja strana igrala", 2017 "skôr ako obe strany zahráli"
    (
        "dummy-card-designation",
        {"designation_kind": "dummy_played_unnamed", "next_trick_progress": "one_side"},
        "unnamed-too-late",
        "unnamed-withdrawn",
    ),
    # 45C4(b): 2007 any player, without pause for thought; 2017 only a card from dummy
    (
        "played-card-retraction",
        {"card_holder": "defender", "card_shown_as_played": True,
         "withdrawal_reason": "inadvertent_designation"},
        "?changed_without_pause",
        "own-card-designation-2017",
    ),
    (
        "played-card-retraction",
        {"card_holder": "dummy", "card_shown_as_played": True,
         "withdrawal_reason": "inadvertent_designation"},
        "?changed_without_pause",
        "?slip_of_tongue",
    ),
    # 2017 57D: a defender's play before his right-hand opponent
    (
        "premature-lead-or-play",
        {"contract": "4S", "declarer": "N", "tricks": [["SA"]], "offender": "W",
         "card_legal_at_turn": True},
        "before-rho-2007",
        "before-rho-played-in-turn",
    ),
]  # fmt: skip


def _result(tree: str, edition: str, facts: dict[str, Any]) -> str:
    r = evaluate(tree, edition, facts).to_dict()
    return r["leaf"] if r["status"] == "ruling" else "?" + r["fact"]


@pytest.mark.parametrize(("tree", "facts", "in_2007", "in_2017"), EDITION_CASES)
def test_the_edition_decides(tree: str, facts: dict[str, Any], in_2007: str, in_2017: str) -> None:
    assert (_result(tree, "2007", facts), _result(tree, "2017", facts)) == (in_2007, in_2017)


# the same leaf, but each edition cites its own paragraphs (16D/16C, 53C/53B swapped in 2017)
CITATION_CASES: list[tuple[str, dict[str, Any], str, str]] = [
    (
        "simultaneous-leads-or-plays",
        {"simultaneous_kind": "one_player", "noticed_after_next_trick": False,
         "faces_seen": "several", "offender_declaring_side": True},
        "sr-2007:16D1",
        "sk-2017:16C1",
    ),
    (
        "play-after-illegal-play",
        {"declarer_lead_retracted": False, "later_player_side": "non_offending",
         "proper_lead_made": True},
        "sr-2007:53C",
        "sk-2017:53B",
    ),
    (
        "played-card-retraction",
        {"card_holder": "declarer", "card_shown_as_played": True,
         "withdrawal_reason": "opponent_changed"},
        "sr-2007:16D1",
        "sk-2017:16C1",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("tree", "facts", "cite_2007", "cite_2017"), CITATION_CASES)
def test_each_edition_cites_its_own_paragraph(
    tree: str, facts: dict[str, Any], cite_2007: str, cite_2017: str
) -> None:
    old, new = (evaluate(tree, e, facts).to_dict() for e in EDITIONS)
    assert old["leaf"] == new["leaf"]
    assert cite_2007 in old["laws"] and cite_2017 in new["laws"]
    assert all(law.startswith("sr-2007:") for law in old["laws"])
    assert all(law.startswith("sk-2017:") for law in new["laws"])


@pytest.mark.parametrize(
    ("exposed", "penalty"),
    [(["H3"], "minor"), (["SK"], "major"), (["H3", "D4"], "major"), (["C10"], "major")],
)
def test_a_defenders_other_exposed_cards_are_penalty_cards_by_50b(
    exposed: list[str], penalty: str
) -> None:
    facts = {
        "simultaneous_kind": "one_player",
        "noticed_after_next_trick": False,
        "faces_seen": "several",
        "offender_declaring_side": False,
        "exposed_cards": exposed,
    }
    rulings = [evaluate("simultaneous-leads-or-plays", e, facts).to_dict() for e in EDITIONS]
    assert [r["outcome"]["penalty_card"] for r in rulings] == [penalty, penalty]


@pytest.mark.parametrize(
    ("obstacle", "leaf", "any_card"),
    [
        ("none", "must-comply", False),
        ("no_card_of_suit", "any-legal-card", True),
        ("only_prohibited_suit", "any-legal-card", True),
        ("must_follow_suit", "any-legal-card", True),
    ],
)
def test_law_59_releases_only_a_player_who_cannot_comply(
    obstacle: str, leaf: str, any_card: bool
) -> None:
    facts = {"required_play": "lead_restriction", "compliance_obstacle": obstacle}
    r = evaluate("unable-to-comply", "2017", facts).to_dict()
    assert (r["leaf"], r["outcome"]["any_legal_card"]) == (leaf, any_card)


@pytest.mark.parametrize(
    ("facts", "named"),
    [
        ({"tricks": []}, "contract, declarer, offender"),
        ({"tricks": [], "contract": "4S", "declarer": "S"}, "offender"),
    ],
)
def test_an_incomplete_play_record_names_what_it_lacks(facts: dict[str, Any], named: str) -> None:
    with pytest.raises(RulingError) as err:
        evaluate("premature-lead-or-play", "2017", facts)
    assert err.value.code == "bad-record" and f"need {named} to say whose turn" in err.value.message
