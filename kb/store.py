"""``build/kb.sqlite``: the one immutable artefact every reader of the knowledge base opens.

Schema (documented here and in the README):

- ``documents(id, title, language, script, game, edition, kind, file, original_file, sha256,
  licence, stats)``: one row per source; ``stats`` is the JSON of ``lawdesk stats`` for it.
- ``nodes(id, doc, ord, kind, cite, label, title, text, raw, parent, position, line_start,
  line_end, law, meta, rows)``: every addressable node; ``ord`` is document order; ``meta`` and
  ``rows`` (table cells) are JSON.
- ``refs(rid, from_node, start, end, raw, target_doc, target_cite, status, reason,
  cross_edition, field)`` and ``ref_targets(rid, node)``: citations found in node text and the nodes
  they resolve to (none unless ``status = 'resolved'``).
- ``parallels(a, b, relation, changed, confidence, evidence)``: pairs of provisions read from
  ``a`` to ``b`` (2007 -> 2017; commentary, regulation or preferans article -> bridge Law), one
  side NULL for ``new``/``removed``; ``evidence`` is a JSON list. ``KB.parallels`` reads a pair
  from the viewpoint of either node.
- ``terms(doc, term, node, variants)``: defined terms and the forms to look for.
- ``term_links(node, start, "end", term, definition)``: where a node's text uses a defined term
  (``text[start:end]``, any inflected form) and the definition node (``kb.terms`` decides).
- ``problems(doc, line, code, message, kind)``: what readers and resolvers could not place
  (``kind = 'problem'``) and the artefacts they removed (``kind = 'artefact'``).
- ``info(key, value)``: schema version and build facts; ``build_hash`` is the SHA-256 of the
  stored content (every row of every table above), so two builds of the same corpus and code
  share it and every cache derived from the KB can be keyed by it.

The file is written to a temporary name and renamed into place, so a reader never sees a half
written KB; readers open it read-only (``mode=ro``).
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kb.corpus import ROOT, Source
from kb.models import Node, Parallel, ParsedDoc, Reference, Term, TermLink

SCHEMA_VERSION = "4"
DEFAULT_PATH = ROOT / "build" / "kb.sqlite"

SCHEMA = """
CREATE TABLE info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE documents (
    id TEXT PRIMARY KEY, title TEXT, language TEXT, script TEXT, game TEXT, edition TEXT,
    kind TEXT, file TEXT, original_file TEXT, sha256 TEXT, licence TEXT, stats TEXT);
CREATE TABLE nodes (
    id TEXT PRIMARY KEY, doc TEXT NOT NULL REFERENCES documents(id), ord INTEGER NOT NULL,
    kind TEXT NOT NULL, cite TEXT NOT NULL, label TEXT, title TEXT, text TEXT NOT NULL,
    raw TEXT NOT NULL, parent TEXT, position INTEGER NOT NULL, line_start INTEGER,
    line_end INTEGER, law TEXT, meta TEXT NOT NULL, rows TEXT);
CREATE INDEX nodes_parent ON nodes(parent, position);
CREATE INDEX nodes_doc ON nodes(doc, ord);
CREATE TABLE refs (
    rid INTEGER PRIMARY KEY, from_node TEXT NOT NULL REFERENCES nodes(id), start INTEGER,
    "end" INTEGER, raw TEXT NOT NULL, target_doc TEXT, target_cite TEXT, status TEXT NOT NULL,
    reason TEXT, cross_edition INTEGER NOT NULL, field TEXT NOT NULL);
CREATE INDEX refs_from ON refs(from_node);
CREATE TABLE ref_targets (rid INTEGER NOT NULL REFERENCES refs(rid), node TEXT NOT NULL
    REFERENCES nodes(id));
CREATE INDEX ref_targets_node ON ref_targets(node);
CREATE TABLE parallels (a TEXT REFERENCES nodes(id), b TEXT REFERENCES nodes(id),
    relation TEXT NOT NULL, changed INTEGER NOT NULL, confidence REAL NOT NULL,
    evidence TEXT NOT NULL);
CREATE INDEX parallels_a ON parallels(a);
CREATE INDEX parallels_b ON parallels(b);
CREATE TABLE terms (doc TEXT NOT NULL, term TEXT NOT NULL, node TEXT NOT NULL REFERENCES
    nodes(id), variants TEXT NOT NULL);
CREATE TABLE term_links (node TEXT NOT NULL REFERENCES nodes(id), start INTEGER NOT NULL,
    "end" INTEGER NOT NULL, term TEXT NOT NULL, definition TEXT NOT NULL REFERENCES nodes(id));
