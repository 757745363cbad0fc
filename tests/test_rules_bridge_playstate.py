"""The play as it stands: leaders (44G, or any leader after an accepted irregular lead), penalty
cards (50B), and the facts of a card led or played out of turn (41, 53-57)."""

from __future__ import annotations

import pytest

from kb.rules.bridge import RulesError, lead_facts, penalty_card_kind, play_state

T1 = ["HA", "H2", "H3", "H4"]  # led by West against South's spade contract; West wins


def test_leaders_follow_the_winner() -> None:
    s = play_state([T1, ["SK"]], contract="4S", declarer="S")
    assert [t.leader for t in s.tricks] == ["W", "W"]
    assert (s.next_to_play, s.leading, s.defender_tricks, s.declarer_tricks) == ("N", False, 1, 0)


def test_cards_on_the_table() -> None:
    s = play_state(
        [T1],
        contract="4S",
        declarer="S",
        penalty_cards={"E": [["D7", "minor"]]},
        exposed_cards={"S": ["SA", "SK"]},
    )
    assert s.penalty_cards == {"E": [{"card": "D7", "kind": "minor"}]}
    assert s.exposed_cards == {"S": ["SA", "SK"]}


def test_any_leader_after_an_accepted_lead_out_of_turn() -> None:
    # 53A / 54A: East's opening lead accepted, so East leads trick 1 and South plays second.
    s = play_state([{"leader": "E", "cards": ["HK"]}], contract="4S", declarer="N")
    assert (s.tricks[0].leader, s.next_to_play) == ("E", "S")


# (tricks so far, contract, declarer, seat who led or played, expected facts)
LEADS = [
    # 41A / 54: the opening lead by the wrong defender (declarer's RHO instead of his LHO)
    ([], "4S", "S", "E", {"opening_lead": True, "out_of_turn": True,
                          "offender_role": "declarer_rho", "turn_role": "declarer_lho"}),
    ([], "4S", "S", "W", {"opening_lead": True, "out_of_turn": False}),
    # 55: declarer leads from his hand when dummy won the last trick
    ([["H2", "HA", "H3", "H4"]], "4S", "S", "S", {"wrong_hand": True, "turn_of": "N",
                                                    "leading": True, "trick": 2}),
    # 56 / 53: a defender leads when declarer is on lead
    ([["H2", "HA", "H3", "H4"]], "4S", "S", "W", {"out_of_turn": True, "turn_role": "dummy",
                                                    "offender_role": "declarer_lho"}),
    # 57A: dummy (South) leads trick 2; East plays before his partner West has played
    ([["H2", "HA", "H3", "H4"], ["S2"]], "4S", "N", "E", {"premature": True,
                                                          "out_of_turn": True, "leading": False}),
    ([["H2", "HA", "H3", "H4"], ["S2"]], "4S", "N", "W", {"premature": False,
                                                          "out_of_turn": False}),
    # West plays out of turn after his partner East has led: not 57A's premature play
    ([["SA"]], "4S", "N", "W", {"premature": False, "out_of_turn": True}),
]  # fmt: skip


@pytest.mark.parametrize(("tricks", "contract", "declarer", "seat", "expected"), LEADS)
def test_lead_facts(
    tricks: list[list[str]], contract: str, declarer: str, seat: str, expected: dict[str, object]
) -> None:
    facts = lead_facts(tricks, contract=contract, declarer=declarer, seat=seat, edition="2017")
    assert {k: facts[k] for k in expected} == expected


@pytest.mark.parametrize(
    ("cards", "deliberate", "kind"),
    [
        (["S7"], False, "minor"),  # a single spot card dropped
        (["ST"], False, "major"),  # an honour (ten or higher)
        (["S7"], True, "major"),  # led out of turn: deliberate
        (["S7", "H2"], False, "major"),  # two or more at once
    ],
)
def test_penalty_card_kind(cards: list[str], deliberate: bool, kind: str) -> None:
    assert penalty_card_kind(cards, deliberate=deliberate) == kind


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"penalty_cards": {"N": [["SK", "major"]]}}, "only a defender's card"),
        ({"penalty_cards": {"W": [["SK", "big"]]}}, "'big'"),
        ({"tricks": [["SA", "S2"], T1]}, "only the last trick unfinished"),
        ({"tricks": [T1, ["HA"]]}, "played twice"),
        ({"contract": "passed out"}, "'passed out'"),
        ({"exposed_cards": {"S": ["HA"]}}, "face up on the table but was played"),
        ({"exposed_cards": {"S": ["SA"]}, "penalty_cards": {"W": [["SA", "major"]]}}, "twice"),
        ({"exposed_cards": ["SA"]}, "mapping of seat"),
    ],
)
def test_play_state_rejects(kwargs: dict[str, object], fragment: str) -> None:
    args: dict[str, object] = {"tricks": [T1], "contract": "4S", "declarer": "S", **kwargs}
    with pytest.raises(RulesError, match=fragment):
        play_state(**args)  # type: ignore[arg-type]
