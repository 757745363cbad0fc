"""Adjusted scores: artificial (12C2, 86A in 2007) and weighted (12C1(c))."""

from __future__ import annotations

import pytest

from kb.rules.bridge import (
    RulesError,
    artificial_score,
    award_for,
    weighted_entries,
    weighted_imps,
    weighted_matchpoints,
    weighted_results,
)


@pytest.mark.parametrize(
    ("award", "scoring", "edition", "value", "ids"),
    [
        ("avg+", "mp", "2017", 60.0, ("sk-2017:12C2(a)",)),
        ("avg", "mp", "2017", 50.0, ("sk-2017:12C2(a)",)),
        ("avg-", "mp", "2007", 40.0, ("sr-2007:12C2(a)",)),
        ("avg+", "imp", "2017", 3.0, ("sk-2017:12C2(b)",)),
        ("avg-", "imp", "2017", -3.0, ("sk-2017:12C2(b)",)),
        ("average plus", "imps", "2007", 3.0, ("sr-2007:12C2(b)", "sr-2007:86A")),
        ("avg", "imp", "2007", 0.0, ("sr-2007:12C2(b)", "sr-2007:86A")),
    ],
)
def test_artificial(
    award: str, scoring: str, edition: str, value: float, ids: tuple[str, ...]
) -> None:
    a = artificial_score(award, scoring=scoring, edition=edition)
    assert (a.value, a.law_ids) == (value, ids)


@pytest.mark.parametrize(
    ("award", "session", "value"),
    [
        ("avg+", 65.5, 65.5),
        ("avg+", 55.0, 60.0),
        ("avg-", 30.0, 30.0),
        ("avg-", 45.0, 40.0),
        ("avg", 70.0, 50.0),
    ],
)
def test_12c2c_session_percentage(award: str, session: float, value: float) -> None:
    assert artificial_score(award, session_percent=session, edition="2017").value == value


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"award": "good"}, "'good'"),
        ({"award": "avg", "scoring": "vp"}, "'vp'"),
        ({"award": "avg", "edition": "2010"}, "'2010'"),
        ({"award": "avg+", "scoring": "imp", "session_percent": 70}, "70"),
    ],
)
def test_artificial_rejects(kwargs: dict[str, object], fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment):
        artificial_score(**{"edition": "2017", **kwargs})  # type: ignore[arg-type]


def test_weighted_results_scored_first() -> None:
    got = weighted_results([(0.6, "N 4S="), (0.3, "N 4S-1"), (0.1, "E 5HX-2")], vul="NS")
    assert got == [(0.6, 620), (0.3, -100), (0.1, 300)]
    assert weighted_results([(1, "passed out")], vul="Both") == [(1.0, 0)]


def test_weighted_matchpoints() -> None:
    # 60% of +620 (beats 3 scores, ties 1 -> 7 MP of 8) and 40% of -100 (beats 0 -> 0 MP).
    w = weighted_matchpoints([(0.6, 620), (0.4, -100)], [620, 170, 140, -50], edition="2017")
    assert [p[2] for p in w.parts] == [7.0, 0.0]
    assert w.value == pytest.approx(4.2) and w.top == 8.0 and w.percent == pytest.approx(52.5)


def test_weighted_imps_weights_imps_not_points() -> None:
    w = weighted_imps([(0.5, 620), (0.5, -100)], 170, edition="2017")
    assert [p[2] for p in w.parts] == [10.0, -7.0]
    assert w.value == pytest.approx(1.5)  # not imps(0.5*620 + 0.5*-100 - 170) = imps(90) = 3
    assert "sk-2017:12C1(c)" in w.law_ids


@pytest.mark.parametrize(
    "weighted",
    [[(0.5, 620)], [(0.5, 620), (0.6, 100)], [(0, 620), (1, 100)], [], [(1.0, "x")], [(1.0,)]],
)
def test_weighted_rejects(weighted: list[tuple[float, int]]) -> None:
    with pytest.raises(RulesError):
        weighted_imps(weighted, 0, edition="2017")


def test_weighted_results_need_declarer() -> None:
    with pytest.raises(RulesError, match="declarer"):
        weighted_results([(1.0, "4S=")], vul="None")


@pytest.mark.parametrize(
    ("responsibility", "award"),
    [("directly", "avg-"), ("partly", "avg"), ("none", "avg+"), ("In no way at fault", "avg+")],
)
def test_award_by_responsibility(responsibility: str, award: str) -> None:
    assert award_for(responsibility) == award


@pytest.mark.parametrize("bad", ["", "mostly", None, 3])
def test_award_rejects(bad: object) -> None:
    with pytest.raises(RulesError, match="responsibility"):
        award_for(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("lines", "pairs"),
    [
        (["60% N 4S=", "40% N 4S-1"], [(0.6, "N 4S="), (0.4, "N 4S-1")]),
        (["0.5 E 3NT=", "0,5 E 3NT-1"], [(0.5, "E 3NT="), (0.5, "E 3NT-1")]),
        (["100% passed out"], [(1.0, "passed out")]),
    ],
)
def test_weighted_entries(lines: list[str], pairs: list[tuple[float, str]]) -> None:
    assert weighted_entries(lines) == pairs


@pytest.mark.parametrize(
    ("lines", "fragment"),
    [
        (["N 4S="], "'N 4S='"),
        (["60% N 4S="], "sum to 0.6"),
        (["150% N 4S="], "'150% N 4S='"),
        ([], r"\[\]"),
    ],
)
def test_weighted_entries_reject(lines: list[str], fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment):
        weighted_entries(lines)


def test_weighted_entries_then_scored() -> None:
    got = weighted_results(weighted_entries(["70% N 4S=", "30% N 4S-1"]), vul="None")
    assert got == [(0.7, 420), (0.3, -50)]
