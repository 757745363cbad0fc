"""The two editions of the Laws, 2007 (sr-2007) against 2017 (sk-2017): the whole procedure.

1. features of every provision (words, numbers, citations);
2. a lexicon: cognates, plus links mined from the provisions that keep their number;
3. an alignment pass (``kb.align.editions``), citations compared by number;
4. the lexicon mined again from the pairs just found, and a second pass, citations now compared
   through the first pass's pairs (2007 ``16D`` is 2017 ``16C``);
5. relations and evidence (``kb.align.relations``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kb.align.editions import Aligner, Edition, Match
from kb.align.features import Features, document_features
from kb.align.lexicon import Lexicon, cognates, mine
from kb.align.relations import Judge, relate
from kb.align.similarity import Scorer, idf
from kb.models import Parallel, ParsedDoc, Reference

ANCHOR_MIN = 0.35  # pairs of the first pass that feed the second lexicon


@dataclass
class Alignment:
    """The result: pairs with relations, and the lexicon that was used (for reports)."""

    pairs: list[Parallel]
    lexicon: Lexicon
    matches: list[Match]


def _stems(f: Features) -> frozenset[str]:
    return f.stems | f.title


def _refs_by_node(refs: Iterable[Reference]) -> dict[str, list[Reference]]:
    out: dict[str, list[Reference]] = {}
    for r in refs:
        out.setdefault(r.from_node, []).append(r)
    return out


def _lexicon(A: Edition, B: Edition, pairs: list[tuple[str, str]], base: Lexicon) -> Lexicon:
    """Cognates, links mined from the texts of ``pairs``, and links mined from their titles
    alone (short, close translations: ``karte iz pogresnog borda`` / ``karty z nespravnej
    krabice``)."""
    lexicon = mine(((_stems(A.feats[x]), _stems(B.feats[y])) for x, y in pairs), base)
    titled = [(A.feats[x].title, B.feats[y].title) for x, y in pairs]
    return mine([(a, b) for a, b in titled if a and b], lexicon)


def align_editions(
    a: ParsedDoc, b: ParsedDoc, refs: Iterable[Reference], lang_a: str, lang_b: str
) -> Alignment:
    """Align document ``a`` (the earlier edition) with ``b`` (the later one)."""
    by_node = _refs_by_node(r for r in refs if r.target_doc in (a.doc, b.doc))
    A = Edition.of(a.doc, a.nodes, document_features(a.nodes, lang_a, by_node))
    B = Edition.of(b.doc, b.nodes, document_features(b.nodes, lang_b, by_node))
    base = cognates(
        (s for f in A.feats.values() for s in _stems(f)),
        (s for f in B.feats.values() for s in _stems(f)),
    )
    same_number = [
        (x, f"{B.doc}:{n.cite}") for x, n in A.nodes.items() if f"{B.doc}:{n.cite}" in B.nodes
    ]
    lexicon = _lexicon(A, B, same_number, base)
    weights_a = idf(f.stems for f in A.feats.values())
    weights_b = idf(f.stems for f in B.feats.values())

    def by_number(cite: str) -> str:
        return f"{B.doc}:{cite.split(':', 1)[1]}"

    scorer = Scorer(lexicon, weights_a, weights_b)
    first, _ = Aligner(A, B, scorer, by_number).run(relocate=False)
    anchors = [m for m in first if m.content >= ANCHOR_MIN]
    lexicon = _lexicon(A, B, [(m.a, m.b) for m in anchors], base)
    scorer = Scorer(lexicon, weights_a, weights_b)
    through = {m.a: m.b for m in first}

    def mapped(cite: str) -> str:
        return through.get(cite, f"{cite} (no 2017 counterpart)")

    primary, secondary = Aligner(A, B, scorer, mapped).run()
    through2 = {m.a: m.b for m in secondary} | {m.a: m.b for m in primary}

    def mapped2(cite: str) -> str:
        return through2.get(cite, f"{cite} (no 2017 counterpart)")

    pairs = relate(A, B, primary, secondary, Judge(A, B, scorer, mapped2))
    return Alignment(pairs, lexicon, primary + secondary)
