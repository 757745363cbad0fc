"""Penalty cards, exposed cards and dummy's rights (Laws 42-43, 48-52): the facts the play
record and the exposed cards give, and the rulings they lead to in each edition."""

from __future__ import annotations

from typing import Any

import pytest

from kb.rulings import RulingError, evaluate

CONTRACT = {"contract": "4S", "declarer": "S"}
EAST_WON = [["D2", "D3", "DA", "D4"]]  # West leads, East wins trick 1
NORTH_WON = [["D2", "DA", "D3", "D4"]]  # dummy wins trick 1


# (tricks, holder of the penalty card, who is to lead or play now as the record shows)
@pytest.mark.parametrize(
    ("tricks", "holder", "turn"),
    [
        (EAST_WON, "W", "partner_to_lead"),
        (EAST_WON, "E", "offender_to_play"),
        ([*EAST_WON, ["C2", "C3"]], "W", "offender_to_play"),
        ([*EAST_WON, ["C2"]], "W", "neither"),  # declarer to play to East's lead
        (NORTH_WON, "W", "neither"),  # dummy on lead
        (NORTH_WON, "E", "neither"),
    ],
)
def test_whose_turn_with_a_penalty_card_comes_from_the_record(
    tricks: list[Any], holder: str, turn: str
) -> None:
    facts = {**CONTRACT, "tricks": tricks, "offender": holder, "exposed_cards": ["SK"]}
    got = evaluate(
        "penalty-card", "2017", {**facts, "other_card_played": False, "led_before_choice": False}
    ).to_dict()
    assert got["facts"]["penalty_turn"] == turn
    assert "penalty_turn" in got["derived"]


@pytest.mark.parametrize(
    ("cards", "leaf"),
    [(["SK", "S3"], "several-one-suit"), (["SK", "H3"], "several-suits")],
)
def test_penalty_cards_of_one_suit_or_several_rule_under_51b1_or_51b2(
    cards: list[str], leaf: str
) -> None:
    facts = {**CONTRACT, "tricks": EAST_WON, "offender": "W", "exposed_cards": cards}
    got = evaluate(
        "penalty-card", "2007", {**facts, "other_card_played": False, "led_before_choice": False}
    ).to_dict()
    assert got["leaf"] == leaf and got["outcome"]["penalty_card"] == "major"


def test_a_turn_that_contradicts_the_record_is_named() -> None:
    facts = {**CONTRACT, "tricks": EAST_WON, "offender": "W", "exposed_cards": ["SK"]}
    with pytest.raises(RulingError) as err:
        evaluate("penalty-card", "2017", {**facts, "penalty_turn": "offender_to_play"})
    assert err.value.code == "contradictory-facts" and "penalty_turn" in err.value.message


def test_a_penalty_card_of_the_declaring_side_is_refused_by_the_record() -> None:
    facts = {**CONTRACT, "tricks": EAST_WON, "offender": "N", "exposed_cards": ["SK"]}
    got = evaluate("penalty-card", "2007", facts).to_dict()
    assert got["leaf"] == "declaring-side" and got["outcome"]["penalty_card"] is None


# a small card dropped by accident: minor; the same card led or named on purpose: major (50B)
@pytest.mark.parametrize(("deliberate", "kind"), [(False, "minor"), (True, "major")])
@pytest.mark.parametrize("edition", ["2007", "2017"])
def test_a_single_small_card_is_major_only_when_exposed_deliberately(
    deliberate: bool, kind: str, edition: str
) -> None:
    facts = {**CONTRACT, "tricks": EAST_WON, "offender": "W", "exposed_cards": ["C4"]}
    facts |= {
        "other_card_played": False,
        "led_before_choice": False,
        "deliberate_exposure": deliberate,
    }
    got = evaluate("penalty-card", edition, facts).to_dict()
    assert got["outcome"]["penalty_card"] == kind
    # only a major card gives declarer lead options when partner is on lead (50C, 50D2)
    assert ("declarer_options" in got["outcome"]) is (kind == "major")


