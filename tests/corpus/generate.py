"""Regenerate the PTX corpus and index.json from src/ (needs nvcc and Triton; no GPU).

    NVCC=/usr/local/cuda-13.0/bin/nvcc python tests/corpus/generate.py
    python tests/corpus/generate.py --library DIR     # library/ from traced runs' PTX files
    python tests/corpus/generate.py --tinygrad [PYTHON]  # tinygrad/ (PYTHON has tinygrad 0.14.0)
    python tests/corpus/generate.py --numba [PYTHON]     # numba/ (PYTHON has numba-cuda 0.30.4)
    python tests/corpus/generate.py --cuda STEM          # cuda/STEM.* alone (nvcc, no Triton)
    python tests/corpus/generate.py --cutlass DIR [INC]  # cutlass/ from a CUTLASS checkout (INC:
                                                         # a folder holding curand_kernel.h)
    python tests/corpus/generate.py --cutedsl DIR [PYTHON]  # cutedsl/ from a CUTLASS checkout's
                                                         # CuTe DSL examples (PYTHON has
                                                         # nvidia-cutlass-dsl 4.8.1)
    python tests/corpus/generate.py --triton-older PYTHON...  # triton_older/ (each PYTHON has one
                                                         # of triton 3.0.0 ... 3.5.1, TRITON_OLDER)
    python tests/corpus/generate.py --nvrtc-older ROOT...  # nvrtc_older/ (each ROOT the NVRTC,
                                                         # runtime, nvcc and cccl wheels of one
                                                         # CUDA release, NVRTC_OLDER)
    python tests/corpus/generate.py --llvm-nvptx [PYTHON]  # llvm_nvptx/ (clang-19/14, llc-19 on
                                                         # PATH; PYTHON has llvmlite: LLVM_NVPTX)

The committed files were made with CUDA 13.0's nvcc (PTX ISA 9.0, which CUDA 13.0's ptxas and
driver 580 accept) and Triton kernels pinned to PTX ISA 8.7 (so Triton's bundled CUDA 12.8+ ptxas
accepts them too). The tests only read the committed files. README.md says what index.json holds.
nvcc and Triton write each source's absolute path into `.file`; `portable` rewrites those to
paths a fresh clone has (`src/NAME`, or the part of an installed package's path after
`site-packages/`), and `line` positions match them by their end (`ast.Lines.matches_file`).
Triton (`DW_AT_comp_dir`, one `.b8` byte per line) and nvcc -G (`DW_AT_name` and
`DW_AT_comp_dir`, `.b8` lists of up to 40 bytes a line) also write absolute paths as bytes in
`.debug_info`; `portable` drops the folder above `tests/corpus` there and pads the rest with `/.`
to the same length (a shorter string would move every DWARF offset after it in the unit).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
ENTRY = re.compile(r"^(?:\.(?:visible|weak)\s+)?\.entry\s+([\w$]+)\s*\(", re.M)
FUNC = re.compile(r"^(?:\.(?:visible|weak|extern)\s+)?\.func\s+(?:\([^)]*\)\s*)?([\w$]+)", re.M)

FILE = re.compile(r'^(\s*\.file\s+\d+\s+")([^"]*)"', re.M)
BYTE = re.compile(r"^(\.b8\s+)(\d+)(\s*(?://.*)?)$")
BYTES = re.compile(r"^(\.b8\s+)(\d+(?:,\d+)+)(\s*)$")
CORPUS_SRC = "tests/corpus/src"


def portable(ptx: str) -> str:
    """`ptx` with its `.file` directives naming no folder of the machine that made it: a corpus
    source as `src/NAME`, an installed package's file from its package on."""
    def rewrite(m: re.Match) -> str:
        path = Path(m.group(2))
        parts = path.parts
        below = next((parts[i + 3:] for i in range(len(parts) - 3)
                      if parts[i:i + 3] == ("tests", "corpus", "src")), None)
        if below:                                               # this folder's src/, in any clone
            path = Path("src", *below)
        elif path.parts[-4:-1] == ("tests", "gpu", "programs"):  # library/'s programs
            path = Path(*path.parts[-4:])
        elif "site-packages" in path.parts:
            path = Path(*path.parts[path.parts.index("site-packages") + 1:])
        elif (cache := next((p for p in path.parts if p.startswith("torchinductor_")), None)):
            path = Path("torchinductor", *path.parts[path.parts.index(cache) + 1:])
        return f'{m.group(1)}{path.as_posix()}"'
    return _byte_paths(FILE.sub(rewrite, ptx))


def _byte_paths(ptx: str) -> str:
    """`ptx` with every string of its `.b8` runs (one byte a line, Triton's, maybe commented; or
    comma lists, nvcc's) that names a path under a folder's `tests/corpus` rewritten without that
    folder: `tests/corpus/src` (or `tests/corpus`) padded with `/.` to the folder's length, the
    rest as it was, so that every byte after it keeps its offset. Other strings are left alone."""
    lines = ptx.split("\n")
    where: list[tuple[int, int]] = []          # (line, index in its list) of each byte of a run
    values: list[int] = []

    def flush() -> None:
        start = 0
        while start < len(values):
            end = values.index(0, start) if 0 in values[start:] else len(values)
            text = bytes(values[start:end]).decode("latin-1")
            fixed = _without_folder(text)
            if fixed != text:
                for k, byte in enumerate(fixed.encode("latin-1")):
                    _set_byte(lines, *where[start + k], byte)
            start = end + 1
        where.clear()
        values.clear()

    for n, line in enumerate(lines):
        if (m := BYTE.match(line)) is not None:
            where.append((n, 0))
            values.append(int(m.group(2)))
        elif (m := BYTES.match(line)) is not None:
            items = m.group(2).split(",")
            where.extend((n, k) for k in range(len(items)))
            values.extend(int(x) for x in items)
        else:
            flush()
    flush()
    return "\n".join(lines)


# folders whose path a compiler writes into debug bytes, and what each becomes (from the first
# match on): this folder and its src/, the GPU tests' programs, Inductor's cache of one user
FOLDERS = ((re.compile(r"/tests/corpus/src"), "tests/corpus/src"),
           (re.compile(r"/tests/corpus"), "tests/corpus"),
           (re.compile(r"/tests/gpu/programs"), "tests/gpu/programs"),
           (re.compile(r"/torchinductor_[^/]*"), "torchinductor"))


