"""Every public function of the rules core answers malformed input with a RulesError quoting it.

Each function is called with valid arguments (the table below) except one, replaced by a
malformed value: None, NaN, infinities, huge integers, booleans, bytes, nested lists, strings of
the wrong kind, empty strings. The call may succeed (some such values are valid, e.g. a huge
points difference), but the only exception allowed is RulesError, and its message must quote
the value (or the element of it that is wrong).
"""

from __future__ import annotations

import importlib
import inspect
import math
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.rules.bridge.values import Call, Card, Contract, Result, Seat, Strain, Vul
from kb.rules.edition import Edition
from kb.rules.errors import RulesError
from kb.rules.preferans.errors import NotSpecified

MODULES: list[ModuleType] = [
    importlib.import_module(f"kb.rules.{name}")
    for name in (
        "edition",
        "bridge.values",
        "bridge.auction",
        "bridge.play",
        "bridge.scoring",
        "bridge.adjusted",
        "bridge.table",
        "bridge.playstate",
        "bridge.claim",
        "preferans.bidding",
        "preferans.cards",
        "preferans.cycle",
        "preferans.irregular",
        "preferans.mitchell",
        "preferans.scoring",
    )
]
WINNERS = list("NNEESSWWNNEES")
DEAL = [
    ["AT", "KT", "DT", "JT", "10T", "9T", "8T", "7T", "AH", "KH"],
    ["DH", "JH", "10H", "9H", "8H", "7H", "AK", "KK", "DK", "JK"],
    ["10K", "9K", "8K", "7K", "AP", "KP", "DP", "JP", "10P", "9P"],
]

