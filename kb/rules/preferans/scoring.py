"""Preferans scoring (Kodeks čl. 77 "Osnovni obračun u preferansu", čl. 22-23, čl. 79 b).

Contracts are written as in čl. 79: a letter P K H T B S (or the name), ``!`` for an igra
(declared without the talon), then ``X`` kontra, ``XX`` rekontra, ``XXX`` subkontra:
``K!`` karo igra, ``BX`` betl kontra, ``TXX`` tref rekontra, ``S!`` igra sanac.

Where the Kodeks contradicts itself, čl. 77 wins: the definitions value betl "sa 6" and sanac
"jednako 7" (those are their ladder levels), čl. 77 gives 12 and 14 (:data:`DEFINITION_VALUES`).
Where it is silent (the failed declarer's penalty, a failed follower's penalty) the answer is None
with the reason, or :class:`NotSpecified`. A made betl is scored from the čl. 77 a) table like every
game (declarer 120, each follower 12 a trick); a betl declarer who takes a trick has failed
(definition "Pad").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from fractions import Fraction

from kb.rules.errors import RulesError, as_bool, as_list, bad_input
from kb.rules.preferans.bidding import LADDER, LEVEL_OF
from kb.rules.preferans.errors import NotSpecified
from kb.rules.registry import provision

P22, P23, P77, P79 = "hr-pref-2014:22", "hr-pref-2014:23", "hr-pref-2014:77", "hr-pref-2014:79"
TRICKS = 10  # ten tricks a board: three hands of ten cards (čl. 6, 7)

#: Values the definitions chapter states ("vrijednosti 4" ... "Betl ... se vrednuje sa 6",
#: "Sanac ... Vrijednost igre jednako 7"); čl. 77 gives betl 12 and sanac 14 and is followed.
DEFINITION_VALUES: dict[str, int] = {
    "pik": 4,
    "karo": 6,
    "herc": 8,
    "tref": 10,
    "betl": 6,
    "sanac": 7,
}
DOUBLINGS: dict[str, int] = {"": 1, "X": 2, "XX": 4, "XXX": 8}  # čl. 77 d)
_DOUBLING_WORDS = {
    "": "",
    "-": "",
    "x": "X",
    "xx": "XX",
    "xxx": "XXX",
    "kontra": "X",
    "rekontra": "XX",
    "subkontra": "XXX",
}
_LETTERS = {"P": "pik", "K": "karo", "H": "herc", "T": "tref", "B": "betl", "S": "sanac"}
_CONTRACT_RE = re.compile(
    r"^(?:(?P<igra>igra)[ -]?)?(?P<name>pik|karo|kara|herc|tref|betl|sanac|[PKHTBS]|[2-7])"
    r"(?P<bang>!)?(?P<dbl>X{0,3})$",
    re.IGNORECASE,
)
_CONTRACT_ACCEPTED = (
    "P K H T B S or pik/karo/herc/tref/betl/sanac or 2-7, '!' or 'igra-' "
    "for igra without talon, then X/XX/XXX (e.g. 'K!', 'BX', 'TXX', 'igra-herc')"
)


def parse_doubling(text: str) -> str:
    """``X``/``XX``/``XXX`` or kontra/rekontra/subkontra; empty for none."""
    key = _DOUBLING_WORDS.get(str(text).strip().lower())
    if key is None:
        raise bad_input("doubling", text, "'', X, XX, XXX or kontra, rekontra, subkontra")
    return key


@dataclass(frozen=True)
class Contract:
    """A played contract: ``name`` from the ladder, the talon taken or not, the doubling."""

    name: str
    with_talon: bool = True
    doubling: str = ""

    def __str__(self) -> str:
        return f"{self.name[0].upper()}{'' if self.with_talon else '!'}{self.doubling}"

    @property
    def level(self) -> int:
        """Ladder level: pik 2 ... sanac 7."""
        return LEVEL_OF[self.name]

    @property
    def betl(self) -> bool:
        """Betl: no trumps, the declarer must take no trick."""
        return self.name == "betl"


@provision(P77, P22, P23)
def parse_contract(text: str | Contract, doubling: str | None = None) -> Contract:
    """Parse ``K!``, ``BX``, ``TXX``, ``karo``, ``igra-herc``, ``4`` ...; ``doubling`` overrides."""
    if isinstance(text, Contract):
        con = text
    else:
        m = _CONTRACT_RE.match(str(text).strip().replace(" ", "-").replace("--", "-"))
        if m is None:
            raise bad_input("contract", text, _CONTRACT_ACCEPTED)
        raw = m["name"].lower()
        name = LADDER[int(raw)] if raw.isdigit() else _LETTERS.get(raw.upper(), raw)
        name = "karo" if name == "kara" else name
        con = Contract(name, not (m["igra"] or m["bang"]), m["dbl"].upper())
    if doubling is not None:
        con = Contract(con.name, con.with_talon, parse_doubling(doubling))
    return con


@provision(P77)
def game_value(contract: str | Contract) -> int:
    """Game value per čl. 77 a): from the auction with talon level x 2 ("Karo - 3 x 2 - 6"),
    from igra without talon level x 2 + 2 ("Karo - 3 x 2 + 2 - 8"); betl 12/14, sanac 14/16."""
    con = parse_contract(contract)
    return con.level * 2 + (0 if con.with_talon else 2)


@provision(P77)
def declarer_column(contract: str | Contract) -> int:
    """Column "izvođač za igru" of the čl. 77 table: ten times the game value (karo: 60)."""
    return 10 * game_value(contract)


@provision(P77)
def trick_column(contract: str | Contract) -> int:
    """Column "pratilac za štih" of the čl. 77 table: the game value per trick. Pik from the
    auction has "-" there ("1. Pik - 2 x 2 - 4 40 -"): raises :class:`NotSpecified`."""
    con = parse_contract(contract)
    if con.name == "pik" and con.with_talon:
        raise NotSpecified(
            "a follower's value per trick in pik from the auction (the čl. 77 table shows '-')", P77
        )
    return game_value(con)


@provision(P77, P22, P23)
def multiplier(doubling: str = "", *, refe: bool = False) -> int:
    """čl. 77 d) "Kontra x 2 / Rekontra x 4 / Subkontra x 8", times 2 when the declarer plays
    under refe (77 c: "Računa se sve i svima dvostruko, za refe pod kojim igra izvođač")."""
    return DOUBLINGS[parse_doubling(doubling)] * (2 if refe else 1)


@provision("hr-pref-2014:77")
def pik_playable(contract: str | Contract, *, refe: bool) -> bool:
    """Definition "Pik": "Ne može se igrati osim ukoliko je: refe, igra ili kontra."."""
    con = parse_contract(contract)
    as_bool(refe, "refe")
    return con.name != "pik" or refe or not con.with_talon or con.doubling != ""


ROLES = ("declarer", "follower", "caller", "doubler")


@dataclass(frozen=True)
class Obligation:
    """Tricks a role must take (``at_most`` False) or may at most take (True), counted on the
    player's own tricks (``side`` False) or together with the partner (True)."""

    role: str
    tricks: int
    at_most: bool = False
    side: bool = False

    def met(self, tricks: int) -> bool:
        """Whether ``tricks`` (own, or the side's when :attr:`side`) fulfil the obligation."""
        if not 0 <= tricks <= TRICKS:
            raise bad_input("number of tricks", tricks, "0 to 10")
        return tricks <= self.tricks if self.at_most else tricks >= self.tricks


