"""The calculators of the rules core over HTTP: bridge scores, IMPs, matchpoints, auctions,
adjusted scores, and the preferans calculators. Each answers what the CLI prints, with the Law
(or article) it applies; the request schemas say exactly what each accepts."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from api.deps import translated
from api.errors import error_responses
from api.inputs import STRICT_BODY, JsonBool, json_int, json_number
from api.settings import Limits
from kb.views import rules as calc

router = APIRouter(prefix="/api/rules", tags=["rules"])
LIMITS = Limits()

CONTRACT = r"^(?:[1-7](?:NT|[CDHSN]|nt|[cdhsn]|♣|♦|♥|♠)(?:XX|X|xx|x)?|[Pp]assed[ _-]?[Oo]ut)$"
CALL = r"^(?:[1-9](?:NT|[CDHSN]|nt|[cdhsn]|♣|♦|♥|♠)|P|Pass|PASS|pass|X|XX|x|xx)$"
POINTS = 10_000  # no bridge score reaches it; keeps sums exact
Points = json_int(ge=-POINTS, le=POINTS)
Weight = json_number(gt=0, le=1)
Percent = json_number(ge=0, le=100)
PrefTricks = json_int(ge=0, le=10)
Defender = json_int(ge=0, le=1)
PrefResult = json_number(ge=-1e6, le=1e6)
ArtificialCount = json_int(ge=0, le=LIMITS.list_items)


class Seat(StrEnum):
    """A seat at the table."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"


class LawsEdition(StrEnum):
    """An edition of the Laws of Duplicate Bridge."""

    e2007 = "2007"
    e2017 = "2017"


class Scoring(StrEnum):
    """Matchpoints or IMPs."""

    mp = "mp"
    imp = "imp"


class Award(StrEnum):
    """An artificial adjusted score (Law 12C2)."""

    plus = "avg+"
    average = "avg"
    minus = "avg-"


class Vulnerability(StrEnum):
    """A board's vulnerability."""

    none = "None"
    ns = "NS"
    ew = "EW"
    both = "Both"


@router.get(
    "/score",
    summary="Score a contract (Law 77)",
    responses=error_responses(400),
)
def score(
    contract: Annotated[
        str,
        Query(pattern=CONTRACT, description="3NT, 4SX, 7CXX, 1♥ or 'passed out'", examples=["4SX"]),
    ],
    tricks: Annotated[
        int, Query(ge=0, le=13, description="Tricks taken by declarer", examples=[10])
    ],
    vul: Annotated[bool, Query(description="Declaring side vulnerable", examples=[True])] = False,
) -> dict[str, Any]:
    """The score of the declaring side, with its parts (trick score, overtricks, game or
    part-score bonus, slam, insult, undertricks)."""
    with translated():
        return calc.score_view(contract, vulnerable=vul, tricks=tricks)


@router.get("/imps", summary="Points difference to IMPs (Law 78B)", responses=error_responses(400))
def imps(
    diff: Annotated[
        int, Query(ge=-POINTS, le=POINTS, description="Points difference", examples=[430])
    ],
) -> dict[str, Any]:
    """The IMPs of a points difference on the WBF scale."""
    with translated():
        return calc.imps_view(diff)


class Scores(BaseModel):
    """The scores of one board."""

    model_config = STRICT_BODY
    scores: list[Points] = Field(
        min_length=2, max_length=LIMITS.list_items, examples=[[620, 650, 620, 600]]
    )


@router.post(
    "/matchpoints",
    summary="Matchpoint the scores of one board (Law 78A)",
    responses=error_responses(400, 413),
)
def matchpoints(body: Scores) -> dict[str, Any]:
    """2 matchpoints per score beaten, 1 per tie; the top and each score's percentage."""
    with translated():
        return calc.matchpoints_view(body.scores)


class Auction(BaseModel):
    """An auction from the dealer."""

    model_config = STRICT_BODY
    dealer: Seat = Field(examples=["N"])
    calls: list[Annotated[str, Field(pattern=CALL)]] = Field(
        max_length=LIMITS.list_items, examples=[["1H", "1D"]]
    )
    edition: LawsEdition = LawsEdition.e2017


@router.post(
    "/auction",
    summary="Check an auction: legality, contract, declarer, leader",
    responses=error_responses(400, 413),
)
def auction(body: Auction) -> dict[str, Any]:
    """Each call checked in rotation: the first irregular call with its reason and Law, or the
    final contract with declarer, dummy and the opening leader, or who calls next."""
    with translated():
        return calc.auction_view(body.dealer.value, body.calls, edition=body.edition.value)


class Artificial(BaseModel):
    """An artificial adjusted score: average plus, average or average minus (12C2)."""

    model_config = STRICT_BODY
    kind: Literal["artificial"]
    award: Award = Field(examples=["avg+"])
    scoring: Scoring = Scoring.mp
    edition: LawsEdition = LawsEdition.e2017
    session_percent: Percent | None = Field(
        default=None, description="Matchpoints only: the session's percentage (12C2(c))"
    )


class ByResult(BaseModel):
    """A possible result with its declarer, and its weight."""

    model_config = STRICT_BODY
    weight: Weight = Field(examples=[0.6])
    result: str = Field(max_length=40, description="'N 4S=', 'E 3NT-1', 'passed out'")


class ByPoints(BaseModel):
    """A possible North-South score, and its weight."""

    model_config = STRICT_BODY
    weight: Weight = Field(examples=[0.5])
    points: Points


