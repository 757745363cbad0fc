"""Which law provision each rule function implements ("computed by" on the site).

Decorate a public function with ``@provision("sk-2017:77", "sr-2007:77")``; the IDs are node IDs
of the knowledge base (``{doc}:{cite}``), and a test checks that every one of them exists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

PROVISIONS: dict[str, tuple[str, ...]] = {}


def provision(*node_ids: str) -> Callable[[F], F]:
    """Record that the decorated function implements these provisions."""
    if not node_ids:
        raise ValueError("provision() needs at least one node ID such as 'sk-2017:77'")
    for nid in node_ids:
        if ":" not in nid:
            raise ValueError(f"{nid!r} is not a node ID; expected 'doc:cite' such as 'sk-2017:77'")

    def mark(fn: F) -> F:
        PROVISIONS[f"{fn.__module__}.{fn.__qualname__}"] = tuple(node_ids)
        return fn

    return mark


def provisions_of(fn: Callable[..., object]) -> tuple[str, ...]:
    """The provisions a rule function implements (empty if it is not registered)."""
    return PROVISIONS.get(f"{fn.__module__}.{fn.__qualname__}", ())
