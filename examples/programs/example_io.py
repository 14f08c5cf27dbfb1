"""What every example program shares: where its outputs go and how launches are reported.

Outputs are written as the raw bytes of each array, in a fixed order, so that a traced and an
untraced run can be compared with `cmp`. The path is argv[1], else $NEUTRINO_EXAMPLE_OUT, else
`<program>.out` in the current folder.
"""
from __future__ import annotations

import os
import sys

import numpy as np


class Launches:
    """Counts kernel launches and prints one line per launch whose geometry the program knows."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, kernel: str, grid=None, block=None) -> None:
        self.count += 1
        where = f" grid={tuple(grid)} block={tuple(block)}" if grid is not None else " (geometry chosen by the library)"
        print(f"launch {kernel}{where}", flush=True)


def output_path(default: str) -> str:
    if len(sys.argv) > 1:
        return sys.argv[1]
    return os.environ.get("NEUTRINO_EXAMPLE_OUT", default)


def write_outputs(path: str, arrays: dict[str, np.ndarray]) -> None:
    with open(path, "wb") as out:
        for name, array in arrays.items():
            array = np.ascontiguousarray(array)
            out.write(array.tobytes())
            print(f"output {name}: {array.dtype} {array.shape}", flush=True)
    print(f"outputs written to {path}", flush=True)
