"""What goes wrong, said once: `SourceError` and `Diagnostic` for what a user wrote (PTX, GCN,
probes: position, caret, hint), `ToolError` for the environment."""
from __future__ import annotations

import difflib
import functools
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
