"""The 21-board cycle (čl. 2) and Mitchell percentages (čl. 79 a)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.rules.errors import RulesError
from kb.rules.preferans.cycle import board, boards
from kb.rules.preferans.errors import NotSpecified
from kb.rules.preferans.mitchell import mitchell_percentages, mitchell_points, top

# čl. 2, as printed: "1. E OTVARAČ W svi bez refea!" ... "21. OTVARAČ N W N jednako refe!"
CYCLE_TABLE = [
    (1, "N", ""),
    (2, "W", ""),
    (3, "E", ""),
    (4, "N", "ENW"),
    (5, "W", "E"),
    (6, "E", "W"),
    (7, "N", "N"),
    (8, "W", ""),
    (9, "E", ""),
    (10, "N", ""),
    (11, "W", "ENW"),
    (12, "E", "E"),
    (13, "N", "W"),
    (14, "W", "N"),
    (15, "E", ""),
    (16, "N", ""),
    (17, "W", ""),
    (18, "E", "ENW"),
    (19, "N", "E"),
    (20, "W", "W"),
    (21, "E", "N"),
]


@pytest.mark.parametrize(("number", "opener", "refe"), CYCLE_TABLE)
def test_board_table(number: int, opener: str, refe: str) -> None:
    b = board(number)
    assert (b.opener, b.refe) == (opener, frozenset(refe))


@given(st.integers(min_value=1, max_value=10_000))
def test_board_22_is_board_1_and_so_on(n: int) -> None:
    # "22: je isto kao bord 1.i dalje se isto i redom ponavlja."
    a, b = board(n), board(n + 21)
    assert (a.opener, a.refe) == (b.opener, b.refe)


def test_each_seat_opens_seven_times_and_is_in_refe_six() -> None:
    cycle = boards(1, 21)
    assert Counter(b.opener for b in cycle) == {"E": 7, "N": 7, "W": 7}
    assert Counter(s for b in cycle for s in b.refe) == {"E": 6, "N": 6, "W": 6}
    assert board(7).in_refe("n") and not board(7).in_refe("W")


@pytest.mark.parametrize("bad", [0, -3, True, 2.5, "1"])
def test_bad_board_number(bad: object) -> None:
    with pytest.raises(RulesError, match="bad board number"):
        board(bad)  # type: ignore[arg-type]


def test_mitchell_worked_example() -> None:
    # čl. 79 a): "u jednom bordu postoji 7 upisa. 7 x 2 = 14 - 2 = 12, pa se boduje od ukupnih
    # 42 boda po liniji: najlošiji 0, pa bolji 2, ... pa najbolji 12."
    assert top(7) == 12
    pts = mitchell_points([60, -40, 10, 0, 80, -10, 20])
    assert pts == [10, 0, 6, 4, 12, 2, 8]
    assert sum(pts) == 42
    # "ukoliko nije igrao nitko ništa ili su svi igrali isto svi ... po 6 bodova ili 50%"
    assert mitchell_points([0] * 7) == [6] * 7
    assert mitchell_percentages([5] * 7) == [50] * 7


@pytest.mark.parametrize(
    ("results", "points"),
    [
        ([3, 3, 1], [Fraction(3), Fraction(3), Fraction(0)]),
        ([1, 3, 3, 3], [Fraction(0), Fraction(4), Fraction(4), Fraction(4)]),
        ([2, 1], [Fraction(2), Fraction(0)]),
    ],
)
def test_ties_share_the_points_of_their_places(results: list[int], points: list[Fraction]) -> None:
    # "Kada dva i više natjecatelja postignu isti rezultat, podijeliti će bodove"
    assert mitchell_points(results) == points


def test_artificial_results_lower_the_top_and_raise_the_bottom() -> None:
    # "za svaki takav ćemo za jedan bod smanjiti najveći i povećati najmanji rezultat"
    assert mitchell_points([3, 2, 1], artificial=1) == [3, 2, 1]
    assert mitchell_points([9, 5, 4, 1], artificial=2) == [4, 4, 2, 2]
    with pytest.raises(NotSpecified):
        mitchell_points([1, 2, 3, 4], artificial=3)
    with pytest.raises(NotSpecified):
        mitchell_points([1, 2], artificial=2)


@given(st.lists(st.integers(-500, 500), min_size=1, max_size=30), st.integers(0, 2))
def test_line_sum_is_always_n_times_n_minus_1(results: list[int], artificial: int) -> None:
    # "(suma bodova linije igre je uvijek jednako navedeno u primjeru)"
    n = len(results)
    pts = mitchell_points(results, artificial if n > 2 else 0)
    assert sum(pts) == n * (n - 1)
    if n > 1 and not artificial:
        assert sum(mitchell_percentages(results)) == 50 * n
        better = [(a, b) for a in range(n) for b in range(n) if results[a] > results[b]]
        assert all(pts[a] > pts[b] for a, b in better)


def test_mitchell_bad_input() -> None:
    with pytest.raises(RulesError, match="at least one"):
        mitchell_points([])
    with pytest.raises(RulesError, match="bad result 'x'"):
        mitchell_points(["x"])  # type: ignore[list-item]
    with pytest.raises(RulesError, match="bad result nan"):
        mitchell_points([10, float("nan")])
    with pytest.raises(NotSpecified):
        mitchell_percentages([10])