def _without_folder(text: str) -> str:
    """`/any/folder/tests/corpus[/src][/rest]` -> `tests/corpus[/src]` + `/./.` padding + `[/rest]`,
    as long as it was (likewise a path under `tests/gpu/programs` or Inductor's
    `/tmp/torchinductor_USER`); any other text as it is."""
    if not text.startswith("/"):
        return text
    for folder, head in FOLDERS:
        m = folder.search(text)
        if m is not None and m.start() > 0:
            rest = text[m.end():]
            pad = len(text) - len(head) - len(rest)
            return head + "/." * (pad // 2) + "/" * (pad % 2) + rest
    return text


def _set_byte(lines: list[str], n: int, k: int, byte: int) -> None:
    """Byte `k` of `.b8` line `n` set to `byte`; a commented line keeps its comment's column."""
    if (m := BYTE.match(lines[n])) is not None:
        keep = " " * max(0, len(m.group(2)) - len(str(byte))) if m.group(3) else ""
        lines[n] = f"{m.group(1)}{byte}{keep}{m.group(3)}"
        return
    m = BYTES.match(lines[n])
    items = m.group(2).split(",")
    items[k] = str(byte)
    lines[n] = f"{m.group(1)}{','.join(items)}{m.group(3)}"


# --- launch recipes ------------------------------------------------------------------------------


def buf(name: str, kind: str, dtype: str, count: int, init: dict | None = None, **extra) -> dict:
    """A pointer param: `count` elements of `dtype`; "in"/"inout" start from `init`, "out" zeroed."""
    out = {"name": name, "kind": kind, "dtype": dtype, "count": count}
    if init is not None:
        out["init"] = init
    return {**out, **extra}


def scalar(name: str, dtype: str, value) -> dict:
    return {"name": name, "kind": "scalar", "dtype": dtype, "value": value}


def null(name: str) -> dict:
    """A pointer param passed as 0 (Triton's global/profile scratch when their size is 0)."""
    return {"name": name, "kind": "null"}


def uniform(lo: float, hi: float, seed: int) -> dict:
    return {"uniform": [lo, hi], "seed": seed}


def randint(lo: int, hi: int, seed: int) -> dict:
    """Integers in [lo, hi)."""
    return {"randint": [lo, hi], "seed": seed}


def recipe(grid, block, params, shared_mem=0, gmem_bytes=None, note=None) -> dict:
    out = {"grid": list(grid), "block": list(block), "shared_mem": shared_mem, "params": params}
    if gmem_bytes is not None:
        out["gmem_bytes"] = gmem_bytes
    if note:
        out["note"] = note
    return out


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


def cuda_recipes() -> dict[str, dict]:
    """Kernel name (as in the PTX) -> launch recipe, for every CUDA C corpus kernel."""
    n = 1_000_000
    va = recipe((cdiv(n, 256), 1, 1), (256, 1, 1), [
        buf("a", "in", "float32", n, uniform(-1, 1, 1)), buf("b", "in", "float32", n, uniform(-1, 1, 2)),
        buf("c", "out", "float32", n), scalar("n", "int32", n)],
        gmem_bytes={"load": 8 * n, "store": 4 * n},
        note="threads with i >= n touch no memory; addresses are exactly a+4i, b+4i, c+4i for i < n")
    ns = 1 << 20
    sx = recipe((512, 1, 1), (256, 1, 1), [
        scalar("n", "int32", ns), scalar("alpha", "float32", 2.5),
        buf("x", "in", "float32", ns, uniform(-1, 1, 3)), buf("y", "inout", "float32", ns, uniform(-1, 1, 4))],
        gmem_bytes={"load": 8 * ns, "store": 4 * ns}, note="grid-stride loop: 8 iterations per thread")
    nr = 1 << 20
    rd = recipe((nr // 512, 1, 1), (256, 1, 1), [
        buf("in", "in", "float32", nr, uniform(-1, 1, 5)), buf("out", "out", "float32", nr // 512),
        scalar("n", "int32", nr)],
        gmem_bytes={"load": 4 * nr, "store": 4 * (nr // 512)}, note="out[b] = sum of 512 inputs")
    m = 512
    sg = recipe((m // 16, m // 16, 1), (16, 16, 1), [
        buf("A", "in", "float32", m * m, uniform(-1, 1, 6)), buf("B", "in", "float32", m * m, uniform(-1, 1, 7)),
        buf("C", "inout", "float32", m * m, uniform(-1, 1, 8)), scalar("M", "int32", m),
        scalar("N", "int32", m), scalar("K", "int32", m), scalar("alpha", "float32", 1.0),
        scalar("beta", "float32", 0.5)],
        gmem_bytes={"load": m * m * ((m // 16) * 8 + 4), "store": 4 * m * m},
        note="per thread: K/16 iterations of one 4-byte A and one 4-byte B load, then C read and written")
    nh, bins = 1 << 20, 256
    hi = recipe((256, 1, 1), (256, 1, 1), [
        buf("data", "in", "uint32", nh, randint(0, bins, 9)), buf("bins", "out", "uint32", bins),
        scalar("n", "int32", nh), scalar("nbins", "int32", bins)], shared_mem=4 * bins,
        note="bins sum to n; data loads are 4*n bytes, global atomics depend on the data")
    nn = 1 << 16
    ni = recipe((nn // 256, 1, 1), (256, 1, 1), [
        buf("in", "in", "float32", nn, uniform(-3, 3, 10)), buf("out", "out", "float32", nn),
        buf("steps", "out", "int32", nn), scalar("n", "int32", nn)])
    mma = recipe((1, 1, 1), (32, 1, 1), [
        buf("A", "in", "float16", 256, uniform(-1, 1, 11)), buf("B", "in", "float16", 128, uniform(-1, 1, 12)),
        buf("D", "out", "float32", 128)], note="one warp, one m16n8k16 mma.sync")
    mw = 256
    wm = recipe(((mw // 16) * (mw // 16) // 4, 1, 1), (128, 1, 1), [
        buf("A", "in", "float16", mw * mw, uniform(-1, 1, 13)), buf("B", "in", "float16", mw * mw, uniform(-1, 1, 14)),
        buf("C", "out", "float32", mw * mw), scalar("M", "int32", mw), scalar("N", "int32", mw),
        scalar("K", "int32", mw)])
    tiles, blk, grid = 8, 128, 256
    nf = grid * tiles * blk * 4
    ca = recipe((grid, 1, 1), (blk, 1, 1), [
        buf("in", "in", "float32", nf, uniform(-1, 1, 15)), buf("out", "out", "float32", nf),
        scalar("tiles", "int32", tiles)], shared_mem=2 * blk * 16,
        gmem_bytes={"load": 4 * nf, "store": 4 * nf}, note="float4 elements; loads are cp.async 16-byte copies")
    mt = 512
    tm = recipe((mt // 32, mt // 32, 1), (128, 1, 1), [
        buf("A", "in", "float16", mt * mt, uniform(-1, 1, 16)), buf("B", "in", "float16", mt * mt, uniform(-1, 1, 17)),
        buf("C", "out", "float32", mt * mt),
        buf("cycles", "out", "int64", (mt // 32) ** 2 * 4, nondeterministic=True),
        scalar("M", "int32", mt), scalar("N", "int32", mt), scalar("K", "int32", mt)],
        note="cycles[block*4 + warp] = clock64() delta around the mma_begin/mma_end markers "
             "(the time_range oracle); exclude it from bit-identity checks")
    na, stride = 1 << 20, 7
    st = recipe((na // 256, 1, 1), (256, 1, 1), [
        buf("in", "in", "float32", na * stride, uniform(-1, 1, 40)), buf("out", "out", "float32", na),
        scalar("n", "int32", na), scalar("stride", "int32", stride)],
        gmem_bytes={"load": 4 * na, "store": 4 * na}, note="each warp's 32 loads span 32 x 28 bytes")
    ga = recipe((na // 256, 1, 1), (256, 1, 1), [
        buf("idx", "in", "int32", na, randint(0, na, 41)), buf("src", "in", "float32", na, uniform(-1, 1, 42)),
        buf("out", "out", "float32", na), scalar("n", "int32", na)],
        gmem_bytes={"load": 8 * na, "store": 4 * na}, note="src is read at random indices")
    nd = (1 << 20) - 5
    lanes = [i % 256 for i in range(nd)]
    dv = recipe((cdiv(nd, 256), 1, 1), (256, 1, 1), [
        buf("a", "in", "float32", nd, uniform(-1, 1, 43)), buf("b", "in", "float32", nd, uniform(-1, 1, 44)),
        buf("out", "out", "float32", nd), scalar("n", "int32", nd)],
        gmem_bytes={"load": 4 * (nd + sum(1 for t in lanes if t % 4 == 2)),
                    "store": 4 * sum(1 for t in lanes if t % 3 == 0)},
        note="odd lanes load a, even lanes b (and a when bit 1 is set), lanes t % 3 == 0 store")
    n4 = 1 << 18
    v4 = recipe((n4 // 256, 1, 1), (256, 1, 1), [
        buf("in", "in", "float32", 4 * n4, uniform(-1, 1, 45)), buf("out", "out", "float32", 4 * n4),
        scalar("s", "float32", 1.5), scalar("n", "int32", n4)],
        gmem_bytes={"load": 16 * n4, "store": 16 * n4}, note="one ld.global.v4.f32 and one st per thread")
    return {"vector_add": va, "saxpy": sx, "reduce_sum": rd, "sgemm_tiled": sg,
            "histogram_atomic": hi, "_Z14apply_noinlinePKfPfPii": ni, "mma_m16n8k16": mma,
            "wmma_gemm": wm, "cp_async_scale": ca, "timed_matmul": tm, "strided_copy": st,
            "gather": ga, "divergent": dv, "vec4_scale": v4, **feature_recipes(),
            **generic_recipes(), "ws_pipeline": warp_specialized_recipe()}


def warp_specialized_recipe() -> dict:
    """src/warp_specialized.cu: two waves of 132 blocks (168 registers a thread: one block an SM),
    64 chunks of 256 floats a block."""
    blocks, chunks = 264, 64
    return recipe((blocks, 1, 1), (384, 1, 1), [
        buf("x", "in", "float32", blocks * chunks * 256, uniform(-1, 1, 60)),
        buf("out", "out", "float32", blocks * 256), scalar("chunks", "int32", chunks)],
        gmem_bytes={"load": 4 * blocks * chunks * 256, "store": 4 * blocks * 256},
        note="setmaxnreg: the producer warpgroup drops to 40 registers, the consumers rise to 232")


def generic_recipes() -> dict[str, dict]:
    """src/generic.cu's kernels: accesses through generic addresses, with the bytes of those
    that reach global memory (an access of shared memory through the same load is not)."""
    nt = 1 << 20
    ns = (1 << 20) - 5
    return {
        "through_table": recipe((nt // 256, 1, 1), (256, 1, 1), [
            buf("a", "in", "float32", nt, uniform(-1, 1, 60)), buf("out", "out", "float32", nt),
            buf("table", "out", "uint64", 2 * nt, nondeterministic=True), scalar("n", "int32", nt)],
            gmem_bytes={"load": 20 * nt, "store": 20 * nt},
            note="two pointers stored to and read back from table, then a generic load and "
                 "store through them (table holds device addresses: not compared)"),
        "shared_or_global": recipe((cdiv(ns, 256), 1, 1), (256, 1, 1), [
            buf("a", "in", "float32", ns, uniform(-1, 1, 61)), buf("out", "out", "float32", ns),
            scalar("n", "int32", ns)],
            gmem_bytes={"load": 4 * ((ns + 1) // 2), "store": 4 * ns},
            note="one generic load: shared memory on odd threads, global on even ones (nvcc "
                 "loads only where i < n, where the value is stored)"),
    }


def feature_recipes() -> dict[str, dict]:
    """src/features.cu's kernels (all but `texture_fetch`, whose texture object no recipe makes)."""
    nw, nc = 4096, 2048
    return {
        "calls": recipe((4, 1, 1), (64, 1, 1), [buf("out", "out", "int32", 256)],
                        note="prints one line; out = factorial(threadIdx.x % 6) through a recursive call"),
        "local_array": recipe((2, 1, 1), (128, 1, 1), [
            buf("out", "out", "float32", 256), scalar("pick", "int32", 7)]),
        "warp_reduce": recipe((nw // 256, 1, 1), (256, 1, 1), [
            buf("in", "in", "int32", nw, randint(0, 100, 50)), buf("total", "out", "int32", 1),
            scalar("n", "int32", nw)], note="total = sum of in (an integer sum: any order)"),
        "cluster_swap": recipe((4, 1, 1), (128, 1, 1), [buf("out", "out", "int32", 512)],
                               note="clusters of 2 blocks read each other's shared memory (sm_90)"),
        "atomics": recipe((4, 1, 1), (64, 1, 1), [
            buf("d", "out", "float64", 1), buf("u", "out", "uint64", 1), buf("f", "out", "float32", 1),
            buf("c", "out", "int32", 1), buf("h", "out", "float16", 2)]),
        "odd_widths": recipe((2, 1, 1), (128, 1, 1), [
            buf("a", "inout", "float32", 4 * 256, uniform(-1, 1, 51)),
            buf("b", "inout", "float64", 2 * 256, uniform(-1, 1, 52)),
            buf("c", "inout", "int8", 256, randint(-50, 50, 53)),
            buf("d", "inout", "int16", 4 * 256, randint(-1000, 1000, 54))],
            note="float4, double2, char and short4 accesses"),
        "memcpy_barrier": recipe((4, 1, 1), (256, 1, 1), [
            buf("data", "inout", "float32", 1024, uniform(-1, 1, 55))],
            note="cuda::memcpy_async into shared memory, completed through an mbarrier"),
        "collatz_steps": recipe((nc // 256, 1, 1), (256, 1, 1), [
            buf("start", "in", "int32", nc, randint(1, 10000, 56)), buf("steps", "out", "int32", nc),
            scalar("n", "int32", nc)], note="lanes leave the loop one by one"),
        "switch_add": recipe((4, 1, 1), (64, 1, 1), [
            buf("bins", "out", "int32", 7), scalar("k", "int32", 3)]),
    }


# --- CUDA C ----------------------------------------------------------------------------------------

CUDA_SOURCES = ["vector_add", "saxpy", "reduction", "sgemm", "histogram", "noinline", "tensor_core",
                "cp_async", "timed_matmul", "access", "features", "generic"]
EXAMPLE = "cuda/vector_add.sm_80.lineinfo.ptx"  # also shipped as examples/vector_add.ptx
DEBUG_BUILDS = [("sgemm", "sm_90"), ("tensor_core", "sm_90")]
# sources that only build for one architecture's own features (setmaxnreg: sm_90a)
ARCH_SPECIFIC = {"warp_specialized": "sm_90a", "tcgen05": "sm_100a"}
# sources built with separate compilation (`-rdc=true`) only: `.weak`, calls through registers
RDC_SOURCES = ["indirect"]


def nvcc_version(nvcc: str) -> str:
    out = subprocess.run([nvcc, "--version"], capture_output=True, text=True, check=True).stdout
    return "nvcc " + re.search(r"V(\d+\.\d+\.\d+)", out).group(1)


def declared(ptx: str) -> tuple[list[str], list[str]]:
    return ENTRY.findall(ptx), sorted(set(FUNC.findall(ptx)))


def build_cuda(nvcc: str, recipes: dict, stems: list[str] | None = None) -> list[dict]:
    """Every CUDA source's PTX files and index entries (only those of `stems` where given)."""
    made, version = [], nvcc_version(nvcc)
    variants = [(s, a, f) for s in CUDA_SOURCES for a in ("sm_80", "sm_90") for f in ([], ["-lineinfo"])]
    variants += [(s, a, f) for s, a in ARCH_SPECIFIC.items() for f in ([], ["-lineinfo"])]
    variants += [(s, a, ["-G"]) for s, a in DEBUG_BUILDS]
    variants += [(s, a, ["-rdc=true"]) for s in RDC_SOURCES for a in ("sm_80", "sm_90")]
    variants = [v for v in variants if stems is None or v[0] in stems]
    for stem, arch, flags in variants:
        suffix = "".join(f".{f.lstrip('-').split('=')[0]}" for f in flags)   # -rdc=true: .rdc
        rel = f"cuda/{stem}.{arch}{suffix}.ptx"
        cmd = ["-ptx", f"-arch={arch}", *flags]
        subprocess.run([nvcc, *cmd, str(SRC / f"{stem}.cu"), "-o", str(HERE / rel)], check=True)
        (HERE / rel).write_text(portable((HERE / rel).read_text()))
        kernels, funcs = declared((HERE / rel).read_text())
        made.append({"file": rel, "source": f"src/{stem}.cu", "compiler": version, "arch": arch,
                     "flags": cmd, "kernels": kernels, "device_functions": funcs,
                     "launch": {k: recipes[k] for k in kernels if k in recipes}})
    return made


# --- Triton ----------------------------------------------------------------------------------------

TRITON_PTX_VERSION = 87


def triton_specs() -> list[dict]:
    """Name, signature, constexprs, options, grid and params (without scratch) of each Triton kernel."""
    n = 1_000_000
    rows, cols = 1024, 781
    lrows, lcols = 512, 1000
    mm = 512
    heads, seq = 8, 1024
    mm_sig = {p: "*fp16" for p in ("a_ptr", "b_ptr", "c_ptr")}
    mm_sig |= {p: "i32" for p in ("M", "N", "K", "stride_am", "stride_ak", "stride_bk", "stride_bn",
                                  "stride_cm", "stride_cn")}
    return [
        {"name": "add_kernel", "sig": {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32",
                                       "n_elements": "i32"},
         "constexprs": {"BLOCK": 1024}, "options": {"num_warps": 4},
         "grid": (cdiv(n, 1024), 1, 1), "params": [
             buf("x_ptr", "in", "float32", n, uniform(-1, 1, 21)),
             buf("y_ptr", "in", "float32", n, uniform(-1, 1, 22)),
             buf("out_ptr", "out", "float32", n), scalar("n_elements", "int32", n)]},
        {"name": "softmax_kernel", "sig": {"out_ptr": "*fp32", "in_ptr": "*fp32", "in_row_stride": "i32",
                                           "out_row_stride": "i32", "n_cols": "i32"},
         "constexprs": {"BLOCK": 1024}, "options": {"num_warps": 4},
         "grid": (rows, 1, 1), "params": [
             buf("out_ptr", "out", "float32", rows * cols),
             buf("in_ptr", "in", "float32", rows * cols, uniform(-4, 4, 23)),
             scalar("in_row_stride", "int32", cols), scalar("out_row_stride", "int32", cols),
             scalar("n_cols", "int32", cols)]},
        {"name": "layer_norm_kernel",
         "sig": {"x_ptr": "*fp32", "y_ptr": "*fp32", "w_ptr": "*fp32", "b_ptr": "*fp32",
                 "mean_ptr": "*fp32", "rstd_ptr": "*fp32", "stride": "i32", "n_cols": "i32", "eps": "fp32"},
         "constexprs": {"BLOCK": 512}, "options": {"num_warps": 4},
         "grid": (lrows, 1, 1), "params": [
             buf("x_ptr", "in", "float32", lrows * lcols, uniform(-2, 2, 24)),
             buf("y_ptr", "out", "float32", lrows * lcols),
             buf("w_ptr", "in", "float32", lcols, uniform(0.5, 1.5, 25)),
             buf("b_ptr", "in", "float32", lcols, uniform(-0.5, 0.5, 26)),
             buf("mean_ptr", "out", "float32", lrows), buf("rstd_ptr", "out", "float32", lrows),
             scalar("stride", "int32", lcols), scalar("n_cols", "int32", lcols),
             scalar("eps", "float32", 1e-5)]},
        {"name": "matmul_kernel", "sig": mm_sig,
         "constexprs": {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8},
         "options": {"num_warps": 8, "num_stages": 3},
         "grid": (cdiv(mm, 128) * cdiv(mm, 128), 1, 1), "params": [
             buf("a_ptr", "in", "float16", mm * mm, uniform(-1, 1, 27)),
             buf("b_ptr", "in", "float16", mm * mm, uniform(-1, 1, 28)),
             buf("c_ptr", "out", "float16", mm * mm),
             *[scalar(p, "int32", v) for p, v in (("M", mm), ("N", mm), ("K", mm), ("stride_am", mm),
                                                   ("stride_ak", 1), ("stride_bk", mm), ("stride_bn", 1),
                                                   ("stride_cm", mm), ("stride_cn", 1))]]},
        {"name": "attention_fwd_kernel",
         "sig": {"q_ptr": "*fp16", "k_ptr": "*fp16", "v_ptr": "*fp16", "o_ptr": "*fp16",
                 "seq_len": "i32", "sm_scale": "fp32", "stride_h": "i32", "stride_s": "i32"},
         "constexprs": {"HEAD_DIM": 64, "BLOCK_M": 128, "BLOCK_N": 64},
         "options": {"num_warps": 8, "num_stages": 3},
         "grid": (seq // 128, heads, 1), "params": [
             *[buf(f"{t}_ptr", "in", "float16", heads * seq * 64, uniform(-1, 1, 29 + i))
               for i, t in enumerate("qkv")],
             buf("o_ptr", "out", "float16", heads * seq * 64), scalar("seq_len", "int32", seq),
             scalar("sm_scale", "float32", 0.125), scalar("stride_h", "int32", seq * 64),
             scalar("stride_s", "int32", 64)]},
    ]


def build_triton() -> list[dict]:
    os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
    import triton
    from triton.backends.compiler import GPUTarget
    sys.path.insert(0, str(SRC))
    import triton_kernels

    made = []
    for spec in triton_specs():
        for cc in (90, 80):
            fn = getattr(triton_kernels, spec["name"])
            sig = dict(spec["sig"]) | {k: "constexpr" for k in spec["constexprs"]}
            src = triton.compiler.ASTSource(fn=fn, signature=sig, constexprs=spec["constexprs"])
            options = spec["options"] | {"ptx_version": TRITON_PTX_VERSION}
            compiled = triton.compile(src, target=GPUTarget("cuda", cc, 32), options=options)
            meta = compiled.metadata
            made.append(triton_entry("triton", "", compiled.asm["ptx"], spec, cc, options,
                                     triton.__version__, meta.num_warps, meta.shared))
    return made


def triton_entry(folder: str, tag: str, ptx: str, spec: dict, cc: int, options: dict, version: str,
                 num_warps: int, shared: int) -> dict:
    """`ptx` of one Triton kernel written to `folder`/<kernel>[.tag].<arch>.ptx, and its index
    entry with the launch recipe of `spec` (scratch pointers the release appends passed as null)."""
    ptx = portable(ptx)
    kernels, funcs = declared(ptx)
    arch = re.search(r"^\.target\s+(\w+)", ptx, re.M).group(1)
    rel = f"{folder}/{spec['name']}{tag}.{arch}.ptx"
    (HERE / folder).mkdir(exist_ok=True)
    (HERE / rel).write_text(ptx)
    extra = [null(f"scratch_{i}") for i in range(_param_count(ptx, kernels[0]) - len(spec["params"]))]
    return {"file": rel, "source": "src/triton_kernels.py", "compiler": f"triton {version}",
            "arch": arch, "flags": [f"GPUTarget('cuda', {cc}, 32)", *(f"{k}={v}" for k, v in options.items()),
                                    *(f"{k}={v}" for k, v in spec["constexprs"].items())],
            "kernels": kernels, "device_functions": funcs,
            "launch": {kernels[0]: recipe(spec["grid"], (32 * num_warps, 1, 1), spec["params"] + extra,
                                          shared_mem=shared)}}


# --- triton_older/: releases 3.0 to 3.5, each with its own LLVM and PTX ISA ----------------------

# release -> (kernel, compute capability) pairs src/triton_older.py compiles with it
TRITON_OLDER = {
    "3.0.0": [("add_kernel", 80), ("matmul_kernel", 90)],
    "3.1.0": [("softmax_kernel", 90)],
    "3.2.0": [("layer_norm_kernel", 80)],
    "3.3.1": [("add_kernel", 90)],
    "3.4.0": [("softmax_kernel", 80)],
    "3.5.1": [("layer_norm_kernel", 90), ("add_kernel", 80)],
}


def build_triton_older(pythons: list[str]) -> list[dict]:
    """triton_older/: src/triton_older.py run by each of `pythons` (an interpreter with one
    release of TRITON_OLDER installed), one file per module it prints, tagged with the release."""
    specs = {s["name"]: s for s in triton_specs()}
    for old in (HERE / "triton_older").glob("*.ptx"):
        old.unlink()
    made = []
    for python in pythons:
        out = subprocess.run([python, str(SRC / "triton_older.py")], check=True, capture_output=True,
                             text=True).stdout
        for line in out.splitlines():
            item = json.loads(line)
            spec = specs[item["name"]]
            made.append(triton_entry("triton_older", f".{item['version']}", item["ptx"], spec, item["cc"],
                                     spec["options"], item["version"], item["num_warps"], item["shared"]))
    return made


def _param_count(ptx: str, kernel: str) -> int:
    """Number of params of `kernel`'s .entry (Triton appends scratch pointers we pass as null)."""
    head = ptx[ptx.index(f".entry {kernel}("):]
    return head[:head.index(")")].count(".param")


# --- library/: kernels of tests/gpu/programs, as their programs handed them to the driver -------

# corpus name -> (the program, the kernel's name, a text only that build of it holds or None)
LIBRARY = {
    "tma_device_kernel.sm_90a.ptx": ("library_triton.py", "tma_device_kernel", None),
    "tma_host_kernel.sm_90a.ptx": ("library_triton.py", "tma_host_kernel", None),
    "inline_asm_kernel.sm_90a.ptx": ("library_triton.py", "inline_asm_kernel", None),
    "print_kernel.sm_90a.ptx": ("library_triton.py", "print_kernel", None),
    "sort_kernel.sm_90a.ptx": ("library_triton.py", "sort_kernel", None),
    "persistent_matmul_kernel.sm_90a.ptx": ("library_triton.py", "persistent_matmul_kernel", None),
    "dot_kernel_int8.sm_90a.ptx": ("library_triton.py", "dot_kernel", ".s32.s8.s8"),
    "dot_kernel_fp8.sm_90a.ptx": ("library_triton.py", "dot_kernel", ".e4m3.e4m3"),
    "f64_kernel.sm_90a.ptx": ("library_triton.py", "f64_kernel", None),
    "recurrence_kernel.sm_90a.ptx": ("library_triton.py", "recurrence_kernel", None),
    "dropout_kernel.sm_90a.ptx": ("library_triton.py", "dropout_kernel", None),
    "raw_module.sm_90.ptx": ("library_cupy.py", "cas_max", None),
    "scatter_add.sm_90.ptx": ("library_cupy.py", "cupy_scatter_add", None),
    "var_core_float64.sm_90.ptx": ("library_cupy.py", "cupy_var_core_float64", None),
    "sqrt_complex64.sm_90.ptx": ("library_cupy.py", "cupy_sqrt__complex64_complex64", None),
    "nonzero_scan.sm_90.ptx": ("library_cupy.py", "cupy_nonzero_kernel_incomplete_scan", None),
    "layer_norm_backward.sm_90a.ptx": (
        "library_inductor.py",
        "triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_11", None),
    "gelu_backward.sm_90a.ptx": ("library_inductor.py", "triton_poi_fused_gelu_gelu_backward_view_3",
                                 None),
    "softmax_backward.sm_90a.ptx": ("library_inductor.py",
                                    "triton_per_fused__softmax_backward_data_div_view_8", None),
}
LIBRARY_COMPILERS = {"library_triton.py": "triton 3.6", "library_inductor.py": "inductor (torch 2.11)"}


def build_library(folder: Path) -> list[dict]:
    """library/ from `folder`, the PTX files of traced runs of tests/gpu/programs (each trace's
    kernels/ folder keeps every kernel's PTX as the program loaded it): one file per LIBRARY
    entry, made portable."""
    made = []
    (HERE / "library").mkdir(exist_ok=True)
    for old in (HERE / "library").glob("*.ptx"):
        old.unlink()
    texts = {p.read_text() for p in folder.glob("*.ptx")}
    entries = [(t, declared(t)[0]) for t in texts]
    for name, (program, kernel, marker) in LIBRARY.items():
        found = [t for t, kernels in entries if kernel in kernels and (marker is None or marker in t)]
        if len(found) != 1:
            raise SystemExit(f"{name}: {len(found)} files of {folder} hold {kernel}"
                             + (f" and {marker}" if marker else ""))
        text = portable(found[0])
        (HERE / "library" / name).write_text(text)
        kernels, funcs = declared(text)
        build = re.search(r"V(\d+\.\d+\.\d+)", text)
        compiler = LIBRARY_COMPILERS.get(program) or f"nvrtc {build.group(1)} (CuPy)"
        made.append({"file": f"library/{name}", "source": f"../gpu/programs/{program}",
                     "compiler": compiler, "arch": re.search(r"^\.target\s+(\w+)", text, re.M)[1],
                     "flags": ["H200 machine", "from a `neutrino trace` run's kernels/ folder"],
                     "kernels": kernels, "device_functions": funcs, "launch": {}})
    return made


# --- tinygrad/: PTX tinygrad's own renderer writes (no NVVM), rendered without a GPU ----------

def build_rendered(folder: str, script: str, compiler: str, python: str, name_of) -> list[dict]:
    """`folder`/ from `src/<script>` run by `python` (an interpreter with the library that
    renders the PTX): one file per JSON line it prints ({"name", "ptx"}), named by its order and
    `name_of(line, kernels)`."""
    out = subprocess.run([python, str(HERE / "src" / script)], check=True,
                         capture_output=True, text=True).stdout
    (HERE / folder).mkdir(exist_ok=True)
    for old in (HERE / folder).glob("*.ptx"):
        old.unlink()
    made = []
    for i, line in enumerate(out.splitlines()):
        item = json.loads(line)
        text = portable(item["ptx"])
        kernels, funcs = declared(text)
        name = f"{i:02d}_{name_of(item, kernels)}.sm_90.ptx"
        (HERE / folder / name).write_text(text)
        made.append({"file": f"{folder}/{name}", "source": f"src/{script}", "compiler": compiler,
                     "arch": "sm_90", "flags": ["rendered on a machine without a GPU"],
                     "kernels": kernels, "device_functions": funcs, "launch": {}})
    return made


def build_tinygrad(python: str) -> list[dict]:
    """tinygrad/: one file per distinct kernel, named by its entry (tinygrad names by shape)."""
    return build_rendered("tinygrad", "tinygrad_kernels.py", "tinygrad 0.14.0 (PTXRenderer)", python,
                          lambda item, kernels: kernels[0])


def build_numba(python: str) -> list[dict]:
    """numba/: one file per kernel, named by its Python name (the entry's is mangled)."""
    return build_rendered("numba", "numba_kernels.py", "numba-cuda 0.30.4 (NVVM 13.0)", python,
                          lambda item, kernels: item["name"])


CUTLASS_EXAMPLE = "examples/48_hopper_warp_specialized_gemm/48_hopper_warp_specialized_gemm.cu"


def build_cutlass(root: str, include: str | None = None) -> list[dict]:
    """cutlass/: the GEMM kernel of CUTLASS's Hopper example 48 (warp-specialised cooperative
    mainloop: TMA multicast in clusters, mbarriers, wgmma, setmaxnreg), from `nvcc -ptx` of the
    whole example with only that entry kept (the example's reference kernels need curand's
    100 KB tables; they are dropped, with every declaration the kept kernel does not name)."""
    sys.path.insert(0, str(HERE.parent.parent))
    from neutrino_py import toolchain
    from neutrino_py.asm import ir
    from neutrino_py.asm.parser import parse_ptx

    nvcc, src = os.environ.get("NVCC") or str(toolchain.tool_path("nvcc")), Path(root)
    flags = ["-ptx", "-std=c++17", "-O3", "-arch=sm_90a", "--expt-relaxed-constexpr"]
    # relative to the checkout, so the assert messages' file names hold no folder of this machine
    includes = [f"-I{d}" for d in ("include", "tools/util/include", "examples/common")]
    includes += [f"-I{Path(include).resolve()}"] if include else []
    whole = HERE / "cutlass" / "example48.ptx"
    whole.parent.mkdir(exist_ok=True)
    subprocess.run([nvcc, *flags, *includes, CUTLASS_EXAMPLE, "-o", str(whole)], check=True, cwd=src)
    module = parse_ptx(whole.read_text())
    whole.unlink()
    gemm = next(f for f in module.functions() if f.name.startswith("_ZN7cutlass13device_kernel"))
    body = gemm.to_text()
    module.items = [x for x in module.items
                    if (x is gemm or not isinstance(x, (ir.Function, ir.VarDecl)) or x.name in body)
                    and not (isinstance(x, ir.Comment) and ".globl" in x.to_text())]
    rel = "cutlass/hopper_ws_gemm.sm_90a.ptx"
    (HERE / rel).write_text(portable(module.to_text()))
    kernels, funcs = declared((HERE / rel).read_text())
    return [{"file": rel, "source": CUTLASS_EXAMPLE, "origin": "NVIDIA/cutlass", "compiler": nvcc_version(nvcc),
             "arch": "sm_90a", "flags": flags, "kernels": kernels, "device_functions": funcs,
             "launch": {}}]


def build_cutedsl(root: str, python: str | None = None) -> list[dict]:
    """cutedsl/: kernels of the CuTe DSL examples in the CUTLASS checkout `root`, compiled by
    `python` (an interpreter with nvidia-cutlass-dsl) running src/cutedsl_kernels.py, one file per
    JSON line it prints, named by the case and its architecture."""
    out = subprocess.run([python or sys.executable, str(SRC / "cutedsl_kernels.py"), root],
                         check=True, capture_output=True, text=True).stdout
    (HERE / "cutedsl").mkdir(exist_ok=True)
    for old in (HERE / "cutedsl").glob("*.ptx"):
        old.unlink()
    made = []
    for line in out.splitlines():
        item = json.loads(line)
        text = portable(item["ptx"])
        rel = f"cutedsl/{item['name']}.{item['arch']}.ptx"
        (HERE / rel).write_text(text)
        kernels, funcs = declared(text)
        nvvm = re.search(r"release (\d+\.\d+), V[\d.]+\n// Based on NVVM ([\d.]+)", text)
        made.append({"file": rel, "source": item["source"], "origin": "NVIDIA/cutlass",
                     "compiler": f"nvidia-cutlass-dsl {item['dsl']} (NVVM {nvvm[2]}, CUDA {nvvm[1]})",
                     "arch": item["arch"],
                     "flags": [f"--gpu-arch={item['arch']}", item["config"],
                               "fake tensors, compiled on a machine without a GPU"],
                     "kernels": kernels, "device_functions": funcs, "launch": {}})
    return made



# --- nvrtc_older/: CUDA 11.8 and 12.x releases' NVVM (PTX ISA 7.8 to 8.7) through their NVRTC -----

# NVRTC release -> (source stem, arch, extra flags) src/nvrtc_older.py compiles with it
NVRTC_OLDER = {
    "11.8": [("reduction", "sm_75", ["-lineinfo"]), ("cp_async", "sm_86", [])],
    "12.0": [("noinline", "sm_86", []), ("warp_specialized", "sm_90a", [])],
    "12.4": [("histogram", "sm_89", []), ("tensor_core", "sm_89", [])],
    "12.8": [("generic", "sm_120", []), ("tcgen05", "sm_100a", [])],
}


def build_nvrtc_older(roots: list[str]) -> list[dict]:
    """nvrtc_older/: src/nvrtc_older.py run once per folder of `roots` (the wheels of one NVRTC
    release of NVRTC_OLDER), one file per module, named by source, release and arch."""
    for old in (HERE / "nvrtc_older").glob("*.ptx"):
        old.unlink()
    (HERE / "nvrtc_older").mkdir(exist_ok=True)
    made, recipes = [], cuda_recipes()
    for root in roots:
        # NVRTC names the source in `.file` from the working folder: src/, which `portable` knows
        out = subprocess.run([sys.executable, str(SRC / "nvrtc_older.py"), root], check=True,
                             capture_output=True, text=True, cwd=SRC).stdout
        for line in out.splitlines():
            item = json.loads(line)
            text = portable(item["ptx"])
            release = re.search(r"release (\d+\.\d+), (V[\d.]+)", text)
            rel = f"nvrtc_older/{item['name']}.{release[1]}.{item['arch']}.ptx"
            (HERE / rel).write_text(text)
            kernels, funcs = declared(text)
            made.append({"file": rel, "source": f"src/{item['name']}.cu",
                         "compiler": f"nvrtc {release[1]} ({release[2]})", "arch": item["arch"],
                         "flags": item["flags"], "kernels": kernels, "device_functions": funcs,
                         "launch": {k: recipes[k] for k in kernels if k in recipes}})
    return made


# --- llvm_nvptx/: upstream LLVM's NVPTX back end (clang CUDA, llc, llvmlite) ---------------------

# (source, tool, LLVM major of the tool or of the clang that makes llvmlite's IR, arch, PTX feature,
# extra clang flags: -g gives `.loc` lines and the `.file`s after the last function)
LLVM_NVPTX = [("kernels.cu", "clang", 19, "sm_80", "+ptx70", []), ("kernels.cu", "clang", 19, "sm_90", "+ptx78", []),
              ("kernels.cu", "clang", 19, "sm_90", "+ptx78", ["-g"]),
              ("kernels.cu", "clang", 14, "sm_80", "+ptx70", []), ("ir_kernels.ll", "llc", 19, "sm_80", "+ptx70", []),
              ("kernels.cu", "llvmlite", 19, "sm_80", "+ptx70", []),
              ("ir_kernels.ll", "llvmlite", 19, "sm_90", "+ptx78", [])]


def llvm_tool(name: str, major: int) -> str:
    """`name` of LLVM release `major` (`clang-19`, `llc-14`), as Debian and LLVM's apt packages
    put it on PATH."""
    path = shutil.which(f"{name}-{major}")
    if path is None:
        raise SystemExit(f"no {name}-{major} on PATH (apt-get install clang-{major} llvm-{major})")
    return path


def tool_release(tool: str) -> str:
    out = subprocess.run([tool, "--version"], capture_output=True, text=True, check=True).stdout
    return re.search(r"version (\d+\.\d+\.\d+)", out).group(1)


def clang_flags(arch: str, ptx: str, empty: str) -> list[str]:
    """clang CUDA device-only flags: nvptx.h's builtins instead of CUDA's headers, and the PTX
    ISA named (`--cuda-path` an empty folder, so no CUDA release found adds a newer one)."""
    return ["-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib", f"--cuda-path={empty}",
            f"--cuda-gpu-arch={arch}", "-Xclang", "-target-feature", "-Xclang", ptx, "-O2"]


def build_llvm_nvptx(python: str | None) -> list[dict]:
    """llvm_nvptx/: src/llvm_nvptx/ through each LLVM_NVPTX row, named `<source>.<LLVM release>.
    <arch>[.g].ptx`: clang -S (CUDA), llc (IR), and llvmlite's own LLVM through `python` (an
    interpreter with llvmlite; its rows are skipped without one) on the IR of either."""
    folder, recipes = HERE / "llvm_nvptx", llvm_nvptx_recipes()
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.ptx"):
        old.unlink()
    made = []
    with tempfile.TemporaryDirectory() as empty:
        for source, tool, major, arch, ptx, extra in LLVM_NVPTX:
            path, ir_flags = SRC / "llvm_nvptx" / source, [*clang_flags(arch, ptx, empty), *extra]
            if tool == "clang":
                clang = llvm_tool("clang", major)
                text = subprocess.run([clang, *ir_flags, "-S", str(path), "-o", "-"], check=True,
                                      capture_output=True, text=True, cwd=path.parent).stdout
                release, compiler = tool_release(clang), f"clang {tool_release(clang)}"
                flags = [*clang_flags(arch, ptx, "(an empty folder)"), *extra, "-S"]
            elif tool == "llc":
                llc = llvm_tool("llc", major)
                flags = ["-march=nvptx64", f"-mcpu={arch}", f"-mattr={ptx}"]
                text = subprocess.run([llc, *flags, str(path), "-o", "-"], check=True, capture_output=True,
                                      text=True).stdout
                release, compiler = tool_release(llc), f"llc {tool_release(llc)}"
            else:
                if python is None:
                    continue
                ir = path.read_text()
                flags = [f"cpu={arch}", f"features={ptx}", "opt=2"]
                if source.endswith(".cu"):
                    clang = llvm_tool("clang", major)
                    ir = subprocess.run([clang, *ir_flags, "-S", "-emit-llvm", str(path), "-o", "-"],
                                        check=True, capture_output=True, text=True, cwd=path.parent).stdout
                    flags = [f"IR of clang {tool_release(clang)} -emit-llvm", *flags]
                item = json.loads(subprocess.run([python, str(SRC / "llvm_nvptx" / "llvmlite_ptx.py"), arch, ptx],
                                                 input=ir, check=True, capture_output=True, text=True).stdout)
                text, release = item["ptx"], item["llvm"]
                compiler = f"llvmlite {item['llvmlite']} (LLVM {release})"
            text = portable(text)
            suffix = "".join(f".{f.lstrip('-')}" for f in extra)          # -g: .g
            rel = f"llvm_nvptx/{path.stem}.{release}.{arch}{suffix}.ptx"
            (HERE / rel).write_text(text)
            kernels, funcs = declared(text)
            made.append({"file": rel, "source": f"src/llvm_nvptx/{source}", "compiler": compiler,
                         "arch": arch, "flags": flags, "kernels": kernels, "device_functions": funcs,
                         "launch": {k: recipes[k] for k in kernels if k in recipes}})
    return made


def llvm_nvptx_recipes() -> dict[str, dict]:
    """src/llvm_nvptx/'s kernels, all but struct_param (a struct passed by value, which no recipe
    kind passes). Sizes leave a partial last block where the kernel guards its bounds."""
    n, blk = (1 << 20) - 3, 256
    ns, nb = 1 << 20, 256
    nr = nb * blk - 100
    na, nh = 4000, 4096
    nv = 16 * 128
    return {
        "ew_add": recipe((cdiv(n, blk), 1, 1), (blk, 1, 1), [
            buf("a", "in", "float32", n, uniform(-1, 1, 70)), buf("b", "in", "float32", n, uniform(-1, 1, 71)),
            buf("c", "out", "float32", n), scalar("n", "int32", n)],
            gmem_bytes={"load": 8 * n, "store": 4 * n}),
        "grid_stride_axpy": recipe((64, 1, 1), (blk, 1, 1), [
            scalar("n", "int32", ns), scalar("alpha", "float32", 2.5),
            buf("x", "in", "float32", ns, uniform(-1, 1, 72)), buf("y", "inout", "float32", ns, uniform(-1, 1, 73))],
            gmem_bytes={"load": 8 * ns, "store": 4 * ns}, note="grid-stride loop: 64 iterations per thread"),
        "block_sum": recipe((nb, 1, 1), (blk, 1, 1), [
            buf("in", "in", "float32", nr, uniform(-1, 1, 74)), buf("out", "out", "float32", nb),
            scalar("n", "int32", nr)], note="out[b] = sum of block b's inputs (shuffles, then shared memory)"),
        "atomics": recipe((cdiv(na, blk), 1, 1), (blk, 1, 1), [
            buf("in", "in", "int32", na, randint(0, 100, 75)), buf("total", "out", "int32", 1),
            buf("maximum", "out", "int32", 1), buf("fsum", "out", "float32", 1), scalar("n", "int32", na)],
            note="fsum adds halves of small integers: exact in any order"),
        "call_horner": recipe((cdiv(nh, blk), 1, 1), (blk, 1, 1), [
            buf("in", "in", "float32", nh, uniform(-1, 1, 76)), buf("out", "out", "float32", nh),
            scalar("n", "int32", nh), scalar("degree", "int32", 6)]),
        "wide_math": recipe((cdiv(nh, blk), 1, 1), (blk, 1, 1), [
            buf("a", "in", "float64", nh, uniform(-1, 1, 77)),
            buf("b", "in", "int64", nh, randint(-(1 << 40), 1 << 40, 78)),
            buf("d", "out", "float64", nh), buf("e", "out", "int64", nh),
            buf("h", "in", "float16", nh, uniform(-2, 2, 79)), buf("ho", "out", "float16", nh),
            buf("bf", "in", "int16", nh, randint(0x3c00, 0x4400, 80)), buf("bo", "out", "float32", nh),
            scalar("n", "int32", nh)], note="bf holds bfloat16 bits"),
        "dyn_reverse": recipe((64, 1, 1), (blk, 1, 1), [
            buf("in", "in", "float32", 64 * blk - 10, uniform(-1, 1, 81)),
            buf("out", "out", "float32", 64 * blk - 10), scalar("n", "int32", 64 * blk - 10)],
            shared_mem=4 * blk, note="each block's slice reversed through dynamic shared memory"),
        "switch_op": recipe((cdiv(nh - 7, blk), 1, 1), (blk, 1, 1), [
            buf("op", "in", "int32", nh - 7, randint(-1, 9, 82)), buf("a", "in", "float32", nh - 7, uniform(-1, 1, 83)),
            buf("out", "out", "float32", nh - 7), scalar("n", "int32", nh - 7)]),
        "inline_asm": recipe((cdiv(nh, blk), 1, 1), (blk, 1, 1), [
            buf("a", "in", "int32", nh, randint(-50, 50, 84)), buf("out", "out", "int32", nh),
            scalar("n", "int32", nh)]),
        "generic_shared": recipe((8, 1, 1), (64, 1, 1), [
            buf("idx", "in", "int32", 500, randint(-2, 10, 85)), buf("out", "out", "int32", 64),
            scalar("n", "int32", 500)]),
        "ll_switch": recipe((cdiv(nh - 7, blk), 1, 1), (blk, 1, 1), [
            buf("op", "in", "int32", nh - 7, randint(-1, 9, 86)), buf("out", "out", "int32", nh - 7),
            scalar("n", "int32", nh - 7)]),
        "ll_local": recipe((cdiv(nh, blk), 1, 1), (blk, 1, 1), [
            buf("in", "in", "float32", nh, uniform(-1, 1, 87)), buf("out", "out", "float32", nh),
            scalar("n", "int32", nh)]),
        "ll_vector": recipe((16, 1, 1), (128, 1, 1), [
            buf("in", "in", "float32", 4 * nv, uniform(-1, 1, 88)), buf("out", "out", "float32", 4 * nv),
            scalar("n4", "int32", nv)], shared_mem=4 * 128,
            note="every thread loads its float4 before the bounds check: n4 = the grid's threads"),
        "ll_wide": recipe((cdiv(nh, blk), 1, 1), (blk, 1, 1), [
            buf("acc", "out", "uint64", 3, nondeterministic=True),
            buf("wide", "inout", "uint64", 2 * nh, randint(0, 1 << 62, 89)),
            buf("h2", "inout", "float16", 2 * nh, uniform(-2, 2, 90)), scalar("n", "int32", nh)],
            note="acc[1] is the last thread's exchange, acc[2] what one thread found there: not compared"),
    }


# made by their own modes and kept when the rest is regenerated
KEPT = {"library/": lambda arg: build_library(Path(arg)), "tinygrad/": build_tinygrad,
        "numba/": build_numba, "cutlass/": lambda arg: build_cutlass(arg, *sys.argv[3:4]),
        "cutedsl/": lambda arg: build_cutedsl(arg, *sys.argv[3:4]),
        "triton_older/": lambda arg: build_triton_older(sys.argv[2:] or [arg]),
        "nvrtc_older/": lambda arg: build_nvrtc_older(sys.argv[2:]),
        "llvm_nvptx/": lambda arg: build_llvm_nvptx(sys.argv[2] if sys.argv[2:] else None)}


def replace_entries(made: list[dict], replaced) -> None:
    """index.json with the entries whose file `replaced` says yes to swapped for `made`."""
    index = json.loads((HERE / "index.json").read_text())
    index["files"] = [e for e in index["files"] if not replaced(e["file"])] + made
    (HERE / "index.json").write_text(json.dumps(index, indent=1) + "\n")


def main() -> None:
    mode = {"--library": "library/", "--tinygrad": "tinygrad/", "--numba": "numba/",
            "--cutlass": "cutlass/", "--cutedsl": "cutedsl/", "--triton-older": "triton_older/",
            "--nvrtc-older": "nvrtc_older/", "--llvm-nvptx": "llvm_nvptx/"}.get(sys.argv[1] if sys.argv[1:] else "")
    if mode:
        made = KEPT[mode](sys.argv[2] if sys.argv[2:] else sys.executable)
        replace_entries(made, lambda file: file.startswith(mode))
        print(f"{len(made)} {mode} files")
        return
    nvcc = os.environ.get("NVCC")
    if not nvcc:
        sys.path.insert(0, str(HERE.parent.parent))
        from neutrino_py import toolchain
        nvcc = str(toolchain.tool_path("nvcc"))
    if sys.argv[1:2] == ["--cuda"]:
        stems = sys.argv[2:]
        made = build_cuda(nvcc, cuda_recipes(), stems)
        replace_entries(made, {m["file"] for m in made}.__contains__)
        print(f"{len(made)} files of {', '.join(stems)}")
        return
    for sub in ("cuda", "triton"):
        (HERE / sub).mkdir(exist_ok=True)
        for old in (HERE / sub).glob("*.ptx"):
            old.unlink()
    kept = [e for e in json.loads((HERE / "index.json").read_text())["files"]
            if e["file"].startswith(tuple(KEPT))]   # made by the modes named in KEPT
    entries = build_cuda(nvcc, cuda_recipes()) + build_triton() + kept
    shutil.copyfile(HERE / EXAMPLE, HERE.parent.parent / "examples" / "vector_add.ptx")
    index = {"version": 1, "files": entries}
    (HERE / "index.json").write_text(json.dumps(index, indent=1) + "\n")
    total = sum((HERE / e["file"]).stat().st_size for e in entries)
    print(f"{len(entries)} files, {total / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
