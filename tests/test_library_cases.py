"""The library programs' case runner (tests/gpu/programs/cases.py) on the CPU: outputs in case
order as raw bytes, a failing case replaced by its marker and named on stdout."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

CASES = Path(__file__).resolve().parent / "gpu" / "programs" / "cases.py"


def test_cases_write_their_bytes_in_order_and_mark_what_did_not_run(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("library_cases", CASES)
    cases = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cases)
    synced = []

    def broken():
        raise RuntimeError("no such API")
    cases.run(str(tmp_path / "out.bin"), {
        "ints": lambda: [np.arange(3, dtype=np.int32)], "broken": broken,
        "two": lambda: [np.ones(2, np.float16), np.array([True])]},
        np.asarray, lambda: synced.append(1))
    want = np.arange(3, dtype=np.int32).tobytes() + b"broken: not run\n" + \
        np.ones(2, np.float16).tobytes() + b"\x01"
    assert (tmp_path / "out.bin").read_bytes() == want
    out = capsys.readouterr().out
    assert "case broken not run: RuntimeError: no such API" in out
    assert "case two: ['float16', 'bool']" in out and len(synced) == 2
