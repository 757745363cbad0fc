"""Name each 2007 -> 2017 pair: same, changed, moved, new or removed, with its evidence.

A pair is ``moved`` when the numbers differ, else ``same`` or ``changed`` by content: the
numbers the two texts hold, the citations (2007 ones mapped into 2017 through the alignment:
a citation of 16D that 2017 writes 16C is the same), how much of each text the other covers,
and how their lengths compare with the usual Slovak/Serbian ratio. A law or section whose
parts changed, moved, appeared or vanished is itself changed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from kb.align.editions import Edition, Match
from kb.align.similarity import Scorer
from kb.models import Parallel

# own-text change detection (tuned on tests/eval/align_dev.jsonl)
COVER_MIN = 0.25  # one text this poorly covered by the other (the other one well): changed
LENGTH_SPREAD = 0.40  # |log(length ratio / usual ratio)| above this: something added or cut
SHORT = 40  # texts shorter than this (characters) are not judged by length


@dataclass
class Verdict:
    """Whether the own texts of a pair differ, and why (or why not)."""

    changed: bool
    evidence: list[str] = field(default_factory=list)


def _cites(ids: frozenset[str] | set[str]) -> str:
    return ", ".join(sorted(i.split(":", 1)[1] for i in ids)) or "none"


def _nums(ns: tuple[int, ...]) -> str:
    return ", ".join(str(n) for n in ns) or "none"


class Judge:
    """Compares the own texts of paired provisions."""

    def __init__(
        self, A: Edition, B: Edition, scorer: Scorer, cite_map: Callable[[str], str]
    ) -> None:
        self.A, self.B, self.scorer, self.cite_map = A, B, scorer, cite_map
        ratios = [
            math.log(B.feats[y].length / A.feats[x].length)
            for x, y in _same_cite(A, B)
            if A.feats[x].length >= SHORT and B.feats[y].length >= SHORT
        ]
        ratios.sort()
        self.usual = ratios[len(ratios) // 2] if ratios else 0.0

    def own(self, x: str, y: str) -> Verdict:
        """Compare the own texts (children excluded) of ``x`` and ``y``."""
        fa, fb = self.A.feats[x], self.B.feats[y]
        if not fa.stems and not fb.stems:
            return Verdict(False, [])
        if not fa.stems or not fb.stems:
            which = "2017" if fb.stems else "2007"
            return Verdict(True, [f"only the {which} text has words of its own here"])
        out: list[str] = []
        changed = False
        na, nb = set(fa.numbers), set(fb.numbers)
        if na - nb and nb - na:
            changed = True
            out.append(f"numbers differ: 2007 {_nums(fa.numbers)}; 2017 {_nums(fb.numbers)}")
        elif na & nb:
            out.append(f"numbers agree: {_nums(tuple(sorted(na & nb)))}")
        mapped = {self.cite_map(c) for c in fa.cites}
        dropped = {c for c in mapped if not any(_within(c, d) for d in fb.cites)}
        added = {d for d in fb.cites if not any(_within(c, d) for c in mapped)}
        # a "see X" one text has and the other lacks may be a translation's choice; a citation
        # the rule applies or excepts ("Law 16 applies", "except as in 62C3") is the rule
        ruled_in = added & fb.ruling
        ruled_out = dropped & {self.cite_map(c) for c in fa.ruling}
        if dropped and added:
            changed = True
            out.append(
                f"citations differ: 2007 {_cites(fa.cites)} (in 2017: {_cites(mapped)}); "
                f"2017 {_cites(fb.cites)}"
            )
        elif ruled_in or ruled_out:
            changed = True
            out.append(
                f"2017 adds a rule citing {_cites(ruled_in)}"
                if ruled_in
                else f"2017 drops the rule citing {_cites(ruled_out)}"
            )
        elif mapped and fb.cites:
            out.append(
                f"citations agree: {_cites(fb.cites - added)}"
                + (f" (2017 adds {_cites(added)})" if added else "")
            )
        ca, cb = self.scorer.coverage(fa.stems, fb.stems)
        if min(ca, cb) < COVER_MIN <= max(ca, cb):
            changed = True
            side = "2007" if ca < cb else "2017"
            out.append(f"words: the {side} text says much the other does not ({ca:.2f}/{cb:.2f})")
        else:
            out.append(f"words cover each other {ca:.2f}/{cb:.2f}")
        if fa.length >= SHORT and fb.length >= SHORT:
            spread = math.log(fb.length / fa.length) - self.usual
            if abs(spread) > LENGTH_SPREAD:
                changed = True
                longer = "longer" if spread > 0 else "shorter"
                out.append(f"the 2017 text is {longer} than usual (x{math.exp(spread):.1f})")
        return Verdict(changed, out)


def _within(c: str, d: str) -> bool:
    """Whether two cites name the same place or one lies within the other (``26``/``26B``)."""
    return c == d or c.startswith(d) or d.startswith(c)


def _same_cite(A: Edition, B: Edition) -> list[tuple[str, str]]:
    out = []
    for x, n in A.nodes.items():
        y = f"{B.doc}:{n.cite}"
        if y in B.nodes:
            out.append((x, y))
    return out


def relate(
    A: Edition,
    B: Edition,
    primary: list[Match],
    secondary: list[Match],
    judge: Judge,
) -> list[Parallel]:
    """Every pair with its relation, plus the unpaired provisions as new/removed."""
    partners_a: dict[str, list[Match]] = {}
    partners_b: dict[str, list[Match]] = {}
    for m in primary + secondary:
        partners_a.setdefault(m.a, []).append(m)
        partners_b.setdefault(m.b, []).append(m)
    verdict: dict[tuple[str, str], Verdict] = {}
    # deepest first, so a parent sees its children's verdicts
    ordered = sorted(primary + secondary, key=lambda m: -A.depth(m.a))
    for m in ordered:
        v = judge.own(m.a, m.b)
        ev = list(v.evidence)
        changed = v.changed or m.how == "split"  # a part of it went elsewhere, or joined it
        for kid in A.kids.get(m.a, []):
            for km in partners_a.get(kid, []):
                if B.nodes[km.b].parent != m.b:
                    changed = True
                    ev.append(f"2007 {_c(kid)} is now 2017 {_c(km.b)}")
                elif A.label(kid) != B.label(km.b):
                    changed = True
                    ev.append(f"2007 {_c(kid)} is now {_c(km.b)}")
                elif verdict[(km.a, km.b)].changed:
                    changed = True
            if kid not in partners_a:
                changed = True
                ev.append(f"2007 {_c(kid)} has no 2017 counterpart")
        for kid in B.kids.get(m.b, []):
            for km in partners_b.get(kid, []):
                if A.nodes[km.a].parent != m.a and km.a != m.a:
                    changed = True
                    ev.append(f"2017 {_c(kid)} was 2007 {_c(km.a)}")
            if kid not in partners_b:
                changed = True
                ev.append(f"2017 {_c(kid)} is new")
        verdict[(m.a, m.b)] = Verdict(changed, ev)
    out = []
    for m in primary + secondary:
        v = verdict[(m.a, m.b)]
        moved = A.nodes[m.a].cite != B.nodes[m.b].cite
        relation = "moved" if moved else ("changed" if v.changed else "same")
        how = {
            "sibling": "same number" if not moved else "paired by content among siblings",
            "order": "in order between paired neighbours"
            + ("" if not moved else ", at another number"),
            "anywhere": "found by content in another place",
            "leftover": "found by content among the Law's unpaired provisions",
            "part": "a part of the counterpart's place says it, not the whole",
            "split": "second counterpart: a provision split or merged",
            "text": "the text became a part of the restructured provision",
            "number": "same number; the words neither confirm nor contradict it",
        }[m.how]
        evidence = [f"{how} (words {m.content:.2f})", *_dedupe(v.evidence)]
        out.append(
            Parallel(m.a, m.b, relation, v.changed, _confidence(m), evidence)  # type: ignore[arg-type]
        )
    paired_a = set(partners_a)
    paired_b = set(partners_b)
    out += [
        Parallel(x, None, "removed", True, 0.8, ["no counterpart in 2017"])
        for x in A.nodes
        if x not in paired_a
    ]
    out += [
        Parallel(None, y, "new", True, 0.8, ["no counterpart in 2007"])
        for y in B.nodes
        if y not in paired_b
    ]
    return out


def _c(node_id: str) -> str:
    return node_id.split(":", 1)[1]


def _dedupe(items: list[str]) -> list[str]:
    seen: set[str] = set()
    return [i for i in items if not (i in seen or seen.add(i))]  # type: ignore[func-returns-value]


def _confidence(m: Match) -> float:
    """How sure the pairing is: its content score and its margin over the runner-up; a pair
    kept by number alone stays below 0.35 (the crosswalk does not carry citations over it)."""
    if m.how == "number":
        return round(min(0.3, 0.1 + m.content), 2)
    margin = max(0.0, m.score - m.runner_up) if m.runner_up else 0.3
    return round(min(0.99, max(0.05, 0.3 + 0.9 * m.content + 0.6 * min(margin, 0.3))), 2)