# Valid arguments of every public function, by name (module-qualified where names repeat).
VALID: dict[str, dict[str, Any]] = {
    "edition.bridge_edition": {"value": "2017"},
    "values.edition_doc": {"edition": "2007"},
    "values.law_id": {"edition": "2017", "cite": "64A1"},
    "auction.check_auction": {"dealer": "N", "calls": ["1H", "P"], "edition": "2017"},
    "auction.next_to_call": {"dealer": "N", "calls": ["1H", "P"]},
    "auction.legal_calls": {"dealer": "N", "calls": ["1H", "P"]},
    "auction.lowest_sufficient_bid": {"calls": ["1H", "P"], "strain": "D"},
    "auction.out_of_rotation": {
        "dealer": "N",
        "calls": ["1H"],
        "seat": "S",
        "call": "P",
        "rho_must_pass": False,
        "edition": "2007",
    },
    "play.trick_winner": {"cards": ["SA", "S2", "S3", "S4"], "leader": "N", "trump": "H"},
    "play.legal_plays": {"hand": ["SA", "H2"], "led": "S"},
    "play.is_revoke": {"hand": ["SA", "H2"], "card": "H2", "led": "S"},
    "play.revoke_established": {"events": ["played to next trick"], "edition": "2017"},
    "play.revoke_transfer": {
        "winners": WINNERS,
        "revoke_trick": 3,
        "offender": "E",
        "declarer": "S",
        "edition": "2017",
        "established": True,
        "failed_to_play": None,
        "repeated_same_suit": False,
        "already_transferred": [],
    },
    "play.play_record": {
        "tricks": [["SA", "S2", "S3", "S4"]],
        "contract": "4S",
        "declarer": "S",
        "hands": None,
        "edition": "2017",
    },
    "scoring.trick_score": {"contract": "4S"},
    "scoring.score_parts": {"contract": "4S", "vulnerable": True, "tricks": 10},
    "scoring.score": {"contract": "4S", "vulnerable": True, "tricks": 10},
    "scoring.score_result": {"result": "4S+1", "vulnerable": False},
    "scoring.imps": {"diff": 430},
    "scoring.matchpoints": {"scores": [620, 650]},
    "scoring.mp_percentages": {"scores": [620, 650]},
    "scoring.total_points": {"scores": [620, 650]},
    "adjusted.artificial_score": {
        "award": "avg+",
        "scoring": "mp",
        "edition": "2017",
        "session_percent": 55.0,
    },
    "adjusted.award_for": {"responsibility": "partly"},
    "adjusted.weighted_entries": {"lines": ["60% N 4S=", "0.4 N 4S-1"]},
    "adjusted.weighted_results": {"weighted": [(0.5, "N 4S="), (0.5, "N 4S-1")], "vul": "NS"},
    "adjusted.weighted_matchpoints": {
        "weighted": [(0.5, 620), (0.5, -100)],
        "field": [170, 620],
        "edition": "2017",
    },
    "adjusted.weighted_imps": {
        "weighted": [(0.5, 620), (0.5, -100)],
        "versus": 170,
        "edition": "2007",
    },
    "table.parse_event": {"raw": "E:1H"},
    "table.replay": {"dealer": "N", "events": ["1S", "W:P"], "edition": "2017"},
    "table.auction_facts": {"dealer": "N", "events": ["1S", "1H", "2H"], "edition": "2007"},
    "playstate.penalty_card_kind": {"cards": ["S7"], "deliberate": False},
    "playstate.play_state": {
        "tricks": [["HA", "H2", "H3", "H4"], {"leader": "W", "cards": ["SK"]}],
        "contract": "4S",
        "declarer": "S",
        "penalty_cards": {"E": [["D7", "minor"]]},
        "exposed_cards": {"S": ["SA"]},
    },
    "playstate.lead_facts": {
        "tricks": [["HA", "H2", "H3", "H4"]],
        "contract": "4S",
        "declarer": "S",
        "seat": "E",
        "edition": "2017",
    },
    "claim.claim_facts": {
        "cards_left": {"S": ["SA", "H3"], "N": ["S2", "S3"], "E": ["SQ", "HQ"], "W": ["SJ", "H2"]},
        "trump": None,
        "leader": "S",
        "claimer": "S",
        "claimed": 2,
        "line": ["SA"],
        "budget": 1000,
    },
    "bidding.parse_call": {"text": "igra-karo"},
    "bidding.check_auction": {"calls": ["2", "3", "P", "P"]},
    "bidding.legal_calls": {"calls": ["2"]},
    "cards.parse_suit": {"text": "T"},
    "cards.parse_seat": {"text": "E"},
    "cards.parse_card": {"text": "AT"},
    "cards.deck": {},
    "cards.sort_hand": {"cards": ["AT", "7P"]},
    "cards.check_deal": {"hands": DEAL, "talon": ["8P", "7P"]},
    "cards.deal_packets": {"order": [c for hand in DEAL for c in hand] + ["8P", "7P"]},
    "cards.trick_winner": {"cards": ["AT", "KT", "7H"], "trump": "H"},
    "irregular.auction_facts": {"events": ["2", "3", "2", "1:4"]},
    "irregular.revoke_facts": {
        "winners": list("EENNWWEENN"),
        "revoke_trick": 3,
        "offender": "W",
        "declarer": "E",
    },
    "cycle.board": {"number": 5},
    "cycle.boards": {"first": 1, "count": 3},
    "mitchell.top": {"entries": 7},
    "mitchell.mitchell_points": {"results": [100, -50, 30], "artificial": 0},
    "mitchell.mitchell_percentages": {"results": [100, -50, 30], "artificial": 0},
    "scoring.parse_doubling": {"text": "X"},
    "scoring.parse_contract": {"text": "K!", "doubling": None},
    "scoring.game_value": {"contract": "K"},
    "scoring.declarer_column": {"contract": "K"},
    "scoring.trick_column": {"contract": "K"},
    "scoring.multiplier": {"doubling": "X", "refe": False},
    "scoring.pik_playable": {"contract": "P", "refe": True},
    "scoring.obligation": {"role": "declarer", "contract": "K"},
    "scoring.score_made": {"contract": "K", "defender_tricks": [2, 2], "refe": False},
    "scoring.score_betl_defeated": {"contract": "BX", "doubler": 0, "refe": False},
    "scoring.juhe_points": {"juhe": 40},
    "scoring.pure_betl_double": {"contract": "BX", "refe": False},
    "scoring.settle": {"sredina": [8, 0, 0], "juhe": [[0, 0, 0], [40, 0, 0], [0, 0, 0]]},
}

