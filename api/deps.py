"""What routes share: the process state, the closed vocabularies of the corpus (as enums, so
OpenAPI lists them and a value outside them is refused before any route runs), and one place
that turns the library's errors into API errors."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from typing import Annotated, Any

from fastapi import Depends, Path, Request

from api.errors import ApiError
from api.state import State
from kb.corpus import load_sources
from kb.rules.errors import RulesError
from kb.store import UnknownNode
from kb.views import BadNodeId, NotALaw, UnknownDocument, UnknownLaw

_SOURCES = load_sources()
ID_FORM = "doc:cite, e.g. sk-2017:27B1(a)"


def _enum(name: str, values: list[str]) -> Any:
    return Enum(name, {v: v for v in dict.fromkeys(values)}, type=str)


DocId = _enum("DocId", [s.id for s in _SOURCES])
Lang = _enum("Lang", [s.language for s in _SOURCES])
Game = _enum("Game", [s.game for s in _SOURCES])
Edition = _enum("Edition", [s.edition for s in _SOURCES])


DocPath = Annotated[DocId, Path(description="A document ID", examples=["sk-2017"])]  # type: ignore[valid-type]


def state(request: Request) -> State:
    """The process state (set up when the app is created)."""
    return request.app.state.lawdesk


StateDep = Annotated[State, Depends(state)]


@contextmanager
def translated() -> Iterator[None]:
    """Run library code, answering its refusals as API errors in the common shape."""
    try:
        yield
    except UnknownNode as exc:
        raise ApiError(404, "unknown-node", str(exc), [*exc.nearest, ID_FORM]) from exc
    except UnknownDocument as exc:
        raise ApiError(404, "unknown-document", str(exc), exc.known) from exc
    except BadNodeId as exc:  # no node can have such an ID
        raise ApiError(404, "unknown-node", str(exc), [ID_FORM]) from exc
    except NotALaw as exc:
        raise ApiError(404, "not-a-law", str(exc), ["/api/nodes/{id} shows any node"]) from exc
    except UnknownLaw as exc:
        raise ApiError(404, "unknown-law", str(exc), ["1..93"]) from exc
    except RulesError as exc:
        raise ApiError(400, "bad-value", str(exc), []) from exc
