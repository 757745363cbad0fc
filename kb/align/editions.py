"""Align two editions of the Laws (sr-2007 -> sk-2017) provision by provision, by content.

Numbering is only a prior. The two trees are walked from the laws down: the children of each
matched pair are paired jointly by what they say (word coverage through cognates and the mined
lexicon, the numbers and citations they hold, their titles), with a bonus for the same label
and for the same place among their siblings; the best pairing of the siblings as a whole wins
(``kb.align.assign``), so two sections that swapped letters are each other's partners. Then:

1. what stays unpaired between paired neighbours is aligned in order (a re-lettered item keeps
   its partner after an insertion: ``fill_gaps``);
2. what is still unpaired is looked for anywhere in the other edition (2007 Law 23 -> 2017
   72C, 2007 17D -> 2017 15A: ``relocate``), and among the unpaired provisions of the same
   Law at any depth (a paragraph that became an item: ``leftovers``);
3. a text that became one or several parts of its restructured counterpart, a provision split
   in two or merged from two, keeps a second partner (``text_to_children``, ``splits``).

``kb.align.relations`` then names each pair.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import pairwise

from kb.align.assign import best_pairs
from kb.align.features import Features
from kb.align.similarity import Scorer, harmonic
from kb.models import Node

# priors and thresholds (tuned on tests/eval/align_dev.jsonl)
LABEL_BONUS = 0.05  # same label (the numbering prior)
TITLE_BONUS = 0.35  # titles that say the same (section titles are close translations)
POSITION_BONUS = 0.05  # same relative place among the siblings
CITE_BONUS = 0.15  # share of citations in common (mapped into the other edition)
NUMBER_BONUS = 0.05  # the same numbers (13 cards, 30 minutes)
LOCAL_MIN = 0.22  # a pair of siblings needs this score
SWAP_MIN = 0.20  # ... and this score (without the sibling priors) when their numbers differ
GLOBAL_MIN = 0.33  # a pair found anywhere in the other edition needs this content score
GLOBAL_MARGIN = 0.08  # ... and must beat the runner-up by this much
OVERRIDE_MARGIN = 0.10  # ... and beat the present partners of both by this much
WEAK = 0.55  # pairs of siblings below this content score may be undone for a better one
RARE = 2.0  # candidates anywhere must share a word at least this rare (idf)
CROSS_LAW_MIN = 0.45  # a pair across two Laws needs this content score ...
CROSS_LAW_SIZE = 8  # ... and at least this many words on the shorter side
SPLIT_SPARE = 0.30  # a second partner (split/merge) needs a counterpart with this share of
# words its first partner does not match ...
SPLIT_MIN = 0.45  # ... and matching it this well ...
SPLIT_COVER = 0.40  # ... covering this share of its own words
HALF_MIN = 0.30  # ... or, following the paired one as the rest of its text, this score
SPLIT_GAIN = 0.15  # ... and saying this share of the paired one's words that its partner lacks
SHORT_TEXT = 8  # stems: a text this short may share no word with a free translation of it
NUMBER_ONLY_MIN = 0.10  # longer texts paired by number alone must share this much
TEXT_MIN = 0.20  # a text that went into one part of a restructured counterpart: its share
TEXT_DOMINANCE = 2.0  # ... found in that part, at least this many times the next part's
TEXT_PART = 0.60  # ... or, spread over several parts, this share of each part's words
GAP_MIN = 0.12  # two siblings left between the same paired neighbours: this content score
SANDWICH_MIN = 0.0  # ... or, at the same number with as many left on both sides, this
PART_MARGIN = 0.25  # a part of a sibling pairs instead when it scores this much better
LEFTOVER_MIN = 0.30  # two provisions of one Law both left unpaired: this content score


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
    how: str  # sibling, part, order (gap alignment), anywhere, leftover, number, text, split
    runner_up: float = 0.0


CiteMap = Callable[[str], str]


def _increasing(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest chain of ``(i, j)`` pairs increasing in both (pairs sorted by ``i``)."""
    pairs = sorted(pairs)
    best: list[list[tuple[int, int]]] = []
    for p in pairs:
        chain = max((c for c in best if c[-1][1] < p[1]), key=len, default=[])
        best.append([*chain, p])
    return max(best, key=len, default=[])


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
        # the best pairing of the siblings as a whole (two swapped sections are each other's
        # partners when together they beat the two same-letter pairs and their prior)
        ix = {x: i for i, x in enumerate(xs)}
        jx = {y: j for j, y in enumerate(ys)}
        gain: list[list[float | None]] = [[None] * len(ys) for _ in xs]
        for total, _, x, y in cands:
            gain[ix[x]][jx[y]] = total - LOCAL_MIN + 1e-6  # a pair at the bar still counts
        chosen = set(best_pairs(gain))
        cands = [t for t in cands if (ix[t[2]], jx[t[3]]) in chosen]
        out = []
        for total, c, x, y in cands:
            if x in self.of_a or y in self.of_b:
                continue
            part = self.inner_part(x, y, c) if pa is not None else None
            if part is not None:
                a, b, c2 = part
                self.add(Match(a, b, self.score(a, b)[0], c2, "part"))
                continue  # the parts pair as children later; the whole stays to be placed
            runner = next((s for s in best_a[x] if s < total), 0.0)
            self.add(Match(x, y, total, c, "sibling", runner))
            out.append((x, y))
        return out

    def inner_part(self, x: str, y: str, c: float) -> tuple[str, str, float] | None:
        """A part of ``y`` (or of ``x``) that says what the other says much better than the
        whole does, the whole's own text saying something else: a 2007 section that became an
        item of a new 2017 section matches that item, not the section (``PART_MARGIN``)."""
        best = None
        for side, whole, other, pair in (
            (self.B, y, x, lambda d: (x, d)),
            (self.A, x, y, lambda d: (d, y)),
        ):
            stems = side.feats[whole].stems
            if not stems or self._pair(side, stems, self._other(side).full[other])[1] >= GAP_MIN:
                continue  # a heading, or a text that says part of it itself
            own = self.of_b if side is self.B else self.of_a
            for d in side.descendants(whole):
                if d in own or not side.feats[d].subtree:
                    continue
                a, b = pair(d)
                c2 = self.score(a, b)[1]
                if c2 >= c + PART_MARGIN and (best is None or c2 > best[2]):
                    best = (a, b, c2)
        return best

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
                if (x in self.of_a and self.B.related(self.of_a[x].b, y)) or (
                    y in self.of_b and self.A.related(self.of_b[y].a, x)
                ):
                    continue  # a part or the whole of the present partner: a text that moved
                    # into a part of its place is a second pair (text_to_children), not a move
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
                taken = set()
                if best >= TEXT_MIN and best >= TEXT_DOMINANCE * second:
                    taken.add(k)
                # the text spread over several parts: each part that it says nearly all of
                for kid in other.kids[y]:
                    fk = other.feats[kid].subtree
                    if kid in taken or not fk:
                        continue
                    said, c = self._pair(other, fk, fx.stems)
                    if said >= TEXT_PART and c >= TEXT_MIN:
                        taken.add(kid)
                for kid in other.kids[y]:
                    if kid in taken:
                        a, b = (x, kid) if side is self.A else (kid, x)
                        _, c = self._pair(side, fx.stems, other.feats[kid].subtree)
                        extra.append(Match(a, b, c, c, "text"))
        return extra

    def _other(self, side: Edition) -> Edition:
        return self.A if side is self.B else self.B

    def _reach(self, side: Edition, stems: frozenset[str]) -> frozenset[str]:
        """The other language's stems that a stem set of ``side`` matches."""
        return (self.scorer.text_a if side is self.A else self.scorer.text_b)(stems).reach

    def splits(self) -> list[Match]:
        """Second partners: an unpaired provision that says what a paired provision of the
        same Law says and its partner leaves unsaid (a paragraph split in two, two merged into
        one, a section whose text became one of its new paragraphs): the unsaid part must be a
        good share of the paired one (``SPLIT_SPARE``), the unpaired one must say a share of
        it (``SPLIT_GAIN``), and the two must say much the same (``SPLIT_MIN``)."""
        extra = []
        for side, other, own, theirs in (
            (self.A, self.B, self.of_a, self.of_b),
            (self.B, self.A, self.of_b, self.of_a),
        ):
            w_other = "b" if side is self.A else "a"
            for x, n in side.nodes.items():
                fx = side.feats[x]
                if x in own or not fx.subtree:
                    continue
                best = None
                for y, m in theirs.items():
                    if other.nodes[y].law != n.law or abs(other.depth(y) - side.depth(x)) > 2:
                        continue
                    partner = m.a if side is self.A else m.b
                    if side.related(partner, x) and partner != n.parent:
                        continue  # a part or the whole of x's own place, unless its parent
                    fy = other.feats[y].subtree
                    total = self.scorer.weight(fy, w_other)
                    if not total:
                        continue
                    reach_x, reach_p = (
                        self._reach(side, fx.subtree),
                        self._reach(side, side.feats[partner].subtree),
                    )
                    spare = self.scorer.weight(fy - reach_p, w_other) / total
                    gain = self.scorer.weight((fy & reach_x) - reach_p, w_other) / total
                    if spare < SPLIT_SPARE or gain < SPLIT_GAIN:
                        continue
                    _, c = self._pair(side, fx.subtree, fy)
                    if c >= SPLIT_MIN and (best is None or (gain, c) > best[:2]):
                        best = (gain, c, y)
                if best is None:
                    best = self._rest_of(side, x)
                if best:
                    a, b = (x, best[2]) if side is self.A else (best[2], x)
                    extra.append(Match(a, b, best[1], best[1], "split"))
        return extra

    def _rest_of(self, side: Edition, x: str) -> tuple[float, float, str] | None:
        """The counterpart of ``x``'s preceding sibling, when ``x`` reads as the rest of that
        sibling's text: the counterpart says what ``x`` says (``HALF_MIN``) and matches the two
        together at least as well as the sibling alone (a provision split in two, the second
        half given the next number)."""
        siblings = side.kids.get(side.nodes[x].parent or "", [])
        i = siblings.index(x) if x in siblings else 0
        if i == 0:
            return None
        own = self.of_a if side is self.A else self.of_b
        m = own.get(siblings[i - 1])
        if m is None:
            return None
        prev = siblings[i - 1]
        v = m.b if side is self.A else m.a
        fx, fp = side.feats[x].subtree, side.feats[prev].subtree
        fv = self._other(side).feats[v].subtree
        if side is self.A:
            c, before, after = self.scorer.sim(fx, fv), self.scorer.sim(fp, fv), None
            after = self.scorer.sim(fp | fx, fv)
        else:
            c, before = self.scorer.sim(fv, fx), self.scorer.sim(fv, fp)
            after = self.scorer.sim(fv, fp | fx)
        return (after - before, c, v) if c >= HALF_MIN and after >= before else None

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

    def fill_gaps(self) -> bool:
        """Sequence alignment of what stays unpaired between paired siblings.

        The children of two paired provisions are in the order their texts give them; the
        pairs already found among them that keep that order (the longest such chain: a swap
        of two sections is paired by content and left out of it) cut both child lists into
        segments, and the unpaired children of each pair of segments are aligned in order
        (dynamic programming over the two sequences), where a weaker likeness than among
        free siblings is enough: a re-lettered item keeps its partner after an insertion
        (2007 57A3 -> 2017 57A4), and a free translation at the same number between two
        paired neighbours keeps its counterpart."""
        done = []
        for m in list(self.matches):
            xs = self.A.kids.get(m.a, [])
            ys = self.B.kids.get(m.b, [])
            if not xs or not ys:
                continue
            where_y = {y: j for j, y in enumerate(ys)}
            anchors = [
                (i, where_y[self.of_a[x].b])
                for i, x in enumerate(xs)
                if x in self.of_a and self.of_a[x].b in where_y
            ]
            chain = _increasing(anchors)
            bounds = [(-1, -1), *chain, (len(xs), len(ys))]
            na, nb = len(xs), len(ys)
            for (i0, j0), (i1, j1) in pairwise(bounds):
                gx = [i for i in range(i0 + 1, i1) if xs[i] not in self.of_a]
                gy = [j for j in range(j0 + 1, j1) if ys[j] not in self.of_b]
                if not gx or not gy:
                    continue
                closed = i0 >= 0 or i1 < na  # between paired neighbours (or one and an end)
                for i, j in self._align_in_order(xs, ys, gx, gy, na, nb, closed):
                    x, y = xs[i], ys[j]
                    pos = abs((i + 0.5) / na - (j + 0.5) / nb)
                    total, c = self.score(x, y, pos)
                    self.add(Match(x, y, total, c, "order"))
                    done.append((x, y))
        self.descend(done)
        return bool(done)

    def _align_in_order(
        self,
        xs: list[str],
        ys: list[str],
        gx: list[int],
        gy: list[int],
        na: int,
        nb: int,
        closed: bool,
    ) -> list[tuple[int, int]]:
        """The best order-keeping pairing of two gaps (indices into ``xs``/``ys``)."""
        gain: dict[tuple[int, int], float] = {}
        for i in gx:
            for j in gy:
                x, y = xs[i], ys[j]
                pos = abs((i + 0.5) / na - (j + 0.5) / nb)
                total, c = self.score(x, y, pos)
                same_label = self.A.label(x) == self.B.label(y)
                if c >= GAP_MIN:
                    gain[(i, j)] = total - GAP_MIN
                elif same_label and closed and len(gx) == len(gy) and c >= SANDWICH_MIN:
                    gain[(i, j)] = total  # same number and place, words inconclusive
        if not gain:
            return []
        # best[a][b]: the best total pairing gx[:a] with gy[:b]
        best = [[0.0] * (len(gy) + 1) for _ in range(len(gx) + 1)]
        step: dict[tuple[int, int], str] = {}
        for a in range(1, len(gx) + 1):
            for b in range(1, len(gy) + 1):
                opts = [(best[a - 1][b], "x"), (best[a][b - 1], "y")]
                g = gain.get((gx[a - 1], gy[b - 1]))
                if g is not None and g > 0:
                    opts.append((best[a - 1][b - 1] + g, "xy"))
                best[a][b], step[(a, b)] = max(opts, key=lambda o: o[0])
        out = []
        a, b = len(gx), len(gy)
        while a and b:
            move = step[(a, b)]
            if move == "xy":
                out.append((gx[a - 1], gy[b - 1]))
                a, b = a - 1, b - 1
            elif move == "x":
                a -= 1
            else:
                b -= 1
        return out[::-1]

    def leftovers(self) -> bool:
        """Pair what is still unpaired inside each Law across levels: a 2007 paragraph that
        became a 2017 item, a section whose new parent is itself new. Each side's unpaired
        provisions of a Law are compared with the other side's, at any depth two apart at
        most; a pair needs a content score of ``LEFTOVER_MIN``, must be each one's best, and
        beat each one's runner-up by ``GLOBAL_MARGIN``."""
        by_law_a: dict[str | None, list[str]] = {}
        by_law_b: dict[str | None, list[str]] = {}
        for x in self.A.nodes:
            if x not in self.of_a and self.A.feats[x].subtree:
                by_law_a.setdefault(self.A.nodes[x].law, []).append(x)
        for y in self.B.nodes:
            if y not in self.of_b and self.B.feats[y].subtree:
                by_law_b.setdefault(self.B.nodes[y].law, []).append(y)
        done = []
        for law, xs in by_law_a.items():
            ys = by_law_b.get(law, [])
            if not ys:
                continue
            scores = {}
            for x in xs:
                for y in ys:
                    if abs(self.A.depth(x) - self.B.depth(y)) > 2:
                        continue
                    total, c = self.score(x, y)
                    if c >= LEFTOVER_MIN:
                        scores[(x, y)] = (total, c)
            for (x, y), (total, c) in sorted(scores.items(), key=lambda kv: -kv[1][0]):
                if x in self.of_a or y in self.of_b:
                    continue
                rivals = [
                    t
                    for (a, b), (t, _) in scores.items()
                    if (a == x) != (b == y)
                    and not (a == x and self.B.related(b, y))
                    and not (b == y and self.A.related(a, x))
                ]
                runner = max(rivals, default=0.0)
                if total - runner < GLOBAL_MARGIN:
                    continue
                self.add(Match(x, y, total, c, "leftover", runner))
                done.append((x, y))
        self.descend(done)
        return bool(done)

    def run(self, relocate: bool = True) -> tuple[list[Match], list[Match]]:
        """Primary matches and secondary ones (text moved into a child, splits and merges);
        without ``relocate``, only the pairs found walking down the two trees."""
        self.descend([(None, None)])
        for _ in range(3 if relocate else 1):
            while self.fill_gaps():
                pass
            if not relocate or not self.relocate():
                break
        if relocate:
            self.leftovers()
        self.by_number()
        return self.matches, self.text_to_children() + self.splits()
