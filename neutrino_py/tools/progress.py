"""A progress bar on stderr for `neutrino report`, counted in bytes of map records read."""
from __future__ import annotations

import sys
import time
from typing import TextIO

from neutrino_py.tools.base import Progress


class Bar(Progress):
    """`[#####-----]  52%  540/1032 MiB  dmat`; redrawn at most 10 times a second on a terminal,
    one line per tenth elsewhere (logs)."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        stream = stream or sys.stderr        # looked up now: sys.stderr may have been replaced
        self.total, self.done, self.stream, self.width = max(total, 1), 0, stream, width
        self.label = ""
        self.tty = stream.isatty()
        self._drawn_at, self._tenth = 0.0, -1

    def stage(self, label: str) -> None:
        self.label = label
        self._draw(force=self.tty)

    def advance(self, nbytes: int) -> None:
        self.done = min(self.total, self.done + nbytes)
        self._draw()

    def close(self) -> None:
        self.done = self.total
        self.label = "done"
        self._draw(force=True)
        if self.tty:
            self.stream.write("\n")
        self.stream.flush()

    def _draw(self, force: bool = False) -> None:
        frac = self.done / self.total
        now = time.monotonic()
        if self.tty:
            if not force and now - self._drawn_at < 0.1:
                return
            end = "\r"
        else:
            if int(frac * 10) == self._tenth and not force:
                return
            self._tenth = int(frac * 10)
            end = "\n"
        self._drawn_at = now
        filled = int(frac * self.width)
        unit, scale = ("MiB", 2**20) if self.total >= 2**20 else ("KiB", 2**10)
        self.stream.write(f"{end if self.tty else ''}[{'#' * filled}{'-' * (self.width - filled)}] "
                          f"{frac:4.0%}  {self.done / scale:,.0f}/{self.total / scale:,.0f} {unit}  "
                          f"{self.label:<14}{'' if self.tty else end}")
        self.stream.flush()
