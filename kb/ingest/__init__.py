"""Ingest: one reader package per source format, each exporting ``read(text: str) -> ParsedDoc``.

``kb/ingest/<reader>/`` holds one reader (``reader.py`` with ``read``, and the modules it alone
uses); ``common.py`` and ``coverage.py`` beside them are shared by every reader and the build.

Readers never refuse malformed input: what they cannot place is kept where it can be and
reported as a ``Problem`` with its line.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from kb.models import ParsedDoc

# doc id -> reader package in kb.ingest
READERS: dict[str, str] = {
    "sr-2007": "sr2007",
    "hr-pref-2014": "hrpref",
    "sk-2017": "sk2017",
    "pl-screens": "plscreens",
    "ru-comment": "rucomment",
}


def reader_for(doc: str) -> Callable[[str], ParsedDoc]:
    """The ``read`` function for a document ID; raises KeyError naming the known IDs."""
    if doc not in READERS:
        raise KeyError(f"no reader for document {doc!r}; known: {', '.join(READERS)}")
    module = importlib.import_module(f"kb.ingest.{READERS[doc]}")
    return module.read


def parse(doc: str, text: str) -> ParsedDoc:
    """Parse one source text with its reader."""
    return reader_for(doc)(text)
