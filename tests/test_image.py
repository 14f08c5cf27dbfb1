"""Fatbin / cubin / PTX images built here with nvcc: every member found, compressed payloads
decoded to exactly the uncompressed bytes, SASS-only images reported as such."""
from __future__ import annotations

import ctypes
import struct
import subprocess

import pytest

from neutrino_py import image, toolchain
from neutrino_py.image import compress, elf, fatbin

SOURCE = r"""
extern "C" __global__ void add(float *a, const float *b, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] += b[i]; }
extern "C" __global__ void scale(float *a, float s, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] *= s; }
"""

NVCC = toolchain.find_tool("nvcc")
pytestmark = pytest.mark.skipif(NVCC is None, reason="nvcc not found (pip install nvidia-cuda-nvcc)")


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    root = tmp_path_factory.mktemp("images")
    src = root / "k.cu"
    src.write_text(SOURCE)

    def make(name: str, *flags: str) -> bytes:
        out = root / name
        subprocess.run([str(NVCC), *flags, "-o", str(out), str(src)], check=True, capture_output=True)
        return out.read_bytes()
    return make


def _code(ptx: str) -> list[str]:
    return [" ".join(line.split()) for line in ptx.splitlines()
            if line.strip() and not line.lstrip().startswith("//")]


def test_plain_fatbin_holds_sass_and_ptx(build):
    img = image.load(build("plain.fatbin", "-fatbin", "-arch=sm_90"))
    assert img.kind == "fatbin"
    assert sorted((e.kind, e.arch) for e in img.entries) == [("elf", 90), ("ptx", 90)]
    assert img.kernels() == {"add", "scale"}
    ptx = build("k.ptx", "-ptx", "-arch=sm_90").decode()
    assert _code(img.ptx_for("add", 90)) == _code(ptx)  # the fatbin copy has its comments blanked
    assert not img.sass_only


def test_cubin_member_is_byte_identical_to_nvcc_cubin(build):
    img = image.load(build("plain2.fatbin", "-fatbin", "-arch=sm_90"))
    cubin = build("k.cubin", "-cubin", "-arch=sm_90")
    assert [e.data for e in img.entries if e.kind == "elf"] == [cubin]
    assert elf.arch(cubin) == 90
    assert sorted(elf.entries(cubin)) == ["add", "scale"]


@pytest.mark.parametrize("flags,expect", [
    (("-Xfatbin", "-compress-all"), "zstd"),
    (("--compress-mode=size",), "zstd"),
    (("-Xfatbin", "-compress-all", "--compress-mode=speed"), "lz4"),
])
def test_compressed_fatbins_decode_to_the_uncompressed_members(build, flags, expect):
    plain = image.load(build("ref.fatbin", "-fatbin", "-arch=sm_90", "--compress-mode=none"))
    packed_bytes = build(f"c{len(flags)}{expect}.fatbin", "-fatbin", "-arch=sm_90", *flags)
    packed = image.load(packed_bytes)
    assert {e.compression for e in packed.entries} == {expect}
    assert [(e.kind, e.arch, e.data) for e in packed.entries] == \
        [(e.kind, e.arch, e.data) for e in plain.entries]
    assert len(packed_bytes) < sum(len(e.data) for e in plain.entries)


def test_sass_only_image_says_so(build):
    img = image.load(build("sass.fatbin", "-fatbin", "-gencode", "arch=compute_90,code=sm_90"))
    assert img.sass_only
    with pytest.raises(image.NotInstrumentable, match=r"SASS only: .*sm_90 machine code and no PTX"):
        img.ptx_for("add", 90)
    cubin = image.load(build("only.cubin", "-cubin", "-arch=sm_90"))
    assert cubin.kind == "cubin" and cubin.sass_only
    with pytest.raises(image.NotInstrumentable, match="SASS only"):
        cubin.ptx_for("scale", 90)


def test_ptx_newer_than_the_gpu_is_refused_with_the_arch(build):
    img = image.load(build("p90.fatbin", "-fatbin", "-gencode", "arch=compute_90,code=compute_90"))
    assert ".entry add(" in img.ptx_for("add", 100)
    with pytest.raises(image.NotInstrumentable, match="compute_90, newer than the GPU's sm_80"):
        img.ptx_for("add", 80)


def test_multi_arch_fatbin_picks_highest_ptx_the_gpu_runs(build):
    img = image.load(build("multi.fatbin", "-fatbin", "-gencode", "arch=compute_80,code=compute_80",
                           "-gencode", "arch=compute_90,code=compute_90"))
    assert ".target sm_80" in img.ptx_for("add", 86)
    assert ".target sm_90" in img.ptx_for("add", 90)


