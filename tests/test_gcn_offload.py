"""HIP fat binaries: clang offload bundles (as clang-19 writes them, plain and compressed, and
synthetic ones) -> the code objects inside, disassembled with llvm-objdump."""
from __future__ import annotations

import struct
import subprocess
from pathlib import Path

import pytest

from neutrino_py.assemble import gcn as tools
from neutrino_py.image import offload

CORPUS = Path(__file__).parent / "corpus_gcn"
KERNELS = ["vector_add", "saxpy", "reduce_sum", "histogram", "collatz", "transpose_2d", "wave_ops"]


def bundle(entries: list[tuple[str, bytes]]) -> bytes:
    """A bundle as clang's OffloadBundler lays it out (entries after the header, 8-aligned)."""
    head = len(offload.MAGIC) + 8 + sum(24 + len(t) for t, _ in entries)
    out, blobs, pos = [offload.MAGIC, struct.pack("<Q", len(entries))], b"", -(-head // 8) * 8
    for triple, data in entries:
        out.append(struct.pack("<QQQ", pos + len(blobs), len(data), len(triple)) + triple.encode())
        blobs += data
    header = b"".join(out)
    return header + b"\0" * (-(-head // 8) * 8 - len(header)) + blobs


@pytest.fixture(scope="module")
def code_object():
    if tools.llvm_tool("ld.lld") is None or not tools.supports("gfx90a"):
        pytest.skip("no ld.lld, or no llvm-mc that assembles code object v5 for gfx90a")
    path = CORPUS / "kernels.gfx90a.s"
    return tools.gcn_to_hsaco(path.read_text(), "gfx90a")


def test_synthetic_bundle_gives_its_code_objects(code_object):
    data = bundle([("host-x86_64-unknown-linux-gnu-", b""),
                   ("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-", code_object),
                   ("hipv4-amdgcn-amd-amdhsa--gfx942", code_object[:64] + code_object[64:])])
    found = offload.code_objects(b"\0" * 24 + data + data)    # two bundles in a row, padded
    assert [c.target for c in found] == ["gfx90a:xnack-", "gfx942"] * 2
    assert all(c.data == code_object for c in found)
    text = found[0].disassemble()
    assert all(f"<{k}>:" in text for k in KERNELS)
    assert offload.code_objects(code_object)[0].data == code_object


def test_truncated_bundle_is_an_error(code_object):
    data = bundle([("hipv4-amdgcn-amd-amdhsa--gfx90a", code_object)])
    with pytest.raises(offload.BundleError):
        offload.code_objects(data[:-100])


@pytest.mark.parametrize("compress", [False, True], ids=["plain", "compressed"])
def test_clang_hip_fat_binary(tmp_path, compress):
    clang = tools.llvm_tool("clang")
    if clang is None or tools.llvm_tool("llvm-objdump") is None or not tools.supports("gfx942"):
        pytest.skip("clang-19 / llvm-objdump for gfx942 missing")
    out = tmp_path / "k.hipfb"
    cmd = [str(clang), "-x", "hip", "--cuda-device-only", "-nogpuinc", "-nogpulib", "-O2",
           "--offload-arch=gfx90a", "--offload-arch=gfx942", "-o", str(out), str(CORPUS / "kernels.hip")]
    run = subprocess.run(cmd + (["--offload-compress"] if compress else []), capture_output=True, text=True)
    if run.returncode != 0:
        pytest.skip(f"clang cannot build the bundle here: {run.stderr[-300:]}")
    found = offload.code_objects(out.read_bytes())
    assert sorted(c.target for c in found) == ["gfx90a", "gfx942"]
    for c in found:
        text = c.disassemble()
        assert all(f"<{k}>:" in text for k in KERNELS)
        assert "s_endpgm" in text
