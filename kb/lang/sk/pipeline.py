"""Slovak lemmas: lemmagen3's ``sk`` model (nlp.md §3), cheap enough to run on query words."""

from __future__ import annotations

import functools
from collections.abc import Callable

import lemmagen3

LIVE = True  # the lemmatizer itself runs at query time (a 2 MB rule model, no dictionary)


@functools.cache
def lemmatizer() -> Callable[[str], str]:
    """Lower-case word -> lemma."""
    return lemmagen3.Lemmatizer("sk").lemmatize
