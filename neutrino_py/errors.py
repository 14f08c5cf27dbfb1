"""One error type for everything a user wrote (PTX, GCN, probes): position, caret, hint."""
from __future__ import annotations


class SourceError(Exception):
    """An error in user-supplied text, printed as ``file:line:col: message`` + line + caret + hint."""

    def __init__(self, message: str, *, file: str = "<input>", line: int = 0, col: int = 0,
                 source: str | None = None, hint: str | None = None, width: int = 1) -> None:
        super().__init__(message)
        self.message, self.file, self.line, self.col = message, file, line, col
        self.source, self.hint, self.width = source, hint, max(1, width)

    def __str__(self) -> str:
        out = [f"{self.file}:{self.line}:{self.col}: error: {self.message}"]
        if self.source is not None and self.line > 0:
            lines = self.source.splitlines()
            if self.line <= len(lines):
                text = lines[self.line - 1].expandtabs(1)
                out.append(f"    {text}")
                out.append("    " + " " * max(0, self.col - 1) + "^" + "~" * (self.width - 1))
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)


class ToolError(Exception):
    """A problem with the environment (missing ptxas, no GPU, bad trace dir) with a fix to try."""

    def __init__(self, message: str, fix: str | None = None) -> None:
        super().__init__(message)
        self.message, self.fix = message, fix

    def __str__(self) -> str:
        return self.message + (f"\n  fix: {self.fix}" if self.fix else "")
