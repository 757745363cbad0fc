"""The preferans auction (Kodeks čl. 18-20)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.rules.errors import RulesError
from kb.rules.preferans.bidding import LADDER, check_auction, legal_calls, parse_call
from kb.rules.preferans.errors import NotSpecified


def test_ladder() -> None:
    # definitions "Dva" ... "Sedam" and čl. 77 rows "1. Pik - 2 x 2" ... "6. Sanac - 7 x 2"
    assert LADDER == {2: "pik", 3: "karo", 4: "herc", 5: "tref", 6: "betl", 7: "sanac"}


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("P", "P"),
        ("dalje", "P"),
        ("dobro", "P"),
        ("2", "2"),
        ("četiri", "4"),
        ("sedam", "7"),
        ("isti", "isti"),
        ("uzimam", "isti"),
        ("mogu", "isti"),
        ("igra", "igra"),
        ("I", "igra"),
        ("igra-karo", "igra-karo"),
        ("igra herc", "igra-herc"),
        ("I5", "igra-tref"),
        ("igra 2", "igra-pik"),
        ("Betl", "betl"),
        ("SANAC", "sanac"),
    ],
)
def test_parse_call(text: str, canonical: str) -> None:
    assert str(parse_call(text)) == canonical


@pytest.mark.parametrize("text", ["1", "8", "X", "igra-betl", "igra 6", "I7", "kontra", ""])
def test_bad_call_quotes_input(text: str) -> None:
    with pytest.raises(RulesError, match=f"bad call {text!r}"):
        parse_call(text)


# (calls, contract, level, with_talon, declarer hand)
COMPLETE = [
    # čl. 18 d) "ili su sva tri natjecatelja licitirali pass"
    (["P", "P", "P"], "passed out", None, None, None),
    # "Jedan od natjecatelja izlicitira licitacionu završnu licitaciju"
    (["2", "P", "P"], "pik", 2, True, 1),
    (["P", "2", "P"], "pik", 2, True, 2),
    (["P", "P", "2"], "pik", 2, True, 3),
    (["2", "3", "P", "isti", "P"], "karo", 3, True, 1),
    (["2", "3", "4", "isti", "P", "5", "P"], "tref", 5, True, 3),
    (["2", "3", "P", "3", "4", "4", "5", "5", "6", "6", "7", "7", "P"], "sanac", 7, True, 1),
    # "jedan od natjecatelja izlicitira najvišu igru"; a later igra only if higher (19 c),
    # a lower one is answered "manja igra", the same one "dobra"
    (["igra-karo", "P", "P"], "igra-karo", 3, False, 1),
    (["igra-karo", "igra-herc", "P"], "igra-herc", 4, False, 2),
    (["igra-karo", "igra-herc", "igra-tref"], "igra-tref", 5, False, 3),
    (["igra-tref", "manja igra", "P"], "igra-tref", 5, False, 1),
    (["igra-herc", "dobra", "manja"], "igra-herc", 4, False, 1),
    (["2", "igra", "P", "P"], "igra", None, False, 2),
    # "jedan od natjecatelja izlicitira betl, a nema licitacije sanac"
    (["2", "betl", "P", "P"], "betl", 6, False, 2),
    (["igra", "betl", "P", "P"], "betl", 6, False, 2),
    # "jedan od natjecatelja izlicitira sanac"; "Nakon betla možemo licitirati sanac." (20 b 3)
    (["sanac"], "sanac", 7, False, 1),
    (["2", "sanac"], "sanac", 7, False, 2),
    (["igra", "betl", "sanac"], "sanac", 7, False, 3),
    (["igra", "betl", "P", "sanac"], "sanac", 7, False, 1),
]


@pytest.mark.parametrize(("calls", "contract", "level", "talon", "declarer"), COMPLETE)
def test_complete_auctions(
    calls: list[str], contract: str, level: int | None, talon: bool | None, declarer: int | None
) -> None:
    res = check_auction(calls)
    assert res.legal and res.complete, res
    assert (res.contract, res.level, res.with_talon, res.declarer) == (
        contract,
        level,
        talon,
        declarer,
    )
    assert legal_calls(calls) == []


# (calls, index of the illegal call, reason, article)
ILLEGAL = [
    # čl. 19 a) "Licit mora imenovati početnu redovnu završnu licitaciju 2(dva)."
    (["3"], 0, "the first bid must be 2", "19"),
    (["P", "isti"], 1, "nothing to hold: no bid yet", "19"),
    # čl. 19 b) "Licit nadomješta prethodni licit ako je veći za jednu završnu licitaciju ili
    # isti licit ukoliko je rečen od natjecatelja koji je prvi licitirao ..."
    (["2", "4"], 1, "a bid must be exactly one step higher", "19"),
    (["2", "3", "2"], 2, "insufficient bid", "19"),
    (["2", "3", "3"], 2, "same bid (hold) only by a player who bid before the high bidder", "19"),
    (["2", "isti"], 1, "same bid (hold) only by a player who bid before the high bidder", "19"),
    # čl. 19 c) "Igra ... isključuje sve licitacije prvog ranga"; second igra not 2, third not 3
    (["igra", "2"], 1, "regular bid not allowed after igra, betl or sanac", "19"),
    (["igra", "igra-pik"], 1, "igra too low: igra number 2 names 3 or more", "19"),
    (["igra", "igra", "igra-karo"], 2, "igra too low: igra number 3 names 4 or more", "19"),
    # "drugi ili treći natjecatelj će redom obznaniti svoje igre samo ako su većeg ranga"
    (
        ["igra-tref", "igra-herc"],
        1,
        "igra not higher than igra-tref already named: the answer is 'manja igra' (čl. 19 c)",
        "19",
    ),
    (
        ["igra-herc", "igra-herc"],
        1,
        "igra not higher than igra-herc already named: the answer is 'dobra' (čl. 19 c)",
        "19",
    ),
    # čl. 19 d) betl/sanac "ukidaju licitacije prvog i drugog reda"; 20 b 3) no repeating
    (["betl", "igra"], 1, "igra not allowed after betl or sanac", "19"),
    (["betl", "3"], 1, "regular bid not allowed after igra, betl or sanac", "19"),
    (["igra", "betl", "betl"], 2, "betl cannot follow betl or sanac", "20"),
    # čl. 18 d) the end of the auction
    (["2", "P", "P", "P"], 3, "auction already ended", "18"),
    (["sanac", "P"], 1, "auction already ended", "18"),
    (["P", "P", "P", "2"], 3, "auction already ended", "18"),
]


@pytest.mark.parametrize(("calls", "index", "reason", "article"), ILLEGAL)
def test_illegal_auctions(calls: list[str], index: int, reason: str, article: str) -> None:
    res = check_auction(calls)
    assert not res.legal and not res.complete
    assert (res.first_illegal_index, res.reason, res.provision) == (
        index,
        reason,
        f"hr-pref-2014:{article}",
    )


def test_a_passed_player_never_speaks_again() -> None:
    # čl. 19 b) "Natjecatelj koji je tijekom licitacije jednom passirao, ne može se ponovo
    # aktivirati u licitacijski ciklus." Hand 2 passed, so after hand 3 it is hand 1's turn.
    res = check_auction(["2", "P", "3"])
    assert res.next_hand == 1 and not res.complete
    assert "isti" in legal_calls(["2", "P", "3"])


@pytest.mark.parametrize(
    "calls",
    [
        ["2", "3", "P", "igra"],
        ["2", "P", "3", "betl"],
        ["2", "betl", "P", "sanac"],
    ],
)
def test_talon_bidder_declaring_later_is_not_specified(calls: list[str]) -> None:
    # hand 1 bid for the talon and then declares: čl. 19 does not say whether he may
    with pytest.raises(NotSpecified, match="not specified by the code"):
        check_auction(calls)


def test_legal_calls_at_the_start() -> None:
    assert legal_calls([]) == [
        "P",
        "2",
        "igra",
        "igra-pik",
        "igra-karo",
        "igra-herc",
        "igra-tref",
        "betl",
        "sanac",
    ]


@st.composite
def legal_auction(draw: st.DrawFn) -> list[str]:
    calls: list[str] = []
    while options := legal_calls(calls):
        calls.append(draw(st.sampled_from(options)))
    return calls


@settings(max_examples=150, deadline=None)
@given(legal_auction())
def test_random_legal_auctions(calls: list[str]) -> None:
    res = check_auction(calls)
    assert res.legal and res.complete
    assert len(calls) <= 16
    for k in range(len(calls)):  # every prefix is legal and not yet over
        prefix = check_auction(calls[:k])
        assert prefix.legal and not prefix.complete
    if res.with_talon:
        # the declarer made the last regular bid or hold
        regular = [i for i, c in enumerate(res.calls) if c[0].isdigit() or c == "isti"]
        assert res.contract == LADDER[res.level or 0]
        assert regular and res.calls[regular[-1]] in (str(res.level), "isti")
    if res.contract == "passed out":
        assert res.calls == ("P", "P", "P")
