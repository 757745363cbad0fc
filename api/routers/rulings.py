"""The ruling assistant over HTTP: the trees, one tree, and a stateless step of a tree (the
client resends the facts it has; the answer is the next question or the ruling)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field

from api import examples
from api.errors import ApiError, error_responses
from api.examples import ok_example
from api.inputs import STRICT_BODY
from api.settings import Limits
from kb import rulings

router = APIRouter(prefix="/api/rulings", tags=["rulings"])
LIMITS = Limits()

TreeId = StrEnum("TreeId", {t["id"]: t["id"] for t in rulings.list_trees()})  # type: ignore[misc]
TreePath = Annotated[TreeId, Path(description="A ruling tree", examples=["insufficient-bid"])]  # type: ignore[valid-type]


class RulingEdition(StrEnum):
    """The code a ruling follows: the 2007 or 2017 Laws, or the Preferans kodeks."""

    e2007 = "2007"
    e2017 = "2017"
    pref = "hr-pref-2014"


FactValue = str | int | float | bool | list[str] | None


class Step(BaseModel):
    """The facts known so far (the tree's fact keys; GET /api/rulings/{tree} lists them), and
    records the rules core reads: ``dealer`` + ``auction`` (calls as made at the table)."""

    model_config = STRICT_BODY
    edition: RulingEdition = Field(examples=["2017"])
    facts: dict[Annotated[str, Field(max_length=60)], FactValue] = Field(
        default={},
        max_length=100,
        examples=[{"dealer": "N", "auction": ["1S", "1H"]}],
    )


def _error(exc: rulings.RulingError) -> ApiError:
    status = 404 if exc.code == "unknown-tree" else 400
    return ApiError(status, exc.code, exc.message, exc.accepted)


@router.get(
    "",
    summary="The ruling trees: situations at the table",
    responses={**error_responses(), **ok_example(examples.RULINGS)},
)
def trees() -> list[dict[str, Any]]:
    """Every tree with its title and situation in six languages, phase, game and editions."""
    return rulings.list_trees()


@router.get(
    "/{tree}",
    summary="One ruling tree: its questions, answers, rulings and worked examples",
    responses=error_responses(404),
)
def tree(tree: TreePath) -> dict[str, Any]:
    """The whole tree as data (a client can walk it offline), with the facts it asks and the
    records the rules core computes facts from."""
    try:
        return rulings.tree(tree.value)
    except rulings.RulingError as exc:
        raise _error(exc) from exc


@router.post(
    "/{tree}",
    summary="Next question or ruling for the facts known so far",
    responses=error_responses(400, 404),
)
def step(tree: TreePath, body: Step) -> dict[str, Any]:
    """Stateless: the first fact the ruling still needs (``status: question``, with the
    question and answers in six languages) or the ruling (``status: ruling``: the law
    paragraphs it rests on, the rectification, the outcome and what is left to the director).
    Facts the rules core can compute from an auction are computed, not asked; facts that
    contradict each other are refused naming them."""
    try:
        return rulings.evaluate(tree.value, body.edition.value, body.facts).to_dict()
    except rulings.RulingError as exc:
        raise _error(exc) from exc
