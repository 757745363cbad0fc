"""The play as it stands: leaders (44G, or any leader after an accepted irregular lead), penalty
cards (50B), and the facts of a card led or played out of turn (41, 53-57)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.rules.bridge import RulesError, Seat, lead_facts, penalty_card_kind, play_state

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
    # West plays out of turn after his partner East has led: not 57A's premature play but a
    # play while his right-hand opponent (South) is still to play (2017 57D)
    ([["SA"]], "4S", "N", "W", {"premature": False, "out_of_turn": True, "relation": "RHO",
                                "before_rho": True}),
    # a defender leads when his partner is on lead: a lead out of turn (56), not premature
    ([T1], "4S", "S", "E", {"premature": False, "relation": "partner",
                            "leading": True, "before_rho": False}),
    # South wins trick 1 and leads, West and North play; West leads to the next trick before
    # East has played to this one (57A), declarer having played from both hands (57C1)
    ([["H2", "H3", "H4", "HA"], ["SA", "S2", "S3"]], "4S", "S", "W",
     {"premature": True, "to_next_trick": True, "declarer_played_both_hands": True}),
    # East faces the opening lead when it is his partner West's turn to lead
    ([], "4S", "S", "E", {"relation": "partner", "premature": False, "opening_lead": True}),
    # in turn: no relation
    ([["SA", "S2"]], "4S", "S", "E", {"relation": None, "out_of_turn": False,
                                       "declarer_played_both_hands": False}),
    # trick 13 is due
    ([[f"S{r}", f"H{r}", f"D{r}", f"C{r}"] for r in "23456789TJQKA"][:12], "4S", "S", "W",
     {"trick": 13, "leading": True}),
]  # fmt: skip


@pytest.mark.parametrize(("tricks", "contract", "declarer", "seat", "expected"), LEADS)
def test_lead_facts(
    tricks: list[list[str]], contract: str, declarer: str, seat: str, expected: dict[str, object]
) -> None:
    facts = lead_facts(tricks, contract=contract, declarer=declarer, seat=seat, edition="2017")
    assert {k: facts[k] for k in expected} == expected


SEATS = ("N", "E", "S", "W")
DECK = [f"{s}{r}" for s in "SHDC" for r in "23456789TJQKA"]


@settings(max_examples=150, deadline=None)
@given(
    played=st.integers(min_value=0, max_value=51),
    declarer=st.sampled_from(SEATS),
    seat=st.sampled_from(SEATS),
    deck=st.permutations(DECK),
)
def test_lead_facts_agree_with_each_other(
    played: int, declarer: str, seat: str, deck: list[str]
) -> None:
    """Whatever the record: the relation names who was due, the 57A / 57D / 55 facts exclude
    each other and only a defender is ever premature."""
    cards = deck[:played]
    tricks = [cards[i : i + 4] for i in range(0, len(cards), 4)]
    f = lead_facts(tricks, contract="3NT", declarer=declarer, seat=seat, edition="2007")
    who, turn = Seat.parse(seat), Seat.parse(str(f["turn_of"]))
    assert f["out_of_turn"] == (f["relation"] is not None)
    if f["relation"] is not None:
        assert turn is {"partner": who.partner, "LHO": who.lho, "RHO": who.rho}[f["relation"]]
    assert f["trick"] == played // 4 + 1
    assert f["leading"] == (played % 4 == 0) and f["opening_lead"] == (played == 0)
    assert sum(bool(f[k]) for k in ("premature", "before_rho", "wrong_hand")) <= 1
    defender = f["offender_role"] in ("declarer_lho", "declarer_rho")
    assert not (f["premature"] or f["before_rho"]) or (defender and not f["leading"])
    if not f["leading"]:
        leader = Seat.parse(play_state(tricks, contract="3NT", declarer=declarer).tricks[-1].leader)
        gone = {leader.next(i) for i in range(played % 4)}
        assert f["to_next_trick"] == (who in gone)
        assert f["declarer_played_both_hands"] == (
            {Seat.parse(declarer), Seat.parse(declarer).partner} <= gone
        )


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
