"""``.local_maxnreg N`` (PTX ISA 8.8): a per-function register bound, on device functions and
kernels alike, written where ``.maxnreg`` goes. It must parse (scan and grammar), print back
unchanged, instrument and assemble; and a kernel carrying it is not given a register cap (ptxas
keeps the ``.local_maxnreg`` over any ``.maxnreg`` beside it)."""
from __future__ import annotations

import subprocess

import pytest
from conftest import CORPUS
from neutrino_py import probe, toolchain
from neutrino_py.asm import parse_ptx, scan
from neutrino_py.assemble import ptx as ptx_backend
from neutrino_py.assemble import registers
from neutrino_py.cli import main
from neutrino_py.paths import probes_dir
from neutrino_py.splice import instrument

PTXAS = toolchain.find_tool("ptxas")

HEAD_FUNC = ".visible .func (.param .b32 r) twice(\n\t.param .b32 a\n)\n.local_maxnreg 32\n{"
HEAD_KERNEL = ".visible .entry k(\n\t.param .u64 p\n)\n.maxntid 128, 1, 1\n.local_maxnreg 40\n{"
LOCAL_MAXNREG = f""".version 8.8
.target sm_90
.address_size 64
{HEAD_FUNC}
\t.reg .b32 \t%r<3>;
\tld.param.b32 \t%r1, [a];
\tadd.s32 \t%r2, %r1, %r1;
\tst.param.b32 \t[r], %r2;
\tret;
}}
{HEAD_KERNEL}
\t.reg .b32 \t%r<4>;
\t.reg .b64 \t%rd<3>;
\tld.param.u64 \t%rd1, [p];
\tcvta.to.global.u64 \t%rd2, %rd1;
\tld.global.u32 \t%r1, [%rd2];
\t{{
\t\t.param .b32 x;
\t\t.param .b32 y;
\t\tst.param.b32 \t[x], %r1;
\t\tcall.uni \t(y), twice, (x);
\t\tld.param.b32 \t%r2, [y];
\t}}
\tst.global.u32 \t[%rd2+4], %r2;
\tret;
}}
"""


@pytest.mark.parametrize("scanned", [True, False])
def test_local_maxnreg_parses_and_prints_back_unchanged(monkeypatch, scanned):
    if not scanned:
        monkeypatch.setattr(scan, "module_items", lambda skeleton, bodies: None)
    module = parse_ptx(LOCAL_MAXNREG, cache=False)
    twice, k = module.functions()
    assert [(d.name, d.args) for d in twice.directives] == [("local_maxnreg", "32")]
    assert [(d.name, d.args) for d in k.directives] == [("maxntid", "128, 1, 1"),
                                                        ("local_maxnreg", "40")]
    assert module.to_text() == LOCAL_MAXNREG
    assert module.parse_all().to_text() == LOCAL_MAXNREG


@pytest.mark.parametrize("name", ["dmat", "memtrace", "gmem_bytes"])
def test_local_maxnreg_instruments_and_assembles(tmp_path, name):
    src, out = tmp_path / "in.ptx", tmp_path / "out.ptx"
    src.write_text(LOCAL_MAXNREG)
    assert main(["instrument", "--probe", name, str(src), "-o", str(out), "--no-cost"]) == 0
    text = out.read_text()
    assert HEAD_FUNC in text and text.count(".local_maxnreg") == 2
    assert ".maxntid 128, 1, 1\n.local_maxnreg 40\n{" in text
    if PTXAS is None:
        pytest.skip("ptxas not found")
    run = subprocess.run([PTXAS, "-arch=sm_90", str(out), "-o", str(tmp_path / "o.cubin")],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


@pytest.mark.skipif(not ptx_backend.available(), reason="no PTX assembler")
def test_a_kernel_with_its_own_local_maxnreg_gets_no_register_cap():
    """memtrace takes softmax_kernel past 32 registers, which would get it a `.maxnreg`; with a
    `.local_maxnreg` of its own, ptxas would hold it to that instead, so none is added."""
    text = (CORPUS / "triton" / "softmax_kernel.sm_90a.ptx").read_text()
    text = text.replace(".version 8.7", ".version 8.8").replace(
        ".reqntid 128\n", ".reqntid 128\n.local_maxnreg 200\n", 1)
    module = parse_ptx(text, cache=False)
    result = instrument(module, probe.load_file(probes_dir() / "memtrace.probe"),
                        "^softmax_kernel$")
    printed = result.module.to_text()
    assert registers.cap_registers(result.module, ["softmax_kernel"], "sm_90a", printed) == \
        (printed, {})
    assert [d.name for d in result.module.function("softmax_kernel").directives] == \
        ["reqntid", "local_maxnreg"]