CREATE INDEX term_links_node ON term_links(node, start);
CREATE INDEX term_links_definition ON term_links(definition);
CREATE TABLE problems (doc TEXT NOT NULL, line INTEGER, code TEXT NOT NULL, message TEXT NOT NULL,
    kind TEXT NOT NULL);
"""


class KBError(Exception):
    """A KB file that cannot be used: missing, empty, not SQLite, or of another schema version.

    The message says what is wrong with which file and how to fix it (one line, no traceback).
    """


class UnknownNode(KeyError):
    """An ID that names no node; carries the nearest existing IDs."""

    def __init__(self, node_id: str, nearest: list[str]) -> None:
        self.node_id = node_id
        self.nearest = nearest
        hint = f"; nearest: {', '.join(nearest)}" if nearest else ""
        super().__init__(f"no node {node_id!r}{hint}")

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass
class Built:
    """Everything ``write`` stores, as the build assembles it."""

    sources: list[Source]
    parsed: dict[str, ParsedDoc]
    refs: list[Reference]
    parallels: list[Parallel]
    terms: list[Term]
    stats: dict[str, dict[str, Any]]
    info: dict[str, str]
    term_links: list[TermLink] = field(default_factory=list)


def write(built: Built, path: Path = DEFAULT_PATH) -> Path:
    """Write the KB atomically to ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".tmp{os.getpid()}")
    tmp.unlink(missing_ok=True)
    con = sqlite3.connect(tmp)
    try:
        con.executescript(SCHEMA)
        info = {"schema_version": SCHEMA_VERSION, **built.info}
        con.executemany("INSERT INTO info VALUES (?, ?)", info.items())
        con.executemany(
            "INSERT INTO documents VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            [
                (
                    s.id,
                    s.title,
                    s.language,
                    s.script,
                    s.game,
                    s.edition,
                    s.kind,
                    s.file,
                    s.original_file,
                    s.sha256,
                    s.licence,
                    json.dumps(built.stats.get(s.id, {})),
                )
                for s in built.sources
            ],
        )
        for doc, parsed in built.parsed.items():
            con.executemany(
                "INSERT INTO nodes VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [
                    (
                        n.id,
                        doc,
                        i,
                        n.kind,
                        n.cite,
                        n.label,
                        n.title,
                        n.text,
                        n.raw,
                        n.parent,
                        n.position,
                        n.line_start,
                        n.line_end,
                        n.law,
                        json.dumps(n.meta, ensure_ascii=False),
                        None if n.rows is None else json.dumps(n.rows, ensure_ascii=False),
                    )
                    for i, n in enumerate(parsed.nodes)
                ],
            )
            con.executemany(
                "INSERT INTO problems VALUES (?,?,?,?,?)",
                [(p.doc, p.line, p.code, p.message, "problem") for p in parsed.problems]
                + [(p.doc, p.line, p.code, p.message, "artefact") for p in parsed.artefacts],
            )
        for rid, r in enumerate(built.refs, 1):
            con.execute(
                "INSERT INTO refs VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (
                    rid,
                    r.from_node,
                    r.start,
                    r.end,
                    r.raw,
                    r.target_doc,
                    r.target_cite,
                    r.status,
                    r.reason,
                    int(r.cross_edition),
                    r.field,
                ),
            )
            con.executemany("INSERT INTO ref_targets VALUES (?, ?)", [(rid, t) for t in r.targets])
        con.executemany(
            "INSERT INTO parallels VALUES (?,?,?,?,?,?)",
            [
                (
                    p.a,
                    p.b,
                    p.relation,
                    int(p.changed),
                    p.confidence,
                    json.dumps(p.evidence, ensure_ascii=False),
                )
                for p in built.parallels
            ],
        )
        con.executemany(
            "INSERT INTO terms VALUES (?,?,?,?)",
            [
                (t.doc, t.term, t.node, json.dumps(t.variants, ensure_ascii=False))
                for t in built.terms
            ],
        )
        con.executemany(
            "INSERT INTO term_links VALUES (?,?,?,?,?)",
            [(t.node, t.start, t.end, t.term, t.definition) for t in built.term_links],
        )
        con.execute("INSERT INTO info VALUES ('build_hash', ?)", (content_hash(con),))
        con.commit()
    finally:
        con.close()
    os.replace(tmp, path)
    return path


HASHED_TABLES = (
    "documents",
    "nodes",
    "refs",
    "ref_targets",
    "parallels",
    "terms",
    "term_links",
    "problems",
)


