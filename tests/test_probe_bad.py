"""Malformed probes: one file per case in tests/bad_probes/, beside the exact error it must give.

`NAME.probe` is checked with `neutrino check`; its stderr must equal `NAME.err` byte for byte
(position, message, source line, caret and hint) and the exit code must be 2. To add a case,
write `NAME.probe`, run `neutrino check tests/bad_probes/NAME.probe 2> tests/bad_probes/NAME.err`
from the repository root, and read the .err file before committing it.
"""
from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from conftest import ROOT
from neutrino_py.probe import check

CASES = sorted((ROOT / "tests" / "bad_probes").glob("*.probe"))


def run_check(path: Path, capsys) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    check.configure(parser)
    rc = check.run(parser.parse_args([str(path.relative_to(ROOT))]))
    out, err = capsys.readouterr()
    return rc, out, err


def test_there_are_at_least_15_cases():
    assert len(CASES) >= 15
    assert all(case.with_suffix(".err").is_file() for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_bad_probe(case: Path, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    rc, out, err = run_check(case, capsys)
    assert (rc, out) == (2, "")
    assert err == case.with_suffix(".err").read_text()
    head, line, caret, hint = err.splitlines()
    assert head.startswith(f"tests/bad_probes/{case.name}:") and ": error: " in head
    assert caret.strip()[0] == "^" and hint.startswith("  hint: ")
