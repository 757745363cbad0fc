"""Preferans scoring (Kodeks čl. 77, 22-23, 79 b) and the provision registry."""

from __future__ import annotations

import inspect
import re
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.rules.errors import RulesError
from kb.rules.preferans import bidding, cards, cycle, mitchell, scoring
from kb.rules.preferans.errors import NotSpecified
from kb.rules.preferans.scoring import (
    DEFINITION_VALUES,
    declarer_column,
    game_value,
    juhe_points,
    multiplier,
    obligation,
    parse_contract,
    pik_playable,
    pure_betl_double,
    score_betl_defeated,
    score_made,
    settle,
    trick_column,
)
from kb.rules.registry import provisions_of

# čl. 77 a) 1) "Iz licitacije - talon" and 2) "Iz igre – bez talona", as printed:
# "N. Name - L x 2 [+ 2] - V   izvođač za igru   pratilac za štih"
TABLE_77 = """
1. Pik   - 2 x 2 - 4       40   -
2. Karo  - 3 x 2 - 6       60   6
3. Herc  - 4 x 2 - 8       80   8
4. Tref  - 5 x 2 - 10     100  10
5. Betl  - 6 x 2 - 12     120  12
6. Sanac - 7 x 2 - 14     140  14
1. Pik   - 2 x 2 + 2 - 6    60   6
2. Karo  - 3 x 2 + 2 - 8    80   8
3. Herc  - 4 x 2 + 2 - 10  100  10
4. Tref  - 5 x 2 + 2 - 12  120  12
5. Betl  - 6 x 2 + 2 - 14  140  14
6. Sanac - 7 x 2 + 2 - 16  160  16
"""
ROWS = [
    re.match(r"\d\. (\w+)\s+- (\d) x 2( \+ 2)? - (\d+)\s+(\d+)\s+(\d+|-)", line).groups()
    for line in TABLE_77.strip().splitlines()
]  # type: ignore[union-attr]


@pytest.mark.parametrize(("name", "level", "igra", "value", "column", "per_trick"), ROWS)
def test_article_77_table(
    name: str, level: str, igra: str | None, value: str, column: str, per_trick: str
) -> None:
    con = f"{'igra-' if igra else ''}{name.lower()}"
    assert parse_contract(con).level == int(level)
    assert game_value(con) == int(value) == int(level) * 2 + (2 if igra else 0)
    assert declarer_column(con) == int(column)
    if per_trick == "-":
        with pytest.raises(NotSpecified, match="pik from the auction"):
            trick_column(con)
    else:
        assert trick_column(con) == int(per_trick)


def test_definitions_disagree_on_betl_and_sanac_and_article_77_wins() -> None:
    # "Betl - završna licitacija koja se vrednuje sa 6", "Sanac - ... Vrijednost igre jednako 7"
    # vs čl. 77 "5. Betl - 6 x 2 - 12", "6. Sanac - 7 x 2 - 14"
    for name in ("pik", "karo", "herc", "tref"):
        assert DEFINITION_VALUES[name] == game_value(name)
    assert (DEFINITION_VALUES["betl"], game_value("betl")) == (6, 12)
    assert (DEFINITION_VALUES["sanac"], game_value("sanac")) == (7, 14)


@pytest.mark.parametrize(
    ("text", "name", "talon", "doubling"),
    [
        ("K!", "karo", False, ""),
        ("BX", "betl", True, "X"),
        ("TXX", "tref", True, "XX"),
        ("S!", "sanac", False, ""),
        ("igra-herc", "herc", False, ""),
        ("igra herc", "herc", False, ""),
        ("kara", "karo", True, ""),
        ("4", "herc", True, ""),
        ("B!XXX", "betl", False, "XXX"),
    ],
)
def test_parse_contract(text: str, name: str, talon: bool, doubling: str) -> None:
    con = parse_contract(text)
    assert (con.name, con.with_talon, con.doubling) == (name, talon, doubling)
    assert parse_contract(str(con)) == con


@pytest.mark.parametrize("text", ["", "8", "KXXXX", "igra", "Q", "K!!"])
def test_bad_contract_quotes_input(text: str) -> None:
    with pytest.raises(RulesError, match=f"bad contract {re.escape(repr(text))}"):
        parse_contract(text)