def content_hash(con: sqlite3.Connection) -> str:
    """SHA-256 over every row of the content tables, in a stable order (not the file's bytes,
    which SQLite may lay out differently for the same content)."""
    h = hashlib.sha256(f"schema {SCHEMA_VERSION}".encode())
    for table in HASHED_TABLES:
        h.update(f"\x00table {table}".encode())
        for row in con.execute(f"SELECT * FROM {table} ORDER BY 1, 2"):
            h.update(json.dumps(row, ensure_ascii=False, default=str).encode())
            h.update(b"\n")
    return h.hexdigest()


def _node(row: sqlite3.Row) -> Node:
    return Node(
        id=row["id"],
        doc=row["doc"],
        kind=row["kind"],
        cite=row["cite"],
        label=row["label"],
        title=row["title"],
        text=row["text"],
        raw=row["raw"],
        parent=row["parent"],
        position=row["position"],
        line_start=row["line_start"],
        line_end=row["line_end"],
        law=row["law"],
        meta=json.loads(row["meta"]),
        rows=None if row["rows"] is None else json.loads(row["rows"]),
    )


class KB:
    """Read-only access to a built knowledge base."""

    def __init__(self, path: Path = DEFAULT_PATH) -> None:
        self.path = Path(path)
        self.con = _open_checked(self.path)
        self.con.row_factory = sqlite3.Row
        self._ids: list[str] | None = None
        self._info = {r["key"]: r["value"] for r in self.con.execute("SELECT * FROM info")}

    def close(self) -> None:
        """Close the connection."""
        self.con.close()

    def info(self) -> dict[str, str]:
        """Schema version and build facts (as read when the KB was opened)."""
        return dict(self._info)

    @property
    def build_hash(self) -> str:
        """The content hash of this build (``info.build_hash``): the key of every derived cache."""
        return self._info["build_hash"]

    def documents(self) -> list[dict[str, Any]]:
        """Every document with its metadata and stats."""
        rows = self.con.execute("SELECT * FROM documents ORDER BY rowid").fetchall()
        return [{**dict(r), "stats": json.loads(r["stats"] or "{}")} for r in rows]

    def ids(self) -> list[str]:
        """Every node ID (cached)."""
        if self._ids is None:
            self._ids = [r[0] for r in self.con.execute("SELECT id FROM nodes ORDER BY doc, ord")]
        return self._ids

    def nodes(self, doc: str | None = None) -> Iterator[Node]:
        """Nodes in document order, of one document or all."""
        if doc is None:
            cur = self.con.execute("SELECT * FROM nodes ORDER BY doc, ord")
        else:
            cur = self.con.execute("SELECT * FROM nodes WHERE doc = ? ORDER BY ord", (doc,))
        return (_node(r) for r in cur)

    def get(self, node_id: str) -> Node | None:
        """The node with this ID, or None."""
        row = self.con.execute("SELECT * FROM nodes WHERE id = ?", (node_id,)).fetchone()
        return None if row is None else _node(row)

    def node(self, node_id: str) -> Node:
        """The node with this ID; raises ``UnknownNode`` naming the nearest IDs."""
        found = self.get(node_id)
        if found is None:
            raise UnknownNode(node_id, self.nearest(node_id))
        return found

    def nearest(self, node_id: str, n: int = 5) -> list[str]:
        """Existing IDs closest to a mistyped one (same document first)."""
        ids = self.ids()
        doc = node_id.split(":", 1)[0]
        same_doc = [i for i in ids if i.startswith(f"{doc}:")]
        pool = same_doc or ids
        return difflib.get_close_matches(node_id, pool, n=n, cutoff=0.5)

    def children(self, node_id: str) -> list[Node]:
        """Direct children in order."""
        rows = self.con.execute(
            "SELECT * FROM nodes WHERE parent = ? ORDER BY position", (node_id,)
        ).fetchall()
        return [_node(r) for r in rows]

    def _grouped_refs(self, where: str, args: tuple[str, ...], order: str) -> list[dict[str, Any]]:
        """References (each with all its targets) matching a WHERE clause."""
        rows = self.con.execute(
            "SELECT r.*, group_concat(t.node, ' ') AS targets FROM refs r "
            f"LEFT JOIN ref_targets t ON t.rid = r.rid {where} GROUP BY r.rid ORDER BY {order}",
            args,
        ).fetchall()
        return [_ref(r) for r in rows]

    def refs_out(self, node_id: str) -> list[dict[str, Any]]:
        """References found in a node's text: raw words, target(s), status, reason."""
        return self._grouped_refs("WHERE r.from_node = ?", (node_id,), "r.start, r.rid")

    def cited_by(self, node_id: str) -> list[dict[str, Any]]:
        """References elsewhere that resolve to this node."""
        rows = self.con.execute(
            "SELECT r.*, t.node AS targets FROM ref_targets t JOIN refs r ON r.rid = t.rid "
            "WHERE t.node = ? ORDER BY r.from_node, r.start",
            (node_id,),
        ).fetchall()
        return [_ref(r) for r in rows]

    def refs(self, status: str | None = None) -> list[dict[str, Any]]:
        """Every reference, optionally only those with one status."""
        if status is None:
            return self._grouped_refs("", (), "r.rid")
        return self._grouped_refs("WHERE r.status = ?", (status,), "r.rid")

    def parallels(self, node_id: str) -> list[dict[str, Any]]:
        """Every counterpart of this node, each pair read from its viewpoint (see
        :func:`viewpoint`): the counterpart, the relation and a short label as seen from here
        ("2017: moved to 16D", "commentary on this Law"), direction, confidence, evidence."""
        return [p for p in self._pairs_of(node_id) if p["node"] is not None]

    def unpaired(self, node_id: str) -> dict[str, Any] | None:
        """For a provision with no counterpart in the other edition: the ``new``/``removed``
        record from its viewpoint (label "new in 2017"), else None."""
        return next((p for p in self._pairs_of(node_id) if p["node"] is None), None)

    def _pairs_of(self, node_id: str) -> list[dict[str, Any]]:
        rows = self.con.execute(
            "SELECT rowid, * FROM parallels WHERE a = ? UNION ALL "
            "SELECT rowid, * FROM parallels WHERE b = ? ORDER BY rowid",
            (node_id, node_id),
        ).fetchall()
        return [viewpoint(_pair(r), node_id) for r in rows]

    def pairs(self, a_doc: str, b_doc: str) -> list[dict[str, Any]]:
        """Every pair read from ``a_doc`` to ``b_doc`` (2007 -> 2017: also the new and removed
        provisions), in the stored order."""
        rows = self.con.execute(
            "SELECT rowid, * FROM parallels WHERE (a >= ? AND a < ?) OR (b >= ? AND b < ?) "
            "ORDER BY rowid",
            (f"{a_doc}:", f"{a_doc};", f"{b_doc}:", f"{b_doc};"),
        ).fetchall()
        out = []
        for r in rows:
            pair = _pair(r)
            if all(x is None or x.startswith((f"{a_doc}:", f"{b_doc}:")) for x in (r["a"], r["b"])):
                out.append(pair)
        return out

    def terms(self, doc: str | None = None) -> list[dict[str, Any]]:
        """Defined terms with their variants."""
        sql, args = "SELECT * FROM terms", ()
        if doc is not None:
            sql, args = sql + " WHERE doc = ?", (doc,)
        return [
            {**dict(r), "variants": json.loads(r["variants"])} for r in self.con.execute(sql, args)
        ]

    def term_links(self, node_id: str) -> list[dict[str, Any]]:
        """The defined terms a node's text uses: ``{"span": [start, end], "text", "term",
        "definition"}`` in text order (``text`` is the words as they stand)."""
        node = self.get(node_id)
        if node is None:
            return []
        rows = self.con.execute(
            'SELECT * FROM term_links WHERE node = ? ORDER BY start, "end", definition', (node_id,)
        ).fetchall()
        return [
            {
                "span": [r["start"], r["end"]],
                "text": node.text[r["start"] : r["end"]],
                "term": r["term"],
                "definition": r["definition"],
            }
            for r in rows
        ]

    def term_uses(self, definition: str) -> list[dict[str, Any]]:
        """Where a definition's term is linked: ``{"node", "span"}`` in document order."""
        rows = self.con.execute(
            'SELECT l.node, l.start, l."end" FROM term_links l JOIN nodes n ON n.id = l.node '
            "WHERE l.definition = ? ORDER BY n.ord, l.start",
            (definition,),
        ).fetchall()
        return [{"node": r["node"], "span": [r["start"], r["end"]]} for r in rows]

    def problems(self, doc: str | None = None, kind: str = "problem") -> list[dict[str, Any]]:
        """What the readers could not place (or, with kind='artefact', what they removed)."""
        sql, args = "SELECT * FROM problems WHERE kind = ?", (kind,)
        if doc is not None:
            sql, args = sql + " AND doc = ?", (kind, doc)
        return [dict(r) for r in self.con.execute(sql, args)]


