"""What each page holds, as plain dicts: one place for the CLI, the API and the static site.

Every function takes an open ``KB`` and returns JSON-ready data; unknown IDs raise
``UnknownNode`` (with the nearest IDs) or ``UnknownDocument`` (with the known ones).
"""

from __future__ import annotations

from kb.views.diff import UnknownLaw, diff_law, diff_laws, diff_location, diff_overview
from kb.views.documents import contents_view, definitions_view, document_view, documents_view
from kb.views.ids import BadNodeId, canonical_id
from kb.views.nodes import (
    NotALaw,
    UnknownDocument,
    UnknownNode,
    law_view,
    node_refs_view,
    node_view,
    parallels_view,
)

__all__ = [
    "BadNodeId",
    "NotALaw",
    "UnknownDocument",
    "UnknownLaw",
    "UnknownNode",
    "canonical_id",
    "contents_view",
    "definitions_view",
    "diff_law",
    "diff_laws",
    "diff_location",
    "diff_overview",
    "document_view",
    "documents_view",
    "law_view",
    "node_refs_view",
    "node_view",
    "parallels_view",
]