@provision(P77, P22, P23)
def obligation(role: str, contract: str | Contract) -> Obligation:
    """Trick obligations from the definitions "Pad", "Licit" and "Kontra" and čl. 22-23.

    "Pad - šesti štih koji nedostaje izvođaču osim betla, jedan štih koji je preuzeo izvođač na
    betlu, drugi štih koji nedostaje pratiocu izvođača (igrač obrane), četvrti štih koji nedostaje
    igraču obrane koji je pozvao partnera (drugog pratioca), peti štih igraču koji je kontrirao
    izvođača osim na betlu, osvojeni svi štihovi (10 štihova) za igrača koji je kontrirao betl,
    šesti štih za izvođača koji je rekontrirao osim na betlu, i dalje isto za subkontru."
    Declarer 6 (betl: at most 0); follower 2; caller 4; doubler 5 with the partner (čl. 22 a:
    "sakupiti s partnerom ukupno 5 štihova"), on betl the defence may take at most 9. After
    rekontra tricks count "isto kao da nije bilo kontre" (čl. 23).
    """
    con = parse_contract(contract)
    if role not in ROLES:
        raise bad_input("role", role, ", ".join(ROLES))
    if role == "declarer":
        return Obligation(role, 0, at_most=True) if con.betl else Obligation(role, 6)
    if role == "doubler":
        if con.doubling == "":
            raise RulesError(
                f"bad role 'doubler': contract {con} is not doubled; "
                "expected a contract with X or XXX"
            )
        if con.doubling == "XX":
            raise RulesError(
                "bad role 'doubler' after rekontra: tricks count as if there were "
                "no kontra (čl. 23); expected role follower or caller"
            )
        return (
            Obligation(role, TRICKS - 1, at_most=True, side=True)
            if con.betl
            else Obligation(role, 5, side=True)
        )
    if con.betl:
        raise NotSpecified(f"a {role}'s trick obligation on betl", P77)
    if con.doubling in ("X", "XXX"):
        raise NotSpecified(
            f"a {role}'s own obligation once the partner has doubled "
            "(čl. 22 a binds the doubler 's partnerom')",
            P22,
        )
    return Obligation(role, 2 if role == "follower" else 4)