def _open_checked(path: Path) -> sqlite3.Connection:
    """Open a KB read-only, or raise ``KBError`` saying what is wrong with the file."""
    rebuild = "run `lawdesk build` to write it"
    if not path.exists():
        raise KBError(f"no knowledge base at {path}; {rebuild}")
    if path.is_dir():
        raise KBError(f"{path} is a directory; pass the KB file (build/kb.sqlite)")
    if not path.is_file():
        raise KBError(f"{path} is not a regular file; pass the KB file (build/kb.sqlite)")
    try:
        with path.open("rb") as fh:
            head = fh.read(16)
    except OSError as exc:
        raise KBError(f"cannot read {path}: {exc.strerror}") from exc
    if not head:
        raise KBError(f"{path} is empty; {rebuild}")
    if head != b"SQLite format 3\x00":
        raise KBError(f"{path} is not a knowledge base (not an SQLite file); {rebuild}")
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    try:
        rows = dict(con.execute("SELECT key, value FROM info").fetchall())
    except sqlite3.DatabaseError as exc:
        con.close()
        raise KBError(f"{path} is an SQLite file but not a lawdesk KB ({exc}); {rebuild}") from exc
    version = rows.get("schema_version")
    if version != SCHEMA_VERSION or "build_hash" not in rows:
        con.close()
        raise KBError(
            f"{path} has KB schema version {version!r}, this lawdesk reads {SCHEMA_VERSION!r}"
            f"{'' if 'build_hash' in rows else ' with a build hash'}; {rebuild}"
        )
    return con