def test_arch_specific_ptx_is_preferred_on_its_own_gpu_and_refused_on_others(build):
    """CUTLASS's Hopper kernels: a fatbin with generic sm_90 PTX (a fallback that traps) and
    sm_90a PTX (wgmma); the sm_90 GPU runs the sm_90a code, so that is the PTX to instrument, in
    whichever order the members come. Arch-specific PTX runs on its own architecture only."""
    img = image.load(build("specific.fatbin", "-fatbin", "-gencode", "arch=compute_90,code=compute_90",
                           "-gencode", "arch=compute_90a,code=compute_90a"))
    assert [e.arch for e in img.entries if e.kind == "ptx"] == [90, 90]
    assert ".target sm_90a" in img.ptx_for("add", 90)
    img.entries.reverse()
    assert ".target sm_90a" in img.ptx_for("add", 90)
    assert ".target sm_90\n" in img.ptx_for("add", 100) + "\n"
    only = image.load(build("only_a.fatbin", "-fatbin", "-gencode", "arch=compute_90a,code=compute_90a"))
    with pytest.raises(image.NotInstrumentable, match=r"compute_90a, which the GPU's sm_100 cannot run"):
        only.ptx_for("add", 100)
    with pytest.raises(image.NotInstrumentable, match="compute_90a, newer than the GPU's sm_80"):
        only.ptx_for("add", 80)


def test_lto_ir_members_are_skipped_and_the_ptx_beside_them_is_found(build):
    """nvcc -dlto (code=lto_90) puts LTO-IR members in the fatbin; they made the whole image
    unreadable ("unknown kind 8") though it carries PTX and SASS too."""
    img = image.load(build("lto.fatbin", "-fatbin", "-gencode", "arch=compute_90,code=lto_90",
                           "-gencode", "arch=compute_90,code=sm_90", "-gencode", "arch=compute_90,code=compute_90"))
    assert sorted((e.kind, e.arch) for e in img.entries) == [("elf", 90), ("ptx", 90)]
    assert ".entry add(" in img.ptx_for("add", 90)


def test_a_member_of_no_size_is_refused_not_looped_on(build):
    data = bytearray(build("plain3.fatbin", "-fatbin", "-arch=sm_90"))
    header = struct.unpack_from("<H", data, 6)[0]
    struct.pack_into("<IQ", data, header + 4, 0, 0)          # first member: header 0, payload 0
    with pytest.raises(fatbin.ImageError, match="has no size"):
        image.load(bytes(data))


def test_ptx_text_and_wrapper_and_garbage():
    ptx = b".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\nret;\n}\n\0"
    img = image.load(ptx)
    assert img.kind == "ptx" and img.kernels() == {"k"} and img.entries[0].arch == 90
    with pytest.raises(image.ImageError):
        image.load(b"\x00" * 64)
    with pytest.raises(image.NotInstrumentable, match="not in this ptx"):
        img.ptx_for("other", 90)


def test_ptx_text_names_come_from_the_parsed_module():
    ptx = (b".version 9.0\n.target sm_90a\n.address_size 64\n// .entry in_a_comment()\n"
           b".visible .entry k()\n{\nret;\n}\n.func f()\n{\nret;\n}\n\0")
    img = image.load(ptx)
    assert img.kernels() == {"k"} and img.entries[0].arch == 90
    with pytest.raises(image.ImageError, match="does not parse"):
        image.load(b".version 9.0\n.target sm_90\n.entry k(\n\0")


def test_member_that_does_not_parse_is_not_instrumentable():
    good = fatbin.Entry("ptx", 80, b"", None, (0, 0), _data=b".version 9.0\n.target sm_80\n"
                        b".visible .entry k()\n{\nret;\n}\n")
    bad = fatbin.Entry("ptx", 90, b"", None, (0, 0), _data=b".version 9.0\n.target sm_90\n.entry k(\n")
    img = image.Image("fatbin", [good, bad])
    assert img.ptx_for("k", 86) == good.ptx       # the sm_90 member is never parsed
    with pytest.raises(image.NotInstrumentable, match="does not parse"):
        img.ptx_for("k", 90)


def test_lz4_block_handles_overlapping_matches():
    # literal "ab", then a match of 10 at offset 2 (overlapping copy) -> "ab" * 6
    block = bytes([0x26]) + b"ab" + bytes([2, 0])
    assert compress.lz4_block(block, 12) == b"ab" * 6
    with pytest.raises(ValueError):
        compress.lz4_block(bytes([0x10]) + b"a" + bytes([9, 0]), 8)


def test_lz4_library_and_python_decoders_agree():
    lib = compress._liblz4()
    if lib is None:
        pytest.skip("no liblz4 on this machine")
    data = bytes(range(256)) * 40 + b"fatbin" * 3000 + bytes(range(7, 200))
    dst = ctypes.create_string_buffer(lib.LZ4_compressBound(len(data)))
    size = lib.LZ4_compress_default(data, dst, len(data), len(dst))
    block = dst.raw[:size]
    assert compress.lz4_block(block, len(data)) == compress._lz4_python(block, len(data)) == data
    with pytest.raises(ValueError):      # a size the block does not decode to: the Python error
        compress.lz4_block(block, len(data) + 1)


def test_fatbin_size_and_truncation(build):
    data = build("size.fatbin", "-fatbin", "-arch=sm_90")
    assert fatbin.size(data) == len(data)
    with pytest.raises(image.ImageError, match="only"):
        fatbin.entries(data[:100])
