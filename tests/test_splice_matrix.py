"""Every corpus module × every stock probe: the instrumented PTX assembles with ptxas (for the
module's own target: sm_80, sm_90, sm_90a), and differs from the original only by inserted
instructions and labels, added `.reg` declarations and appended params (checked on the IR)."""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import CORPUS
from neutrino_py import toolchain
from neutrino_py.asm import ir, parse_ptx
from neutrino_py.asm.printer import print_statements
from neutrino_py.paths import probes_dir
from neutrino_py.probe import load_file
from neutrino_py.splice import instrument

FILES = sorted(CORPUS.glob("*/*.ptx"))
PROBES = sorted(probes_dir().glob("*.probe"))
OURS = "%nt_"


def _instrumented(original: str, ptx, probe) -> str:
    module = parse_ptx(original, file=str(ptx), cache=False)
    return instrument(module, load_file(probe)).module.to_text()


@pytest.fixture(scope="module")
def cases(request):
    """(file, probe) -> (original text, instrumented text, ptxas error or None) for the selected
    tests; each pair is instrumented and assembled once, the ptxas runs in parallel."""
    wanted = {(item.callspec.params["ptx"], item.callspec.params["probe"])
              for item in request.session.items
              if item.module is request.module and hasattr(item, "callspec")}
    has_ptxas = toolchain.find_tool("ptxas") is not None

    def assemble(pair, text):
        try:
            toolchain.run_ptxas(text, filename=f"{pair[0].name}+{pair[1].name}")
        except Exception as err:  # noqa: BLE001 - reported as the test's failure message
            return str(err)
        return None

    texts = {}
    for pair in sorted(wanted):            # CPU-bound Python: threads would not help here
        original = pair[0].read_text()
        texts[pair] = original, _instrumented(original, *pair)
    errors = dict.fromkeys(texts)
    if has_ptxas:                          # all at once, nothing else running meanwhile
        with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
            errors = dict(zip(texts, pool.map(assemble, texts, [t for _, t in texts.values()])))
    return {pair: (*texts[pair], errors[pair]) for pair in texts}


pairs = pytest.mark.parametrize("probe", PROBES, ids=lambda p: p.stem)
files = pytest.mark.parametrize("ptx", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")


@pairs
@files
def test_instrumented_module_assembles(cases, ptx, probe):
    if toolchain.find_tool("ptxas") is None:
        pytest.skip("ptxas not found (pip install nvidia-cuda-nvcc)")
    error = cases[ptx, probe][2]
    assert error is None, error


def _ours(s: ir.Statement) -> bool:
    """A statement the splicer adds: it names a reserved register or label."""
    if isinstance(s, ir.Instruction):
        return OURS in s.to_text() or "$nt_" in s.to_text()
    if isinstance(s, ir.Label):
        return s.name.startswith("$nt_")
    if isinstance(s, ir.RegDecl):
        return all(name.startswith(OURS) for name, _ in s.names)
    if isinstance(s, ir.Directive):                 # a shared body's return table
        return s.name == "branchtargets" and s.args.startswith("$nt_")
    return False


def _strip(stmts: list[ir.Statement]) -> list[ir.Statement]:
    out = []
    for s in stmts:
        if isinstance(s, ir.Block):
            out.append(ir.Block(_strip(s.body)))
        elif not _ours(s):
            out.append(s)
    return out


@pairs
@files
def test_only_insertions(cases, ptx, probe):
    original, text, _ = cases[ptx, probe]
    before = parse_ptx(original, cache=False).parse_all()
    after = parse_ptx(text, cache=False).parse_all()
    old = {f.name: f for f in before.functions()}
    new = {f.name: f for f in after.functions()}
    assert old.keys() == new.keys()
    kernels = 0
    for name, f in old.items():
        g = new[name]
        added = g.params[len(f.params):]
        assert [p.to_text() for p in g.params[:len(f.params)]] == [p.to_text() for p in f.params]
        if f.is_kernel:
            kernels += 1
            assert added and added[0].name == "__nt_hdr"
            assert all(p.name.startswith("__nt_") and p.type == "u64" for p in added)
        else:
            assert not added and not any(_ours(s) for s in ir.walk(g.body))
        assert print_statements(_strip(g.body)) == print_statements(f.body)
    assert kernels == len(list(before.kernels()))
    others = lambda m: [i.to_text() for i in m.items  # noqa: E731
                        if not isinstance(i, ir.Function) and hasattr(i, "to_text")]
    assert others(after) == others(before)
