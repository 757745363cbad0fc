"""Every provision the rules core says it implements exists in the knowledge base."""

from __future__ import annotations

import kb.rules.bridge
import kb.rules.preferans  # registers its provisions
from kb.rules.registry import PROVISIONS


def test_every_cited_provision_exists(kb):
    missing = sorted(
        {(fn, nid) for fn, ids in PROVISIONS.items() for nid in ids if kb.get(nid) is None}
    )
    assert not missing, missing


def test_rules_core_cites_something():
    assert len(PROVISIONS) >= 10
    assert any(nid.startswith("hr-pref-2014:") for ids in PROVISIONS.values() for nid in ids)
    assert kb.rules.bridge.score  # the public API is importable from the package
