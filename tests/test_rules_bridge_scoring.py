"""Law 77 scoring, Law 78 IMPs, matchpoints and total points.

The expected Law 77 values come from TABLE below, copied row by row from the law text (sk-2017
lines 1906-1978, sr-2007 2022-2085, the same values), and from a separate trick-by-trick walk of
it; they do not use kb.rules.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.rules.bridge import (
    RulesError,
    imps,
    matchpoints,
    mp_percentages,
    score,
    score_result,
    total_points,
)

# --- Law 77 as printed --------------------------------------------------------------------------
# Trick score per odd trick bid and made, by doubling ("" / "X" / "XX").
SUIT_TRICK = {
    "": {"C": 20, "D": 20, "H": 30, "S": 30},
    "X": {"C": 40, "D": 40, "H": 60, "S": 60},
    "XX": {"C": 80, "D": 80, "H": 120, "S": 120},
}
NT_TRICK = {"": (40, 30), "X": (80, 60), "XX": (160, 120)}  # (first, each subsequent)
# Overtricks, (not vulnerable, vulnerable); None = trick value.
OVERTRICK = {"": (None, None), "X": (100, 200), "XX": (200, 400)}
SLAM = {6: (500, 750), 7: (1000, 1500)}
GAME, PARTSCORE = (300, 500), 50
INSULT = {"": 0, "X": 50, "XX": 100}
# Undertricks: (first, second and third, fourth and each subsequent) per (doubling, vulnerable).
UNDER = {
    ("", False): (50, 50, 50), ("", True): (100, 100, 100),
    ("X", False): (100, 200, 300), ("X", True): (200, 300, 300),
    ("XX", False): (200, 400, 600), ("XX", True): (400, 600, 600),
}  # fmt: skip


def expected(level: int, strain: str, dbl: str, vul: bool, tricks: int) -> int:
    """Walk the table trick by trick."""
    need = level + 6
    if tricks < need:
        first, second_third, later = UNDER[(dbl, vul)]
        rows = [first] + [second_third] * 2 + [later] * 10
        return -sum(rows[: need - tricks])
    below = 0
    for k in range(1, level + 1):
        if strain == "NT":
            below += NT_TRICK[dbl][0] if k == 1 else NT_TRICK[dbl][1]
        else:
            below += SUIT_TRICK[dbl][strain]
    over_value = OVERTRICK[dbl][vul]
    if over_value is None:
        over_value = NT_TRICK[""][1] if strain == "NT" else SUIT_TRICK[""][strain]
    total = below + (tricks - need) * over_value
    total += GAME[vul] if below >= 100 else PARTSCORE
    total += SLAM.get(level, (0, 0))[vul]
    return total + INSULT[dbl]


CONTRACTS = [
    (lv, s, d) for lv in range(1, 8) for s in ("C", "D", "H", "S", "NT") for d in ("", "X", "XX")
]


@pytest.mark.parametrize("vul", [False, True], ids=["nonvul", "vul"])
@pytest.mark.parametrize(
    ("level", "strain", "dbl"), CONTRACTS, ids=[f"{lv}{s}{d}" for lv, s, d in CONTRACTS]
)
def test_law77_every_row(level: int, strain: str, dbl: str, vul: bool) -> None:
    contract = f"{level}{strain}{dbl}"
    got = [score(contract, vulnerable=vul, tricks=t) for t in range(14)]
    assert got == [expected(level, strain, dbl, vul, t) for t in range(14)]


# Well-known values, each checked by hand against the table.
KNOWN = [
    ("1NT", False, 7, 90), ("1NTX", False, 7, 180), ("1NTXX", False, 7, 560),
    ("1NTXX", True, 7, 760), ("2NTX", False, 8, 490), ("1CX", False, 7, 140),
    ("1CXX", False, 7, 230), ("1CX", False, 8, 240), ("1CX", True, 8, 340),
    ("2CXX", False, 8, 560), ("2CX", False, 10, 380), ("1HX", True, 10, 760),
    ("3NT", False, 9, 400), ("3NT", True, 9, 600), ("3NT", False, 10, 430),
    ("4S", True, 10, 620), ("4S", False, 11, 450), ("5C", False, 11, 400), ("4SX", True, 10, 790),
    ("6S", True, 12, 1430), ("6NT", False, 12, 990), ("7NT", True, 13, 2220),
    ("7NTX", True, 13, 2490), ("7NTXX", True, 13, 2980), ("7CXX", False, 13, 1960),
    ("4SX", True, 9, -200), ("3NTX", False, 6, -500), ("4SX", False, 6, -800),
    ("4SX", True, 6, -1100), ("4H", True, 7, -300), ("4H", False, 8, -100),
    ("7NTXX", True, 0, -7600), ("7NTXX", False, 0, -7000), ("7NTX", False, 0, -3500),
    ("passed out", False, 0, 0), ("passed out", True, 0, 0),
    ("4♠X", True, 10, 790), ("1N", False, 7, 90), ("3nt", False, 9, 400),
]  # fmt: skip


@pytest.mark.parametrize(("contract", "vul", "tricks", "points"), KNOWN)
def test_known_scores(contract: str, vul: bool, tricks: int, points: int) -> None:
    assert score(contract, vulnerable=vul, tricks=tricks) == points


@pytest.mark.parametrize(
    ("result", "vul", "points"),
    [
        ("4S=", True, 620),
        ("4S+1", False, 450),
        ("4S-2", False, -100),
        ("3NTX-2", True, -500),
        ("7CXX=", False, 1960),
        ("passed out", True, 0),
        ("N 1NTXX=", True, 760),
    ],
)
def test_score_result(result: str, vul: bool, points: int) -> None:
    assert score_result(result, vulnerable=vul) == points


@pytest.mark.parametrize(
    ("contract", "vul", "tricks", "fragment"),
    [
        ("8S", False, 10, "'8S'"),
        ("4Z", False, 10, "'4Z'"),
        ("", False, 10, "contract"),
        ("4S", False, 14, "14"),
        ("4S", False, -1, "-1"),
        ("4S", "yes", 10, "'yes'"),
        ("4S", False, True, "True"),
        ("4SXXX", False, 10, "'4SXXX'"),
    ],
)
def test_score_rejects_bad_input(contract: str, vul: object, tricks: object, fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment):
        score(contract, vulnerable=vul, tricks=tricks)  # type: ignore[arg-type]


# --- Law 78B, as printed ------------------------------------------------------------------------
IMP_TABLE = [
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
]


def test_imp_table_has_24_bands() -> None:
    assert len(IMP_TABLE) + 1 == 24  # plus "4000 and more"


@pytest.mark.parametrize(("lo", "hi", "value"), IMP_TABLE)
def test_imp_band_edges(lo: int, hi: int, value: int) -> None:
    for d in range(lo, hi + 1, 10):
        assert imps(d) == value
        assert imps(-d) == -value
    assert imps(lo - 10) == value - 1


@pytest.mark.parametrize(
    ("diff", "value"),
    [
        (0, 0),
        (10, 0),
        (19, 0),
        (4000, 24),
        (7600, 24),
        (-4000, -24),
        (45, 1),
        (-15, 0),
        (430.0, 10),
    ],
)
def test_imps_ends(diff: int, value: int) -> None:
    assert imps(diff) == value


@pytest.mark.parametrize("bad", ["430", None, True, [430]])
def test_imps_rejects_non_numbers(bad: object) -> None:
    with pytest.raises(RulesError, match="points difference"):
        imps(bad)  # type: ignore[arg-type]


@given(st.integers(min_value=-10_000, max_value=10_000))
def test_imps_symmetric(d: int) -> None:
    assert imps(-d) == -imps(d)


@given(st.integers(-10_000, 10_000), st.integers(-10_000, 10_000))
def test_imps_monotone(a: int, b: int) -> None:
    lo, hi = sorted((a, b))
    assert imps(lo) <= imps(hi)


# --- Law 78A, 78C -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("scores", "mps"),
    [
        ([620, 650, 620, 600], [3, 6, 3, 0]),
        ([100, 100], [1, 1]),
        ([420], [0]),
        ([], []),
        ([-100, -100, -100], [2, 2, 2]),
        ([50, 110, -50, 110, 140], [2, 5, 0, 5, 8]),
    ],
)
def test_matchpoints(scores: list[int], mps: list[int]) -> None:
    assert matchpoints(scores) == [float(m) for m in mps]


def test_percentages() -> None:
    assert mp_percentages([620, 650, 620, 600]) == [50.0, 100.0, 50.0, 0.0]
    with pytest.raises(RulesError, match="at least two"):
        mp_percentages([420])


@given(st.lists(st.integers(-3000, 3000), max_size=30))
def test_matchpoints_sum(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)


@given(st.lists(st.integers(-3000, 3000), min_size=2, max_size=30))
def test_matchpoints_order(scores: list[int]) -> None:
    mps = matchpoints(scores)
    for a, ma in zip(scores, mps, strict=True):
        for b, mb in zip(scores, mps, strict=True):
            assert (a > b) == (ma > mb)


def test_total_points() -> None:
    assert total_points([420, -100, 0, 1430]) == 1750
    with pytest.raises(RulesError, match="'x'"):
        total_points([420, "x"])  # type: ignore[list-item]
