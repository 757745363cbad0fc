"""The corpus: ``corpus/sources.toml`` and the five texts it describes."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = ROOT / "corpus"


@dataclass(frozen=True)
class Source:
    """One rule text as described in sources.toml."""

    id: str
    title: str
    language: str
    script: str
    game: str
    edition: str
    kind: str
    file: str
    original_file: str
    sha256: str
    licence: str

    def path(self, corpus_dir: Path = CORPUS_DIR) -> Path:
        """Where the text lives."""
        return corpus_dir / self.file

    def read(self, corpus_dir: Path = CORPUS_DIR) -> str:
        """The text, decoded as UTF-8 (the sources are UTF-8 with LF line ends)."""
        return self.path(corpus_dir).read_bytes().decode("utf-8")


def load_sources(corpus_dir: Path = CORPUS_DIR) -> list[Source]:
    """Every document of sources.toml, in file order."""
    data = tomllib.loads((corpus_dir / "sources.toml").read_text(encoding="utf-8"))
    return [Source(**d) for d in data["document"]]


def sha256_of(path: Path) -> str:
    """Hex SHA-256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()