def _pair(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "a": row["a"],
        "b": row["b"],
        "relation": row["relation"],
        "changed": bool(row["changed"]),
        "confidence": row["confidence"],
        "evidence": json.loads(row["evidence"]),
    }


def _cite(node_id: str | None) -> str:
    return "" if node_id is None else node_id.split(":", 1)[1]


def _edition(node_id: str) -> str:
    return node_id.split(":", 1)[0].rsplit("-", 1)[-1]


def viewpoint(pair: dict[str, Any], node_id: str) -> dict[str, Any]:
    """A stored pair as seen from one of its nodes.

    ``relation`` is named from this node: on the ``a`` side (the earlier edition, the
    commentary, regulation or preferans article) ``same``/``changed``/``moved``/``removed``/
    ``comments``/``regulates``/``analogue``; on the ``b`` side ``same``/``changed``/``moved``/
    ``new``/``commentary``/``regulation``/``analogue``. ``direction`` is ``forward`` when this
    node is ``a``, ``backward`` when it is ``b``; ``label`` says it in a few words.
    """
    here_a = pair["a"] == node_id
    other = pair["b"] if here_a else pair["a"]
    rel = pair["relation"]
    changed = ", changed" if pair["changed"] and rel == "moved" else ""
    if rel in ("same", "changed", "moved", "new", "removed"):
        there = _edition(other) if other else ("2017" if here_a else "2007")
        label = {
            "same": f"{there}: same",
            "changed": f"{there}: changed",
            "moved": (
                f"{there}: moved to {_cite(other)}" if here_a else f"{there}: was {_cite(other)}"
            )
            + changed,
            "new": "new in 2017",
            "removed": "removed in 2017",
        }[rel]
        seen = rel
    elif rel == "commentary":
        seen = "comments" if here_a else "commentary"
        label = f"comments on Law {_cite(other)}" if here_a else "commentary on this Law"
    elif rel == "regulation":
        seen = "regulates" if here_a else "regulation"
        label = f"modifies {_cite(other)}" if here_a else "screen regulation modifying this"
    else:
        seen = rel
        label = "bridge analogue" if here_a else "preferans analogue"
    return {
        "node": other,
        "relation": seen,
        "pair_relation": rel,
        "direction": "forward" if here_a else "backward",
        "changed": pair["changed"],
        "confidence": pair["confidence"],
        "evidence": pair["evidence"],
        "label": label,
    }


def _ref(row: sqlite3.Row) -> dict[str, Any]:
    targets = (row["targets"] or "").split()
    return {
        "from": row["from_node"],
        "raw": row["raw"],
        "field": row["field"],
        "span": [row["start"], row["end"]],
        "target_doc": row["target_doc"],
        "target_cite": row["target_cite"],
        "targets": targets,
        "status": row["status"],
        "reason": row["reason"] or "",
        "cross_edition": bool(row["cross_edition"]),
    }
