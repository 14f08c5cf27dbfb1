"""Hash the instrumented output of every corpus module x stock probe (PTX and GCN), to prove that a
restructuring changed no byte: `--write FILE` records the table, `--check FILE` compares with it.

Each pair gets two sha256 digests: the instrumented module's text and its manifests (JSON, sorted
by kernel; the probe file named relative to the checkout), or the error text when the pair is
refused. The table also records the assemblers it was made with (`TOOLS`): where a kernel's
instrumentation reads ptxas's resource report (register caps), another ptxas may give other
output, and a check names both releases so that such a difference is not read as the engine's.
Run from the repo root:
    python benchmarks/output_hashes.py --write /tmp/hashes.json
    python benchmarks/output_hashes.py --check /tmp/hashes.json
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from neutrino_py import toolchain  # noqa: E402
from neutrino_py.asm import parse_ptx  # noqa: E402
from neutrino_py.assemble.gcn import llvm_version  # noqa: E402
from neutrino_py.asm.gcn_parse import parse_gcn  # noqa: E402
from neutrino_py.errors import SourceError, ToolError  # noqa: E402
from neutrino_py.paths import probes_dir  # noqa: E402
from neutrino_py.probe import load_file  # noqa: E402
from neutrino_py.splice import instrument  # noqa: E402


TOOLS = "toolchain"          # the table's entry naming the assemblers


def tools() -> dict[str, str]:
    """The ptxas and llvm-mc releases in use ("none" where one is missing)."""
    try:
        mc = llvm_version()
    except ToolError:                       # no llvm-mc on this machine
        mc = "none"
    return {"ptxas": toolchain.tool_version("ptxas") or "none", "llvm-mc": mc}


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def pair_hashes(module_path: Path, probe: Path) -> dict[str, str]:
    """Digests of one corpus module instrumented with one probe."""
    text = module_path.read_text()
    name = str(module_path.relative_to(ROOT))
    module = (parse_gcn(text, name) if module_path.suffix == ".s"
              else parse_ptx(text, file=name, cache=False))
    try:
        result = instrument(module, load_file(probe.relative_to(ROOT)))
    except SourceError as err:
        return {"error": _sha(str(err))}
    manifests = {k: m.to_json() for k, m in sorted(result.manifests.items())}
    return {"module": _sha(result.module.to_text()),
            "manifests": _sha(json.dumps(manifests, sort_keys=True))}


def table() -> dict[str, dict[str, str]]:
    modules = sorted((ROOT / "tests/corpus").glob("*/*.ptx")) + \
        sorted((ROOT / "tests/corpus_gcn").glob("*.s"))
    probes = sorted(probes_dir().glob("*.probe"))
    pairs = {f"{m.relative_to(ROOT)} x {p.stem}": pair_hashes(m, p)
             for m in modules for p in probes}
    return {TOOLS: tools(), **pairs}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", type=Path, help="record the table in this JSON file")
    mode.add_argument("--check", type=Path, help="compare with the table in this JSON file")
    args = ap.parse_args()
    os.chdir(ROOT)                 # manifests name the probe file: relative, so checkouts compare
    now = table()
    if args.write:
        args.write.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        print(f"{len(now)} pairs written to {args.write}")
        return 0
    before = json.loads(args.check.read_text())
    if before.get(TOOLS) != now[TOOLS]:
        print(f"the table was made with {before.get(TOOLS, 'unrecorded tools')}, this run with "
              f"{now[TOOLS]}: pairs whose instrumentation reads ptxas's report may differ")
    same = [k for k in before if now.get(k) == before[k]]
    changed = sorted((set(before) | set(now)) - set(same))
    for key in changed:
        print(f"DIFFERS {key}: {before.get(key)} -> {now.get(key)}")
    print(f"{len(same)} of {len(before)} pairs identical, {len(changed)} differ")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