@dataclass(frozen=True)
class BoardScore:
    """What each player writes (čl. 77 units: the table's columns). None where the Kodeks does
    not say; ``unspecified`` gives the reasons."""

    contract: str
    declarer: int | None
    defenders: tuple[int | None, ...]
    multiplier: int
    unspecified: tuple[str, ...] = ()


@provision(P77)
def score_made(
    contract: str | Contract, defender_tricks: Sequence[int] = (), *, refe: bool = False
) -> BoardScore:
    """čl. 77 a) "svi prošli": the declarer writes the "izvođač za igru" column, each follower
    the "pratilac za štih" value per own trick, all times :func:`multiplier`.

    ``defender_tricks`` are the tricks of each defender who followed (one or two entries; each
    needed 2). A failure is referred to čl. 77 b), whose penalty is not specified:
    :class:`NotSpecified`. Kontra or subkontra on a suit contract or sanac cannot leave everyone
    made (6 + 5 > 10 tricks).
    """
    con = parse_contract(contract)
    mult = multiplier(con.doubling, refe=refe)
    accepted = "0, 1 or 2 numbers of tricks (0-10) summing to at most 10"
    tricks = as_list(defender_tricks, "defender tricks", accepted)
    for t in tricks:
        if isinstance(t, bool) or not isinstance(t, int):
            raise bad_input("defender tricks", t, accepted)
    if len(tricks) > 2 or any(not 0 <= t <= TRICKS for t in tricks) or sum(tricks) > TRICKS:
        raise bad_input(
            "defender tricks",
            list(defender_tricks),
            "0, 1 or 2 numbers of tricks (0-10) summing to at most 10",
        )
    if not pik_playable(con, refe=refe):
        raise RulesError(
            f"bad contract {contract!r} ({con}): pik from the auction is played only under refe, "
            "as igra or with kontra (definition Pik)"
        )
    declarer_tricks = TRICKS - sum(tricks) if tricks else None
    if con.betl:
        if con.doubling in ("X", "XXX"):
            raise RulesError(
                f"contract {con}: a doubled betl leaves the declarer or the doubler "
                "failed; see score_betl_defeated"
            )
        if declarer_tricks:
            # Definition "Pad": "jedan štih koji je preuzeo izvođač na betlu" - one trick fails.
            raise RulesError(
                f"bad defender tricks {tricks!r} for {con}: the declarer took {declarer_tricks} "
                "trick(s), so the betl has failed (definition Pad); see score_betl_defeated"
            )
        # čl. 77 a) lists betl like every game: "izvođač za igru" 120 (B! 140) and
        # "pratilac za štih" 12 (B! 14) for each trick a follower took.
        per_trick = trick_column(con)
        defenders = tuple(per_trick * t * mult for t in tricks)
        return BoardScore(str(con), declarer_column(con) * mult, defenders, mult)
    if con.doubling in ("X", "XXX"):
        raise RulesError(
            f"contract {con}: with kontra the declarer needs 6 tricks and the "
            "doubling side 5, so not everyone can make it (čl. 22, definition Pad)"
        )
    if declarer_tricks is not None and not obligation("declarer", con).met(declarer_tricks):
        raise NotSpecified(
            f"the penalty of a failed declarer ({con} with {declarer_tricks} tricks; čl. 77 b)", P77
        )
    for t in tricks:
        if not obligation("follower", con).met(t):
            raise NotSpecified(f"the penalty of a failed follower ({t} tricks; čl. 77 b)", P77)
    unspecified: tuple[str, ...] = ()
    try:
        per_trick: int | None = trick_column(con)
    except NotSpecified as exc:
        per_trick, unspecified = None, (str(exc),)
    defenders = tuple(None if per_trick is None else per_trick * t * mult for t in tricks)
    return BoardScore(str(con), declarer_column(con) * mult, defenders, mult, unspecified)


