"""Defined terms, and where the law text of the same document uses them.

``terms_of`` lists a document's defined terms with their names; ``link`` finds their uses in
the node texts through the language's analyzer (:mod:`kb.search.analyze`): a use is a run of
words whose lemmas are a name's lemmas, so ``hlavného hráča`` is a use of ``Hráč, hlavný`` and
``izvornog ataka`` one of ``Izvorni atak``. The links are stored in the KB, so that nothing
that renders them needs the analyzers.

Which uses are linked is decided per term from the document itself, by these rules:

1. Names. A term's own names are its forms in the text's word order (``meta["names"]``, set by
   each reader: ``pokutová karta`` for the headword ``Karta, pokutová``); its synonyms are the
   other names its definition gives (``meta["synonyms"]``: ``DT``, ``ekipa``, ``Board``).
2. Words. A use is a run of adjacent words (nothing but spaces, hyphens or quotes between them)
   whose lemmas are a name's lemmas, or whose folded forms are the name's own words (the
   lemmatizer may give a citation form another lemma than its inflections: sr ``Slem``). A
   one-word use is never a stop word of the language (Serbian ``tim`` is "by that" far more
   often than "team"); a name made of stop words only cannot be told from them and is reported
   (problem ``term-unlinkable``), not linked.
3. Places. The longest name wins where names overlap (``igrač odbrane`` is not a use of
   ``Igra``); no use inside a citation or in the term's own definition. A name that is the
   canonical name of one term and a secondary form of another belongs to the first (sk
   ``hlavný hráč`` is ``Hráč, hlavný``, not ``Hráč, hlavný, predpokladaný``).
4. Synonyms count only where the document uses the term itself: a synonym is linked when one of
   the term's own names is used outside its definition, else it is a plain word the definition
   glosses with (hr ``Šiken ili ništa``: ``ništa`` is "nothing" in the text). An abbreviation
   (all capitals: ``DT``, ``IMP``, ``LP``) has no plain sense and is always linked.
5. Density. A term found in more than ``PERVASIVE`` of its document's text nodes is the
   document's everyday vocabulary (``natjecatelj``, ``igra``, ``hláška``, ``govor``): linking
   every use would mark most paragraphs, so it is linked at its first use in each law (each
   definition entry, each footnote). Every other term is linked at its first use in each node.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.models import Node, ParsedDoc, Problem, Reference, Term, TermLink

if TYPE_CHECKING:  # kb.search loads spaCy: imported only when terms are linked
    from kb.search.analyze import Token

PERVASIVE = 0.10  # share of a document's text nodes above which a term is everyday vocabulary
# what may stand between the words of one use: spaces, hyphens, quotes (``„top“ figurama``)
_BETWEEN = re.compile(r"[\s\-‐–„“”\"'»«]*")
_ABBREVIATION = re.compile(r"^[A-ZČĆŠŽĐ]{2,}$")
_SEP = "\n\n"  # between node texts analysed in one pass (no word spans it)


def terms_of(parsed: ParsedDoc) -> list[Term]:
    """Defined terms (top-level definition entries) with their names and synonyms."""
    out = []
    for n in parsed.nodes:
        if n.kind != "definition" or not n.title or "/" in n.cite.removeprefix("def/"):
            continue
        names = [str(x) for x in n.meta.get("names") or [n.meta.get("term") or n.title]]
        synonyms = [str(x) for x in n.meta.get("synonyms", []) if x not in names]
        out.append(Term(parsed.doc, n.title, n.id, [*names, *synonyms], names, synonyms))
    return out


# a name is looked for by its words' lemmas, and by their folded forms where the lemmatizer
# gives the name's citation form another lemma than its inflected forms (sr ``Slem`` -> slec)
LEMMA, FORM = "lemma", "form"
Key = tuple[str, tuple[str, ...]]


def _key(kind: str, toks: list[Token]) -> Key:
    return kind, tuple(t.lemma if kind == LEMMA else t.folded for t in toks)


@dataclass(frozen=True)
class _Owner:
    """A term a name belongs to, and how: 0 its canonical name, 1 another form, 2 a synonym."""

    term: Term
    rank: int
    abbreviation: bool


@dataclass(frozen=True)
class _Use:
    node: Node
    start: int
    end: int
    owner: _Owner


class _Names:
    """The names of one document's terms as lemma (and folded form) sequences, indexed by their
    first word."""

    def __init__(self, terms: list[Term], tokens: _Tokenizer, problems: list[Problem]) -> None:
        owners: dict[Key, list[_Owner]] = defaultdict(list)
        for t in terms:
            named = [(x, 0 if i == 0 else 1) for i, x in enumerate(t.names)]
            for text, rank in [*named, *((x, 2) for x in t.synonyms)]:
                toks = tokens(text)
                if not toks:
                    continue
                if all(tok.stop for tok in toks):
                    problems.append(
                        Problem(
                            t.doc,
                            None,
                            "term-unlinkable",
                            f"{t.node}: the name {text!r} is a stop word of the language; "
                            "its uses cannot be told from the plain word and are not linked",
                        )
                    )
                    continue
                owner = _Owner(t, rank, bool(_ABBREVIATION.match(text)))
                for key in {_key(LEMMA, toks), _key(FORM, toks)}:
                    owners[key].append(owner)
        # a name belongs to the terms that hold it at the best rank (rule 3), each term once
        self.owners = {key: _best(found) for key, found in owners.items()}
        self.by_first: dict[tuple[str, str], list[Key]] = defaultdict(list)
        for key in sorted(self.owners, key=lambda k: len(k[1]), reverse=True):
            self.by_first[(key[0], key[1][0])].append(key)

    def match(self, text: str, toks: list[Token], i: int) -> Key | None:
        """The longest name whose words start at token ``i`` (rule 2)."""
        first = toks[i]
        keys = self.by_first.get((LEMMA, first.lemma), []) + self.by_first.get(
            (FORM, first.folded), []
        )
        for key in sorted(keys, key=lambda k: len(k[1]), reverse=True):
            end = i + len(key[1])
            if end > len(toks):
                continue
            window = toks[i:end]
            if len(window) == 1 and first.stop:
                continue
            if _key(key[0], window) != key:
                continue
            if all(_BETWEEN.fullmatch(text, a.end, b.start) for a, b in itertools.pairwise(window)):
                return key
        return None


def _best(owners: list[_Owner]) -> list[_Owner]:
    """The owners at the best rank, each term once, in order."""
    rank = min(o.rank for o in owners)
    out: list[_Owner] = []
    for o in owners:
        if o.rank == rank and all(x.term.node != o.term.node for x in out):
            out.append(o)
    return out


class _Tokenizer:
    """The analyzer's tokens of a text; a document's node texts are analysed in one pass."""

    def __init__(self, lang: str) -> None:
        from kb.search.analyze import analyzer
        from kb.search.normalize import clean

        self.analyzer = analyzer(lang)
        self.clean = clean

    def __call__(self, text: str) -> list[Token]:
        return self.analyzer.tokens(text)

    def nodes(self, nodes: list[Node]) -> list[_Text]:
        """The tokens of each node's text (one analysis of all the texts joined, offsets kept
        in the joined text)."""
        joined = _SEP.join(n.text for n in nodes)
        if self.clean(joined) != joined:  # offsets would shift: analyse node by node
            return [_Text(n, n.text, 0, self(n.text)) for n in nodes]
        out, at = [], 0
        for n in nodes:
            out.append(_Text(n, joined, at, []))
            at += len(n.text) + len(_SEP)
        starts = [t.base for t in out]
        for tok in self(joined):
            out[bisect.bisect_right(starts, tok.start) - 1].tokens.append(tok)
        return out


@dataclass
class _Text:
    """A node's tokens, their offsets in ``text`` where the node's text starts at ``base``."""

    node: Node
    text: str
    base: int
    tokens: list[Token]


def _inside(node: Node, definition: str) -> bool:
    return node.id == definition or node.id.startswith(f"{definition}/")


def _unit(node: Node) -> str:
    """The law a node belongs to (a definition entry, a footnote, or the node itself)."""
    if node.law == "def":
        return f"{node.doc}:" + "/".join(node.cite.split("/")[:2])
    if node.law and node.law != "fn":
        return f"{node.doc}:{node.law}"
    return node.id


def _uses(texts: list[_Text], names: _Names, cited: dict[str, list[tuple[int, int]]]) -> list[_Use]:
    """Every use of every name in the document's node texts (rules 2 and 3)."""
    out = []
    for t in texts:
        toks, node = t.tokens, t.node
        i = 0
        while i < len(toks):
            key = names.match(t.text, toks, i)
            if key is None:
                i += 1
                continue
            start, end = toks[i].start - t.base, toks[i + len(key[1]) - 1].end - t.base
            i += len(key[1])
            if any(a < end and start < b for a, b in cited.get(node.id, ())):
                continue
            out.extend(
                _Use(node, start, end, o)
                for o in names.owners[key]
                if not _inside(node, o.term.node)
            )
    return out