# the exposed cards decide the kind before anything is asked (49, 50B)
@pytest.mark.parametrize(
    ("cards", "leaf", "kind"),
    [(["SQ"], "major", "major"), (["C3", "H5"], "several", "major"), (["ST"], "major", "major")],
)
@pytest.mark.parametrize("edition", ["2007", "2017"])
def test_a_card_partner_could_see_is_a_penalty_card_of_the_kind_50b_gives(
    cards: list[str], leaf: str, kind: str, edition: str
) -> None:
    facts = {"held_before_playing": False, "exposure_context": "play", "partner_could_see": True}
    got = evaluate("defender-exposes-card", edition, {**facts, "exposed_cards": cards}).to_dict()
    assert (got["leaf"], got["outcome"]["penalty_card"]) == (leaf, kind)
    assert got["laws"][0].endswith(":49")


def test_a_small_card_asks_whether_it_was_exposed_deliberately() -> None:
    facts = {"held_before_playing": False, "exposure_context": "play", "partner_could_see": True}
    got = evaluate("defender-exposes-card", "2017", {**facts, "exposed_cards": ["C3"]}).to_dict()
    assert got["status"] == "question" and got["fact"] == "deliberate_exposure"


# a faced hand is a claim (48B2) unless demonstrably not meant as one; a doubt is no proof
@pytest.mark.parametrize(
    ("edition", "intent", "leaf", "laws"),
    [
        ("2007", False, "deemed-claim", ["sr-2007:48B2", "sr-2007:68A", "sr-2007:68D"]),
        ("2007", "unsure", "deemed-claim", ["sr-2007:48B2", "sr-2007:68A", "sr-2007:68D"]),
        (
            "2017",
            "unsure",
            "deemed-claim",
            ["sk-2017:48B2", "sk-2017:68A", "sk-2017:68D1", "sk-2017:68D2"],
        ),
        ("2017", True, "not-a-claim", ["sk-2017:48B2", "sk-2017:48A"]),
    ],
)
def test_declarer_facing_his_hand_is_a_claim_unless_demonstrably_not(
    edition: str, intent: Any, leaf: str, laws: list[str]
) -> None:
    facts = {"declarer_spread_hand": True, "spread_after_lead_out_of_turn": False}
    got = evaluate("declarer-exposes-cards", edition, {**facts, "no_claim_intended": intent})
    assert (got.to_dict()["leaf"], got.to_dict()["laws"]) == (leaf, laws)


# what changed between the editions: 2017 43A3 (a defender may not show dummy his hand) and 43B3
@pytest.mark.parametrize(
    ("edition", "facts", "leaf", "outcome"),
    [
        (
            "2007",
            {"dummy_action": "defender_showed_hand"},
            "shown-2007",
            {"procedural_penalty_possible": False},
        ),
        (
            "2017",
            {"dummy_action": "defender_showed_hand"},
            "shown-2017",
            {"procedural_penalty_possible": True},
        ),
        (
            "2007",
            {
                "dummy_action": "drew_attention",
                "dummy_violated_a2": True,
                "defender_irregularity": True,
            },
            "no-rectification",
            {"adjustment_law": "sr-2007:12B1"},
        ),
        (
            "2007",
            {
                "dummy_action": "drew_attention",
                "dummy_violated_a2": True,
                "defender_irregularity": False,
            },
            "drew-attention",
            {"adjusted_score_possible": False, "procedural_penalty_possible": True},
        ),
    ],
)
def test_dummy_rights_rule_by_the_edition_asked(
    edition: str, facts: dict[str, Any], leaf: str, outcome: dict[str, Any]
) -> None:
    got = evaluate("dummy-rights", edition, facts).to_dict()
    assert got["leaf"] == leaf
    assert {k: got["outcome"][k] for k in outcome} == outcome
