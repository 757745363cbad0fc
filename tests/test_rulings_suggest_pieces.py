"""The suggestions read a text piece by piece between white space (each piece's stems kept);
that must give exactly the stems of reading the whole text at once, whatever the text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kb.rulings import suggestions as s


def whole_text_stems(text: str) -> list[str]:
    """The stems as read before pieces: fold each variant whole, then find the words."""
    out = []
    serbian = not (s._RUSSIAN_ONLY & set(text))
    for variant in dict.fromkeys((text, s.sr_to_latin(text) if serbian else text)):
        for word in s.WORD.findall(s.fold(variant)):
            if word not in s.stop_words():
                out.append((word.rstrip(s._VOWELS) or word)[: s.STEM])
    return out


LETTERS = "aA čćđšž ЉљЊњЂђ ыё ΣΟσς İı ﬁ ½² \u00a0\u2028\u3000\u0301\u0308\u00a8 1 2 ,.-\t\n"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(LETTERS) | st.characters(), max_size=40))
def test_pieces_read_as_the_whole_text(text: str) -> None:
    assert s.stems(text) == whole_text_stems(text)
