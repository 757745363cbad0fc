"""Throughput of the bridge rules core: score() calls per second and check_auction() auctions
per second (median of several runs).

Run: ``.venv/bin/python bench/rules.py [--runs 5] [--seconds 0.5]``
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from kb.rules.bridge import check_auction, score

SCORE_CASES = [
    (f"{level}{strain}{dbl}", vul, tricks)
    for level in range(1, 8)
    for strain in ("C", "D", "H", "S", "NT")
    for dbl in ("", "X", "XX")
    for vul in (False, True)
    for tricks in (level + 4, level + 6, 13)
]
AUCTIONS = [
    ("N", ["1H", "P", "1S", "P", "2H", "P", "4H", "P", "P", "P"]),
    ("E", ["1H", "1S", "2H", "P", "4H", "P", "P", "X", "P", "P", "P"]),
    ("S", ["1C", "P", "1H", "P", "1NT", "P", "3NT", "X", "XX", "P", "P", "P"]),
    ("W", ["P", "P", "P", "P"]),
    ("N", ["P", "1C", "1D", "1H", "1S", "2C", "2D", "2H", "2S", "P", "P", "P"]),
    ("N", ["1H", "P", "P", "P", "2S"]),
]


def _rate(work: Callable[[], int], seconds: float) -> float:
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += work()
    return done / elapsed


def _scores() -> int:
    for contract, vul, tricks in SCORE_CASES:
        score(contract, vulnerable=vul, tricks=tricks)
    return len(SCORE_CASES)


def _auctions() -> int:
    for dealer, calls in AUCTIONS:
        check_auction(dealer, calls, edition="2017")
    return len(AUCTIONS)


def main() -> None:
    """Print the median rate of each benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5, help="length of one run")
    args = parser.parse_args()
    for name, work in (("score() calls/s", _scores), ("check_auction() auctions/s", _auctions)):
        rates = [_rate(work, args.seconds) for _ in range(args.runs)]
        print(f"{name:30} {statistics.median(rates):>12,.0f}  (median of {args.runs} runs)")


if __name__ == "__main__":
    main()
