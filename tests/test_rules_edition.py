"""The edition is one validated type: parsed once, never silently read as another edition."""

from __future__ import annotations

import math
import re

import pytest

from kb.rules.bridge import check_auction, imps, revoke_established
from kb.rules.edition import Edition, bridge_edition
from kb.rules.errors import RulesError
from kb.rules.preferans import boards


@pytest.mark.parametrize(
    ("value", "edition"),
    [
        ("2007", Edition.LAWS_2007),
        (" 2007", Edition.LAWS_2007),
        ("2007\n", Edition.LAWS_2007),
        (2007, Edition.LAWS_2007),
        ("sr-2007", Edition.LAWS_2007),
        ("2017", Edition.LAWS_2017),
        (2017, Edition.LAWS_2017),
        ("SK-2017", Edition.LAWS_2017),
        ("hr-pref-2014", Edition.PREF_2014),
        (Edition.LAWS_2017, Edition.LAWS_2017),
    ],
)
def test_accepted_spellings(value: object, edition: Edition) -> None:
    assert Edition.parse(value) is edition


@pytest.mark.parametrize(
    "value", ["2010", "20 07", "2007a", "", None, True, 2007.0, b"2007", ["2007"], 2014]
)
def test_rejected_with_input_and_accepted_values(value: object) -> None:
    with pytest.raises(RulesError) as err:
        Edition.parse(value)
    message = str(err.value)
    assert repr(value) in message
    assert "'2007', '2017', 'hr-pref-2014'" in message


def test_bridge_functions_refuse_the_preferans_edition() -> None:
    with pytest.raises(RulesError, match=re.escape("expected '2007', '2017'")):
        bridge_edition("hr-pref-2014")


@pytest.mark.parametrize(("edition", "cite"), [(" 2007", "sr-2007:22A2"), (2017, "sk-2017:22A")])
def test_spellings_cite_their_own_edition(edition: object, cite: str) -> None:
    check = check_auction("N", ["1H", "P", "P", "P"], edition=edition)  # type: ignore[arg-type]
    assert cite in check.law_ids and check.edition == cite[3:7]


def test_63a4_is_2017_only_for_every_spelling() -> None:
    for edition in (" 2007", 2007, "sr-2007"):
        got = revoke_established(["acquiesced in opponents' claim"], edition=edition)
        assert got.law == "63A3" and got.law_ids[0] == "sr-2007:63A3"


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_imps_refuses_non_finite(value: float) -> None:
    with pytest.raises(RulesError, match=re.escape(repr(value))):
        imps(value)


def test_boards_bounded() -> None:
    with pytest.raises(RulesError, match="from 0 to 1000"):
        boards(1, 10**30)
    assert len(boards(10**30, 3)) == 3
