"""What goes wrong, said once: `SourceError` and `Diagnostic` for what a user wrote (PTX, GCN,
probes: position, caret, hint), `ToolError` for the environment."""
from __future__ import annotations

import argparse
import difflib
import functools
import re
from dataclasses import dataclass
from typing import Iterable

ERROR, WARNING = "error", "warning"


@functools.lru_cache(maxsize=4)
def _lines(source: str) -> list[str]:
    """The source's lines, split once for all the diagnostics of one text (a probe of a MiB can
    have thousands); they end at \n only, as every lexer here counts them."""
    return source.split("\n")


def render(severity: str, message: str, file: str, line: int, col: int,
           source: str | None = None, hint: str | None = None, width: int = 1) -> str:
    """``file:line:col: severity: message``, then the source line with a caret under the spot
    (when `source` is given and `line` is in it), then the hint."""
    out = [f"{file}:{line}:{col}: {severity}: {message}"]
    if source is not None and line > 0:
        lines = _lines(source)
        if line <= len(lines):
            # one column per character: a tab, a form feed or a line separator shows as a space
            text = "".join(c if c.isprintable() else " "
                           for c in lines[line - 1].removesuffix("\r"))
            out.append(f"    {text}")
            out.append("    " + " " * max(0, col - 1) + "^" + "~" * (max(1, width) - 1))
    if hint:
        out.append(f"  hint: {hint}")
    return "\n".join(out)


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice closest to a misspelt `word`, case aside, or None: the one lookup behind every
    "did you mean" (probe names and fields, commands, tools, options)."""
    lower = {str(c).lower(): str(c) for c in choices}
    close = difflib.get_close_matches(str(word).lower(), list(lower), n=1, cutoff=0.6)
    return lower[close[0]] if close else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the choice closest to a misspelt `word`, or ""."""
    close = closest(word, choices)
    return f" (did you mean {close!r}?)" if close else ""


class SourceError(Exception):
    """An error in user-supplied text, printed as ``file:line:col: message`` + line + caret + hint."""

    def __init__(self, message: str, *, file: str = "<input>", line: int = 0, col: int = 0,
                 source: str | None = None, hint: str | None = None, width: int = 1) -> None:
        super().__init__(message)
        self.message, self.file, self.line, self.col = message, file, line, col
        self.source, self.hint, self.width = source, hint, max(1, width)

    def __str__(self) -> str:
        return render(ERROR, self.message, self.file, self.line, self.col, self.source,
                      self.hint, self.width)


@dataclass(frozen=True)
class Diagnostic:
    """One finding about user text (an error or a warning) with the place it is about:
    1-based `line`/`col` in `file`, `width` characters to underline."""

    severity: str
    message: str
    file: str
    line: int
    col: int
    width: int = 1
    hint: str | None = None

    def render(self, source: str | None = None) -> str:
        """The diagnostic as the command line prints it; with `source`, the line and a caret.
        Without a line (a kernel of an assembly file, say) it names the file only."""
        if self.line <= 0:
            return f"{self.file}: {self.severity}: {self.message}" + \
                (f"\n  hint: {self.hint}" if self.hint else "")
        return render(self.severity, self.message, self.file, self.line, self.col, source,
                      self.hint, self.width)

    def __str__(self) -> str:
        return self.render()


class Diagnostics(list):
    """The findings of passes over one file, in the order found. An error is raised at once
    (`raise diagnostics.error(...)`: later passes rely on what earlier ones checked); warnings
    collect."""

    def __init__(self, file: str, source: str | None = None) -> None:
        super().__init__()
        self.file, self.source = file, source

    def error(self, message: str, line: int, col: int, width: int = 1,
              hint: str | None = None) -> SourceError:
        """Record an error and return it to raise: ``raise diagnostics.error(...)``."""
        self.append(Diagnostic(ERROR, message, self.file, line, col, width, hint))
        return SourceError(message, file=self.file, line=line, col=col, source=self.source,
                           hint=hint, width=width)

    def warn(self, message: str, line: int, col: int, width: int = 1,
             hint: str | None = None) -> Diagnostic:
        found = Diagnostic(WARNING, message, self.file, line, col, width, hint)
        self.append(found)
        return found


