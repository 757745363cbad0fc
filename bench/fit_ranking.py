"""Learning to rank over the ranking's own weights, cross-validated across the two dev sets.

The features are those the ranker already combines (kb/search/rank.py): the weights of the
exact, pair, expansion, translation, cognate and fuzzy terms, the routes, the heading match, the
kind priors (bare heading, definition, footnote), the glossary, the ruling trees' prior, a
provision's other nodes and second paragraph, and the query-language sharpness. Coordinate
ascent (each weight times 0.5, 0.75, 1.25, 1.5 in turn, kept when it lifts the fold's MRR@10,
law and paragraph level averaged) fits them on one dev set; the other dev set is the held-out
fold. A fit is worth keeping only if its held-out fold
improves too. The blind set is never read.

    .venv/bin/python bench/fit_ranking.py [--rounds N]      (needs build/kb.sqlite: make build)

Takes a few minutes per fold; prints, per fold, both sets' figures before and after the fit and
the weights it moved. Nothing is written: the ranking's constants are restored on exit.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb import evaluate as ev  # noqa: E402
from kb.search import rank, search  # noqa: E402
from kb.search.index import SearchIndex  # noqa: E402
from kb.search.service import index_for  # noqa: E402
from kb.store import DEFAULT_PATH, KB  # noqa: E402

FOLDS = ("situations-dev", "dev")
STEPS = (0.5, 0.75, 1.25, 1.5)
# (module, constant, whether it is a share that must stay at most 1)
WEIGHTS: tuple[tuple[ModuleType, str, bool], ...] = (
    (rank, "EXACT_WEIGHT", False),
    (rank, "PAIR_WEIGHT", False),
    (rank, "EXPANSION_WEIGHT", False),
    (rank, "ROUTE_WEIGHT", False),
    (rank, "ROUTE_INSIDE", False),
    (rank, "TRANSLATION_WEIGHT", False),
    (rank, "COGNATE_WEIGHT", False),
    (rank, "FUZZY_WEIGHT", False),
    (rank, "TITLE_WEIGHT", False),
    (rank, "TITLE_ONLY_PRIOR", True),
    (rank, "DEFINITION_PRIOR", True),
    (rank, "FOOTNOTE_PRIOR", True),
    (rank, "GLOSSARY_WEIGHT", False),
    (rank, "TREE_LAW", False),
    (rank, "TREE_WEIGHT", False),
    (rank, "PROVISION_SHARE", True),
    (rank, "SECOND_SHARE", True),
    (rank, "LANGUAGE_SHARPNESS", False),
)
# what the index caches per weight setting (kb/search/rank.py: kind priors, bridges)
_CACHES = ("_unit_priors", "_bridges")

Weights = dict[str, float]


def _key(module: ModuleType, name: str) -> str:
    return f"{module.__name__.rsplit('.', 1)[1]}.{name}"


def current() -> Weights:
    """The weights as the code sets them."""
    return {_key(m, n): float(getattr(m, n)) for m, n, _ in WEIGHTS}


def apply(index: SearchIndex, weights: Weights) -> None:
    """Set the ranking's constants to ``weights`` and drop what the index cached under others."""
    for m, n, _ in WEIGHTS:
        setattr(m, n, weights[_key(m, n)])
    for cache in _CACHES:
        index.__dict__.pop(cache, None)


@contextmanager
def restored(index: SearchIndex) -> Iterator[Weights]:
    """The code's weights, set back however the block ends."""
    saved = current()
    try:
        yield dict(saved)
    finally:
        apply(index, saved)


class Judge:
    """Scores of the dev sets over one index."""

    def __init__(self, index: SearchIndex, kb: KB) -> None:
        self.index = index
        self.tree = ev.Tree.of(kb.nodes())
        self.cases = {name: ev.load_cases(ev.EVAL_DIR / ev.SETS[name][0]) for name in FOLDS}

    def figures(self, name: str) -> dict[str, float]:
        """Law R@1/R@5/MRR and paragraph R@5/MRR of one set."""
        result = ev.evaluate(
            self.cases[name],
            lambda q: [r["id"] for r in search(self.index, q, limit=ev.DEPTH)],
            self.tree,
        )["overall"]
        return {
            "law R@1": result["law"]["recall@1"],
            "law R@5": result["law"]["recall@5"],
            "law MRR": result["law"]["mrr@10"],
            "para R@5": result["para"]["recall@5"],
            "para MRR": result["para"]["mrr@10"],
        }

    def objective(self, name: str) -> float:
        """MRR@10 of a set, law and paragraph level averaged."""
        f = self.figures(name)
        return (f["law MRR"] + f["para MRR"]) / 2


def ascend(judge: Judge, fold: str, start: Weights, rounds: int) -> Weights:
    """Coordinate ascent of the weights on one set."""
    weights = dict(start)
    apply(judge.index, weights)
    best = judge.objective(fold)
    bounded = {_key(m, n): share for m, n, share in WEIGHTS}
    for _ in range(rounds):
        moved = False
        for key in weights:
            for step in STEPS:
                trial = dict(weights, **{key: weights[key] * step})
                if bounded[key] and trial[key] > 1.0:
                    continue
                apply(judge.index, trial)
                score = judge.objective(fold)
                if score > best + 1e-4:
                    best, weights, moved = score, trial, True
        if not moved:
            break
    return weights


def _row(label: str, f: dict[str, float]) -> str:
    return f"  {label:<22}" + "  ".join(f"{k} {v:.3f}" for k, v in f.items())


def main() -> None:
    """Fit on each dev set in turn, report both."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="passes over the weights (2)")
    args = parser.parse_args()
    kb = KB(DEFAULT_PATH)
    index = index_for(kb)
    judge = Judge(index, kb)
    kept = True
    with restored(index) as code:
        before = {name: judge.figures(name) for name in FOLDS}
        for fold in FOLDS:
            held = next(n for n in FOLDS if n != fold)
            fitted = ascend(judge, fold, code, args.rounds)
            after = {name: judge.figures(name) for name in FOLDS}
            apply(index, code)
            print(f"== fitted on {fold}, held out {held}")
            for name in (fold, held):
                print(_row(f"{name} before", before[name]))
                print(_row(f"{name} after", after[name]))
            moved = {k: v for k, v in fitted.items() if v != code[k]}
            print("  moved: " + ", ".join(f"{k} {code[k]:g} -> {v:.3g}" for k, v in moved.items()))
            gain = (after[held]["law MRR"] + after[held]["para MRR"]) - (
                before[held]["law MRR"] + before[held]["para MRR"]
            )
            print(f"  held-out MRR (law + para) change: {gain:+.3f}")
            kept = kept and gain > 0
    print("verdict: " + ("every held-out fold improves" if kept else "a held-out fold does not"))


if __name__ == "__main__":
    main()
