"""Register caps on instrumented kernels (assemble/registers.py): where the probe's registers
limit a kernel's warps per SM, it is assembled again with ``.maxnreg`` halfway back, and the cap
kept only where it costs at most SPILL_BUDGET bytes of spills; kernels with their own bound,
kernels that spill already and kernels whose registers never limit warps are left alone."""
from __future__ import annotations

import json

import pytest
from conftest import CORPUS
from neutrino_py import probe
from neutrino_py.asm import ir, parse_ptx
from neutrino_py.assemble import ptx as ptx_backend
from neutrino_py.assemble import registers
from neutrino_py.assemble.occupancy import limits_for
from neutrino_py.assemble.resources import Usage, parse_report
from neutrino_py.cli import main
from neutrino_py.hook.engine import Engine
from neutrino_py.paths import probes_dir
from neutrino_py.splice import instrument

SOFTMAX = CORPUS / "triton" / "softmax_kernel.sm_90a.ptx"
VECTOR_ADD = CORPUS / "cuda" / "vector_add.sm_90.ptx"
needs_assembler = pytest.mark.skipif(not ptx_backend.available(), reason="no PTX assembler")


@pytest.mark.parametrize("used,want", [
    (Usage(61), 48),                    # softmax_kernel under memtrace (H200's nvJitLink)
    (Usage(67), 56),                    # add_kernel
    (Usage(44), 40),                    # timed_matmul
    (Usage(40), None),                  # halfway rounds back up to 40: nothing to gain
    (Usage(32), None),                  # registers never limit warps at 32 (sm_90)
    (Usage(12), None),
    (Usage(61, spill_stores=4), None),  # spills already: short of registers, not capped
    (Usage(255, spill_stores=172), None),
])
def test_the_cap_is_halfway_back_to_full_occupancy_in_whole_steps(used, want):
    assert registers.cap_for(used, registers.full_registers(limits_for("sm_90"))) == want


def test_registers_stop_limiting_warps_at_each_architectures_own_count():
    assert [registers.full_registers(limits_for(a)) for a in ("sm_90", "sm_86", "sm_75")] == \
        [32, 40, 64]
    assert registers.full_registers(None) == 32        # an architecture we do not know


def memtrace(path=SOFTMAX, name="softmax_kernel") -> tuple[ir.Module, str]:
    module = parse_ptx(path.read_text(), cache=False)
    result = instrument(module, probe.load_file(probes_dir() / "memtrace.probe"), f"^{name}$")
    return result.module, result.module.to_text()


def usage_of(text: str, name: str = "softmax_kernel") -> Usage:
    return parse_report(ptx_backend.assembler_report(text, "sm_90a")[0])[name]


@needs_assembler
def test_a_kernel_whose_registers_limit_its_warps_gets_the_cap_it_keeps_without_spills():
    module, text = memtrace()
    free = usage_of(text)
    capped, caps = registers.cap_registers(module, ["softmax_kernel"], "sm_90a", text)
    want = registers.cap_for(free, 32)
    assert free.registers > 32 and want is not None and caps == {"softmax_kernel": want}
    assert capped.count(".maxnreg") == 1 and f".maxnreg {want}" in capped
    used = usage_of(capped)
    assert used.registers <= want and used.spill_stores <= registers.SPILL_BUDGET
    assert capped.replace(f".maxnreg {want}\n", "") == text      # the one line added


@needs_assembler
def test_a_cap_that_spills_more_than_the_budget_is_dropped(monkeypatch):
    module, text = memtrace()
    monkeypatch.setattr(registers, "SPILL_BUDGET", -1)           # any cap spills too much
    own = list(module.function("softmax_kernel").directives)
    assert registers.cap_registers(module, ["softmax_kernel"], "sm_90a", text) == (text, {})
    assert module.function("softmax_kernel").directives == own


@needs_assembler
def test_kernels_with_their_own_bound_or_few_registers_and_the_setting_off_are_left_alone(
        monkeypatch):
    module, text = memtrace()
    fn = module.function("softmax_kernel")
    fn.directives.append(ir.Directive("minnctapersm", "1"))
    bounded = module.to_text()
    assert registers.cap_registers(module, ["softmax_kernel"], "sm_90a", bounded) == (bounded, {})
    module, text = memtrace(VECTOR_ADD, "vector_add")             # 32 registers or fewer
    assert registers.cap_registers(module, ["vector_add"], "sm_90", text) == (text, {})
    module, text = memtrace()
    monkeypatch.setattr(registers, "CAP_REGISTERS", 0)
    assert registers.cap_registers(module, ["softmax_kernel"], "sm_90a", text) == (text, {})


