"""The ``sk-2017`` reader (Slovak Laws of Duplicate Bridge 2017): ``read(text) -> ParsedDoc``."""

from kb.ingest.sk2017.reader import read

__all__ = ["read"]