@pytest.mark.parametrize(
    ("doubling", "refe", "factor"),
    [
        # čl. 77 d) "1). Kontra x 2  2). Rekontra x 4  3). Subkontra x 8"; c) refe: "dvostruko"
        ("", False, 1),
        ("X", False, 2),
        ("XX", False, 4),
        ("XXX", False, 8),
        ("kontra", False, 2),
        ("rekontra", False, 4),
        ("subkontra", False, 8),
        ("", True, 2),
        ("X", True, 4),
        ("XX", True, 8),
        ("XXX", True, 16),
    ],
)
def test_multiplier(doubling: str, refe: bool, factor: int) -> None:
    assert multiplier(doubling, refe=refe) == factor


# definition "Pad" (see scoring.obligation): (role, contract, tricks, at_most, side)
OBLIGATIONS = [
    ("declarer", "K", 6, False, False),
    ("declarer", "S!", 6, False, False),
    ("declarer", "TXX", 6, False, False),
    ("declarer", "B", 0, True, False),
    ("declarer", "BXX", 0, True, False),
    ("follower", "H", 2, False, False),
    ("caller", "H!", 4, False, False),
    ("follower", "TXX", 2, False, False),
    ("doubler", "KX", 5, False, True),
    ("doubler", "SXXX", 5, False, True),
    ("doubler", "BX", 9, True, True),
]


@pytest.mark.parametrize(("role", "contract", "tricks", "at_most", "side"), OBLIGATIONS)
def test_obligations(role: str, contract: str, tricks: int, at_most: bool, side: bool) -> None:
    ob = obligation(role, contract)
    assert (ob.tricks, ob.at_most, ob.side) == (tricks, at_most, side)
    assert ob.met(tricks) and not ob.met(tricks + 1 if at_most else tricks - 1)


