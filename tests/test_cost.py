"""The cost `neutrino instrument` predicts: the assembler's resource report read back, occupancy
checked against hand-computed values for sm_90 and sm_80, and bytes per launch against what the
maps really write (the CPU warp simulator)."""
from __future__ import annotations

import json
import re

import pytest
from pathlib import Path
from conftest import CORPUS
from neutrino_py.assemble import ptx as ptx_backend
from neutrino_py.assemble.occupancy import limits_for, occupancy
from neutrino_py.assemble.resources import Usage, parse_report
from neutrino_py.cli import main
from neutrino_py.paths import probes_dir
from neutrino_py.toolchain import find_tool, ptxas_report

ROOT = Path(__file__).resolve().parent.parent

SGEMM = CORPUS / "cuda" / "sgemm.sm_90.ptx"
needs_ptxas = pytest.mark.skipif(find_tool("ptxas") is None, reason="ptxas not installed")

# ptxas 13.0 -v on tests/corpus/cuda/noinline.sm_90.ptx, as printed: an entry with a stack frame,
# then device functions (no "Used" line: not kernels)
NOINLINE_LOG = """\
ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function '_Z14apply_noinlinePKfPfPii' for 'sm_90'
ptxas info    : Function properties for _Z14apply_noinlinePKfPfPii
    8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 14 registers, used 0 barriers, 8 bytes cumulative stack size
ptxas info    : Compile time = 11.247 ms
ptxas info    : Function properties for _Z11sincos_pairfPfS_
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
"""
# nvJitLink -verbose on sgemm: ptxas's lines, then its own summary (lowercase "used", with the
# 1 KiB the driver reserves counted in smem), which must not override ptxas's figures
NVJITLINK_LOG = """\
ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'sgemm_tiled' for 'sm_90'
ptxas info    : Function properties for sgemm_tiled
ptxas         .     0 bytes stack frame, 24 bytes spill stores, 16 bytes spill loads
ptxas info    : Used 32 registers, used 1 barriers, 2048 bytes smem
ptxas info    : Compile time = 27.187 ms
info    : 0 bytes gmem
info    : Function properties for 'sgemm_tiled':
info    : used 32 registers, used 1 barriers, 0 stack, 3072 bytes smem, 572 bytes cmem[0], 0 bytes lmem
"""


def test_parse_ptxas_log_with_stack_and_device_functions():
    assert parse_report(NOINLINE_LOG) == {"_Z14apply_noinlinePKfPfPii": Usage(registers=14, stack=8)}


def test_parse_nvjitlink_log_keeps_ptxas_figures():
    assert parse_report(NVJITLINK_LOG) == {"sgemm_tiled": Usage(
        registers=32, shared=2048, spill_stores=24, spill_loads=16, barriers=1)}


@needs_ptxas
@pytest.mark.parametrize("arch", ["sm_80", "sm_90"])
def test_parse_real_ptxas_output(arch):
    log = ptxas_report((CORPUS / "cuda" / f"sgemm.{arch}.ptx").read_text(), arch)
    usage = parse_report(log)["sgemm_tiled"]
    # sgemm_tiled declares two 16x16 float tiles in shared memory and one bar.sync
    assert (usage.shared, usage.barriers, usage.stack) == (2048, 1, 0)
    assert 16 <= usage.registers <= 64
    reduction = parse_report(ptxas_report((CORPUS / "cuda" / "reduction.sm_90.ptx").read_text(),
                                          "sm_90"))
    assert list(reduction) == ["reduce_sum"] and reduction["reduce_sum"].shared == 128


@pytest.mark.skipif("nvjitlink" not in ptx_backend.available(), reason="no nvJitLink")
@needs_ptxas
def test_nvjitlink_and_ptxas_report_the_same_usage():
    text = SGEMM.read_text()
    via_jit = parse_report(ptx_backend.assembler_report(text, "sm_90", "nvjitlink")[0])
    via_ptxas = parse_report(ptx_backend.assembler_report(text, "sm_90", "ptxas")[0])
    assert via_jit == via_ptxas and "sgemm_tiled" in via_jit


