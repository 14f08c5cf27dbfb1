"""PTX → cubin through both assemblers: ELF facts of the result, the disk cache, error logs."""
from __future__ import annotations

import struct
from pathlib import Path

import pytest

from neutrino_py import assemble
from neutrino_py.assemble import ptx as ptx_backend
from neutrino_py.assemble.resources import parse_report
from neutrino_py.errors import SourceError, ToolError

VECTOR_ADD = """
.version 8.0
.target sm_90
.address_size 64

.visible .entry vector_add(
	.param .u64 vector_add_param_0,
	.param .u64 vector_add_param_1,
	.param .u64 vector_add_param_2,
	.param .u32 vector_add_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<11>;

	ld.param.u64 	%rd1, [vector_add_param_0];
	ld.param.u64 	%rd2, [vector_add_param_1];
	ld.param.u64 	%rd3, [vector_add_param_2];
	ld.param.u32 	%r2, [vector_add_param_3];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r3, %r4, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB0_2;
	cvta.to.global.u64 	%rd4, %rd1;
	mul.wide.s32 	%rd5, %r1, 4;
	add.s64 	%rd6, %rd4, %rd5;
	cvta.to.global.u64 	%rd7, %rd2;
	add.s64 	%rd8, %rd7, %rd5;
	ld.global.f32 	%f1, [%rd8];
	ld.global.f32 	%f2, [%rd6];
	add.f32 	%f3, %f2, %f1;
	cvta.to.global.u64 	%rd9, %rd3;
	add.s64 	%rd10, %rd9, %rd5;
	st.global.f32 	[%rd10], %f3;
$L__BB0_2:
	ret;
}
"""

EM_CUDA = 190


def elf_facts(blob: bytes) -> dict:
    """ELF class, machine, SM number from e_flags, and section names of a cubin."""
    assert blob[:4] == b"\x7fELF"
    e_flags, = struct.unpack_from("<I", blob, 48)
    shoff, = struct.unpack_from("<Q", blob, 40)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", blob, 58)
    def section(i):
        return struct.unpack_from("<IIQQQQ", blob, shoff + i * shentsize)
    strtab_off = section(shstrndx)[4]
    names = set()
    for i in range(shnum):
        start = strtab_off + section(i)[0]
        names.add(blob[start:blob.index(b"\0", start)].decode())
    return {"class64": blob[4] == 2, "machine": struct.unpack_from("<H", blob, 18)[0],
            "sm": (e_flags >> 8) & 0xFF, "sections": names}


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))


def need(backend):
    if backend not in assemble.available():
        pytest.skip(f"{backend} is not installed here")


@pytest.mark.parametrize("backend", ["nvjitlink", "ptxas"])
def test_both_assemblers_give_a_loadable_sm90_cubin(backend):
    need(backend)
    facts = elf_facts(assemble.ptx_to_cubin(VECTOR_ADD, "sm_90", backend=backend))
    assert facts["class64"] and facts["machine"] == EM_CUDA and facts["sm"] == 90
    assert {".text.vector_add", ".nv.info.vector_add"} <= facts["sections"]


def test_second_assembly_of_the_same_text_is_a_cache_hit(monkeypatch, tmp_path):
    backend = (assemble.available() or pytest.skip("no PTX assembler here"))[0]
    first = assemble.ptx_to_cubin(VECTOR_ADD, "sm_90", backend=backend)
    assert len(list((tmp_path / "cubin").glob("*.cubin"))) == 1
    monkeypatch.setitem(ptx_backend._ASSEMBLE, backend, lambda *a: pytest.fail("assembled twice"))
    assert assemble.ptx_to_cubin(VECTOR_ADD, "sm_90", backend=backend) == first
    monkeypatch.undo()
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    other = assemble.ptx_to_cubin(VECTOR_ADD.replace(".target sm_90", ".target sm_90a"), "sm_90a",
                                  backend=backend)
    assert other != first and len(list((tmp_path / "cubin").glob("*.cubin"))) == 2


BROKEN = VECTOR_ADD.replace("add.f32 \t%f3, %f2, %f1;", "add.f32 \t%f3, %f2, %nosuch;")


def test_nvjitlink_errors_carry_its_log():
    need("nvjitlink")
    with pytest.raises(assemble.AssembleError) as err:
        assemble.ptx_to_cubin(BROKEN, "sm_90", backend="nvjitlink")
    assert "nosuch" in err.value.log


def test_ptxas_errors_point_at_the_line():
    need("ptxas")
    with pytest.raises(SourceError) as err:
        assemble.ptx_to_cubin(BROKEN, "sm_90", backend="ptxas")
    assert BROKEN.splitlines()[err.value.line - 1].strip() == "add.f32 \t%f3, %f2, %nosuch;"


def test_unknown_backend_is_refused():
    with pytest.raises(ToolError, match="unknown assembler"):
        assemble.ptx_to_cubin(VECTOR_ADD, backend="llvm")


WARP_SPECIALIZED = (Path(__file__).parent / "corpus" / "cuda" / "warp_specialized.sm_90a.ptx").read_text()


def test_a_module_that_sets_warpgroup_registers_goes_to_ptxas_which_keeps_them():
    """nvJitLink 13.0 drops setmaxnreg ("C7504 ... ignored"): the consumer warpgroups would run
    in the kernel's entry count and spill; ptxas keeps it (168 registers at entry)."""
    need("ptxas")
    _, log, backend = ptx_backend.assemble(WARP_SPECIALIZED, "sm_90a")
    assert backend == "ptxas" and parse_report(log)["ws_pipeline"].registers == 168
    if "nvjitlink" in assemble.available():
        _, dropped, _ = ptx_backend.assemble(WARP_SPECIALIZED, "sm_90a", backend="nvjitlink")
        assert "C7504" in dropped and parse_report(dropped)["ws_pipeline"].registers < 168
    assert ptx_backend.assemble(VECTOR_ADD, "sm_90")[2] == assemble.available()[0]


DYNAMIC_PARALLELISM = (Path(__file__).parent / "synthetic" / "dynamic_parallelism.sm_90.ptx").read_text()
"""From: __global__ void child(int *x, int base) { x[base + threadIdx.x] += 1; }
__global__ void parent(int *x, int n) { int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0) child<<<1, 32>>>(x, blockIdx.x * 32); if (b < n) x[b] += 2; }"""


def test_a_kernel_that_launches_kernels_is_linked_with_the_device_runtime():
    """Its twin calls __cudaCDP2LaunchDeviceV2, which libcudadevrt.a holds: nvJitLink links it
    (alone, the module has an undefined reference); ptxas, which cannot link, is refused."""
    need("nvjitlink")
    from neutrino_py import toolchain
    from neutrino_py.asm import parse_ptx
    from neutrino_py.probe import load_file
    from neutrino_py.splice import instrument
    if toolchain.find_device_runtime() is None:
        pytest.skip("libcudadevrt.a is not installed here")
    assert ptx_backend.launches_kernels(DYNAMIC_PARALLELISM) and not ptx_backend.launches_kernels(VECTOR_ADD)
    text = instrument(parse_ptx(DYNAMIC_PARALLELISM), load_file("block_sched")).module.to_text()
    cubin, _, backend = ptx_backend.assemble(text, "sm_90")
    facts = elf_facts(cubin)
    assert backend == "nvjitlink" and {".text._Z6parentPii", ".text._Z5childPii"} <= facts["sections"]
    with pytest.raises(ToolError, match="ptxas cannot link the device runtime"):
        assemble.ptx_to_cubin(text, "sm_90", backend="ptxas")
