"""The ``hr-pref-2014`` reader (Croatian Preferans kodeks 2014): ``read(text) -> ParsedDoc``."""

from kb.ingest.hrpref.reader import read

__all__ = ["read"]
