"""Croatian lemmas: lemmagen3's ``hr`` model (nlp.md §3), cheap enough to run on query words."""

from __future__ import annotations

import functools
from collections.abc import Callable

import lemmagen3

from kb.script import sr_to_latin

LIVE = True  # the lemmatizer itself runs at query time (a 2 MB rule model, no dictionary)
# a Cyrillic query reaches the Croatian code transliterated (kb/search/query.py parse): the
# Russian keys of synonyms.tsv are read the same way, or they would never match
PREP = sr_to_latin


@functools.cache
def lemmatizer() -> Callable[[str], str]:
    """Lower-case word -> lemma."""
    return lemmagen3.Lemmatizer("hr").lemmatize
