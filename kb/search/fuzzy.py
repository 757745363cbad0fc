"""Words one edit away (symmetric delete): the index vocabulary's and a route's neighbours of a
query word, found through each word's one-delete variants instead of a scan of the vocabulary."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def delete_map(words: Iterable[str]) -> dict[str, frozenset[str]]:
    """Each one-delete variant of ``words`` -> the words it comes from."""
    out: dict[str, set[str]] = {}
    for word in words:
        for i in range(len(word)):
            out.setdefault(word[:i] + word[i + 1 :], set()).add(word)
    return {k: frozenset(v) for k, v in out.items()}


def one_edit(
    word: str, deletes: dict[str, frozenset[str]], known: Callable[[str], bool]
) -> set[str]:
    """The words of ``deletes`` at edit distance 1 from ``word`` (an insertion, a deletion or a
    substitution; ``word`` itself too when it is one of them), ``known`` telling whether a
    variant of ``word`` one letter shorter is itself such a word."""
    found = set(deletes.get(word, ()))
    for i in range(len(word)):
        shorter = word[:i] + word[i + 1 :]
        found |= deletes.get(shorter, frozenset())
        if known(shorter):
            found.add(shorter)
    return found
