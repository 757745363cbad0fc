"""Align two editions of the Laws (sr-2007 -> sk-2017) provision by provision, by content.

Numbering is only a prior. The two trees are walked from the laws down: the children of each
matched pair are paired by what they say (word coverage through cognates and the mined
lexicon, the numbers and citations they hold, their titles), with a bonus for the same label
and for the same place among their siblings. What stays unpaired is then looked for anywhere
in the other edition (2007 Law 23 -> 2017 72C, 2007 17D -> 2017 15A), and a provision split in
two or merged from two keeps a second partner. ``kb.align.relations`` then names each pair.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from kb.align.features import Features
from kb.align.similarity import Scorer, harmonic
from kb.models import Node

# priors and thresholds (tuned on tests/eval/align_dev.jsonl)
LABEL_BONUS = 0.10  # same label (the numbering prior)
TITLE_BONUS = 0.35  # titles that say the same (section titles are close translations)
POSITION_BONUS = 0.05  # same relative place among the siblings
CITE_BONUS = 0.15  # share of citations in common (mapped into the other edition)
NUMBER_BONUS = 0.05  # the same numbers (13 cards, 30 minutes)
LOCAL_MIN = 0.22  # a pair of siblings needs this score
SWAP_MIN = 0.40  # ... and this score (without the sibling priors) when their numbers differ
GLOBAL_MIN = 0.33  # a pair found anywhere in the other edition needs this content score
GLOBAL_MARGIN = 0.08  # ... and must beat the runner-up by this much
OVERRIDE_MARGIN = 0.10  # ... and beat the present partners of both by this much
WEAK = 0.35  # pairs of siblings below this content score may be undone for a better one
RARE = 2.0  # candidates anywhere must share a word at least this rare (idf)
CROSS_LAW_MIN = 0.45  # a pair across two Laws needs this content score ...
CROSS_LAW_SIZE = 8  # ... and at least this many words on the shorter side
SPLIT_SPARE = 0.30  # a second partner (split/merge) needs a counterpart with this share of
# words its first partner does not match ...
SPLIT_MIN = 0.35  # ... and matching it this well ...
SPLIT_COVER = 0.40  # ... covering this share of its own words
SHORT_TEXT = 8  # stems: a text this short may share no word with a free translation of it
NUMBER_ONLY_MIN = 0.10  # longer texts paired by number alone must share this much
TEXT_MIN = 0.20  # a text that went into one part of a restructured counterpart: its share
TEXT_DOMINANCE = 2.0  # ... found in that part, at least this many times the next part's


@dataclass
class Edition:
    """One edition's provisions: nodes, features, and children in order (``None`` = laws)."""

    doc: str
    nodes: dict[str, Node]
    feats: dict[str, Features]
    kids: dict[str | None, list[str]] = field(default_factory=dict)
    full: dict[str, frozenset[str]] = field(default_factory=dict)  # subtree and title stems
    depths: dict[str, int] = field(default_factory=dict)
    _outward: dict[str, frozenset[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, doc: str, nodes: Iterable[Node], feats: dict[str, Features]) -> Edition:
        """The provisions of ``nodes`` that have features, linked parent -> children."""
        own = {n.id: n for n in nodes if n.id in feats}
        kids: dict[str | None, list[str]] = {None: []}
        for n in own.values():
            parent = n.parent if n.parent in own else None
            if parent is None and n.kind != "law":
                continue  # a provision outside any law (none today) is not aligned
            kids.setdefault(parent, []).append(n.id)
        full = {x: f.subtree | f.title for x, f in feats.items() if x in own}
        return cls(doc, own, feats, kids, full)

    def label(self, node_id: str) -> str:
        """A node's own label below its parent: ``(a)`` of ``27B1(a)``, ``B`` of ``27B``."""
        n = self.nodes[node_id]
        parent = self.nodes.get(n.parent or "")
        return n.cite[len(parent.cite) :] if parent else n.cite

    def depth(self, node_id: str) -> int:
        """0 for a law, 1 for its sections, ..."""
        d = self.depths.get(node_id)
        if d is None:
            parent = self.nodes[node_id].parent
            d = self.depths[node_id] = self.depth(parent) + 1 if parent in self.nodes else 0
        return d

    def outward(self, x: str) -> frozenset[str]:
        """Citations made in a subtree to places outside it."""
        out = self._outward.get(x)
        if out is None:
            inside = f"{self.doc}:{self.nodes[x].cite}"
            out = self._outward[x] = frozenset(
                c for c in self.feats[x].subtree_cites if not c.startswith(inside)
            )
        return out

    def related(self, x: str, y: str) -> bool:
        """Whether one of two nodes lies within the other (or they are the same)."""
        cx, cy = self.nodes[x].cite, self.nodes[y].cite
        return self.nodes[x].law == self.nodes[y].law and (cx.startswith(cy) or cy.startswith(cx))

    def descendants(self, node_id: str) -> list[str]:
        """Every provision below ``node_id`` in document order."""
        out = []
        stack = list(reversed(self.kids.get(node_id, [])))
        while stack:
            x = stack.pop()
            out.append(x)
            stack.extend(reversed(self.kids.get(x, [])))
        return out


@dataclass
class Match:
    """Two provisions paired by the aligner, with the score and how they were found."""

    a: str
    b: str
    score: float
    content: float
    how: str  # sibling, anywhere (relocated), number (by number alone), text, split
    runner_up: float = 0.0


CiteMap = Callable[[str], str]


class Aligner:
    """One alignment pass of edition ``A`` against edition ``B``."""

    def __init__(self, A: Edition, B: Edition, scorer: Scorer, cite_map: CiteMap) -> None:
        self.A = A
        self.B = B
        self.scorer = scorer
        self.cite_map = cite_map
        self.matches: list[Match] = []
        self._mapped: dict[str, frozenset[str]] = {}
        self._scores: dict[tuple[str, str], tuple[float, float]] = {}
        self.of_a: dict[str, Match] = {}
        self.of_b: dict[str, Match] = {}

    # -- scores ---------------------------------------------------------------------------
    def content(self, x: str, y: str) -> float:
        """Word similarity of two subtrees, titles included."""
        return self.scorer.sim(self.A.full[x], self.B.full[y])

    def cites(self, x: str, y: str) -> float | None:
        """Share of citations in common, the 2007 ones mapped into 2017 (None unless both cite).
        Citations of a place inside the provision itself say nothing about where it went."""
        cb = self.B.outward(y)
        ax = self.A.outward(x)
        if not ax or not cb:
            return None  # a translation may leave out a "see Law X"
        ca = self._mapped.get(x)
        if ca is None:
            ca = self._mapped[x] = frozenset(self.cite_map(c) for c in ax)
        return 2 * len(ca & cb) / (len(ca) + len(cb))

    def numbers(self, x: str, y: str) -> float | None:
        """1 when both hold the same numbers, 0 when they differ (None: neither has any)."""
        na, nb = self.A.feats[x].subtree_numbers, self.B.feats[y].subtree_numbers
        if not na and not nb:
            return None
        return 1.0 if na == nb else 0.0

    def score(self, x: str, y: str, pos: float | None = None) -> tuple[float, float]:
        """(total score, content score) of pairing ``x`` with ``y``; ``pos`` is the distance of
        their relative places among siblings (None when not siblings)."""
        key = (x, y)
        base = self._scores.get(key)
        if base is None:
            base = self._scores[key] = self._evidence(x, y)
        total, c = base
        if pos is not None:
            total += POSITION_BONUS * (1 - pos)
            if self.A.label(x) == self.B.label(y):
                total += LABEL_BONUS
        return total, c

    def _evidence(self, x: str, y: str) -> tuple[float, float]:
        """Score from what the two provisions say: words, titles, citations, numbers."""
        c = self.content(x, y)
        total = c
        ta, tb = self.A.feats[x].title, self.B.feats[y].title
        if ta and tb:
            total += TITLE_BONUS * (self.scorer.sim(ta, tb) - 0.3)
        ci = self.cites(x, y)
        if ci is not None:
            total += CITE_BONUS * (ci - 0.5)
        nu = self.numbers(x, y)
        if nu is not None:
            total += NUMBER_BONUS * (nu - 0.5)
        return total, c

    # -- matching ---------------------------------------------------------------------------
    def add(self, m: Match) -> None:
        """Record a primary match."""
        self.matches.append(m)
        self.of_a[m.a] = m
        self.of_b[m.b] = m

    def siblings(self, pa: str | None, pb: str | None) -> list[tuple[str, str]]:
        """Pair the children of ``pa`` and ``pb``; return the new pairs."""
        xs = [x for x in self.A.kids.get(pa, []) if x not in self.of_a]
        ys = [y for y in self.B.kids.get(pb, []) if y not in self.of_b]
        if not xs or not ys:
            return []
        na, nb = max(len(self.A.kids.get(pa, [])), 1), max(len(self.B.kids.get(pb, [])), 1)
        cands = []
        for i, x in enumerate(xs):
            for j, y in enumerate(ys):
                if pa is None and self.A.label(x) != self.B.label(y):
                    continue  # laws keep their numbers; a law's content that left is found later
                pos = abs((i + 0.5) / na - (j + 0.5) / nb)
                total, c = self.score(x, y, pos)
                if total < LOCAL_MIN:
                    continue
                if self.A.label(x) != self.B.label(y) and self.score(x, y)[0] < SWAP_MIN:
                    continue  # a new number needs a stronger reason than being nearby
                cands.append((total, c, x, y))
        cands.sort(key=lambda t: (-t[0], t[2], t[3]))
        best_a: dict[str, list[float]] = {}
        for total, _, x, _ in cands:
            best_a.setdefault(x, []).append(total)
        out = []
        for total, c, x, y in cands:
            if x in self.of_a or y in self.of_b:
                continue
            runner = next((s for s in best_a[x] if s < total), 0.0)
            self.add(Match(x, y, total, c, "sibling", runner))
            out.append((x, y))
        return out

    def descend(self, start: list[tuple[str | None, str | None]]) -> None:
        """Pair siblings from the given parent pairs downwards."""
        queue = list(start)
        while queue:
            pa, pb = queue.pop()
            queue.extend(self.siblings(pa, pb))

    def current(self, side: Edition, x: str) -> float:
        """Score (without the sibling priors) of a node's present partner (0 when none)."""
        m = (self.of_a if side is self.A else self.of_b).get(x)
        return self.score(m.a, m.b)[0] if m else 0.0

    def movable(self, side: Edition, x: str) -> bool:
        """Unpaired with its parent paired (or a law), or paired weakly among siblings."""
        own = self.of_a if side is self.A else self.of_b
        m = own.get(x)
        if m is not None:
            return m.how == "sibling" and m.content < WEAK
        parent = side.nodes[x].parent
        return bool(side.feats[x].subtree) and (parent not in side.nodes or parent in own)

    def relocate(self) -> bool:
        """Pair provisions across places: an unpaired one with its counterpart anywhere in the
        other edition, or one weakly paired by number with a much better one that is free
        (2007 Law 23 is paired with 2017 Law 23 by number, but 2017 72C says what it says).
        Top-most provisions first; what lies below a new pair is then paired as siblings."""
        xs = [x for x in self.A.nodes if self.movable(self.A, x)]
        ys = [y for y in self.B.nodes if self.movable(self.B, y)]
        index: dict[str, list[str]] = {}  # a rare word -> the provisions that hold it
        for y in ys:
            for t in self.B.full[y]:
                if self.scorer.w_b.get(t, 0.0) >= RARE:
                    index.setdefault(t, []).append(y)
        cands = []
        for x in xs:
            dx = self.A.depth(x)
            row = []
            reach = self.scorer.text_a(self.A.full[x]).reach
            near = {y for t in reach if t in index for y in index[t]}
            for y in sorted(near):
                if abs(self.B.depth(y) - dx) > 1 or (x in self.of_a and y in self.of_b):
                    continue
                total, c = self.score(x, y)
                if c >= GLOBAL_MIN:
                    row.append((total, y, c))
            row.sort(reverse=True)
            if not row:
                continue
            total, y, c = row[0]
            # the runner-up is another place, not a part or the whole of this one
            runner = next((r for r, z, _ in row[1:] if not self.B.related(y, z)), 0.0)
            if total - runner < GLOBAL_MARGIN:
                continue  # ambiguous: two places say it about as well
            if self.A.nodes[x].law != self.B.nodes[y].law:
                small = min(len(self.A.full[x]), len(self.B.full[y]))
                if c < CROSS_LAW_MIN or small < CROSS_LAW_SIZE:
                    continue  # moving to another Law takes a longer text saying the same
            cur = max(self.current(self.A, x), self.current(self.B, y))
            if total >= cur + OVERRIDE_MARGIN:
                cands.append((total, dx, x, y, runner, c))
        cands.sort(key=lambda t: (-t[0], t[1], t[2], t[3]))
        done = []
        for total, _, x, y, runner, c in cands:
            mx, my = self.of_a.get(x), self.of_b.get(y)
            if (mx and mx.how != "sibling") or (my and my.how != "sibling"):
                continue  # already re-paired in this round
            if (mx and mx not in self.matches) or (my and my not in self.matches):
                continue
            for m in (mx, my):
                if m is not None and m in self.matches:
                    self.unmatch(m)
            if x in self.of_a or y in self.of_b:
                continue
            self.add(Match(x, y, total, c, "anywhere", runner))
            done.append((x, y))
        self.descend(done)
        return bool(done)

    def unmatch(self, m: Match) -> None:
        """Drop a pair and every pair found below it."""
        below_a = set(self.A.descendants(m.a)) | {m.a}
        below_b = set(self.B.descendants(m.b)) | {m.b}
        drop = [k for k in self.matches if k.a in below_a and k.b in below_b]
        for k in drop:
            self.matches.remove(k)
            del self.of_a[k.a]
            del self.of_b[k.b]

    def _pair(
        self, side: Edition, x_stems: frozenset[str], y_stems: frozenset[str]
    ) -> tuple[float, float]:
        """(share of ``x_stems`` covered by ``y_stems``, similarity), ``x`` being of ``side``."""
        if side is self.A:
            cx, cy = self.scorer.coverage(x_stems, y_stems)
        else:
            cy, cx = self.scorer.coverage(y_stems, x_stems)
        return cx, harmonic(cx, cy)

    def text_to_children(self) -> list[Match]:
        """A provision whose text became one part of a restructured counterpart (2007 Law 1
        -> 2017 1A, 2007 45D -> 2017 45D1): pair the text with the part that clearly holds it."""
        extra = []
        for m in list(self.matches):
            for side, other, x, y in ((self.A, self.B, m.a, m.b), (self.B, self.A, m.b, m.a)):
                fx = side.feats[x]
                if side.kids.get(x) or not fx.stems or not other.kids.get(y):
                    continue
                if other.feats[y].length >= 0.6 * fx.length:
                    continue  # the counterpart kept the text itself
                scored = sorted(
                    (self._pair(side, fx.stems, other.feats[k].subtree)[0], k)
                    for k in other.kids[y]
                )
                best, k = scored[-1]
                second = scored[-2][0] if len(scored) > 1 else 0.0
                if best >= TEXT_MIN and best >= TEXT_DOMINANCE * second:
                    a, b = (x, k) if side is self.A else (k, x)
                    extra.append(Match(a, b, best, best, "text"))
        return extra

    def splits(self) -> list[Match]:
        """Second partners: an unpaired provision that says what a paired provision of its
        place says, when that one's partner leaves much of it unsaid (a paragraph split in two,
        or two merged into one)."""
        extra = []
        for side, other, own, theirs in (
            (self.A, self.B, self.of_a, self.of_b),
            (self.B, self.A, self.of_b, self.of_a),
        ):
            for x, n in side.nodes.items():
                fx = side.feats[x]
                if x in own or not fx.subtree:
                    continue
                pm = own.get(n.parent or "")
                if pm is None:
                    continue
                best = None
                for y in other.kids.get(pm.b if side is self.A else pm.a, []):
                    m = theirs.get(y)
                    if m is None:
                        continue
                    # what y says that its own partner does not
                    if side is self.A:
                        _, rest = self.scorer.left(
                            self.A.feats[m.a].subtree, other.feats[y].subtree
                        )
                    else:
                        rest, _ = self.scorer.left(
                            other.feats[y].subtree, self.B.feats[m.b].subtree
                        )
                    total = self.scorer.weight(
                        other.feats[y].subtree, "b" if side is self.A else "a"
                    )
                    spare = self.scorer.weight(rest, "b" if side is self.A else "a")
                    if not total or spare < SPLIT_SPARE * total:
                        continue
                    cov, c = self._pair(side, fx.subtree, other.feats[y].subtree)
                    if c >= SPLIT_MIN and cov >= SPLIT_COVER and (best is None or c > best[0]):
                        best = (c, y)
                if best:
                    a, b = (x, best[1]) if side is self.A else (best[1], x)
                    extra.append(Match(a, b, best[0], best[0], "split"))
        return extra

    def by_number(self) -> None:
        """Pair what is left unpaired under two paired parents when the numbers agree and the
        words cannot decide (a free translation of a short text); long texts that share
        almost no words are different rules."""
        for m in list(self.matches):
            free_b = {self.B.label(y): y for y in self.B.kids.get(m.b, []) if y not in self.of_b}
            for x in self.A.kids.get(m.a, []):
                y = free_b.get(self.A.label(x))
                if x not in self.of_a and y is not None:
                    total, c = self.score(x, y)
                    short = min(len(self.A.full[x]), len(self.B.full[y])) <= SHORT_TEXT
                    if c < NUMBER_ONLY_MIN and not short:
                        continue
                    self.add(Match(x, y, total, c, "number"))
                    self.descend([(x, y)])

    def run(self, relocate: bool = True) -> tuple[list[Match], list[Match]]:
        """Primary matches and secondary ones (text moved into a child, splits and merges);
        without ``relocate``, only the pairs found walking down the two trees."""
        self.descend([(None, None)])
        for _ in range(3 if relocate else 0):
            if not self.relocate():
                break
        self.by_number()
        return self.matches, self.text_to_children() + self.splits()
