"""What the library programs share: run their cases in order and write every output's bytes.

A case the installed library cannot run (or a fault) writes a marker instead of its arrays and
says why on stdout, `case NAME not run: ...`, which the GPU test refuses in a native run.
"""
from __future__ import annotations

import traceback
from typing import Callable, Iterable

import numpy as np


def run(path: str, cases: dict[str, Callable[[], Iterable]],
        to_numpy: Callable[[object], np.ndarray], sync: Callable[[], None]) -> None:
    """Each case's arrays (`to_numpy` of what it returns, after `sync`) to `path`, in order."""
    with open(path, "wb") as out:
        for name, case in cases.items():
            try:
                arrays = [to_numpy(a) for a in case()]
                sync()
            except Exception as err:  # noqa: BLE001 — a case this library lacks, or a fault
                print(f"case {name} not run: {type(err).__name__}: {str(err)[:300]}", flush=True)
                traceback.print_exc()
                out.write(f"{name}: not run\n".encode())
                continue
            for a in arrays:
                out.write(np.ascontiguousarray(a).view(np.uint8).tobytes())
            print(f"case {name}: {[a.dtype.name for a in arrays]}", flush=True)
