"""Search over a built KB: the index written next to it, opened once per process.

The stable interface the CLI and the API use:

- ``index_for(kb)`` -> the ``SearchIndex`` of this KB build (opened once per process and build;
  written first if missing or stale, e.g. after a code change without ``lawdesk build``);
- ``search(index, q, doc=, lang=, game=, edition=, limit=)`` (``kb.search.search``) -> result
  dicts ``{id, doc, law, cite, kind, title, snippet, score, parallels}``, parallels as
  ``[{"id", "relation"}]``.
"""

from __future__ import annotations

import contextlib
import fcntl
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kb.search import artefact, situations
from kb.search.index import SearchIndex, StaleIndex
from kb.store import KB

_LOCK = threading.Lock()
_OPEN: dict[tuple[str, str], SearchIndex] = {}


def write_index(kb: KB, directory: Path | None = None) -> dict[str, object]:
    """Write the search index of ``kb`` next to its file (or into ``directory``)."""
    target = directory or artefact.directory_for(kb.path)
    manifest = artefact.write(artefact.corpus_from_kb(kb), target)
    situations.save(target, kb.build_hash)  # what queries need of the ruling trees
    return manifest


def build_index(kb_path: Path) -> dict[str, object]:
    """Write the search index of the KB file just built (``lawdesk build`` calls this, so that
    the first search after an install is as fast as any other)."""
    kb = KB(kb_path)
    try:
        return write_index(kb)
    finally:
        kb.close()


def open_index(kb: KB) -> SearchIndex:
    """The index of this KB build from disk, written first if missing or stale (by one process
    at a time: the others wait and read it). Where the KB's directory cannot be written, the
    index goes to the temporary directory, under the build's hash."""
    directory = artefact.directory_for(kb.path)
    try:
        return SearchIndex(directory, build_hash=kb.build_hash)
    except StaleIndex:
        pass
    for target in (directory, _spare(kb)):
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with _exclusive(target.with_name(target.name + ".lock")):
                try:
                    return SearchIndex(target, build_hash=kb.build_hash)
                except StaleIndex:
                    write_index(kb, target)
                    return SearchIndex(target, build_hash=kb.build_hash)
        except OSError:
            continue
    raise StaleIndex(f"no search index for {kb.path} and none can be written next to it")


def _spare(kb: KB) -> Path:
    """Where the index of a KB whose directory is read-only goes."""
    return Path(tempfile.gettempdir()) / "lawdesk-search" / kb.build_hash[:32] / "kb.search"


@contextlib.contextmanager
def _exclusive(lock: Path) -> Iterator[None]:
    """Hold an exclusive lock on the file ``lock`` (created if missing)."""
    with lock.open("a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def index_for(kb: KB) -> SearchIndex:
    """The index of this KB build, opened once per process (keyed by the build's content hash,
    so a rebuilt KB gets its own index and never mixes with the old one)."""
    key = (str(kb.path.resolve()), kb.build_hash)
    hit = _OPEN.get(key)
    if hit is not None:
        return hit
    with _LOCK:
        if key not in _OPEN:
            index = open_index(kb)
            index.warm()
            _OPEN.clear()
            _OPEN[key] = index
        return _OPEN[key]


def parallels_enricher(kb: KB) -> Callable[[dict[str, Any], SearchIndex], dict[str, Any]]:
    """Deprecated: results carry their ``parallels`` already (read from the index, no query per
    result). Kept so that callers written against the earlier interface keep working; the
    enricher it returns adds nothing."""

    def enrich(result: dict[str, Any], _: SearchIndex) -> dict[str, Any]:
        return {}

    return enrich


def index_from_kb(kb: KB, *, cached: bool = True, lazy: bool = False) -> SearchIndex:
    """Deprecated name of ``index_for`` (the earlier interface; ``cached`` and ``lazy`` no
    longer mean anything: the index is built with the KB and memory-mapped)."""
    return index_for(kb)
