"""What one API process loaded: the KB and its search index, together, from one build.

The KB is opened read-only when the process starts; the search index is loaded in a background
thread so that ``/healthz`` answers at once and ``/readyz`` says 503 until both are loaded. A
``Loaded`` pairs the store and the index of the same build (same file handle, same build hash),
so a rebuild on disk never mixes two builds in one process's answers: the process keeps the
build it opened until it is restarted (or ``reload()`` swaps store and index in one step).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from api.answers import Answers
from api.errors import ApiError
from api.settings import Settings
from kb import store

log = logging.getLogger("lawdesk.api")
INDEX_WAIT_SECONDS = 30.0


@dataclass
class Loaded:
    """One build: the open KB and, once loaded, its search index."""

    kb: store.KB
    answers: Answers
    index: Any = None
    ready: threading.Event = field(default_factory=threading.Event)
    error: str | None = None

    @property
    def build_hash(self) -> str:
        """The content hash of this build."""
        return self.kb.build_hash


# One everyday query per script and language, and a citation (the law words' patterns), so that
# every analyzer and language index is loaded before /readyz says ready: the first user's query
# then costs what every later one does.
WARM_UP = ("renons nedovoljan licit", "недовољан лицит", "nepriznanie farby", "zasłona taca",
           "пас не в очередь", "revoke lead out of turn", "pravilo 27B1")  # fmt: skip


def warm_up(index: Any) -> None:
    """Answer one query in each language (see ``WARM_UP``), make the ranking's typo maps and
    load the ruling trees."""
    from kb import rulings
    from kb.search import rank, search

    for query in WARM_UP:
        search(index, query, limit=1)
    rank.warm(index)
    rulings.list_trees()


class State:
    """The process's current build, or why there is none."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.current: Loaded | None = None
        self.kb_error: str | None = None
        self.started = time.perf_counter()
        self._lock = threading.Lock()

    def open(self, *, background: bool = True) -> None:
        """Open the KB now and load the search index (in a thread unless ``background=False``)."""
        t0 = time.perf_counter()
        try:
            kb = store.KB(self.settings.kb_path)
        except store.KBError as exc:
            self.kb_error = str(exc)
            log.error("lawdesk: knowledge base unavailable: %s", exc)
            return
        loaded = Loaded(kb, Answers(self.settings.answer_cache))
        log.info(
            "lawdesk: opened %s (build %s) in %.0f ms",
            self.settings.kb_path,
            kb.build_hash[:12],
            1000 * (time.perf_counter() - t0),
        )
        with self._lock:
            self.current, self.kb_error = loaded, None
        if background:
            threading.Thread(target=self._load_index, args=(loaded,), daemon=True).start()
        else:
            self._load_index(loaded)

    def reload(self) -> None:
        """Load the build now on disk completely, then swap it in as one step."""
        fresh = State(self.settings)
        fresh.open(background=False)
        with self._lock:
            self.current, self.kb_error = fresh.current, fresh.kb_error

    def _load_index(self, loaded: Loaded) -> None:
        from kb.search.service import index_for

        t0 = time.perf_counter()
        try:
            index = index_for(loaded.kb)
            warm_up(index)
            loaded.index = index
        except Exception as exc:  # the API still serves the KB routes; search says why not
            loaded.error = f"the search index could not be loaded: {exc}"
            log.exception("lawdesk: search index failed to load")
        else:
            log.info("lawdesk: search index loaded in %.0f ms", 1000 * (time.perf_counter() - t0))
        loaded.ready.set()
        from api.app import since_process_start

        since = since_process_start()
        log.info(
            "lawdesk: ready %.2f s after process start",
            since if since is not None else time.perf_counter() - self.started,
        )

    def loaded(self) -> Loaded:
        """The current build, or a 503 saying why there is none."""
        current = self.current
        if current is None:
            raise ApiError(
                503,
                "kb-unavailable",
                self.kb_error or "the knowledge base is not open yet",
                ["run `lawdesk build`, then restart the server"],
            )
        return current

    def kb(self) -> store.KB:
        """The open KB (503 when it is unavailable)."""
        return self.loaded().kb

    def index(self, wait: float = INDEX_WAIT_SECONDS) -> tuple[store.KB, Any]:
        """The KB and the search index of the same build, waiting for the index to load."""
        return self._ready(self.loaded(), wait)

    @staticmethod
    def _ready(loaded: Loaded, wait: float) -> tuple[store.KB, Any]:
        if not loaded.ready.wait(wait):
            raise ApiError(503, "not-ready", "the search index is still loading", ["retry shortly"])
        if loaded.index is None:
            raise ApiError(503, "index-unavailable", loaded.error or "no search index", [])
        return loaded.kb, loaded.index

    def answer(self, key: Hashable, compute: Callable[[store.KB, Any], Any]) -> Any:
        """``compute(kb, index)`` for one build, or its answer kept from an earlier request with
        the same ``key`` in that same build (``api.answers``)."""
        loaded = self.loaded()
        kb, index = self._ready(loaded, INDEX_WAIT_SECONDS)
        return loaded.answers.get_or_compute(key, lambda: compute(kb, index))

    def is_ready(self) -> bool:
        """Whether the KB is open and the search index loaded."""
        current = self.current
        return current is not None and current.ready.is_set() and current.index is not None
