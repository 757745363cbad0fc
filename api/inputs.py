"""Field types of request bodies: JSON numbers as JSON Schema reads them, nothing looser.

Pydantic's lax mode would take ``true`` for 1 and ``"12"`` for 12; JSON Schema does not, so a
body the documented schema rejects would be accepted. These types accept exactly what the schema
says: an ``integer`` is a JSON number without a fraction (``116`` or ``116.0``), a ``number`` any
finite JSON number; booleans and strings are refused with a 422.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

from pydantic import BeforeValidator, ConfigDict, Field


def _json_int(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("expected an integer (a JSON number without a fraction)")
    if isinstance(value, float) and not value.is_integer():
        raise ValueError(f"expected an integer, got {value!r}")
    return int(value)


def _json_number(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("expected a number")
    if not math.isfinite(value):
        raise ValueError(f"expected a finite number, got {value!r}")
    return value


def _json_bool(value: Any) -> Any:
    if not isinstance(value, bool):
        raise ValueError("expected true or false")
    return value


def json_int(**bounds: float) -> Any:
    """A JSON integer within ``bounds`` (ge, le, ...), stated in the schema as minimum/maximum
    (the bounds must come before the validator for pydantic to write them so)."""
    return Annotated[int, Field(**bounds), BeforeValidator(_json_int)]  # type: ignore[arg-type]


def json_number(**bounds: float) -> Any:
    """A finite JSON number within ``bounds`` (ge, gt, le, lt)."""
    return Annotated[float, Field(**bounds), BeforeValidator(_json_number)]  # type: ignore[arg-type]


JsonBool = Annotated[bool, BeforeValidator(_json_bool)]

# every request body: unknown fields are refused (they would be silently ignored otherwise)
STRICT_BODY = ConfigDict(extra="forbid")
