"""A bounded, seeded fuzz pass over the images the shims hand the engine: fatbins (plain, LZ4,
zstd), cubins, offload bundles (plain and compressed) and code objects, each mutated. Every
outcome is a readable image or an ImageError / NotInstrumentable / BundleError, never another
exception, a hang, or a buffer of the size a damaged field states (one such case allocated 2 GiB
and took 15 s). The seeds are fixed, so a failure reproduces (the case id says which)."""
from __future__ import annotations

import random
import signal
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from neutrino_py import image, toolchain
from neutrino_py.assemble import gcn as gcn_tools
from neutrino_py.image import compress, elf, fatbin, offload

CASES = 150                                          # per image; each case is one mutated image
SOURCE = r"""
extern "C" __global__ void add(float *a, const float *b, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] += b[i]; }
"""
NVCC = toolchain.find_tool("nvcc")
CORPUS_GCN = Path(__file__).parent / "corpus_gcn"


def mutate(data: bytes, rng: random.Random) -> bytes:
    """1-4 edits: flip a bit, cut the tail, write a size-like word, insert or delete bytes."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind, i = rng.randrange(5), rng.randrange(max(1, len(out)))
        if kind == 0 and out:
            out[i] ^= 1 << rng.randrange(8)
        elif kind == 1:
            del out[i:]
        elif kind == 2:
            width = rng.choice([4, 8])
            value = rng.choice([0, 1, 2**31 - 1, 2**32 - 1, 2**63 - 1, len(out), rng.randrange(2**32)])
            out[i:i + width] = (value % (1 << 8 * width)).to_bytes(width, "little")
        elif kind == 3:
            out[i:i] = rng.randbytes(rng.randint(1, 16))
        else:
            del out[i:i + rng.randint(1, 64)]
    return bytes(out)


class _Hang(Exception):
    pass


def _raise_hang(*_):
    raise _Hang


def _each_mutation(name: str, data: bytes, read) -> dict[str, int]:
    """Run `read` on CASES mutations of `data`, each within 5 s; count readable and refused."""
    outcomes = {"read": 0, "refused": 0}
    previous = signal.signal(signal.SIGALRM, _raise_hang)
    try:
        for seed in range(CASES):
            signal.alarm(5)
            try:
                read(mutate(data, random.Random(f"{name}:{seed}")))
                outcomes["read"] += 1
            except (image.ImageError, image.NotInstrumentable, elf.ElfError, offload.BundleError):
                outcomes["refused"] += 1
            except _Hang:
                pytest.fail(f"{name} case {seed}: still reading after 5 s")
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, previous)
    return outcomes


def _read_cuda(data: bytes) -> None:
    img = image.load(data)
    for kernel in sorted(img.kernels() | {"add"}):
        try:
            img.ptx_for(kernel, 90)
        except image.NotInstrumentable:
            pass


@pytest.fixture(scope="module")
def cuda_images(tmp_path_factory) -> dict[str, bytes]:
    if NVCC is None:
        pytest.skip("nvcc not found (pip install nvidia-cuda-nvcc)")
    root = tmp_path_factory.mktemp("fuzz_images")
    (root / "k.cu").write_text(SOURCE)
    gencode = "-gencode=arch=compute_90,code=[sm_90,compute_90]"
    builds = {"plain.fatbin": ["-fatbin", gencode, "--compress-mode=none"],
              "lz4.fatbin": ["-fatbin", gencode, "--compress-mode=speed"],
              "zstd.fatbin": ["-fatbin", gencode, "--compress-mode=size"],
              "k.cubin": ["-cubin", "-arch=sm_90"]}
    out = {}
    for name, flags in builds.items():
        subprocess.run([str(NVCC), *flags, "-o", str(root / name), str(root / "k.cu")],
                       check=True, capture_output=True)
        out[name] = (root / name).read_bytes()
    return out


@pytest.mark.parametrize("name", ["plain.fatbin", "lz4.fatbin", "zstd.fatbin", "k.cubin"])
def test_mutated_cuda_images(cuda_images, name):
    assert _read_cuda(cuda_images[name]) is None            # the image itself reads
    outcomes = _each_mutation(name, cuda_images[name], _read_cuda)
    assert sum(outcomes.values()) == CASES and outcomes["refused"] > 0


def _bundle(entries: list[tuple[str, bytes]]) -> bytes:
    head = len(offload.MAGIC) + 8 + sum(24 + len(t) for t, _ in entries)
    start = -(-head // 8) * 8
    table, blobs = [offload.MAGIC, struct.pack("<Q", len(entries))], b""
    for triple, data in entries:
        table.append(struct.pack("<QQQ", start + len(blobs), len(data), len(triple)) + triple.encode())
        blobs += data
    header = b"".join(table)
    return header + b"\0" * (start - len(header)) + blobs


@pytest.fixture(scope="module")
def gcn_images() -> dict[str, bytes]:
    if gcn_tools.llvm_tool("ld.lld") is None or not gcn_tools.supports("gfx90a"):
        pytest.skip("no ld.lld, or no llvm-mc that assembles code object v5 for gfx90a")
    code = gcn_tools.gcn_to_hsaco((CORPUS_GCN / "kernels.gfx90a.s").read_text(), "gfx90a")
    bundle = _bundle([("host-x86_64-unknown-linux-gnu-", b""), ("hipv4-amdgcn-amd-amdhsa--gfx90a", code)])
    body = zlib.compress(bundle)              # CCOB version 2: total size, uncompressed size, hash
    ccob = offload.COMPRESSED + struct.pack("<HHIIQ", 2, 0, 24 + len(body), len(bundle), 0) + body
    return {"code_object": code, "bundle": bundle, "compressed_bundle": ccob}


def _read_gcn(data: bytes) -> None:
    for code in offload.code_objects(data):
        code.kernels()


@pytest.mark.parametrize("name", ["code_object", "bundle", "compressed_bundle"])
def test_mutated_gcn_images(gcn_images, name):
    assert [c.target for c in offload.code_objects(gcn_images[name])] in (["gfx90a"], [""])
    outcomes = _each_mutation(name, gcn_images[name], _read_gcn)
    assert sum(outcomes.values()) == CASES and outcomes["refused"] > 0


def test_a_stated_size_no_payload_expands_to_is_refused_before_it_is_allocated():
    with pytest.raises(ValueError, match="cannot expand"):
        compress.zstd(b"\x28\xb5\x2f\xfd" + b"\0" * 12, 2**31)
    with pytest.raises(ValueError, match="cannot expand"):
        compress.lz4_block(b"\x10a", 2**40)


def test_a_fatbin_header_of_no_size_is_refused_not_looped_on():
    data = struct.pack("<IHHQ", fatbin.FATBIN_MAGIC, 1, 0, 0) + b"\0" * 64
    with pytest.raises(image.ImageError, match="0-byte header"):
        image.load(data)


def test_a_damaged_compressed_member_is_a_reason_not_a_crash(cuda_images):
    data = bytearray(cuda_images["zstd.fatbin"])
    img = image.load(bytes(data))
    member = next(e for e in img.entries if e.kind == "ptx")
    member.raw = member.raw[:len(member.raw) // 2]
    with pytest.raises(image.NotInstrumentable, match="compute_90 PTX member is damaged"):
        img.ptx_for("add", 90)