class Weighted(BaseModel):
    """A weighted assigned score (12C1(c)): the weights must sum to 1."""

    model_config = STRICT_BODY
    kind: Literal["weighted"]
    weighted: list[ByResult | ByPoints] = Field(min_length=1, max_length=20)
    scoring: Scoring
    vul: Vulnerability = Field(description="The board's vulnerability (results are scored)")
    edition: LawsEdition = LawsEdition.e2017
    field: list[Points] = Field(
        default=[], max_length=LIMITS.list_items, description="MP: the other NS scores"
    )
    other_table: Points | None = Field(
        default=None, description="IMP: the NS score at the other table"
    )


Adjusted = Annotated[Artificial | Weighted, Field(discriminator="kind")]


@router.post(
    "/adjusted",
    summary="An adjusted score: artificial (12C2) or weighted (12C1(c))",
    responses=error_responses(400, 413),
    openapi_extra={
        "requestBody": {
            "content": {
                "application/json": {
                    "examples": {
                        "artificial": {"value": {"kind": "artificial", "award": "avg+"}},
                        "weighted": {
                            "value": {
                                "kind": "weighted",
                                "weighted": [
                                    {"weight": 0.6, "result": "N 4S="},
                                    {"weight": 0.4, "result": "N 4S-1"},
                                ],
                                "scoring": "imp",
                                "vul": "None",
                                "other_table": 420,
                            }
                        },
                    }
                }
            }
        }
    },
)
def adjusted(body: Adjusted) -> dict[str, Any]:
    """Average plus/average/average minus in matchpoint percent or IMPs, or a weighted score
    (each result scored, then weighted) against the field or the other table."""
    with translated():
        if isinstance(body, Artificial):
            return calc.artificial_view(
                body.award.value,
                scoring=body.scoring.value,
                edition=body.edition.value,
                session_percent=body.session_percent,
            )
        pairs: list[tuple[float, str | int]] = [
            (w.weight, w.result if isinstance(w, ByResult) else w.points) for w in body.weighted
        ]
        return calc.weighted_view(
            pairs,
            scoring=body.scoring.value,
            vul=body.vul.value,
            edition=body.edition.value,
            field=body.field,
            other_table=body.other_table,
        )


# --- preferans ---------------------------------------------------------------------------------

PREF_CONTRACT = r"^(?:igra-)?(?:pik|karo|herc|tref|betl|sanac|[PKHTBS2-7])!?(?:X|XX|XXX)?$"
PREF_CALL = (
    r"^(?:P|p|pass|dalje|dobro|[2-7]|isti|uzimam|mogu|igra|igra-(?:pik|karo|herc|tref|[2-5])"
    r"|betl|sanac)$"
)


class PrefScore(BaseModel):
    """A preferans contract and, optionally, its result."""

    model_config = STRICT_BODY
    contract: str = Field(
        pattern=PREF_CONTRACT, examples=["BX"], description="e.g. K, K!, BX, TXX, igra-herc"
    )
    tricks: list[PrefTricks] = Field(default=[], max_length=2)
    refe: JsonBool = False
    betl_defeated: JsonBool = False
    doubler: Defender | None = None


@router.post(
    "/preferans/score",
    summary="Preferans: contract value, columns, obligations, score (čl. 77, 79)",
    responses=error_responses(400, 413),
)
def pref_score(body: PrefScore) -> dict[str, Any]:
    """What a contract is worth and what each side must take; with the defenders' tricks or a
    lost betl, what is written. Points the code does not specify are said so."""
    with translated():
        return calc.pref_score_view(
            body.contract,
            body.tricks,
            refe=body.refe,
            betl_defeated=body.betl_defeated,
            doubler=body.doubler,
        )


class PrefAuction(BaseModel):
    """A preferans auction in speaking order from the opener."""

    model_config = STRICT_BODY
    calls: list[Annotated[str, Field(pattern=PREF_CALL)]] = Field(
        max_length=LIMITS.list_items, examples=[["2", "3", "P", "P"]]
    )


@router.post(
    "/preferans/auction",
    summary="Preferans: check an auction (čl. 18-20)",
    responses=error_responses(400, 413),
)
def pref_auction(body: PrefAuction) -> dict[str, Any]:
    """Legality of each call, the end of the auction, the contract and the declarer's hand."""
    with translated():
        return calc.pref_auction_view(body.calls)


@router.get(
    "/preferans/cycle",
    summary="Preferans: opener and refe of each board (čl. 2)",
    responses=error_responses(400),
)
def pref_cycle(
    board: Annotated[
        list[Annotated[int, Field(ge=1, le=100_000)]] | None,
        Query(
            description="Board numbers (default: the 21-board cycle)",
            max_length=100,
            examples=[[1, 2]],
        ),
    ] = None,
) -> dict[str, Any]:
    """The opener and the refe positions of the given boards, or of the whole cycle."""
    with translated():
        return calc.pref_cycle_view(board or [])


class PrefMitchell(BaseModel):
    """The +/- results on one line of a board."""

    model_config = STRICT_BODY
    results: list[PrefResult] = Field(
        min_length=1, max_length=LIMITS.list_items, examples=[[10, -5, 3]]
    )
    artificial: ArtificialCount = 0


@router.post(
    "/preferans/mitchell",
    summary="Preferans: Mitchell points and percentages (čl. 79a)",
    responses=error_responses(400, 413),
)
def pref_mitchell(body: PrefMitchell) -> dict[str, Any]:
    """Mitchell points of each result of one board and their percentages."""
    with translated():
        return calc.pref_mitchell_view(body.results, body.artificial)