@needs_assembler
def test_instrument_writes_the_cap_into_its_output_and_reports_it(tmp_path, capsys):
    module, text = memtrace()
    _, caps = registers.cap_registers(module, ["softmax_kernel"], "sm_90a", text)
    out = tmp_path / "o.ptx"
    assert main(["instrument", "--probe", "memtrace", str(SOFTMAX), "-o", str(out), "--json"]) == 0
    kernel = json.loads(capsys.readouterr().out)["cost"]["kernels"][0]
    assert kernel["register_cap"] == caps["softmax_kernel"]
    assert kernel["after"]["registers"] <= caps["softmax_kernel"]
    assert f".maxnreg {caps['softmax_kernel']}" in out.read_text()
    assert main(["instrument", "--probe", "memtrace", str(SOFTMAX), "-o", str(out)]) == 0
    assert f"softmax_kernel: .maxnreg {caps['softmax_kernel']} added" in capsys.readouterr().out
    assert main(["instrument", "--probe", "memtrace", str(SOFTMAX), "-o", str(out), "--no-cost"]) == 0
    assert ".maxnreg" not in out.read_text()


@needs_assembler
def test_the_trace_engine_assembles_the_capped_kernel():
    eng = Engine(probe.load_file(probes_dir() / "memtrace.probe"), None, cache_dirs=lambda: [])
    k = eng(SOFTMAX.read_bytes(), "softmax_kernel", 90, None)
    module, text = memtrace()
    _, caps = registers.cap_registers(module, ["softmax_kernel"], "sm_90a", text)
    assert k.instrumented and f".maxnreg {caps['softmax_kernel']}" in k.instrumented_ptx
    assert k.register_cap == caps["softmax_kernel"]
    assert k.cubin == ptx_backend.ptx_to_cubin(k.instrumented_ptx, "sm_90a")


@needs_assembler
def test_no_cap_where_the_declared_block_would_not_get_more_warps_from_it():
    """softmax_kernel declares `.reqntid 128`: 61 registers hold 8 blocks per SM, 48 hold 10.
    Declared as 1024 threads, one block per SM either way: no cap (and no second assembly)."""
    module, text = memtrace()
    fn = module.function("softmax_kernel")
    assert registers.declared_threads(fn) == 128
    (d,) = [d for d in fn.directives if d.name == "reqntid"]
    for args, want in (("0, 1, 1", None), ("x", None), ("1024, 1, 1", 1024)):
        d.args = args
        assert registers.declared_threads(fn) == want
    wide = module.to_text()
    assert registers.cap_registers(module, ["softmax_kernel"], "sm_90a", wide) == (wide, {})
    limits = limits_for("sm_90")
    assert registers.more_warps(Usage(61), 48, 128, limits)
    assert not registers.more_warps(Usage(61), 48, 1024, limits)
    assert not registers.more_warps(Usage(61, shared=200 << 10), 48, 128, limits)  # shared bounds
    assert registers.more_warps(Usage(61), 48, None, limits)                        # any block


@needs_assembler
def test_a_cap_the_assembler_refuses_leaves_the_kernel_as_it_was(monkeypatch):
    """ptxas refuses a cap below what one instruction needs (C7602, "Insufficient registers"):
    the kernel is then assembled as it was, not reported as failed."""
    module, text = memtrace()
    own = list(module.function("softmax_kernel").directives)
    real = registers.assemble

    def refuse_caps(ptx_text, arch, backend=None):
        if ".maxnreg" in ptx_text:
            raise ptx_backend.AssembleError(arch, "ptxas fatal   : (C7602) Insufficient registers")
        return real(ptx_text, arch, backend)

    monkeypatch.setattr(registers, "assemble", refuse_caps)
    assert registers.cap_registers(module, ["softmax_kernel"], "sm_90a", text) == (text, {})
    assert module.function("softmax_kernel").directives == own


@needs_assembler
def test_an_instrumented_kernel_of_the_api_is_assembled_under_its_cap():
    """`InstrumentedKernel` (sm_90a PTX: no device is asked for the arch) takes the cap the
    engine takes, on its own parsed module, whose parameter types stay the kernel's."""
    import neutrino_py as nt
    module, text = memtrace()
    _, caps = registers.cap_registers(module, ["softmax_kernel"], "sm_90a", text)
    inst = nt.Kernel.from_ptx(SOFTMAX.read_text(), "softmax_kernel").instrument(
        nt.Probe.from_file("memtrace"))
    types = inst.param_types
    assert inst.register_cap == caps["softmax_kernel"]
    assert f".maxnreg {inst.register_cap}" in inst._assembled[0] and ".maxnreg" not in inst.ptx
    assert inst.param_types == types and len(types) == len(parse_ptx(SOFTMAX.read_text())
                                                         .function("softmax_kernel").params)


@needs_assembler
def test_no_kernel_of_a_module_that_sets_warpgroup_registers_is_capped():
    """ptxas ignores the setmaxnreg of a kernel with no declared register bound; a cap would
    declare one and set the warpgroups trading registers within it (and waiting for them)."""
    text = SOFTMAX.read_text().replace("\tret;", "\tsetmaxnreg.dec.sync.aligned.u32 40;\n\tret;", 1)
    module = parse_ptx(text, cache=False)
    instrumented = instrument(module, probe.load_file(probes_dir() / "memtrace.probe"),
                              "^softmax_kernel$").module
    out = instrumented.to_text()
    assert registers.cap_for(usage_of(out), 32) is not None        # it would be capped otherwise
    assert registers.cap_registers(instrumented, ["softmax_kernel"], "sm_90a", out) == (out, {})
