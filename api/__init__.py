"""HTTP API (FastAPI) over the built knowledge base and the rules core: ``api.app:app``."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("lawdesk")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