def _kept(uses: list[_Use], n_text_nodes: int) -> list[_Use]:
    """Rules 4 and 5: synonyms of terms the text uses, and the first use per node or law."""
    own = {u.owner.term.node for u in uses if u.owner.rank < 2}
    uses = [u for u in uses if u.owner.rank < 2 or u.owner.abbreviation or u.owner.term.node in own]
    spread: dict[str, set[str]] = defaultdict(set)
    for u in uses:
        spread[u.owner.term.node].add(u.node.id)
    seen: set[tuple[str, str]] = set()
    out = []
    for u in uses:
        term = u.owner.term.node
        pervasive = len(spread[term]) > PERVASIVE * n_text_nodes
        place = _unit(u.node) if pervasive else u.node.id
        if (term, place) not in seen:
            seen.add((term, place))
            out.append(u)
    return out


def link(
    parsed: dict[str, ParsedDoc],
    terms: Iterable[Term],
    refs: Iterable[Reference],
    languages: dict[str, str],
) -> tuple[list[TermLink], list[Problem]]:
    """The uses of each document's defined terms in its own node texts, and what could not be
    linked. ``languages`` maps a document to its analyzer's language code."""
    by_doc: dict[str, list[Term]] = defaultdict(list)
    for t in terms:
        by_doc[t.doc].append(t)
    cited: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for r in refs:
        if r.field == "text":
            cited[r.from_node].append((r.start, r.end))
    links: list[TermLink] = []
    problems: list[Problem] = []
    for doc, doc_terms in by_doc.items():
        tokenizer = _Tokenizer(languages[doc])
        names = _Names(doc_terms, tokenizer, problems)
        text_nodes = [n for n in parsed[doc].nodes if n.text]
        uses = _uses(tokenizer.nodes(text_nodes), names, cited)
        links.extend(
            TermLink(u.node.id, u.start, u.end, u.owner.term.term, u.owner.term.node)
            for u in _kept(uses, len(text_nodes))
        )
    return links, problems
