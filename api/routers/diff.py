"""What changed from the 2007 Laws to the 2017 Laws, paragraph against paragraph."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from api import examples
from api.deps import StateDep, translated
from api.errors import error_responses
from api.examples import ok_example
from api.models import DiffOut, DiffOverview
from kb import views

router = APIRouter(prefix="/api", tags=["diff"])


@router.get(
    "/diff",
    response_model=DiffOverview,
    summary="Every Law: what changed from 2007 to 2017",
    responses={**error_responses(), **ok_example(examples.DIFF_OVERVIEW)},
)
def overview(st: StateDep) -> dict[str, Any]:
    """The 93 Laws, each with its relation (same / changed) and the count of its provisions that
    stayed the same, changed, moved, are new in 2017 or were removed."""
    with translated():
        return views.diff_overview(st.kb())


@router.get(
    "/diff/{law}",
    response_model=DiffOut,
    summary="One Law, 2007 beside 2017, paragraph by paragraph",
    responses=error_responses(400, 404),
)
def law_diff(
    law: Annotated[str, Path(description="A Law number, 1-93", examples=["32"], max_length=10)],
    st: StateDep,
) -> dict[str, Any]:
    """Both editions side by side as the aligner paired them, each pair marked same / changed /
    moved / new / removed, with the citations and numbers that differ marked as spans."""
    with translated():
        return views.diff_law(st.kb(), law)