@pytest.mark.parametrize(
    ("role", "contract", "error"),
    [
        ("follower", "B", NotSpecified),
        ("follower", "KX", NotSpecified),
        ("doubler", "K", RulesError),
        ("doubler", "KXX", RulesError),
        ("dummy", "K", RulesError),
    ],
)
def test_obligations_refused(role: str, contract: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        obligation(role, contract)


@pytest.mark.parametrize(
    ("contract", "tricks", "refe", "declarer", "defenders"),
    [
        # čl. 77 a) "svi prošli": declarer column, followers per trick
        ("K", [2, 2], False, 60, (12, 12)),
        (
            "K!",
            [3, 1],
            False,
            None,
            None,
        ),  # a follower with 1 trick failed: čl. 77 b) not specified
        ("H!", [4], False, 100, (40,)),
        ("T", [2, 2], True, 200, (40, 40)),  # refe: "Računa se sve i svima dvostruko"
        ("TXX", [2, 2], False, 400, (80, 80)),  # rekontra x 4, tricks as without kontra (čl. 23)
        ("S", [], False, 140, ()),
    ],
)
def test_score_made(
    contract: str,
    tricks: list[int],
    refe: bool,
    declarer: int | None,
    defenders: tuple[int, ...] | None,
) -> None:
    if declarer is None:
        with pytest.raises(NotSpecified, match="failed follower"):
            score_made(contract, tricks, refe=refe)
        return
    s = score_made(contract, tricks, refe=refe)
    assert (s.declarer, s.defenders) == (declarer, defenders)


def test_score_made_refusals() -> None:
    with pytest.raises(NotSpecified, match="failed declarer"):
        score_made("K", [3, 2])
    with pytest.raises(RulesError, match="pik from the auction is played only under refe"):
        score_made("P", [2, 2])
    with pytest.raises(RulesError, match="not everyone can make it"):
        score_made("KX", [2, 2])
    with pytest.raises(RulesError, match="bad defender tricks"):
        score_made("K", [6, 6])
    pik = score_made("P", [2, 2], refe=True)
    assert pik.declarer == 80 and pik.defenders == (None, None) and pik.unspecified
    # čl. 77 a) lists betl: "5. Betl - 6 x 2 - 12 120 12", from igra "14 140 14"
    betl = score_made("B!")
    assert betl.declarer == 140 and not betl.unspecified
    assert score_made("B", [4, 6]).defenders == (48, 72)
    assert score_made("B", [4, 6], refe=True).defenders == (96, 144)
    # definition Pad: "jedan štih koji je preuzeo izvođač na betlu" - the betl has failed
    with pytest.raises(RulesError, match="the betl has failed"):
        score_made("B", [3, 6])


@pytest.mark.parametrize(
    ("contract", "doubler", "refe", "defenders"),
    [
        # definition Betl: "protivnici bilježe svaki po vrijednost igre u vrijednosti 5 štihova"
        ("B", None, False, (60, 60)),
        ("B!", None, False, (70, 70)),
        ("B", None, True, (120, 120)),
        # čl. 77 e) 2) "za pad izvođača jednako deset štihova!"; the other as without kontra
        ("BX", 0, False, (240, 60)),
        ("BXX", 1, False, (60, 480)),
        ("BXXX", 0, False, (960, 60)),
    ],
)
def test_betl_defeated(
    contract: str, doubler: int | None, refe: bool, defenders: tuple[int, int]
) -> None:
    s = score_betl_defeated(contract, doubler=doubler, refe=refe)
    assert s.defenders == defenders and s.declarer is None and s.unspecified


def test_worked_example_bx() -> None:
    # čl. 79 b) "BX betl kontra kada je uspjela": "... 24 x 10 juha ukupno: 24,00 bodova",
    # "betl 12 x 2 = -24 ukupno: -24,00", "12 x 5 štihova = 60 ukupno: 6,00"
    assert pure_betl_double("BX") == (Decimal("24.00"), Decimal("-24.00"), Decimal("6.00"))
    doubler, _, third = pure_betl_double("BX")
    written = score_betl_defeated("BX", doubler=0).defenders
    assert (juhe_points(written[0]), juhe_points(written[1])) == (doubler, third)
    with pytest.raises(NotSpecified):
        pure_betl_double("BX", refe=True)


def test_worked_example_k() -> None:
    # čl. 79 b) "K! (karo igra) kada je izvođač pao": "-9,34", "rušio ... 6,66",
    # "pozvan ... 2,66". Declarer's sredina takes the karo igra value; the defender who
    # defeated him writes 5 tricks of it.
    value = game_value("K!")
    juhe = [[0, 0, 0], [5 * value, 0, 0], [0, 0, 0]]
    assert settle((value, 0, 0), juhe) == (Decimal("-9.34"), Decimal("6.66"), Decimal("2.66"))


def test_juhe_to_points() -> None:
    # čl. 79 b) "Tref 10 x 4 štiha = 40 ukupno 4,00 boda"
    assert juhe_points(trick_column("T") * 4) == Decimal("4.00")


@given(
    st.lists(st.integers(0, 50), min_size=3, max_size=3),
    st.lists(st.integers(0, 500), min_size=9, max_size=9),
)
def test_settlement_balances_to_within_a_cent_per_player(
    sredina: list[int], flat: list[int]
) -> None:
    juhe = [[0 if i == j else flat[3 * i + j] for j in range(3)] for i in range(3)]
    total = sum(settle(sredina, juhe))
    assert Decimal("-0.03") < total <= 0


def test_pik_playable() -> None:
    # definition Pik: "Ne može se igrati osim ukoliko je: refe, igra ili kontra."
    assert not pik_playable("P", refe=False)
    assert pik_playable("P", refe=True) and pik_playable("P!", refe=False)
    assert pik_playable("PX", refe=False) and pik_playable("K", refe=False)


PUBLIC = [
    obj
    for mod in (cards, bidding, scoring, cycle, mitchell)
    for name, obj in vars(mod).items()
    if inspect.isfunction(obj)
    and not name.startswith("_")
    and obj.__module__ == mod.__name__
    and name not in ("parse_suit", "parse_seat", "parse_doubling")
]


@pytest.mark.parametrize("fn", PUBLIC, ids=lambda f: f.__name__)
def test_rules_name_their_articles(fn: object) -> None:
    ids = provisions_of(fn)  # type: ignore[arg-type]
    assert ids, f"{fn} has no @provision"
    for nid in ids:
        m = re.fullmatch(r"hr-pref-2014:(\d+)", nid)
        assert m and 1 <= int(m[1]) <= 79, nid
