"""Serbian Cyrillic -> Latin, one table for the whole project (the reader repairs mixed-script
words with it; search transliterates Serbian queries typed in Cyrillic)."""

from __future__ import annotations

_CYRILLIC = "абвгдђежзијклљмнњопрстћуфхцчџш"
_LATIN = "a b v g d đ e ž z i j k l lj m n nj o p r s t ć u f h c č dž š".split()  # noqa: SIM905

SR_CYR_TO_LAT: dict[str, str] = {
    **dict(zip(_CYRILLIC, _LATIN, strict=True)),
    **{c.upper(): lat.capitalize() for c, lat in zip(_CYRILLIC, _LATIN, strict=True)},
}
_TABLE = str.maketrans(SR_CYR_TO_LAT)


def sr_to_latin(text: str) -> str:
    """Serbian Cyrillic letters transliterated to Latin (``Члан 27`` -> ``Član 27``); other
    characters unchanged."""
    return text.translate(_TABLE)
