"""A damaged run directory (bytes cut, flipped or appended, a file gone or emptied, a JSON value
of the wrong kind) is reported or refused with a message; `neutrino report` (every tool, json,
Perfetto) and `neutrino export` never end in a traceback. Seeded: a case id reproduces.

Found this way: a manifest whose `maps` list held a non-object raised AttributeError in every
tool that read the kernel's maps.
"""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from neutrino_py.cli import main
from tests.synthetic import standard

CASES = 150
ODD = [None, -1, 0, 2 ** 70, "x", [], {}, 1.5, True, "9" * 30]


def _edit_json(text: str, rng: random.Random, lines: bool) -> str:
    """One value somewhere in the document (or one line of a JSON-lines file) replaced."""
    docs = text.splitlines() if lines else [text]
    i = rng.randrange(len(docs))
    doc = json.loads(docs[i])
    node, depth = doc, 0
    while isinstance(node, (dict, list)) and node:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        if depth > 2 or rng.random() < 0.4 or not isinstance(node[key], (dict, list)):
            node[key] = rng.choice(ODD)
            break
        node, depth = node[key], depth + 1
    docs[i] = json.dumps(doc)
    return "\n".join(docs) + ("\n" if lines else "")


def damage(run: Path, rng: random.Random) -> str:
    path = rng.choice(sorted(p for p in run.rglob("*") if p.is_file()))
    data = path.read_bytes()
    how = rng.choice(["cut", "flip", "delete", "append", "empty", "json"])
    if how == "json" and path.suffix in (".json", ".jsonl"):
        try:
            path.write_text(_edit_json(data.decode(), rng, path.suffix == ".jsonl"))
        except ValueError:                    # already damaged by an earlier edit of this case
            pass
    elif how == "cut" and data:
        path.write_bytes(data[:rng.randrange(len(data))])
    elif how == "flip" and data:
        raw = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        path.write_bytes(bytes(raw))
    elif how == "delete":
        path.unlink()
    elif how == "append":
        path.write_bytes(data + rng.randbytes(rng.randint(1, 64)))
    elif how == "empty":
        path.write_bytes(b"")
    return f"{how} {path.relative_to(run)}"


def test_damaged_runs_are_reported_or_refused_never_a_traceback(tmp_path, capsys):
    original = standard(tmp_path / "original")
    rng = random.Random("damaged-trace")
    outcomes = {0: 0, 2: 0}
    for case in range(CASES):
        run = tmp_path / f"case{case}"
        shutil.copytree(original, run)
        what = [damage(run, rng) for _ in range(rng.randint(1, 3))]
        for argv in (["report", str(run), "--format", "json", "--no-progress",
                      "--perfetto", str(tmp_path / f"perfetto{case}.json")],
                     ["export", str(run), "-o", str(tmp_path / f"export{case}"), "--no-progress"]):
            try:
                rc = main(argv)
            except Exception as err:                       # noqa: BLE001 - the point of the test
                pytest.fail(f"case {case} ({'; '.join(what)}): neutrino {argv[0]} raised {err!r}")
            assert rc in (0, 2), f"case {case} ({'; '.join(what)}): neutrino {argv[0]} exit {rc}"
            outcomes[rc] += 1
        capsys.readouterr()
    assert outcomes[0] > 0 and outcomes[2] > 0, outcomes      # both paths are exercised
