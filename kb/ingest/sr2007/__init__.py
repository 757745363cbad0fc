"""The ``sr-2007`` reader (Serbian Laws of Duplicate Bridge 2007): ``read(text) -> ParsedDoc``."""

from kb.ingest.sr2007.reader import read

__all__ = ["read"]
