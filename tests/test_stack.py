"""The stack the user chose stays in use: Python, spaCy, rank-bm25, FastAPI, jinja2.

spaCy is the reference tokenizer of the corpus (``spacy.blank(code)`` pipelines with the
lemmatizer component of kb/lang/<code>/pipeline.py) and rank-bm25 computes the BM25 weights of
the index; both run when the KB and its search artefacts are built. The query side may read the
precomputed artefacts with a faster tokenizer, but only one proven to split text exactly as the
spaCy pipeline does (a test over the corpus and the evaluation queries), so that the two never
drift apart. Dropping either library is a change the user has to agree to first.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = ("spacy", "rank-bm25", "fastapi", "jinja2")


def test_the_chosen_libraries_are_pinned_dependencies():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["dependencies"]
    names = {d.split("==")[0].strip().lower() for d in deps}
    assert set(REQUIRED) <= names
    assert all("==" in d for d in deps if d.split("==")[0].strip().lower() in REQUIRED)


def test_building_the_kb_and_its_index_runs_spacy_and_rank_bm25(tmp_path):
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from kb.build import build\n"
        "from kb.store import KB\n"
        "from kb.search.service import index_for\n"
        f"path = Path({str(tmp_path / 'kb.sqlite')!r})\n"
        "build(path)\n"
        "index_for(KB(path))\n"
        "print('spacy' in sys.modules, 'rank_bm25' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=600
    ).stdout.split()
    assert out[-2:] == ["True", "True"], "a build must tokenize with spaCy and weigh with rank-bm25"
