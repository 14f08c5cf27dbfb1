"""The notebook API without a GPU: probes by name, kernels from PTX, parameter types, instrumenting."""
from __future__ import annotations

import pytest

import neutrino_py as nt
from neutrino_py.errors import ToolError
from neutrino_py.runtime import ParamType

from conftest import CORPUS

SGEMM = (CORPUS / "cuda" / "sgemm.sm_90.ptx").read_text()
TENSOR = (CORPUS / "cuda" / "tensor_core.sm_90.ptx").read_text()


def test_stock_probes_load_by_name_and_unknown_names_list_them():
    probe = nt.Probe.from_file("block_sched")
    assert list(probe.program.maps) == ["sched"] and probe.file.endswith("block_sched.probe")
    with pytest.raises(ToolError, match="dmat"):
        nt.Probe.from_file("no_such_probe")


def test_kernel_from_ptx_picks_the_only_kernel_and_names_the_choices():
    assert nt.Kernel.from_ptx(SGEMM).name == "sgemm_tiled"
    with pytest.raises(ToolError, match="mma_m16n8k16, wmma_gemm"):
        nt.Kernel.from_ptx(TENSOR)
    assert nt.Kernel.from_ptx(TENSOR, "wmma_gemm").name == "wmma_gemm"


def test_param_types_come_from_the_ptx_and_exclude_map_pointers():
    kernel = nt.Kernel.from_ptx(SGEMM)
    want = [ParamType("u", 64)] * 3 + [ParamType("u", 32)] * 3 + [ParamType("f", 32)] * 2
    assert kernel.param_types == want
    inst = kernel.instrument("dmat")
    assert inst.param_types == want
    assert [p.name for p in inst.manifest.params] == ["__nt_hdr", "__nt_map_dmat"]
    assert "__nt_map_dmat" in inst.ptx and "__nt_map_dmat" not in kernel.ptx
    assert kernel.instrument(nt.Probe.from_file("dmat")) is kernel.instrument("dmat")


def test_a_launchable_parses_its_ptx_once_for_param_types_and_arch(monkeypatch):
    from neutrino_py import asm

    calls, parse = [], asm.parse_ptx
    monkeypatch.setattr(asm, "parse_ptx", lambda text, *a, **k: calls.append(text) or parse(text, *a, **k))
    kernel = nt.Kernel(SGEMM, "sgemm_tiled")
    assert len(kernel.param_types) == 8 and kernel._module.arch == "sm_90"
    assert calls == [SGEMM]


def test_nt_trace_stays_the_api_after_the_trace_directory_package_is_imported():
    import neutrino_py.api
    import neutrino_py.tracedir  # noqa: F401 — binds the package to `neutrino_py.tracedir`

    assert nt.trace is neutrino_py.api.trace
    assert isinstance(nt.trace("block_sched"), neutrino_py.api.trace)
    assert issubclass(nt.Trace, neutrino_py.tracedir.Trace) and hasattr(nt.Trace, "report")


def test_kernel_from_a_fatbin_uses_its_ptx_and_sass_only_images_say_so(tmp_path):
    from neutrino_py import assemble, toolchain

    ptx = (CORPUS / "cuda" / "vector_add.sm_90.ptx").read_text()
    if not assemble.available():
        pytest.skip("no PTX assembler here")
    with pytest.raises(ToolError, match="SASS only"):
        nt.Kernel.from_cubin(assemble.ptx_to_cubin(ptx, "sm_90"), "vector_add", arch=90)
    nvcc = toolchain.find_tool("nvcc")
    if nvcc is None:
        pytest.skip("nvcc is not installed here")
    import subprocess
    src = CORPUS / "src" / "vector_add.cu"
    out = tmp_path / "va.fatbin"
    subprocess.run([str(nvcc), "-fatbin", "-gencode", "arch=compute_90,code=[compute_90,sm_90]",
                    str(src), "-o", str(out)], check=True, capture_output=True)
    kernel = nt.Kernel.from_cubin(out.read_bytes(), "vector_add", arch=90)
    assert kernel.param_types == [ParamType("u", 64)] * 3 + [ParamType("u", 32)]


@pytest.mark.parametrize("grid, block, why", [
    ((0, 1, 1), 128, "bad launch dimension"), ("abc", 128, "bad launch dimension"),
    ((1.5, 1), 128, "bad launch dimension"), (None, 128, "bad launch dimension"),
    ((1, 1, 1, 1), 128, "bad launch dimension"), (1, (2048, 1, 1), "2048 > 1024"),
    (1, (32, 32, 2), "2048 threads in a block"), ((2**31, 1, 1), 128, "past what a GPU launches")])
def test_a_launch_shape_no_gpu_runs_is_refused_before_the_gpu_is_touched(monkeypatch, grid, block, why):
    kernel = nt.Kernel.from_ptx(SGEMM).instrument("dmat")
    monkeypatch.setattr(type(kernel), "_function", property(lambda _: pytest.fail("the GPU was touched")))
    with pytest.raises(ToolError, match=why):
        kernel.launch(grid=grid, block=block, args=[])