class ToolError(Exception):
    """A problem with the environment (missing ptxas, no GPU, bad trace dir) with a fix to try."""

    def __init__(self, message: str, fix: str | None = None) -> None:
        super().__init__(message)
        self.message, self.fix = message, fix

    def __str__(self) -> str:
        return self.message + (f"\n  fix: {self.fix}" if self.fix else "")


# ---- numbers written on the command line: one reading for every count and size --------------

LARGEST = 1 << 63               # sizes and counts go to the shim as signed 64-bit numbers
UNITS = {"": 1, "B": 1, **{f"{u}{s}": 1 << 10 * (i + 1) for i, u in enumerate("KMGT")
                             for s in ("", "B", "I", "IB")}}
_SIZE = re.compile(r"\s*([0-9]+)(?:\.([0-9]*))?\s*([A-Za-z]*)\s*", re.ASCII)


def shown(text: str, most: int = 80) -> str:
    """`text` quoted for a message, cut at `most` characters: a value of 5,000 digits must not
    make the one-line error 5,000 characters wide."""
    return repr(text) if len(text) <= most else repr(text[:most]) + "..."


def whole(text: str) -> int | None:
    """The whole number `text` spells in ASCII digits (blanks around it aside), or None.
    `int` alone also takes '1_000', '+5', '-1' and other scripts' digits ('١٢'), none of which a
    count or a size here means; past 2**63 the result is LARGEST, which every caller refuses
    (and `int` cannot read more than 4,300 digits)."""
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit():
        return None
    return int(digits) if len(digits.lstrip("0")) <= 19 else LARGEST


def count(text: str, least: int = 0) -> int:
    """argparse type for a count (launches, slices): a whole number from `least` below 2**63."""
    value = whole(text)
    if value is not None and least <= value < LARGEST:
        return value
    head = (f"not a positive whole number below 2**63: {shown(text)}" if least == 1 else
            f"expected a whole number >= {least}, got {shown(text)}")
    why = (" (it is negative)" if text.strip().startswith("-") else
           " (write digits only, e.g. 10)" if value is None else
           " (2**63 or more)" if value >= LARGEST else "")
    raise argparse.ArgumentTypeError(head + why)


def size(text: str) -> int:
    """argparse type for byte sizes: 4096, 512M, 16G, 1.5GiB, 2 kb (powers of 1024; a fraction
    of a unit is rounded down to whole bytes, a fraction of a byte is refused)."""
    match = _SIZE.fullmatch(text)
    unit = UNITS.get(match[3].upper()) if match else None
    if unit is None:
        raise argparse.ArgumentTypeError(_not_a_size(text))
    fraction = (match[2] or "").rstrip("0")[:30]
    if unit == 1 and fraction:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number of bytes "
                                         "(write e.g. 4096, or 1.5K)")
    scale = 10 ** len(fraction)
    value = (whole(match[1]) * scale + int(fraction or "0")) * unit // scale
    if value >= LARGEST:
        raise argparse.ArgumentTypeError(f"{shown(text)} is more bytes than any machine holds "
                                         "(write e.g. 512M, 16G)")
    return value


def format_bytes(n: float) -> str:
    """A size in words, as `size` reads it back: 1.5 GiB, 24 MiB, 512 B."""
    for unit, scale in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.3g} {unit}"
    return f"{int(n)} B"


def _not_a_size(text: str) -> str:
    """Why `text` is no size, with the mistake named where it is a common one."""
    if text.strip().startswith("-"):
        return f"{shown(text)} is negative; a size is 0 or more (write e.g. 512M, 16G)"
    return (f"not a size: {shown(text)} (write e.g. 4096, 512M, 16G: digits, then B, K, M, G or "
            "T for powers of 1024)")
