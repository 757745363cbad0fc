"""On-disk caches next to the KB, so that a one-off process skips re-analysing the corpus.

Two kinds of file, both pickles written atomically on first use and ignored (then rewritten)
when stale or unreadable:

- ``search-<lang>.pkl``: a language's analysed units (term lists, surface forms, headings,
  snippet words), keyed by the KB file's mtime and size and by the analysis code and data;
- ``search-lemmas-<lang>.pkl``: every word the language's lemmatizer has seen and its raw
  lemma, so that a query whose words are all known never loads the lemmatizer's dictionary
  (simplemma's Polish one takes seconds and hundreds of MB).
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import importlib.metadata
import os
import pickle
import tempfile
import threading
from pathlib import Path
from typing import Any

from kb.search import lemmatizer
from kb.search.langdata import LANG_DIR

FORMAT = 1
_SEARCH_DIR = Path(__file__).resolve().parent
_LIBS = ("simplemma", "lemmagen3", "pymorphy3", "pymorphy3-dicts-ru", "spacy")


def _versions() -> str:
    """Versions of the libraries whose output the caches hold."""
    out = []
    for lib in _LIBS:
        try:
            out.append(f"{lib}={importlib.metadata.version(lib)}")
        except importlib.metadata.PackageNotFoundError:
            out.append(f"{lib}=none")
    return ";".join(out)


def code_key(lang: str) -> str:
    """A digest of what analysis depends on besides the KB: the search code, the language's data
    files and pipeline, the script converter and library versions."""
    h = hashlib.sha256(f"{FORMAT};{lang};{_versions()}".encode())
    files = sorted(_SEARCH_DIR.glob("*.py")) + sorted((LANG_DIR / lang).glob("*"))
    files.append(_SEARCH_DIR.parent / "script.py")
    for path in files:
        if path.is_file():
            h.update(path.name.encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def lemma_key(lang: str) -> str:
    """A digest of what a language's raw lemmas depend on: its pipeline and library versions."""
    h = hashlib.sha256(f"{FORMAT};{lang};{_versions()}".encode())
    h.update((LANG_DIR / lang / "pipeline.py").read_bytes())
    return h.hexdigest()


def kb_key(kb_path: Path) -> str:
    """The KB file's identity for the corpus cache: its mtime and size."""
    st = kb_path.stat()
    return f"{st.st_mtime_ns}:{st.st_size}"


def read(path: Path, key: str) -> Any | None:
    """The payload stored at ``path`` under ``key``, or None if missing, stale or unreadable."""
    try:
        with path.open("rb") as f:
            stored = pickle.load(f)
    except Exception:  # a damaged cache is rebuilt, never trusted
        return None
    if not isinstance(stored, dict) or stored.get("key") != key:
        return None
    return stored.get("payload")


def write(path: Path, key: str, payload: Any) -> None:
    """Store ``payload`` under ``key`` atomically; a directory that cannot be written is skipped
    (the cache is an optimisation only)."""
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump({"key": key, "payload": payload}, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.chmod(tmp, 0o644)  # mkstemp makes it private; the KB next to it is not
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass


class LemmaStore:
    """The lemma memos of every language, loaded from and saved to ``directory``."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._loaded: dict[str, int] = {}  # language -> memo size when loaded or last saved
        self._lock = threading.Lock()
        self.load_all()
        atexit.register(self.save_all)

    def path(self, lang: str) -> Path:
        """The memo file of one language."""
        return self.directory / f"search-lemmas-{lang}.pkl"

    def load_all(self) -> None:
        """Seed the lemmatizer memo of every language from its file (stale files ignored)."""
        from kb.search.langdata import LANGS

        for lang in LANGS:
            found = read(self.path(lang), lemma_key(lang))
            if isinstance(found, dict):
                lemmatizer.seed(lang, found)
            self._loaded[lang] = len(lemmatizer.memo(lang))

    def save_all(self) -> None:
        """Write the memo of every language that learnt words since it was loaded."""
        with self._lock:
            for lang, size in list(self._loaded.items()):
                memo = lemmatizer.memo(lang)
                if len(memo) > size:
                    # another process may have saved words since this one loaded: keep them
                    key = lemma_key(lang)
                    stored = read(self.path(lang), key)
                    merged = {**stored, **memo} if isinstance(stored, dict) else dict(memo)
                    write(self.path(lang), key, merged)
                    self._loaded[lang] = len(memo)


@functools.cache
def lemma_store(directory: Path) -> LemmaStore:
    """The one lemma store of a directory in this process (seeded once, saved at exit)."""
    return LemmaStore(directory)
