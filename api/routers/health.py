"""Liveness, readiness and version: what a load balancer and an operator ask."""

from __future__ import annotations

import os
from typing import Any

from fastapi import APIRouter, Response

from api import __version__, examples
from api.deps import StateDep
from api.errors import ApiError, error_responses
from api.examples import ok_example
from api.models import Health, Version

router = APIRouter(tags=["health"])


@router.get(
    "/healthz", response_model=Health, summary="Alive", responses=ok_example(examples.HEALTH)
)
def healthz(response: Response) -> dict[str, str]:
    """200 as long as the process answers (it does not look at the KB). The ``X-Worker`` header
    names the answering process, so an operator can see the load spread over workers."""
    response.headers["X-Worker"] = str(os.getpid())
    return {"status": "alive"}


@router.get(
    "/readyz",
    response_model=Health,
    summary="Ready: KB open and search index loaded",
    responses={**error_responses(), **ok_example(examples.READY)},
)
def readyz(st: StateDep) -> dict[str, Any]:
    """200 once the KB is open and the search index loaded; 503 (with the reason) before."""
    loaded = st.loaded()  # 503 when the KB is unavailable
    if not st.is_ready():
        reason = loaded.error or "the search index is still loading"
        raise ApiError(503, "not-ready", reason, ["retry shortly"])
    return {"status": "ready", "build_hash": loaded.build_hash}


@router.get(
    "/api/version",
    response_model=Version,
    summary="Package version, KB build hash and corpus hashes",
    tags=["health"],
    responses={**error_responses(), **ok_example(examples.VERSION)},
)
def api_version(st: StateDep) -> dict[str, Any]:
    """What is serving: the lawdesk version, the content hash of the KB build it loaded, the
    KB schema version, and the SHA-256 of each source text."""
    kb = st.kb()
    info = kb.info()
    return {
        "version": __version__,
        "kb_build_hash": kb.build_hash,
        "kb_schema_version": info.get("schema_version", ""),
        "corpus": {d["id"]: d["sha256"] for d in kb.documents()},
    }