# (registers, static smem, threads per block) -> (blocks per SM, warps per SM, limited by),
# computed by hand: registers per warp = ceil(regs * 32 / 256) * 256, 16384 per sub-partition
# (65536 / 4), warps per SM = 4 * floor(16384 / per warp), blocks = that // warps per block;
# shared per block = ceil((smem + 1024) / 128) * 128 out of 228 KiB (sm_90) or 164 KiB (sm_80)
SM90 = [
    ((32, 0, 1024), (2, 64, "warps")),            # 1024 regs/warp: 16 warps/partition
    ((37, 0, 1024), (1, 32, "registers")),        # 1184 -> 1280: 12/partition = 48 warps, 1 block
    ((64, 0, 256), (4, 32, "registers")),         # 2048/warp: 8/partition = 32 warps
    ((255, 0, 32), (8, 8, "registers")),          # 8160 -> 8192: 2/partition
    ((256, 0, 32), (0, 0, "registers")),          # over 255 per thread: cannot launch
    ((65, 0, 1024), (0, 0, "registers")),         # 2304 x 32 warps = 73728 > 65536 per block
    ((16, 0, 32), (32, 32, "blocks")),            # 32 blocks of one warp
    ((16, 49152, 128), (4, 16, "shared memory")),  # 233472 // 50176 = 4
    ((16, 2048, 1024), (2, 64, "warps")),
]
SM80 = [
    ((16, 49152, 128), (3, 12, "shared memory")),  # 167936 // 50176 = 3
    ((40, 0, 256), (6, 48, "registers")),          # 1280/warp: 12/partition = 48 warps
    ((16, 0, 32), (32, 32, "blocks")),
    ((16, 166913, 32), (0, 0, "shared memory")),   # over the 163 KiB one block may opt in to
]


@pytest.mark.parametrize("arch,case,want", [("sm_90", c, w) for c, w in SM90]
                         + [("sm_80", c, w) for c, w in SM80])
def test_occupancy_matches_hand_computed_values(arch, case, want):
    regs, smem, threads = case
    occ = occupancy(Usage(registers=regs, shared=smem), threads, limits_for(arch))
    assert (occ.blocks, occ.warps, occ.limit) == want
    assert occ.fraction == want[1] / 64


def test_occupancy_limits_by_architecture_name():
    assert limits_for("sm_90a") == limits_for("sm_90") and limits_for("sm_90").shared == 228 << 10
    assert limits_for("sm_86").warps == 48 and limits_for("sm_120") is None


def usage(text: str, backend: str) -> Usage:
    return parse_report(ptx_backend.assembler_report(text, "sm_90", backend)[0])["sgemm_tiled"]


def instrument_json(tmp_path, capsys, probe: str, ptx=SGEMM, *flags: str) -> dict:
    out = tmp_path / "o.ptx"
    assert main(["instrument", "--probe", probe, str(ptx), "-o", str(out), "--json", *flags]) == 0
    return json.loads(capsys.readouterr().out)


@needs_ptxas
def test_instrument_reports_registers_and_occupancy_of_both_modules(tmp_path, capsys):
    got = instrument_json(tmp_path, capsys, "memtrace", SGEMM, "--grid", "64,64", "--block", "1024")
    cost = got["cost"]["kernels"][0]
    # figures from the assembler that builds the cubin the runtime loads (nvJitLink and ptxas
    # of different releases allocate differently: 52 and 48 registers here)
    want_before, want_after = (usage(path.read_text(), got["cost"]["resource_usage_from"])
                               for path in (SGEMM, tmp_path / "o.ptx"))
    assert cost["before"] == want_before.__dict__ and cost["after"] == want_after.__dict__
    limits = limits_for("sm_90")
    for key, used in (("occupancy_before", want_before), ("occupancy_after", want_after)):
        occ = occupancy(used, 1024, limits)
        assert cost[key]["warps"] == occ.warps and cost[key]["limit"] == occ.limit
    assert cost["lowers_occupancy"] == (cost["occupancy_after"]["warps"]
                                        < cost["occupancy_before"]["warps"])
    # memtrace's pool, its lanes companion and nothing per thread: fixed whatever the grid
    assert cost["bytes_per_launch"] == sum(m["bytes"] for m in cost["maps"])


