"""Reports as aligned text tables for a terminal."""
from __future__ import annotations

from typing import Any

from neutrino_py.tools.base import Report, Table


def printable(text: str) -> str:
    """`text` on one line: control characters (a kernel name holding a newline, a tab, an
    escape sequence) shown as Python escapes, so they cannot break a table's rows or the
    terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def cell(value: Any, percent: bool = False) -> str:
    """One table cell as text: None as '-', ints with separators, shares as percentages."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:.1%}" if percent else f"{value:,.4g}" if abs(
            value) < 1e4 else f"{value:,.0f}"
    return printable(str(value))


def table_text(table: Table) -> str:
    """A table as aligned plain text (numbers right-aligned), for terminals and logs."""
    cells = [[cell(v, c in table.percent) for v, c in zip(row, table.columns)]
             for row in table.rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(table.columns)]
    numeric = [all(isinstance(row[i], (int, float)) or row[i] is None for row in table.rows)
               for i in range(len(table.columns))]

    def line(values: list[str]) -> str:
        return "  ".join(v.rjust(w) if num else v.ljust(w)
                         for v, w, num in zip(values, widths, numeric)).rstrip()

    out = [printable(table.title), line(table.columns), line(["-" * w for w in widths])]
    out += [line(r) for r in cells] or ["(empty)"]
    return "\n".join(out)


def report_text(report: Report) -> str:
    """The whole report as text: its tables, then its notes."""
    parts = [f"== {report.tool} =="]
    parts += [table_text(t) for t in report.tables]
    parts += [f"note: {printable(n)}" for n in report.notes]
    return "\n\n".join(parts) if report.tables else "\n".join(parts)
