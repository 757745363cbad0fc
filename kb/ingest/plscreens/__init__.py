"""The ``pl-screens`` reader (Polish screen regulations): ``read(text) -> ParsedDoc``."""

from kb.ingest.plscreens.reader import read

__all__ = ["read"]
