"""The 21-board cycle of competition boards (Kodeks čl. 2, "Pregled bordova").

Each row of the table puts ``OTVARAČ`` (the opener, who also leads) in place of one of the three
positions written in the order E N W, then says who is in refe. Board 22 "je isto kao bord 1.i
dalje se isto i redom ponavlja". The rows below are the text's own (whitespace collapsed; the
artefact word ``jednako`` stands for ``=``).
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.rules.errors import as_int, bad_input
from kb.rules.preferans.cards import SEATS, parse_seat
from kb.rules.registry import provision

P2 = "hr-pref-2014:2"
CYCLE = 21

#: čl. 2, lines 1059-1099 of the source.
BOARD_ROWS: tuple[str, ...] = (
    "1. E OTVARAČ W svi bez refea!",
    "2. E N OTVARAČ svi bez refea!",
    "3. OTVARAČ N W svi bez refea!",
    "4. E OTVARAČ W svi refe!",
    "5. E N OTVARAČ E jednako refe!",
    "6. OTVARAČ N W W jednako refe!",
    "7. E OTVARAČ W N jednako refe!",
    "8. E N OTVARAČ svi bez refea!",
    "9. OTVARAČ N W svi bez refea!",
    "10. E OTVARAČ W svi bez refea!",
    "11. E N OTVARAČ svi refe!",
    "12. OTVARAČ N W E jednako refe!",
    "13. E OTVARAČ W W jednako refe!",
    "14. E N OTVARAČ N jednako refe!",
    "15. OTVARAČ N W svi bez refea!",
    "16. E OTVARAČ W svi bez refea!",
    "17. E N OTVARAČ svi bez refea!",
    "18. OTVARAČ N W svi refe!",
    "19. E OTVARAČ W E jednako refe!",
    "20. E N OTVARAČ W jednako refe!",
    "21. OTVARAČ N W N jednako refe!",
)


@dataclass(frozen=True)
class Board:
    """One board: its number, the opener's position and the positions in refe."""

    number: int
    opener: str
    refe: frozenset[str]

    def in_refe(self, seat: str) -> bool:
        """Whether the player at ``seat`` is in refe on this board."""
        return parse_seat(seat) in self.refe


def _parse_row(row: str) -> tuple[str, frozenset[str]]:
    """Decode one table row into (opener, refe positions)."""
    words = row.split()
    positions, note = words[1:4], " ".join(words[4:])
    opener = SEATS[positions.index("OTVARAČ")]
    if note == "svi bez refea!":
        return opener, frozenset()
    if note == "svi refe!":
        return opener, frozenset(SEATS)
    seat, rest = note.split(" ", 1)
    assert rest == "jednako refe!", row
    return opener, frozenset({seat})


_TABLE = tuple(_parse_row(r) for r in BOARD_ROWS)


@provision(P2)
def board(number: int) -> Board:
    """Opener and refe positions of board ``number`` (1, 2, ...); the table repeats every 21."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise bad_input("board number", number, "a whole number 1 or more")
    opener, refe = _TABLE[(number - 1) % CYCLE]
    return Board(number, opener, refe)


MAX_BOARDS = 1000  # far above any session; a bound so a typo cannot exhaust memory


@provision(P2)
def boards(first: int = 1, count: int = CYCLE) -> list[Board]:
    """``count`` consecutive boards from ``first`` (at most :data:`MAX_BOARDS`)."""
    board(first)  # validates ``first``
    as_int(count, "count", 0, MAX_BOARDS)
    return [board(n) for n in range(first, first + count)]
