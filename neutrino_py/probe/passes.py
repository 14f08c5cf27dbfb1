"""What the checker's passes share (probe/verify.py runs them in order): the file's text, one
`Diagnostics` list, the names the declarations bound, the language's limits and wording."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from neutrino_py.errors import Diagnostic, Diagnostics, SourceError, closest
from neutrino_py.probe import ast
from neutrino_py.probe.ast import Span

DEFAULT_POOL = 1 << 20          # records in an unbounded record map without `pool N`
MAX_PER_UNIT = 1 << 16          # record(N)
MAX_POOL = 1 << 30              # pool N
MAX_HIST = 1 << 28              # hist[N]
MAX_MAP_BYTES = 1 << 36         # a pool's or hist's buffer: more than GPUs hold, not a trace

KINDS = ("record", "row", "counter", "hist")
LEVELS = ("thread", "warp", "block", "sm", "kernel")
# levels above the warp -> the kinds kept at them: counters (summed over the unit's threads),
# and per block also records and rows (the block's warps share its slots)
COARSE = {"block": ("counter", "record", "row"), "sm": ("counter",), "kernel": ("counter",)}
# The widest value any type holds: constants (literals, and what folding them makes) must fit
INT_MIN, INT_MAX = -(1 << 63), (1 << 64) - 1
WIDEST = "values are at most 64 bits wide"
# Columns the map reader adds beside a map's own fields, which a field of the same name would
# hide or collide with (`maps.read.UNIT_FIELD`, `maps.lanes.EVENT_FIELD` and `LANE_FIELD`):
# name -> which maps get it, and what it holds
READ_BACK = {
    "unit": ("record(N) and row maps", "the thread, warp or block index of each record"),
    "event": ("maps with a lanes field", "the record each lane's row comes from"),
    "lane": ("maps with a lanes field", "the lane of each row"),
}
HOW_TO_WRITE = {
    "record": "write a record map with save: m.save(a, b, ...);",
    "row": "write a row map with save: m.save(a, b, ...);",
    "counter": "add to a counter's fields: m.field += x;",
    "hist": "add to a hist's entries: m[index] += x;",
}


@dataclass
class Scope:
    """The names a probe file declares (resolve pass), in declaration order."""
    maps: dict[str, ast.MapDecl] = field(default_factory=dict)
    regs: dict[str, ast.RegDecl] = field(default_factory=dict)


class Pass:
    """A pass over one probe file: errors raise (pointing into the text), warnings collect."""

    def __init__(self, diagnostics: Diagnostics, text: str) -> None:
        self.diagnostics, self.text = diagnostics, text

    def error(self, message: str, at: Span, hint: str) -> SourceError:
        return self.diagnostics.error(message, at.line, at.col, at.width, hint)

    def too_wide(self, value: int, at: Span) -> SourceError:
        """A constant past 64 bits: refused where it is made, before folding grows it further."""
        return self.error(f"the constant {value} does not fit in 64 bits", at, hint=WIDEST)

    def warn(self, message: str, at: Span, hint: str | None = None) -> Diagnostic:
        return self.diagnostics.warn(message, at.line, at.col, at.width, hint)


def shortened(text: str, most: int = 40) -> str:
    """`text` for a message: a longer one (a literal of thousands of digits) as its two ends and
    its length; the source line under the message still shows it whole."""
    if len(text) <= most:
        return text
    return f"{text[:most // 2 - 2]}…{text[2 - most // 2:]} ({len(text)} characters)"


def suggest(word: str, choices: Iterable[str]) -> str:
    """"did you mean 'x'? " for the closest choice, or nothing."""
    close = closest(word, choices)
    return f"did you mean '{close}'? " if close else ""