@provision(P77, P22, P23)
def score_betl_defeated(
    contract: str | Contract = "B", *, doubler: int | None = None, refe: bool = False
) -> BoardScore:
    """Betl defeated (the declarer took a trick). Undoubled: each defender writes 5 tricks'
    value (definition Betl: "protivnici bilježe svaki po vrijednost igre u vrijednosti 5
    štihova"; čl. 77 b). Doubled: the doubler (``doubler`` = 0 or 1, the defender who doubled
    or received rekontra) writes ten tricks times the multiplier (čl. 77 e 2: "a za pad izvođača
    jednako deset štihova!"), the other defender 5 tricks "kao da nije bila kontra" (čl. 79 b).
    The declarer's own entry is not specified by čl. 77: None.
    """
    con = parse_contract(contract)
    if not con.betl:
        raise bad_input("contract", contract, "a betl: B, B!, BX, B!XX ...")
    value, base = game_value(con), multiplier(refe=refe)
    why = ("the declarer's penalty for a defeated betl (čl. 77 b, e 1)",)
    if con.doubling == "":
        if doubler is not None:
            raise RulesError(
                f"bad doubler {doubler!r}: contract {contract!r} ({con}) is not doubled; "
                "expected no doubler"
            )
        return BoardScore(str(con), None, (5 * value * base,) * 2, base, why)
    if isinstance(doubler, bool) or doubler not in (0, 1):
        raise bad_input("doubler", doubler, "0 or 1: the defender who doubled")
    mult = multiplier(con.doubling, refe=refe)
    written = [5 * value * base, 5 * value * base]
    written[doubler] = TRICKS * value * mult
    return BoardScore(str(con), None, tuple(written), mult, why)


def _amount(value: object, what: str) -> Fraction:
    """A whole number or fraction of juhe or points (not a bool, float or text)."""
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise bad_input(what, value, "a whole number or a Fraction")
    if abs(value) > 10**12:
        raise bad_input(what, value, "at most 10^12 in size")
    return Fraction(value)


