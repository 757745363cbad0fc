"""Hypothesis strategies shared by the rules-core tests."""

from __future__ import annotations

from hypothesis import strategies as st

from kb.rules.bridge import legal_calls


@st.composite
def legal_auctions(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A dealer and a legal auction from him (ended or not), built call by call."""
    dealer = draw(st.sampled_from("NESW"))
    calls: list[str] = []
    for _ in range(60):
        options = legal_calls(dealer, calls)
        if not options:
            break
        # Favour passes so that auctions end.
        calls.append("P" if draw(st.booleans()) else draw(st.sampled_from(options)))
    return dealer, calls