PARSERS: list[Callable[[Any], object]] = [
    Seat.parse,
    Strain.parse,
    Call.parse,
    Vul.parse,
    Contract.parse,
    Result.parse,
    Card.parse,
    Edition.parse,
]


def _public(module: ModuleType) -> list[Callable[..., object]]:
    return [
        fn
        for name, fn in inspect.getmembers(module, inspect.isfunction)
        if fn.__module__ == module.__name__ and not name.startswith("_")
    ]


def _key(fn: Callable[..., object]) -> str:
    return f"{fn.__module__.rsplit('.', 1)[-1]}.{fn.__name__}"


FUNCTIONS = [fn for module in MODULES for fn in _public(module)]


def test_every_public_function_has_valid_arguments() -> None:
    keys = {_key(fn) for fn in FUNCTIONS}
    assert keys == set(VALID), (keys - set(VALID), set(VALID) - keys)


@pytest.mark.parametrize("fn", FUNCTIONS, ids=_key)
def test_valid_arguments_are_accepted(fn: Callable[..., object]) -> None:
    fn(**VALID[_key(fn)])


MALFORMED = st.one_of(
    st.none(),
    st.just(math.nan),
    st.sampled_from([math.inf, -math.inf, 10**30, -(10**30), 2**63, True, False]),
    st.binary(max_size=4),
    st.just(""),
    st.text(max_size=6),
    st.sampled_from(["1", "NT", "nonsense", " ", "♠", "E:1H", "-1", "0"]),
    st.recursive(
        st.one_of(st.none(), st.integers(-3, 3), st.text(max_size=3)),
        lambda inner: st.lists(inner, max_size=3),
        max_leaves=6,
    ),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)


def _quoted(message: str, value: object) -> bool:
    """Whether the message quotes the value, or one of its elements."""
    if repr(value) in message or (isinstance(value, str) and value and value in message):
        return True
    if isinstance(value, list | tuple):
        return any(_quoted(message, v) for v in value)
    if isinstance(value, dict):
        return any(_quoted(message, k) or _quoted(message, v) for k, v in value.items())
    return False


def _call(fn: Callable[..., object], kwargs: dict[str, Any], bad: object) -> None:
    try:
        fn(**kwargs)
    except NotSpecified:
        # the drawn value happened to be valid (e.g. defender_tricks=[3, 3]) and names a case the
        # code leaves open: an answer about the rules, not a complaint about the input
        pass
    except RulesError as exc:
        assert _quoted(str(exc), bad), (fn.__name__, kwargs, str(exc))


@pytest.mark.parametrize("fn", [f for f in FUNCTIONS if VALID[_key(f)]], ids=_key)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_malformed_argument(fn: Callable[..., object], data: st.DataObject) -> None:
    kwargs = dict(VALID[_key(fn)])
    name = data.draw(st.sampled_from(sorted(kwargs)), label="parameter")
    bad = data.draw(MALFORMED, label="value")
    kwargs[name] = bad
    _call(fn, kwargs, bad)


@pytest.mark.parametrize("parse", PARSERS, ids=lambda p: p.__qualname__)
@settings(max_examples=60, deadline=None)
@given(bad=MALFORMED)
def test_malformed_value_type(parse: Callable[[Any], object], bad: object) -> None:
    try:
        parse(bad)
    except RulesError as exc:
        assert _quoted(str(exc), bad), str(exc)