@needs_ptxas
def test_a_probe_that_lowers_occupancy_says_so(tmp_path, capsys):
    out = tmp_path / "o.ptx"
    assert main(["instrument", "--probe", "memtrace", str(SGEMM), "-o", str(out),
                 "--block", "1024"]) == 0
    text = capsys.readouterr().out
    backend = ptx_backend.available()[0]
    before, after = (usage(p.read_text(), backend).registers for p in (SGEMM, out))
    warps = [occupancy(Usage(r), 1024, limits_for("sm_90")).warps for r in (before, after)]
    # "(+8)", or "(+8, capped)" where the output carries a register cap (assemble.registers)
    assert re.search(rf"sgemm_tiled  {before} -> {after} \(\+{after - before}(, capped)?\)", text)
    if warps[1] < warps[0]:
        assert (f"warning: the probe lowers sgemm_tiled's occupancy at grid 1x1x1, block 1024x1x1"
                f" from {warps[0]} to {warps[1]} warps per SM") in text
    else:
        assert "warning: the probe lowers" not in text


def test_code_warning_needs_a_large_kernel_the_probe_at_least_doubled():
    from neutrino_py.assemble.cost import CODE_WARNING, KernelCost

    def warns(before: int | None, after: int | None) -> bool:
        return KernelCost("k", [], code_before=before, code_after=after).code_warning
    assert warns(1536, 140_000) and warns(CODE_WARNING // 2, CODE_WARNING + 1)
    assert not warns(1536, CODE_WARNING)                       # small enough
    assert not warns(100_000, 150_000)                         # large before the probe came
    assert not warns(None, 140_000) and not warns(1536, None)  # not assembled


@needs_ptxas
def test_code_sizes_are_the_kernels_text_sections_and_a_grown_kernel_says_so(tmp_path, capsys):
    from neutrino_py.image.elf import code_sections

    add = CORPUS / "triton" / "add_kernel.sm_90a.ptx"
    got = instrument_json(tmp_path, capsys, "memtrace", add, "--block", "128")
    cost = got["cost"]["kernels"][0]
    backend = got["cost"]["resource_usage_from"]
    for key, path in (("code_bytes_before", add), ("code_bytes_after", tmp_path / "o.ptx")):
        cubin = ptx_backend.assemble(path.read_text(), "sm_90a", backend)[0]
        assert cost[key] == len(code_sections(cubin)[".text.add_kernel"])
    assert cost["code_bytes_after"] > 64 << 10 > 4 * cost["code_bytes_before"]
    main(["instrument", "--probe", "memtrace", str(add), "-o", str(tmp_path / "m.ptx")])
    assert "warning: the probe grows add_kernel's machine code from" in capsys.readouterr().out
    main(["instrument", "--probe", "block_sched", str(add), "-o", str(tmp_path / "b.ptx")])
    assert "machine code" not in capsys.readouterr().out


# one fixed record per warp (plus its count): bytes that follow the grid exactly
PER_WARP = """map sched[warp]: record(1) { u64 start; u64 elapsed; u32 sm; }
reg u64 t0;
entry / warpid() == 0 / { t0 = globaltimer(); }
exit  / warpid() == 0 / { sched.save(t0, globaltimer() - t0, smid()); }
"""


def per_warp_probe(tmp_path) -> str:
    path = tmp_path / "per_warp.probe"
    path.write_text(PER_WARP)
    return str(path)


def test_without_an_assembler_bytes_are_still_given(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(ptx_backend, "available", lambda: [])
    got = instrument_json(tmp_path, capsys, per_warp_probe(tmp_path), SGEMM, "--grid", "10",
                          "--block", "64")
    cost = got["cost"]
    assert cost["notes"] == ["registers and occupancy not computed: no PTX assembler found "
                             "(nvJitLink or ptxas)"]
    k = cost["kernels"][0]
    assert k["before"] is None and k["occupancy_after"] is None
    assert k["bytes_per_launch"] == 10 * 2 * (24 + 4)          # 20 warps x (record + count)
    main(["instrument", "--probe", per_warp_probe(tmp_path), str(SGEMM), "-o", str(tmp_path / "p.ptx")])
    text = capsys.readouterr().out
    assert "note: registers and occupancy not computed: no PTX assembler found" in text
    assert "sgemm_tiled.sched: 112 B" in text


def test_an_input_that_does_not_assemble_says_why_in_one_line(tmp_path, capsys):
    """nvJitLink's message ends in a colon, its reason on the lines after: the note carries the
    assembler's error line, and says the input, not the probe, is what fails."""
    text = SGEMM.read_text().replace("ld.param.u64", "ld.param.u64 %rd_undeclared;\n\tld.param.u64", 1)
    bad = tmp_path / "bad.ptx"
    bad.write_text(text)
    got = instrument_json(tmp_path, capsys, per_warp_probe(tmp_path), bad)
    (note,) = got["cost"]["notes"]
    assert note.startswith("registers and occupancy not computed: the input does not assemble (")
    assert note.endswith("error   : Arguments mismatch for instruction 'ld')") and "\n" not in note


def test_a_target_the_toolchain_no_longer_builds_points_to_arch(tmp_path, capsys):
    """PTX for sm_30 (raised to sm_32 when instrumented) is past what CUDA 13 assembles: the
    note says so and names --arch."""
    old = tmp_path / "old.ptx"
    old.write_text(SGEMM.read_text().replace(".target sm_90", ".target sm_30"))
    got = instrument_json(tmp_path, capsys, per_warp_probe(tmp_path), old)
    (note,) = got["cost"]["notes"]
    assert note.startswith("registers and occupancy not computed: the input does not assemble (")
    assert note.endswith("the toolchain no longer builds for the module's sm_32: --arch names "
                         "the GPU it runs on, e.g. --arch sm_90")


def test_no_cost_skips_the_assembler_and_keeps_the_bytes(tmp_path, capsys, monkeypatch):
    def refuse():
        raise AssertionError("--no-cost must not look for an assembler")

    monkeypatch.setattr(ptx_backend, "available", refuse)
    got = instrument_json(tmp_path, capsys, per_warp_probe(tmp_path), SGEMM, "--grid", "10",
                          "--block", "64", "--no-cost")
    assert got["cost"]["notes"] == ["registers and occupancy: not computed (--no-cost)"]
    assert got["cost"]["kernels"][0]["bytes_per_launch"] == 10 * 2 * (24 + 4)


def declaring(tmp_path, *directives: str) -> str:
    """vector_add once per directive, each copy named k<i> and declaring it (``""``: none)."""
    text = (ROOT / "examples" / "vector_add.ptx").read_text()
    start, end = text.index(".visible .entry"), text.index("\t.file")
    kernel = text[start:end].replace("vector_add", "KERNEL")
    copies = [kernel.replace("KERNEL", f"k{i}").replace(")\n{", f")\n{d}\n{{", 1)
              for i, d in enumerate(directives)]
    path = tmp_path / "declaring.ptx"
    path.write_text(text[:start] + "".join(copies) + text[end:])
    return str(path)


def test_a_kernel_is_costed_at_the_block_it_declares(tmp_path, capsys):
    """A kernel with `.reqntid` launches with that block only (CuTe DSL declares one), and
    Triton launches with its `.maxntid`: 128 threads would be a launch that never happens."""
    ptx = declaring(tmp_path, ".reqntid 256, 1, 1", ".maxntid 64, 2", "")
    got = instrument_json(tmp_path, capsys, per_warp_probe(tmp_path), ptx, "--grid", "10",
                          "--no-cost")["cost"]
    blocks = {k["kernel"]: (k["block"], k["bytes_per_launch"]) for k in got["kernels"]}
    row = 24 + 4                                       # PER_WARP's row and its count
    assert blocks == {"k0": ([256, 1, 1], 10 * 8 * row), "k1": ([64, 2, 1], 10 * 4 * row),
                      "k2": (None, 10 * 4 * row)}
    assert got["block"] == [128, 1, 1]
    assert main(["instrument", "--probe", per_warp_probe(tmp_path), ptx, "-o",
                 str(tmp_path / "o.ptx"), "--no-cost"]) == 0
    text = capsys.readouterr().out
    assert "  k0: at block 256x1x1, the block it declares\n" in text
    assert "  k1: at block 64x2x1, the block it declares\n" in text and "k2: at block" not in text


def test_an_asked_block_a_kernel_cannot_launch_with_is_said(tmp_path, capsys):
    ptx = declaring(tmp_path, ".reqntid 256", ".maxntid 64, 2", "")
    got = instrument_json(tmp_path, capsys, per_warp_probe(tmp_path), ptx, "--block", "96",
                          "--no-cost")["cost"]
    assert [k["block"] for k in got["kernels"]] == [[256, 1, 1], [64, 2, 1], None]
    assert got["notes"][1:] == [
        "k0 declares .reqntid 256,1,1: it cannot launch with block 96x1x1; its figures are at "
        "its own block",
        "k1 declares .maxntid 64,2,1: block 96x1x1 is larger than it launches with; its figures "
        "are at its largest block"]
    got = instrument_json(tmp_path, capsys, per_warp_probe(tmp_path), ptx, "--block", "256",
                          "--no-cost")["cost"]
    assert [k["block"] for k in got["kernels"]][0] is None and len(got["notes"]) == 2


# bytes per launch against the bytes the maps really hold after a simulated launch: every byte
# written lies inside the prediction, and per-thread and per-warp maps write into their last unit's
# row (the prediction is tight); pools fill up to their cursor, [sm] rows only for the SM ids seen
@pytest.mark.parametrize("probe", ["block_sched", "opcode_mix", "gmem_bytes", "dmat"])
def test_bytes_per_launch_bound_what_the_maps_write(probe, monkeypatch):
    import test_splice_simulated as sim
    from neutrino_py.asm import parse_ptx
    from neutrino_py.assemble.cost import predict
    from neutrino_py.splice import instrument

    writes: list[tuple[int, int]] = []
    real_write = sim.Memory.write

    def write(self, addr: int, size: int, value: int) -> None:
        writes.append((addr, size))
        real_write(self, addr, size, value)

    monkeypatch.setattr(sim.Memory, "write", write)
    program = sim.stock(probe)
    _, _, _, mem = sim.vector_add(program)
    manifest = instrument(parse_ptx(sim.corpus("vector_add"), cache=False), program).manifests
    cost = predict(manifest, sim.GRID, sim.BLOCK).kernels[0]
    # the simulated launch allocates a, b, c, the header, then one buffer per map in order
    bases = sorted(mem.blocks)[-len(cost.maps):]
    for (name, nbytes, _), base in zip(cost.maps, bases):
        assert len(mem.blocks[base]) == nbytes, name
        ends = [addr + size - base for addr, size in writes if base <= addr < base + nbytes]
        assert ends and max(ends) <= nbytes, name
        spec = manifest["vector_add"].map(name)
        pool = spec.kind == "record" and spec.capacity is None
        if spec.level in ("thread", "warp") and not pool:
            assert max(ends) > nbytes - spec.itemsize, name


def test_registers_from_nvjitlink_of_a_module_that_sets_warpgroup_registers_say_so(tmp_path, capsys,
                                                                                     monkeypatch):
    if "nvjitlink" not in ptx_backend.available():
        pytest.skip("nvJitLink is not installed here")
    monkeypatch.setattr(ptx_backend, "available", lambda: ["nvjitlink"])
    got = instrument_json(tmp_path, capsys, "block_sched",
                          CORPUS / "cuda" / "warp_specialized.sm_90a.ptx", "--block", "384")
    assert got["cost"]["resource_usage_from"] == "nvjitlink"
    assert any("setmaxnreg" in n and "nvJitLink ignores" in n for n in got["cost"]["notes"])
