"""Find citations in a node's text with the patterns of its language; never resolve them.

The text is first normalised (leftover markup removed: ``**``, ``<sup>9</sup>``, ``[x](#)``,
``\\(``; NBSP read as a space) with an offset map, so every span points into the node's own text.
Each pattern's ``list`` group is read by a grammar into one :class:`Target` per cite, with lists
(``Članove 19 i 77``) and ranges (``Правила 36...39``) expanded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from kb.models import Node
from kb.refs.citation import LOOKALIKES, Found, StepKind, Target
from kb.refs.patterns import Pattern, load

# markup the readers normally strip already; removed here too so spans stay exact either way
_REMOVE = re.compile(
    r"<sup>\s*\d+\s*</sup>|</?(?:b|i|sup)>|\*+|\\(?=[()\[\]])|\[(?=[^\[\]\n]{1,40}\]\(#\))|\]\(#\)"
)
_MAX_RANGE = 20  # a longer "range" is not a run of Laws (e.g. boards 1-32)

Span = tuple[Target, int, int]  # target and its span in the normalised text
Grammar = Callable[[str, int], list[Span]]


def normalize(text: str) -> tuple[str, list[int]]:
    """Text without leftover markup, and for each of its characters the index in ``text``."""
    out: list[str] = []
    offsets: list[int] = []
    pos = 0
    for m in _REMOVE.finditer(text):
        out.append(text[pos : m.start()])
        offsets.extend(range(pos, m.start()))
        pos = m.end()
    out.append(text[pos:])
    offsets.extend(range(pos, len(text)))
    norm = "".join(out).replace("\u00a0", " ")
    return norm, offsets


def _sub_steps(subs: str, after_item: bool = False) -> list[tuple[StepKind, str]]:
    steps: list[tuple[StepKind, str]] = []
    for label in re.findall(r"\(([a-z]{1,4})\)", subs):
        kind: StepKind = "subitem" if (steps or after_item) else "item"
        steps.append((kind, label))
    return steps


_LAW_ITEM = re.compile(
    r"(?P<from>\d{1,2})\s*(?:[-–]|\.\.\.|…)\s*(?P<to>\d{1,2})(?![\dA-H])"
    r"|(?P<law>\d{1,2})(?!\d)(?P<sec>[A-H])?(?P<par>\d{1,2})?(?P<subs>(?:\([a-z]{1,4}\))*)"
)


def _law_path(text: str, base: int) -> list[Span]:
    """``27B1(b)``, ``30B1(b)(i)``, lists of them and ranges ``30-32`` / ``36...39``."""
    out: list[Span] = []
    for m in _LAW_ITEM.finditer(text.translate(LOOKALIKES)):
        start, end = base + m.start(), base + m.end()
        if m["from"]:
            lo, hi = int(m["from"]), int(m["to"])
            numbers = range(lo, hi + 1) if 0 < hi - lo <= _MAX_RANGE else (lo, hi)
            out.extend((Target((("law", str(n)),)), start, end) for n in numbers)
            continue
        steps: list[tuple[StepKind, str]] = [("law", m["law"])]
        if m["sec"]:
            steps.append(("section", m["sec"]))
        if m["par"]:
            steps.append(("number", m["par"]))
        steps.extend(_sub_steps(m["subs"]))
        out.append((Target(tuple(steps)), start, end))
    return out


_REL_ITEM = re.compile(
    r"(?P<sec>[A-H])(?P<par>\d{1,2})?(?P<subs>(?:\([a-z]{1,4}\))*)(?![\w])"
    r"|(?P<par2>\d{1,2})(?!\d)(?P<subs2>(?:\([a-z]{1,4}\))*)"
    r"|(?P<subs3>(?:\([a-z]{1,4}\))+)"
)


def _relative(text: str, base: int) -> list[Span]:
    """Intra-law tokens: ``C1(b)``, ``A``, ``1``, ``2(c)``, ``(a)``."""
    out: list[Span] = []
    for m in _REL_ITEM.finditer(text.translate(LOOKALIKES)):
        steps: list[tuple[StepKind, str]] = []
        if m["sec"]:
            steps.append(("section", m["sec"]))
        par = m["par"] or m["par2"]
        if par:
            steps.append(("number", par))
        steps.extend(_sub_steps(m["subs"] or m["subs2"] or m["subs3"] or ""))
        out.append((Target(tuple(steps)), base + m.start(), base + m.end()))
    return out


_PATH_SPLIT = re.compile(r"\s*(?:,|\bi\b|\bili\b|\blub\b)\s*(?=[\da-z„\"]|$)")
_PATH_TOKEN = re.compile(r"(?<![\w])(?P<letter>[a-z])(?=\)|\s*$|[\s“\"])|(?P<num>\d{1,2})(?!\d)")


def _path_steps(chunk: str) -> list[tuple[StepKind, str]]:
    steps: list[tuple[StepKind, str]] = []
    for m in _PATH_TOKEN.finditer(chunk):
        if m["num"]:
            steps.append(("number", m["num"]))
        else:
            kind: StepKind = "subitem" if steps and steps[-1][0] in ("item", "subitem") else "item"
            steps.append((kind, m["letter"]))
    return steps


def _chunks(text: str, base: int) -> Iterable[tuple[str, int, int]]:
    pos = 0
    for m in [*_PATH_SPLIT.finditer(text), None]:
        end = m.start() if m else len(text)
        chunk = text[pos:end]
        if chunk.strip():
            lead = len(chunk) - len(chunk.lstrip())
            yield chunk, base + pos + lead, base + pos + len(chunk.rstrip())
        if m:
            pos = m.end()


def _article_path(text: str, base: int) -> list[Span]:
    """Croatian article paths: ``94 b). st. c). 1. a).`` -> ``94(b)(c)1(a)``; ``4. i 5.``."""
    out: list[Span] = []
    for chunk, start, end in _chunks(text, base):
        steps = _path_steps(chunk)
        if steps and steps[0][0] == "number":
            out.append((Target((("law", steps[0][1]), *steps[1:])), start, end))
    return out


def _path_relative(text: str, base: int) -> list[Span]:
    """Relative paths of texts numbered ``a)``/``1.``: ``stavak 3``, ``a)2``, ``a). ili b).``."""
    out: list[Span] = []
    for chunk, start, end in _chunks(text, base):
        steps = _path_steps(chunk)
        if steps:
            out.append((Target(tuple(steps)), start, end))
    return out


_POINT = re.compile(r"(?P<law>\d{1,2})\.(?P<pt>\d{1,2})\.?(?:\((?P<sub>[ivx]{1,4})\))?")


def _point(text: str, base: int) -> list[Span]:
    """Commentary points ``25.5.``, ``27.6.(ii)``."""
    out: list[Span] = []
    for m in _POINT.finditer(text):
        steps: list[tuple[StepKind, str]] = [("law", m["law"]), ("point", m["pt"])]
        if m["sub"]:
            steps.append(("subitem", m["sub"]))
        out.append((Target(tuple(steps)), base + m.start(), base + m.end()))
    return out


def _section(text: str, base: int) -> list[Span]:
    """Numbered sections of a regulation: ``pkt. 3``."""
    return [
        (Target((("law", m.group()),)), base + m.start(), base + m.end())
        for m in re.finditer(r"\d{1,2}", text)
    ]


GRAMMARS: dict[str, Grammar] = {
    "law-path": _law_path,
    "relative": _relative,
    "article-path": _article_path,
    "path-relative": _path_relative,
    "point": _point,
    "section": _section,
}


def _context(node: Node) -> str | None:
    """The cite relative references in this node are read against."""
    if node.law == "fn" and node.parent:
        return node.parent.split(":", 1)[1]
    if node.law in (None, "def", "fn"):
        return None
    return node.cite


def find_in_text(
    text: str, lang: str, patterns: Iterable[Pattern] | None = None
) -> list[tuple[Pattern, Target, int, int, int, int, tuple[str, ...]]]:
    """Every citation target in ``text``: (pattern, target, start, end, expr start, expr end,
    context words), spans into ``text``. Earlier patterns win overlapping matches."""
    norm, offsets = normalize(text)

    def orig(i: int, end: bool = False) -> int:
        if not offsets:
            return 0
        return offsets[i - 1] + 1 if end else offsets[min(i, len(offsets) - 1)]

    taken = bytearray(len(norm) + 1)  # characters already matched: linear, not pairwise
    hits = []
    for pat in patterns if patterns is not None else load(lang).patterns:
        for m in pat.regex.finditer(norm):
            if any(taken[m.start() : m.end()]):
                continue
            # alternatives are spelled with groups kw2/list2 ...; the one that matched counts
            words = tuple(
                re.sub(r"\s+", " ", m[g]).strip()
                for g in pat.regex.groupindex
                if re.fullmatch(r"(?:kw|anchor)\d*", g) and m[g]
            )
            group = next(
                (g for g in pat.regex.groupindex if g.startswith("list") and m[g] is not None),
                None,
            )
            if pat.grammar == "none" or group is None:
                spans: list[Span] = [(Target(()), m.start(), m.end())]
            else:
                spans = GRAMMARS[pat.grammar](m[group], m.start(group))
            if not spans:
                continue
            taken[m.start() : m.end()] = b"\x01" * (m.end() - m.start())
            es, ee = orig(m.start()), orig(m.end(), end=True)
            for target, s, e in spans:
                s, e = (s, e) if len(spans) > 1 else (m.start(), m.end())
                hits.append((pat, target, orig(s), orig(e, end=True), es, ee, words))
    hits.sort(key=lambda h: (h[2], h[3]))
    return hits


def find_refs(node: Node, lang: str) -> list[Found]:
    """The citations in a node's text and title, in order (title last), unresolved."""
    context = _context(node)
    return [
        Found(
            node=node.id,
            doc=node.doc,
            lang=lang,
            pattern=pat.name,
            scope=pat.scope,  # type: ignore[arg-type]
            target=target,
            start=s,
            end=e,
            raw=source[s:e],
            expr_start=es,
            expr_end=ee,
            words=words,
            context=context,
            node_law=node.law,
            notes=(pat.external,) if pat.external else (),
            field=name,
        )
        for name, source in (("text", node.text), ("title", node.title or ""))
        for pat, target, s, e, es, ee, words in find_in_text(source, lang)
    ]