def _cents(x: Fraction) -> Decimal:
    """Round down to hundredths, as the čl. 79 b) example prints -9,34 / 6,66 / 2,66."""
    return (Decimal(x.numerator) / Decimal(x.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_FLOOR
    )


@provision(P79)
def juhe_points(juhe: int) -> Decimal:
    """Juhe to tournament points, ten to a point (čl. 79 b: "Tref 10 x 4 štiha = 40 ukupno
    4,00 boda", "24 x 10 juha ukupno: 24,00 bodova")."""
    return _cents(_amount(juhe, "juhe") / 10)


@provision(P79, P77, P22)
def pure_betl_double(
    contract: str | Contract = "BX", *, refe: bool = False
) -> tuple[Decimal, Decimal, Decimal]:
    """čl. 79 b) "čisti Preferans obračun", "BX betl kontra kada je uspjela": points of
    (the doubler, the declarer, the third player).

    Doubler: "10 štihova x 2 npr. betl 12 x 2 = 24 x 10 juha ukupno: 24,00"; declarer:
    "betl 12 x 2 = -24 ukupno: -24,00"; third: "kao da nije bila kontra 12 x 5 štihova = 60
    ukupno: 6,00". Rekontra and subkontra multiply as under čl. 77 d) (77 e). Refe is not
    covered by the example: :class:`NotSpecified`.
    """
    con = parse_contract(contract)
    if not con.betl or con.doubling == "":
        raise bad_input("contract", contract, "a doubled betl: BX, BXX, BXXX, B!X ...")
    if as_bool(refe, "refe"):
        raise NotSpecified("the pure preferans score of a doubled betl under refe (refe=True)", P79)
    value, mult = game_value(con), multiplier(con.doubling)
    return (
        juhe_points(TRICKS * value * mult),
        _cents(Fraction(-value * mult)),
        juhe_points(5 * value),
    )


@provision(P79)
def settle(
    sredina: Sequence[int | Fraction], juhe: Sequence[Sequence[int | Fraction]]
) -> tuple[Decimal, ...]:
    """Settle one board among three players into points (a reconstruction, see below).

    ``sredina[i]`` is what player i has in his middle column (a failed game adds its value),
    ``juhe[i][j]`` the juhe player i writes on player j. Each player gets
    ``(juhe written - juhe suffered + 10 x (mean sredina - own sredina)) / 10``, rounded down to
    hundredths. The Kodeks names the parts (definition PB: "izvedeni su iz obračuna: sredine, te
    pozitivnih i negativnih juha") but never the formula; this one reproduces the čl. 79 b)
    example "K! ... -9,34 / 6,66 / 2,66" with sredina (8, 0, 0) and 5 x 8 juhe written by the
    defender who defeated the declarer. The failed declarer's sredina entry itself is not
    specified by čl. 77, so it is the caller's input.
    """
    accepted = "3 sredina values and a 3 x 3 juhe table of whole numbers or fractions"
    middle = [_amount(v, "sredina value") for v in as_list(sredina, "sredina", accepted)]
    table = [
        [_amount(v, "juhe value") for v in as_list(row, "juhe row", accepted)]
        for row in as_list(juhe, "juhe", accepted)
    ]
    if len(middle) != 3 or len(table) != 3 or any(len(row) != 3 for row in table):
        raise RulesError(f"bad settlement {list(sredina)!r}, {list(juhe)!r}: expected {accepted}")
    sredina, juhe = middle, table
    if any(juhe[i][i] for i in range(3)):
        raise RulesError(
            f"bad juhe {juhe!r}: a player cannot write juhe on himself (the diagonal must be 0)"
        )
    mean = Fraction(sum(Fraction(s) for s in sredina), 3)
    out = []
    for i in range(3):
        net = sum(Fraction(juhe[i][j]) - Fraction(juhe[j][i]) for j in range(3))
        out.append(_cents((net + 10 * (mean - Fraction(sredina[i]))) / 10))
    return tuple(out)
