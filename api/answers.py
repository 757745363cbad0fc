"""Answers already given, per build: a bounded least-recently-used map.

Search and ask are pure functions of the build and the request, and directors at one event ask
the same few things over and over, so a repeated request is answered from here. The map lives
in the ``Loaded`` build it was computed from, so a reload never serves an answer of the old
build; its size is ``LAWDESK_ANSWER_CACHE`` entries (0 turns it off).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


class Answers:
    """At most ``size`` answers, the least recently used dropped first; thread-safe."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._map: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get_or_compute(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The answer kept for ``key``, else ``compute()`` kept (errors are never kept). Keep
        finished responses only: the value is shared by every caller and must not be changed."""
        if self.size <= 0:
            return compute()
        with self._lock:
            if key in self._map:
                self._map.move_to_end(key)
                self.hits += 1
                return self._map[key]
            self.misses += 1
        value = compute()  # outside the lock: two first requests may both compute, both agree
        with self._lock:
            self._map[key] = value
            self._map.move_to_end(key)
            while len(self._map) > self.size:
                self._map.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._map)
