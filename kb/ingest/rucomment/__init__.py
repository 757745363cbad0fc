"""The ``ru-comment`` reader (Russian commentary on Laws 24-39): ``read(text) -> ParsedDoc``."""

from kb.ingest.rucomment.reader import read

__all__ = ["read"]
