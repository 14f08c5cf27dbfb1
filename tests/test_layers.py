"""The package layers of DESIGN §1 hold (`lint-imports` with `[tool.importlinter]` from
pyproject.toml; .ci/run runs it too), and nothing but splice imports splice."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_layers_are_kept():
    exe = shutil.which("lint-imports")
    if exe is None:
        pytest.skip("import-linter is not installed (pip install -e '.[dev]')")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([exe, "--no-cache", "--config", str(ROOT / "pyproject.toml")], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Contracts: 2 kept, 0 broken." in run.stdout


def test_only_splice_and_the_front_ends_import_splice():
    """Reading a manifest or a map needs the contract, never the splicer."""
    importers = set()
    for path in (ROOT / "neutrino_py").rglob("*.py"):
        rel = path.relative_to(ROOT / "neutrino_py").parts
        if rel[0] == "splice":
            continue
        text = path.read_text()
        if "neutrino_py.splice" in text or "from neutrino_py import splice" in text:
            importers.add("/".join(rel))
    assert importers <= {"api.py", "cli.py", "hook/engine.py", "hook/engine_gcn.py", "hook/command.py",
                         "assemble/command.py"}, importers
