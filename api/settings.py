"""The API's one settings object, read from the environment once per process.

| variable | default | what |
|---|---|---|
| ``LAWDESK_KB`` | ``build/kb.sqlite`` | the knowledge base file |
| ``LAWDESK_SITE`` | ``build/site`` | the built static site served at ``/`` (skipped if missing) |
| ``LAWDESK_CORS_ORIGINS`` | (none) | comma-separated origins allowed to call the API, or ``*`` |
| ``LAWDESK_CACHE_SECONDS`` | ``3600`` | ``max-age`` of KB answers (they carry an ETag) |
| ``LAWDESK_ANSWER_CACHE`` | ``1024`` | search and ask answers kept per build (0: none) |
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from kb import store
from kb.ask import MAX_QUESTION_CHARS
from kb.corpus import ROOT
from kb.search import MAX_QUERY_CHARS

MAX_ANSWERS = 100_000  # answers of ~15 KB at most: a bound an operator cannot overrun by accident


@dataclass(frozen=True)
class Limits:
    """Bounds on what one request may ask for; beyond them the API answers 4xx naming the limit."""

    query_chars: int = MAX_QUERY_CHARS
    ask_chars: int = MAX_QUESTION_CHARS
    ask_calls: int = 100
    list_items: int = 1000
    body_bytes: int = 64 * 1024
    url_bytes: int = 16 * 1024
    cite_chars: int = 20_000
    page_size: int = 1000


@dataclass(frozen=True)
class Settings:
    """Where the KB and the site are, who may call the API from a browser, and the limits."""

    kb_path: Path = store.DEFAULT_PATH
    site_dir: Path = ROOT / "build" / "site"
    cors_origins: tuple[str, ...] = ()
    cache_seconds: int = 3600
    answer_cache: int = 1024
    limits: Limits = field(default_factory=Limits)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        """Settings from ``LAWDESK_*`` environment variables (see the module docstring)."""
        env = dict(os.environ if env is None else env)
        origins = tuple(
            o.strip() for o in env.get("LAWDESK_CORS_ORIGINS", "").split(",") if o.strip()
        )
        cache_seconds = _whole(env, "LAWDESK_CACHE_SECONDS", 3600, "seconds", 10**9)
        return cls(
            answer_cache=_whole(env, "LAWDESK_ANSWER_CACHE", 1024, "entries", MAX_ANSWERS),
            kb_path=Path(env.get("LAWDESK_KB", str(store.DEFAULT_PATH))),
            site_dir=Path(env.get("LAWDESK_SITE", str(ROOT / "build" / "site"))),
            cors_origins=origins,
            cache_seconds=cache_seconds,
        )


def _whole(env: dict[str, str], name: str, default: int, unit: str, most: int) -> int:
    """A whole number 0..``most`` from the environment, or a ValueError naming the variable."""
    raw = env.get(name, str(default))
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if not 0 <= value <= most:
        raise ValueError(f"{name}={raw!r}: expected whole {unit}, 0 to {most:,}")
    return value
