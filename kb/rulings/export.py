"""What a browser needs to suggest ruling trees as ``kb.rulings.suggest`` does (the site's
search packs it: ``kb/publish/search_index.py``; ``site/static/search/engine.js`` scores with it).

Per tree, in the catalogue's order: its trigger phrases as stem sets, the bag of its words'
stems (what its tf-idf vector is made of) and the irregularities it rules on; the stop words
whose stem a tree uses (any other stop word, dropped or kept, meets no tree); the words for
calls and strains (the bids a text names, and a run of calls typed in it:
``kb.ask.find_auction``) and the scoring's constants.

A run of calls typed in a text is a plain auction, every call by the player in turn, so its
last irregular call can only be an insufficient bid or an inadmissible double or redouble
(Laws 27, 36; a call after the auction ended is an error without its seat): the browser finds
that with Law 18 and 19's tests alone, without the rules core.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from kb.ask import TOKEN, call_words
from kb.rulings import suggestions as sg
from kb.rulings.catalogue import Tree, trees


@dataclass(frozen=True)
class TreeStems:
    """One tree as the suggestion scoring reads it."""

    id: str
    triggers: tuple[frozenset[str], ...]
    bag: Counter[str]
    kinds: tuple[str, ...]  # the irregularities it rules on (``suggest.irregularity``)


def tree_stems(t: Tree) -> TreeStems:
    """A tree as ``kb.rulings.suggest`` reads it (``suggestions.tree_words``), with the
    irregularities it rules on."""
    triggers, bag = sg.tree_words(t)
    return TreeStems(t.id, triggers, bag, tuple(t.data["suggest"].get("irregularity", [])))


def suggestion_data() -> tuple[list[TreeStems], dict[str, Any]]:
    """Every tree's stems, and what the stemming and the scoring read besides (JSON-ready):
    stop words, call words, folding, patterns (as Python writes them), constants."""
    found = [tree_stems(t) for t in trees().values()]
    vocabulary = {s for t in found for s in t.bag}
    return found, {
        # a stop word matters only where, kept, its stem would be one some tree uses
        "stop": sorted(w for w in sg.stop_words() if sg.stem(w) in vocabulary),
        "calls": dict(sorted(call_words().items())),
        "token": TOKEN.pattern,
        "strains": sg._STRAINS,
        "symbols": sg._SYMBOLS,
        "bid": sg.BID.pattern,
        "fold": {chr(k): v for k, v in sg._FOLD.items()},
        "vowels": sg._VOWELS,
        "russianOnly": "".join(sorted(sg._RUSSIAN_ONLY)),
        "stem": sg.STEM,
        "maxText": sg.MAX_TEXT,
        "triggerWeight": sg.TRIGGER_WEIGHT,
        "otherTriggers": sg.OTHER_TRIGGERS,
        "genericShare": sg.GENERIC_SHARE,
        "similarityWeight": sg.SIMILARITY_WEIGHT,
        "auctionBonus": sg.AUCTION_BONUS,  # also what a bid above seven gives its tree
        "bidOrderBonus": sg.BID_ORDER_BONUS,
    }
