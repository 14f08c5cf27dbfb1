"""Exact map contents of instrumented GCN kernels, computed on the CPU by the wave simulator
(tests/gcn_wave.py): every stock probe x every kernel of the hand-written GCN corpus (kernels.hip,
shapes.hip: loops, LDS trees with barriers, atomics, divergent branches, cross-lane permutes,
MFMA with accumulators in AGPRs) and a sample of the broad corpus (`_broad_cases`: switches,
selects, returning atomics, swizzles, DPP broadcasts, forward permutes, 64-bit shifts, an LDS
scan, an irreducible loop, scalar bit operations, a CSR product), on gfx90a and gfx942. Each kernel's outputs are first checked against a NumPy reference, which
checks the simulator itself.

Each kernel runs twice on the same inputs: as compiled, and instrumented. The instrumented run
must issue the kernel's own instructions exactly as the original did (same order, EXEC masks,
addresses, LDS offsets: the probes change nothing the kernel sees) and leave every buffer
byte-identical. Each probe's maps are then checked against an oracle computed from the original
run's instruction stream, not from the instrumented code: which lanes accessed which addresses
(dmat, gmem_bytes, hotness; memtrace's lanes rebuilt from its warp-compressed records), which
basic blocks each lane entered (opcode_mix), the lanes at each conditional branch
(branch_divergence), marks (time_range), and the deterministic clocks the simulator hands out
(block_sched). The simulator executes the IR whose printed text llvm-mc
assembles; that text is checked to parse back to the same instructions.
"""
from __future__ import annotations

import math
import re
import struct
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from gcn_wave import (CLOCK_BASE, LANES, PRIVATE_APERTURE, REALTIME_BASE, SHARED_APERTURE,
                      Memory, Simulator, Unknown)
from neutrino_py.asm.gcn import Comment, GcnModule, Instruction, Label
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.contract.manifest import SM_ROWS
from neutrino_py.maps import read
from neutrino_py.maps.lanes import expand
from neutrino_py.maps.layout import layout
from neutrino_py.paths import probes_dir
from neutrino_py.probe import ast, load, load_file
from neutrino_py.splice import instrument
from neutrino_py.asm import gcn_opcodes as opcodes

CORPUS = Path(__file__).parent / "corpus_gcn"
TARGETS = ("gfx90a", "gfx942")
PROBES = sorted(p.stem for p in probes_dir().glob("*.probe"))


def _rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


@dataclass
class Case:
    """A kernel's launch: grid, block, explicit args (bytes: a buffer, int: by value), and an
    optional reference check of its outputs (buffers in arg order -> None or assert)."""
    file: str
    grid: tuple
    block: tuple
    args: list
    check: object = None


def _f32(n, seed):
    return _rng(seed).uniform(-1, 1, n).astype(np.float32)


def _cases() -> dict[str, Case]:
    n = 70
    a, b = _f32(n, 1), _f32(n, 2)
    x, y = _f32(100, 3), _f32(100, 4)
    red = _f32(200, 5)
    data = _rng(6).integers(0, 256, 300).astype(np.uint8)
    starts = np.arange(1, 51, dtype=np.uint32)
    mat = _rng(7).uniform(-1, 1, (16, 32))
    wave_in, half = _f32(80, 8), _rng(9).uniform(-2, 2, 80).astype(np.float16)

    def collatz(s):
        k = 0
        while s > 1 and k < 1000:
            s, k = (3 * s + 1 if s & 1 else s >> 1), k + 1
        return k
    ints = _rng(10).integers(-1000, 1000, 90).astype(np.int32)
    rows = _f32(40 * 8, 11)
    big = _rng(12).integers(0, 1 << 30, 200).astype(np.uint32)
    ma, mb = _f32(64, 13), _f32(64, 14)
    aa, ab = _f32(64, 15), _f32(64, 16)

    def agpr_ref(bufs):
        c = np.frombuffer(bufs[2], np.float32)
        a, b = aa.reshape(32, 2).astype(np.float64), ab.reshape(2, 32).astype(np.float64)
        want = sum((a + k) @ b for k in range(4))
        kept = [aa[(lane % 32) * 2 + lane // 32] for lane in range(64)]
        return np.allclose(c[:1024].reshape(32, 32), want, atol=1e-4) and c[1024:].tolist() == kept

    walk_in = _f32(100, 17)

    def walk(i):
        x = np.float32(0)
        for k in range(i, 100, 37):
            x = np.float32(x + (walk_in[k] if k & 1 else -walk_in[k]))
        return x

    def pinned(file):
        """out[i] = walk(i) + what the values pinned in the top registers give back."""
        def check(bufs):
            want = []
            for i in range(100):
                b = i if file == "v" else (i // 64 + 100)
                top = (b, b + 7, 3 * b, b ^ 0x55) if file == "v" else (b, b + 11, 5 * b, b ^ 0x77)
                kept = ((top[0] + top[1] + top[2]) ^ top[3]) & 0xffffffff
                want.append(np.float32(walk(i) + np.float32(kept)))
            return np.frombuffer(bufs[1], np.float32)[:100].tolist() == want
        return check

    def branchy(v):
        m = int(math.fmod(v, 3))                       # C's %: truncates toward zero
        return v * 7 if m == 0 else v - 11 if m == 1 else -v if v & 4 else v ^ 0x55

    def nested(r):
        return sum(np.float32(rows[r * 8 + (c + k) % 8]) for k in range(3) for c in range(r % 5 + 1))
    return {
        "branchy": Case("shapes", (2, 1, 1), (64, 1, 1), [ints.tobytes(), bytes(4 * 90), 90],
                        lambda bufs: np.frombuffer(bufs[1], np.int32).tolist()
                        == [branchy(int(v)) for v in ints]),
        "nested_loops": Case("shapes", (1, 1, 1), (64, 1, 1), [rows.tobytes(), bytes(4 * 40), 40, 8],
                             lambda bufs: np.allclose(np.frombuffer(bufs[1], np.float32),
                                                      [nested(r) for r in range(40)], atol=1e-5)),
        "block_max": Case("shapes", (2, 1, 1), (128, 1, 1), [big.tobytes(), bytes(4), bytes(4), 200],
                          lambda bufs: np.frombuffer(bufs[1], np.uint32)[0] == big.max()
                          == np.frombuffer(bufs[2], np.uint32)[0]),
        "lane_rotate": Case("shapes", (2, 1, 1), (64, 1, 1),
                            [ints.tobytes(), bytes(4 * 90), bytes(4 * 90), 90],
                            lambda bufs: np.frombuffer(bufs[1], np.int32)[:64].tolist()
                            == np.roll(ints[:64], -1).tolist()
                            and np.frombuffer(bufs[2], np.uint32).tolist()
                            == [(int(v) & 0xffffffff) // (i % 7 + 1) + (int(v) & 0xffffffff) % 13
                                & 0xffffffff for i, v in enumerate(ints)]),
        "mfma_tile": Case("shapes", (1, 1, 1), (64, 1, 1), [ma.tobytes(), mb.tobytes(), bytes(4 * 256)],
                          lambda bufs: np.allclose(np.frombuffer(bufs[2], np.float32).reshape(16, 16),
                                                   ma.reshape(16, 4) @ mb.reshape(4, 16), atol=1e-5)),
        "mfma_agpr": Case("shapes", (1, 1, 1), (64, 1, 1),
                          [aa.tobytes(), ab.tobytes(), bytes(4 * (1024 + 64))], agpr_ref),
        "vgpr_full": Case("pressure", (2, 1, 1), (64, 1, 1),
                          [walk_in.tobytes(), bytes(4 * 128), 100], pinned("v")),
        "sgpr_full": Case("pressure", (2, 1, 1), (64, 1, 1),
                          [walk_in.tobytes(), bytes(4 * 128), 100], pinned("s")),
        "vector_add": Case("kernels", (2, 1, 1), (48, 1, 1),
                           [a.tobytes(), b.tobytes(), bytes(4 * n), n],
                           lambda bufs: np.array_equal(np.frombuffer(bufs[2], np.float32), a + b)),
        "saxpy": Case("kernels", (2, 1, 1), (40, 1, 1),
                      [100, 0x40000000, x.tobytes(), y.tobytes()],
                      lambda bufs: np.allclose(np.frombuffer(bufs[3], np.float32), 2 * x + y)),
        "reduce_sum": Case("kernels", (2, 1, 1), (128, 1, 1),
                           [red.tobytes(), bytes(4), 200],
                           lambda bufs: np.isclose(np.frombuffer(bufs[1], np.float32)[0], red.sum(),
                                                   atol=1e-4)),
        "histogram": Case("kernels", (2, 1, 1), (64, 1, 1),
                          [data.tobytes(), bytes(4 * 256), 300],
                          lambda bufs: np.array_equal(np.frombuffer(bufs[1], np.uint32),
                                                      np.bincount(data, minlength=256))),
        "collatz": Case("kernels", (2, 1, 1), (32, 1, 1), [starts.tobytes(), bytes(4 * 50), 50],
                        lambda bufs: np.frombuffer(bufs[1], np.uint32).tolist()
                        == [collatz(int(s)) for s in starts]),
        "transpose_2d": Case("kernels", (2, 1, 1), (16, 16, 1),
                             [mat.tobytes(), bytes(8 * 512), 32, 16],
                             lambda bufs: np.array_equal(
                                 np.frombuffer(bufs[1], np.float64).reshape(32, 16), mat.T)),
        "wave_ops": Case("kernels", (2, 1, 1), (64, 1, 1),
                         [wave_in.tobytes(), bytes(4 * 80), half.tobytes(), bytes(2 * 80), 80]),
        **_broad_cases(),
        **_refused_before_cases(),
    }


def _refused_before_cases() -> dict[str, Case]:
    """Kernels the sweep refused before the register stash and the appended kernarg layout:
    big_struct and struct_by_value (a struct by value; a kernarg read the splicer cannot follow
    puts the map pointers after the hidden args), ir_many_sgprs (at the SGPR budget) and ir_many_vgprs
    (256 VGPRs, every pair named by a global load or store: the sites drain memory and borrow)."""
    big = _rng(40).integers(-1000, 1000, 64).astype(np.int32)
    xs = _f32(200, 41)
    coef = _f32(8, 42)
    params = struct.pack("<fidBxxxxxxxq8f", 1.5, 3, 0.25, 5, 2, *coef.tolist())
    table = _u32(96, 43, 1 << 20)
    vin = _f32(192 * 64, 44)

    def many_vgprs(b, n=3):
        t = np.arange(64)[:, None] * 64 + np.arange(64)[None, :]      # thread x element
        a, w, x = vin[t], vin[t + 64 * 64], vin[t + 128 * 64]
        for _ in range(n):
            a, w, x = a * w, w + x, x - a
        out = np.frombuffer(b[0], np.float32)
        return all(np.array_equal(out[t + 64 * 64 * k], v) for k, v in enumerate((a, w, x)))

    def by_value(i):
        f = np.float32
        return (xs[2 * i] * f(1.5) + f(3)) * coef[i & 7] + f(0.25) + f(1)

    def sgprs(t):
        v, w, x = (table[32 * k:32 * k + 32].astype(np.uint64) for k in range(3))
        return (int(np.sum(((v + w) * x & 0xffffffff) ^ v)) + t) & 0xffffffff

    return {
        "big_struct": Case("kernarg", (2, 1, 1), (64, 1, 1),
                           [int.from_bytes(big.tobytes(), "little"), bytes(4 * 128)],
                           lambda b: np.frombuffer(b[1], np.int32).tolist()
                           == [int(big[t & 63] + big[0]) for t in (*range(64), *range(64))]),
        "struct_by_value": Case("kernarg", (2, 1, 1), (50, 1, 1),
                                [int.from_bytes(params, "little"), xs.tobytes(), bytes(4 * 100)],
                                lambda b: np.allclose(np.frombuffer(b[2], np.float32),
                                                      [by_value(i) for i in range(100)], rtol=1e-6)),
        "ir_many_sgprs": Case("ir_pressure", (1, 1, 1), (64, 1, 1), [bytes(4 * 64), table.tobytes()],
                              lambda b: np.frombuffer(b[0], np.uint32).tolist() == [sgprs(t) for t in range(64)]),
        "ir_many_vgprs": Case("ir_pressure", (2, 1, 1), (64, 1, 1),     # both blocks write the same
                              [bytes(4 * 192 * 64), vin.tobytes(), 3], many_vgprs),
    }


def _u32(n, seed, hi=1 << 32):
    return _rng(seed).integers(0, hi, n, dtype=np.uint64).astype(np.uint32)


def _dpp_shift(x, pos_ok, src):
    """A DPP result with `old` = 0: the source lane's value where the lane is enabled and its
    source exists, else 0."""
    return np.array([x[src(k)] if pos_ok(k) else 0 for k in range(64)], np.uint32)


def _broad_cases() -> dict[str, Case]:
    """A sample of the broad corpus (loops, divergent switches and selects, returning atomics,
    swizzles, DPP broadcasts, forward and backward permutes, 64-bit shifts, an LDS scan with
    barriers, bit tricks, an irreducible loop, scalar bit operations, a CSR product)."""
    m = _f32(40 * 5, 20)
    words = _u32(128, 21)
    ops, xs = _rng(22).integers(0, 9, 90).astype(np.int32), _f32(90, 23)
    sa, sb = _f32(128, 24), _f32(128, 25)
    swz, perm = _rng(26).integers(-999, 999, 64).astype(np.int32), _rng(27).permutation(64).astype(np.int32)
    u64s = _rng(28).integers(0, 1 << 63, 64, dtype=np.uint64)
    scan = _rng(29).integers(-50, 50, 256).astype(np.int32)
    sw = _rng(30).integers(0, 12, 64).astype(np.int32)
    rows = [sorted(_rng(31 + r).choice(16, r % 4, replace=False)) for r in range(40)]
    rowptr = np.cumsum([0] + [len(c) for c in rows]).astype(np.int32)
    col = np.array([c for cs in rows for c in cs], np.int32)
    val, vec = _f32(len(col), 32), _f32(16, 33)

    def rbits(v, bits=32):
        return int(f"{v:0{bits}b}"[::-1], 2)

    def switch(o, x):
        f = np.float32
        return {0: x + f(1), 1: x * x, 2: -x, 3: x * f(0.25), 4: x - f(3), 7: f(42)}.get(int(o), f(0))

    def lane_loop(x):
        acc = 0
        for k in range(x & 31):
            acc = (acc * 31 + k) & 0xffffffff
        return acc

    def select(i, x, y):
        r = x - y if x > y else y - x
        r = r * r if r < np.float32(1) else r
        return r if i & 1 else -r

    def dpp(v):
        row, pos = (lambda k: k // 16), (lambda k: k % 16)
        v1 = v + _dpp_shift(v, lambda k: pos(k) >= 1, lambda k: k - 1)
        v2 = v1 + _dpp_shift(v1, lambda k: pos(k) >= 4 and pos(k) // 4 >= 1, lambda k: k - 4)
        v3 = v2 + _dpp_shift(v2, lambda k: row(k) in (1, 3), lambda k: 16 * row(k) - 1)
        return v3 + _dpp_shift(v3, lambda k: True, lambda k: k - k % 4 + 3 - k % 4)

    def irreducible(t, n):
        x = y = t
        left = t % 2 == 0
        while True:
            if left:
                x = y + 3
                if not x < n:
                    return x
                y, left = x, False
            else:
                y = x * 2 if not left else y
                if not y < n:
                    return y
                x, left = y, True

    def sbits(a, b, g):
        x = a ^ g
        return (rbits(x) + (32 - x.bit_length()) + ((x & -x).bit_length() - 1 if x else 32)
                + bin(b).count("1") + ((x >> 5) & 127)) & 0xffffffff
    i32 = lambda bufs, k: np.frombuffer(bufs[k], np.int32)            # noqa: E731
    u32 = lambda bufs, k: np.frombuffer(bufs[k], np.uint32)           # noqa: E731
    f32 = lambda bufs, k: np.frombuffer(bufs[k], np.float32)          # noqa: E731
    return {
        "sum_rows": Case("loops", (1, 1, 1), (64, 1, 1), [m.tobytes(), bytes(4 * 40), 40, 5],
                         lambda b: f32(b, 1).tolist() == [float(sum(m[5 * r:5 * r + 5], np.float32(0)))
                                                         for r in range(40)]),
        "do_while_bits": Case("loops", (2, 1, 1), (64, 1, 1), [words.tobytes(), bytes(4 * 128)],
                              lambda b: u32(b, 1).tolist() == [bin(int(x)).count("1") for x in words]),
        "switch_op": Case("divergent", (2, 1, 1), (64, 1, 1),
                          [ops.tobytes(), xs.tobytes(), bytes(4 * 90), 90],
                          lambda b: f32(b, 2).tolist() == [float(switch(o, x)) for o, x in zip(ops, xs)]),
        "lane_loops": Case("divergent", (2, 1, 1), (64, 1, 1), [words.tobytes(), bytes(4 * 128)],
                           lambda b: u32(b, 1).tolist() == [lane_loop(int(x)) for x in words]),
        "selects": Case("divergent", (2, 1, 1), (64, 1, 1), [sa.tobytes(), sb.tobytes(), bytes(4 * 128)],
                        lambda b: f32(b, 2).tolist() == [float(select(i, x, y))
                                                         for i, (x, y) in enumerate(zip(sa, sb))]),
        "atomic_returning": Case("atomics", (2, 1, 1), (64, 1, 1), [bytes(4), bytes(4 * 128)],
                                 lambda b: u32(b, 0)[0] == 128 and sorted(u32(b, 1)) == list(range(128))),
        "wave_swizzle": Case("wave", (1, 1, 1), (64, 1, 1), [swz.tobytes(), bytes(4 * 64)],
                             lambda b: i32(b, 1).tolist() == [int(swz[k ^ 1]) + 2 * int(swz[k - k % 4 + (
                                 (0x1f >> 2 * (k % 4)) & 3)]) for k in range(64)]),
        "wave_dpp": Case("wave", (1, 1, 1), (64, 1, 1), [words[:64].tobytes(), bytes(4 * 64)],
                         lambda b: u32(b, 1).tolist() == dpp(words[:64]).tolist()),
        "wave_permute": Case("wave", (1, 1, 1), (64, 1, 1), [swz.tobytes(), perm.tobytes(), bytes(4 * 64)],
                             lambda b: i32(b, 2).tolist() == [int(swz[perm[k]]) + int(swz[list(perm).index(k)])
                                                              for k in range(64)]),
        "u64_mul_shift": Case("math64", (1, 1, 1), (64, 1, 1), [u64s.tobytes(), bytes(8 * 64), 77],
                              lambda b: np.frombuffer(b[1], np.uint64).tolist() == [
                                  (int(x) * 0x9e3779b97f4a7c15 ^ int(x) >> 13 ^ int(x) << i) & (2**64 - 1)
                                  for i, x in enumerate(u64s)]),
        "block_scan": Case("lds", (2, 1, 1), (128, 1, 1), [scan.tobytes(), bytes(4 * 256)],
                           lambda b: i32(b, 1).tolist() == np.concatenate(
                               [np.cumsum(scan[:128]), np.cumsum(scan[128:])]).tolist()),
        "byte_perm": Case("bits", (2, 1, 1), (64, 1, 1), [words.tobytes(), bytes(4 * 128)],
                          lambda b: u32(b, 1).tolist() == [int.from_bytes(int(x).to_bytes(4, "little"), "big")
                                                           ^ ((int(x) >> 8) & 0xff) << 24 for x in words]),
        "ir_switch": Case("ir_control", (1, 1, 1), (64, 1, 1), [bytes(4 * 64), sw.tobytes()],
                          lambda b: i32(b, 0).tolist() == [{0: 11, 1: 7 * int(v), 5: int(v) ^ t, 9: t << 3}.get(
                              int(v), -int(v)) for t, v in enumerate(sw)]),
        "ir_irreducible": Case("ir_control", (1, 1, 1), (64, 1, 1), [bytes(4 * 64), 100],
                               lambda b: u32(b, 0).tolist() == [irreducible(t, 100) for t in range(64)]),
        "ir_sbits": Case("ir_scalar", (4, 1, 1), (64, 1, 1), [bytes(4 * 4), 0x0f0f1234, 0x123456789],
                         lambda b: u32(b, 0).tolist() == [sbits(0x0f0f1234, 0x123456789, g) for g in range(4)]),
        "spmv_csr": Case("sparse", (1, 1, 1), (64, 1, 1),
                         [rowptr.tobytes(), col.tobytes(), val.tobytes(), vec.tobytes(), bytes(4 * 40), 40],
                         lambda b: np.allclose(f32(b, 4), [sum(float(val[k]) * float(vec[col[k]])
                                                               for k in range(rowptr[r], rowptr[r + 1]))
                                                           for r in range(40)], atol=1e-6)),
    }


CASES = _cases()


@dataclass
class Run:
    sim: Simulator
    memory: Memory
    buffers: list[int | None]     # per explicit arg: its buffer's address (None: by value), then
                                  # the buffers of `Pointers` tables
    key: tuple = ()               # (target, kernel, variant text or None)
    maps: object = None
    instructions: list = None     # the kernel's own instructions, in order
    warnings: list = None         # the manifest's
    statements: list = None       # the original kernel's statements (labels, marks, instructions)


@dataclass(frozen=True)
class CodeAddress:
    """A function pointer argument: the address of `symbol` in the code being run (instrumented
    code moves it, as a relinked code object would)."""
    symbol: str


@dataclass(frozen=True)
class Resource:
    """A buffer resource (V#) argument over a buffer of `data`: base, `stride`, num_records."""
    data: bytes
    stride: int


@dataclass(frozen=True)
class Pointers:
    """A buffer argument holding the 64-bit addresses of `buffers`, each a buffer of its own."""
    buffers: tuple[bytes, ...]


RSRC_WORD3 = 0x20000       # composable_kernel's word 3 on gfx90a/gfx94x (the simulator reads only ADD_TID)


def _alloc_args(memory: Memory, args: list, sim: Simulator) -> tuple[list[int], list[int | None]]:
    """Argument values (addresses, by-value integers) and the buffers to compare between runs:
    one per argument (None: by value), then the buffers a `Pointers` table points at."""
    values, buffers, extra = [], [], []
    for a in args:
        if isinstance(a, bytes):
            value = buffer = memory.alloc(a)
        elif isinstance(a, Resource):
            buffer = memory.alloc(a.data)
            records = len(a.data) // a.stride if a.stride else len(a.data)
            value = buffer | a.stride << 48 | records << 64 | RSRC_WORD3 << 96
        elif isinstance(a, Pointers):
            table = [memory.alloc(b) for b in a.buffers]
            extra += table
            value = buffer = memory.alloc(b"".join(x.to_bytes(8, "little") for x in table))
        else:
            value, buffer = (sim.address_of(a.symbol) if isinstance(a, CodeAddress) else a), None
        values.append(value)
        buffers.append(buffer)
    return values, buffers + extra


@lru_cache(maxsize=None)
def _text(file: str, target: str) -> str:
    return (CORPUS / f"{file}.{target}.s").read_text()


def _own(module, kernel: str) -> list:
    """The kernel's code that runs (past a kernarg preload header: `asm.gcn.preload_entry`), whose
    instruction indices are the probes' PC."""
    view = module.kernel(kernel)
    return module.statements[view.start if view.entry is None else view.entry:view.end]


def simulate_original(text: str, path: str, kernel: str, grid, block, args: list,
                      max_steps: int | None = None, dynamic_lds: int = 0) -> Run:
    """Any kernel of a GCN assembly text, as compiled, on `args` (bytes: a buffer, int: by value,
    or a `Resource`, `Pointers`, `CodeAddress`)."""
    module = parse_gcn(text, path)
    memory = Memory()
    sim = Simulator(module, kernel, memory, max_steps=max_steps, dynamic_lds=dynamic_lds)
    values, buffers = _alloc_args(memory, args, sim)
    sim.run(grid, block, values)
    stmts = _own(module, kernel)
    run = Run(sim, memory, buffers, instructions=[s for s in stmts if isinstance(s, Instruction)])
    run.statements = stmts
    return run


def simulate_instrumented(text: str, path: str, kernel: str, grid, block, args: list,
                          program: ast.ProbeProgram, max_steps: int | None = None,
                          dynamic_lds: int = 0, sim_type: type[Simulator] = Simulator,
                          module: GcnModule | None = None) -> Run:
    """The same kernel instrumented with `program`, its maps read back into `run.maps`;
    `sim_type`: a `Simulator` that also watches what runs; `module`: `text` parsed already (a
    copy: it is instrumented in place)."""
    module = module or parse_gcn(text, path)
    own = [id(s) for s in _own(module, kernel) if isinstance(s, Instruction)]
    result = instrument(module, program, kernels=f"^{re.escape(kernel)}$")
    manifest = result.manifests[kernel]
    # the code llvm-mc gets is this IR's text: it parses back to the same instructions
    printed = parse_gcn(module.to_text(), path)
    assert [s.to_text() for s in _own(printed, kernel) if isinstance(s, Instruction)] == \
        [s.to_text() for s in _own(module, kernel) if isinstance(s, Instruction)]
    memory = Memory()
    sim = sim_type(module, kernel, memory, own, max_steps=max_steps, dynamic_lds=dynamic_lds)
    values, buffers = _alloc_args(memory, args, sim)
    header = memory.alloc(manifest.header_nbytes() or 1)
    maps = {lay.name: memory.alloc(max(lay.nbytes, 1)) for lay in layout(manifest, grid, block)}
    sim.run(grid, block, values + [header] + list(maps.values()))
    out = read(manifest, grid, block, memory.bytes(header),
               {name: memory.bytes(addr) for name, addr in maps.items()})
    run = Run(sim, memory, buffers, maps=out)
    run.warnings = manifest.warnings
    return run


@lru_cache(maxsize=None)
def original(target: str, kernel: str, text: str | None = None) -> Run:
    """The kernel as compiled (or as `text`, a variant of its corpus file)."""
    case = CASES[kernel]
    run = simulate_original(text or _text(case.file, target), f"{case.file}.{target}.s", kernel,
                            case.grid, case.block, case.args)
    run.key = (target, kernel, text)
    return run


def instrumented(target: str, kernel: str, program: ast.ProbeProgram, text: str | None = None) -> Run:
    case = CASES[kernel]
    run = simulate_instrumented(text or _text(case.file, target), f"{case.file}.{target}.s", kernel,
                                case.grid, case.block, case.args, program)
    run.key = (target, kernel, text)
    return run


# ------------------------------------------------------------------------------ geometry

class Geometry:
    """Thread and warp units of a launch's lanes (a wave64 is two 32-lane warps)."""

    def __init__(self, case: Case | None = None, grid=None, block=None) -> None:
        grid, block = (case.grid, case.block) if case is not None else (grid, block)
        self.tpb = math.prod(block)
        self.waves_per_block = math.ceil(self.tpb / LANES)
        self.warps_per_block = math.ceil(self.tpb / 32)
        self.blocks = math.prod(grid)

    def thread(self, wave: int, lane: int) -> int:
        block, k = divmod(wave, self.waves_per_block)
        return block * self.tpb + LANES * k + lane

    def warp(self, wave: int, lane: int) -> int:
        block, k = divmod(wave, self.waves_per_block)
        return block * self.warps_per_block + (LANES * k + lane) // 32

    def lanes(self, wave: int) -> int:
        k = wave % self.waves_per_block
        return min(LANES, self.tpb - LANES * k)


def halves(mask: int) -> list[tuple[int, int]]:
    """(half, 32-bit mask) of the non-empty halves of a wave's lane mask."""
    return [(h, (mask >> (32 * h)) & 0xffffffff) for h in (0, 1) if (mask >> (32 * h)) & 0xffffffff]


def lowest(mask32: int) -> int:
    return (mask32 & -mask32).bit_length() - 1


def lanes_of(mask: int) -> list[int]:
    return [i for i in range(LANES) if mask >> i & 1]


def kind(ins: Instruction) -> str | None:
    """Global memory class of an instruction (what the stock probes' patterns name): a global
    access, or a flat one (whose lanes outside the LDS and private apertures reach global
    memory: `global_lanes`)."""
    name = opcodes.ptx_name(ins.opcode, [m.name for m in ins.modifiers])
    base, *mods = name.split(".")
    if mods[:1] == ["global"] or ins.opcode.startswith("flat_"):
        return base
    return None


def global_lanes(e) -> list[tuple[int, int, int]]:
    """(lane, address, bytes) of an event's lanes that reach global memory: all of a global
    access's, a flat access's outside the LDS and private apertures."""
    return [a for a in e.access if a[1] >> 32 not in (SHARED_APERTURE >> 32, PRIVATE_APERTURE >> 32)]


# ------------------------------------------------------------------------------ oracles

def oracle_dmat(run: Run, geo: Geometry):
    recs = Counter()
    for e in run.sim.events:
        if kind(run.instructions[e.index]):
            for lane, addr, nbytes in global_lanes(e):
                recs[(CLOCK_BASE + e.issued, addr, nbytes)] += 1
    return recs


def got_dmat(maps):
    r = maps["dmat"]
    assert maps.dropped["dmat"] == 0
    return Counter(zip(r["clock"].tolist(), r["addr"].tolist(), r["bytes"].tolist()))


def oracle_memtrace(run: Run):
    """(lane in its 32-lane warp, address, bytes) of every lane's global access."""
    recs = Counter()
    for e in run.sim.events:
        if kind(run.instructions[e.index]):
            for lane, addr, nbytes in global_lanes(e):
                recs[(lane % 32, addr, nbytes)] += 1
    return recs


def got_memtrace(maps):
    """The same, rebuilt from the warp-compressed records (`maps.lanes.expand`)."""
    assert maps.dropped["mem"] == maps.dropped["mem__addr"] == 0
    lanes, lost = expand(maps["mem"], {"addr": maps["mem__addr"]})
    assert lost == 0
    return Counter(zip(lanes["lane"].tolist(), lanes["addr"].tolist(), lanes["bytes"].tolist()))


def sm_of(wave: int, geo: Geometry, target: str) -> int:
    """smid() of a wave: the simulator's HW_ID CU field, and the XCC above it on gfx94x."""
    blin = wave // geo.waves_per_block
    return (blin % 7) | ((blin % 2) << 8 if target == "gfx942" else 0)


def oracle_gmem(run: Run, geo: Geometry, target: str):
    """Bytes per SM row: [loaded, stored, atomic]."""
    rows = defaultdict(lambda: [0, 0, 0])
    col = {"ld": 0, "st": 1, "atom": 2, "red": 2}
    for e in run.sim.events:
        k = kind(run.instructions[e.index])
        lanes = global_lanes(e) if k else []
        if lanes:
            width = opcodes.width(run.instructions[e.index].opcode)
            rows[sm_of(e.wave, geo, target) % SM_ROWS][col[k]] += width * len(lanes)
    return dict(rows)


def oracle_hotness(run: Run, geo: Geometry):
    pages = Counter()
    for e in run.sim.events:
        if kind(run.instructions[e.index]):
            for _, addr, _ in global_lanes(e):
                pages[(addr >> 12) & 0xffff] += 1
    return dict(pages)


def blocks_of(instructions: list[Instruction], statements) -> set[int]:
    """Indices of the instructions that start a basic block (at a label a branch names, at
    every label where an `s_setpc_b64` jumps to an address the code computes, after a
    terminator)."""
    named = {str(o) for s in instructions if s.opcode.startswith(("s_branch", "s_cbranch"))
             for o in s.operands}
    if any(s.opcode == "s_setpc_b64" for s in instructions):
        named |= {s.name for s in statements if isinstance(s, Label)}
    starts, labelled, prev = set(), True, None
    n = 0
    for s in statements:
        if isinstance(s, Label) and s.name in named:
            labelled = True
        elif isinstance(s, Instruction):
            if labelled or (prev is not None and opcodes.is_terminator(prev.opcode)):
                starts.add(n)
            labelled, prev = False, s
            n += 1
    return starts


def restores_exec(s: Instruction) -> bool:
    """A join's `s_or_b64 exec, exec, s[..]`, read from the text of its operands."""
    return s.opcode == "s_or_b64" and str(s.operands[0]) == "exec" \
        and "exec" in map(str, s.operands[1:])


def switches_exec(s: Instruction) -> bool:
    """A join's EXEC restore, or the head of an else branch: `s_andn2_saveexec_b64 s[..], s[..]`,
    `s_or_saveexec_b64 s[..], s[..]` and the `s_xor_b64 exec, exec, s[..]` after it."""
    text = list(map(str, s.operands))
    if s.opcode in ("s_andn2_saveexec_b64", "s_or_saveexec_b64"):
        return all(t.startswith("s") for t in text)
    return restores_exec(s) or s.opcode == "s_xor_b64" and text[0] == "exec" and "exec" in text[1:]


def probe_places(instructions: list[Instruction], starts: set[int]) -> dict[int, int]:
    """Index of the instruction a `block` probe runs before -> its block's first: past the EXEC
    switches that open it (`switches_exec`; scalar code between them, as LLVM schedules an
    `s_load` between `s_or_saveexec_b64` and `s_xor_b64 exec`), where the lanes that run the
    block are active."""
    out = {}
    for first in starts:
        place, k = first, first
        while k + 1 < len(instructions) and k + 1 not in starts:
            s = instructions[k]
            if switches_exec(s):
                place = k + 1
            elif not s.opcode.startswith("s_") or "saveexec" in s.opcode or s.opcode.startswith(
                    ("s_swappc", "s_setpc", "s_barrier", "s_sleep", "s_branch", "s_cbranch",
                     "s_endpgm")) or str(s.operands[0] if s.operands else "") == "exec":
                break
            k += 1
        out[place] = first
    return out


def oracle_mix(run: Run, geo: Geometry, program, target, kernel):
    (probe,) = [p for p in program.probes if p.position.when == "block"]
    def count(e):
        return count(e.operand) if isinstance(e, ast.Cast) else e
    fields = [(st.field, count(st.value)) for st in probe.body]
    starts = blocks_of(run.instructions, run.statements)
    ends = sorted(starts) + [len(run.instructions)]
    block_of = {s: run.instructions[s:next(e for e in ends if e > s)] for s in starts}
    places = probe_places(run.instructions, starts)
    rows = defaultdict(Counter)        # a warp counter: once per block entry of any lane
    for e in run.sim.events:
        if e.index in places:
            block = block_of[places[e.index]]
            names = [(opcodes.ptx_name(i.opcode, [m.name for m in i.modifiers]),
                      i.opcode.startswith("s_cbranch")) for i in block]
            for h, m in halves(e.exec):
                for name, value in fields:
                    rows[geo.warp(e.wave, 32 * h)][name] += sum(1 for op, g in names if value.matches(op, g))
    return {u: tuple(c[f] for f, _ in fields) for u, c in rows.items()}


def oracle_branches(run: Run, geo: Geometry, target, kernel):
    places = probe_places(run.instructions, blocks_of(run.instructions, run.statements))
    lanes_reg = {}
    recs = Counter()
    for e in run.sim.events:
        if e.index in places:
            for lane in lanes_of(e.exec):
                lanes_reg[(e.wave, lane)] = (e.exec >> (32 * (lane // 32))) & 0xffffffff
        if run.instructions[e.index].opcode.startswith("s_cbranch"):
            for h, m in halves(e.exec):
                leader = 32 * h + lowest(m)
                recs[(e.index, lanes_reg.get((e.wave, leader), 0), m)] += 1
    return recs


def oracle_sched(run: Run, geo: Geometry, target):
    """One row per block (the map's unit is the block), from its last 32-lane warp (the stock
    probe's `warpid() == warps() - 1` filter)."""
    rows = []
    ends = {e.wave: e for e in run.sim.events if run.instructions[e.index].opcode == "s_endpgm"}
    for wave in sorted(ends):
        if wave % geo.waves_per_block != geo.waves_per_block - 1:
            continue
        start = 10 * REALTIME_BASE * (wave + 1)
        rows.append((wave // geo.waves_per_block, start, 10 * ends[wave].issued, sm_of(wave, geo, target)))
    return sorted(rows)


def oracle_ranges(run: Run, geo: Geometry, target, kernel):
    stmts = run.statements
    marks = {}
    n = 0
    for s in stmts:
        if isinstance(s, Comment) and s.body.startswith("@neutrino"):
            marks[n] = s.body.split()[1]
        elif isinstance(s, Label):
            assert not marks.get(n), "a label between a mark and its instruction"
        elif isinstance(s, Instruction):
            n += 1
    t0, recs = {}, Counter()
    for e in run.sim.events:
        what = marks.get(e.index)
        sm = sm_of(e.wave, geo, target)
        if what == "mma_begin":
            for lane in lanes_of(e.exec):
                t0[(e.wave, lane)] = CLOCK_BASE + e.issued
        elif what == "mma_end":
            for h, m in halves(e.exec):
                leader = 32 * h + lowest(m)
                recs[(CLOCK_BASE + e.issued - t0[(e.wave, leader)], sm)] += 1
    return recs


# ------------------------------------------------------------------------------ the matrix

def stream(run: Run, own: list | None = None) -> list[tuple]:
    """The kernel's own issues; `own`: its instructions (else the original run's of `run.key`).
    A scalar load's address is left out: reads of the hidden arguments move with them."""
    own = own or original(*run.key).instructions
    ends = {n for n, s in enumerate(own) if s.opcode == "s_endpgm"}
    loads = {n for n, s in enumerate(own) if s.opcode.startswith(("s_load", "s_buffer_load"))}
    return [(e.wave, e.index, 0 if e.index in ends else e.exec, e.issued,
             () if e.index in loads else e.access) for e in run.sim.events]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("kernel", sorted(CASES))
def test_the_simulator_computes_what_the_kernel_should(target, kernel):
    run = original(target, kernel)
    case = CASES[kernel]
    if case.check is not None:
        assert case.check([b and run.memory.bytes(b) for b in run.buffers])


def _matrix():
    for kernel in sorted(CASES):
        for target in TARGETS:
            for probe in PROBES:
                yield pytest.param(kernel, target, probe, id=f"{kernel}-{target}-{probe}")


@pytest.mark.parametrize("kernel, target, probe", list(_matrix()))
def test_stock_probe_maps_are_exact_and_the_kernel_is_unchanged(kernel, target, probe):
    program = load_file(probes_dir() / f"{probe}.probe")
    base = original(target, kernel)
    run = instrumented(target, kernel, program)
    check_unchanged(base, run)
    check_stock_maps(probe, program, base, run, Geometry(CASES[kernel]), target)


def check_unchanged(base: Run, run: Run) -> None:
    """The kernel saw nothing: same instruction stream, same memory (EXEC at s_endpgm aside: the
    exit probes run on every lane the wave started with, and the wave ends there)."""
    assert stream(run, base.instructions) == stream(base, base.instructions), "the kernel's own instruction stream changed"
    assert [b and run.memory.bytes(b) for b in run.buffers] == \
        [b and base.memory.bytes(b) for b in base.buffers], "the kernel's buffers changed"


def check_stock_maps(probe: str, program, base: Run, run: Run, geo: Geometry, target: str) -> None:
    """A stock probe's maps of `run` against the oracle computed from the original run `base`."""
    kernel = None
    maps = run.maps
    if probe == "dmat":
        assert got_dmat(maps) == oracle_dmat(base, geo)
    elif probe == "memtrace":
        assert got_memtrace(maps) == oracle_memtrace(base)
    elif probe == "gmem_bytes":
        g = maps["gmem"]
        rows = np.stack([g["loaded"], g["stored"], g["atomic"]], 1).tolist()
        assert {k: v for k, v in enumerate(rows) if any(v)} == oracle_gmem(base, geo, target)
        assert maps.dropped["gmem"] == 0
    elif probe == "hotness":
        pages = maps["pages"]["value"] if maps["pages"].dtype.names else maps["pages"]
        assert {int(k): int(pages[k]) for k in np.nonzero(pages)[0]} == oracle_hotness(base, geo)
    elif probe == "opcode_mix":
        mix = maps["mix"]
        fields = [f for f in mix.dtype.names if f != "unit"]
        want = oracle_mix(base, geo, program, target, kernel)
        got = {u: tuple(int(mix[f][u]) for f in fields) for u in range(len(mix))}
        assert {u: got[u] for u in want} == want
        assert all(not any(v) for u, v in got.items() if u not in want)
    elif probe == "branch_divergence":
        b = maps["branches"]
        assert maps.dropped["branches"] == 0
        got = Counter(zip(b["pc"].tolist(), b["active"].tolist(), b["taken"].tolist()))
        assert got == oracle_branches(base, geo, target, kernel)
    elif probe == "block_sched":
        s = maps["sched"]
        got = sorted(zip(s["unit"].tolist(), s["start"].tolist(), s["elapsed"].tolist(), s["sm"].tolist()))
        assert got == oracle_sched(base, geo, target)
        assert maps.dropped["sched"] == 0
    elif probe == "time_range":
        r = maps["ranges"]
        got = Counter(zip(r["cycles"].tolist(), r["sm"].tolist()))
        assert got == oracle_ranges(base, geo, target, kernel)
    else:
        raise AssertionError(f"no oracle for the stock probe {probe}")


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("kernel", ["vector_add", "reduce_sum"])
def test_block_records_hold_every_warp_event_of_their_block(target, kernel):
    """A [block] record saved at every global access: each block's row holds one record per
    (32-lane warp, access) of its waves, with the warp's index; the kernel is unchanged."""
    from neutrino_py.probe import load

    program = load("map b[block]: record(64) { u32 pc; u32 warp; }\n"
                   "before ld.global, st.global { b.save(PC, warpid()); }\n", "block.probe")
    base, run = original(target, kernel), instrumented(target, kernel, program)
    check_unchanged(base, run)
    geo = Geometry(CASES[kernel])
    want = Counter()
    for e in base.sim.events:
        if kind(base.instructions[e.index]) in ("ld", "st"):
            for h, _ in halves(sum(1 << lane for lane, _, _ in global_lanes(e))):
                warp = geo.warp(e.wave, 32 * h) % geo.warps_per_block
                want[(e.wave // geo.waves_per_block, warp)] += 1
    b = run.maps["b"]
    assert run.maps.dropped["b"] == 0 and len(b) == sum(want.values()) > 0
    assert Counter(zip(b["unit"].tolist(), b["warp"].tolist())) == want


def test_unknown_instructions_are_an_error():
    text = _text("kernels", "gfx942").replace("\ts_endpgm\n", "\ts_frobnicate_b32 s0, s1\n\ts_endpgm\n", 1)
    module = parse_gcn(text)
    with pytest.raises(Unknown, match="s_frobnicate_b32"):
        Simulator(module, "vector_add", Memory()).run((1, 1, 1), (64, 1, 1), [0, 0, 0, 0])


M64 = (1 << 64) - 1


def _s64(v: int) -> int:
    return v - (1 << 64) if v >> 63 else v


def _trunc_div(a: int, b: int) -> tuple[int, int]:
    q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
    return q, a - q * b


@pytest.mark.parametrize("target", TARGETS)
def test_64_bit_division_and_remainder_are_exact(target):
    """u64 and s64 `/` and `%` on the wave simulator against Python, per lane: addresses over
    lane-dependent divisors (a zero among them), negative dividends and divisors, 2**63."""
    from neutrino_py.probe import load

    text = """
map r[thread]: record(1) { u64 a; u64 q; u64 m; u64 sq; u64 sm; u64 zq; u64 zm; u64 bq; }
before ld.global {
    r.save(ADDR, ADDR / (u64)(threadid() + 1), ADDR % ((u64)threadid() * 977 + 3),
           (u64)(((s64)0 - (s64)ADDR) / ((s64)threadid() * 2 - 41)),
           (u64)(((s64)0 - (s64)ADDR) % ((s64)7 - (s64)threadid() * 2)),
           ADDR / ((u64)threadid() & 0), ADDR % ((u64)threadid() & 0),
           ((u64)1 << 63) / ((u64)threadid() + 2));
}
"""
    run = instrumented(target, "vector_add", load(text, "div64.probe"))
    rows = run.maps["r"]
    assert len(rows) > 0
    tpb = 48
    for row in rows:
        t = int(row["unit"]) % tpb
        a = int(row["a"])
        assert int(row["q"]) == a // (t + 1)
        assert int(row["m"]) == a % (t * 977 + 3)
        na = _s64((-a) & M64)
        assert _s64(int(row["sq"])) == _trunc_div(na, 2 * t - 41)[0]
        assert _s64(int(row["sm"])) == _trunc_div(na, 7 - 2 * t)[1]
        assert int(row["zq"]) == M64 and int(row["zm"]) == a          # by zero: 2**64-1, a
        assert int(row["bq"]) == (1 << 63) // (t + 2)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("kernel", ["vector_add", "reduce_sum", "histogram"])
def test_hist_with_a_constant_combines_lanes_and_keeps_exact_counts(target, kernel):
    """The wave-aggregated hist (one atomic per distinct bin per wave) against every lane's
    access: bins of 64-byte lines, u64 += 3 and u32 += 100000 (count x value in 32 and 64 bits)."""
    from neutrino_py.probe import load

    text = ("map h: hist[16] u64;\nmap g: hist[16] u32;\n"
            "before ld.global { h[(u32)(ADDR >> 6) & 15] += 3; g[(u32)(ADDR >> 6) & 15] += 100000; }\n")
    run = instrumented(target, kernel, load(text, "hist_const.probe"))
    base = original(target, kernel)
    want = Counter()
    for e in base.sim.events:
        if kind(base.instructions[e.index]) == "ld":
            for _, addr, _ in global_lanes(e):
                want[(addr >> 6) & 15] += 1
    h = run.maps["h"]["value"] if run.maps["h"].dtype.names else run.maps["h"]
    g = run.maps["g"]["value"] if run.maps["g"].dtype.names else run.maps["g"]
    assert sum(want.values()) > 0
    assert h.tolist() == [3 * want[b] for b in range(16)]
    assert g.tolist() == [(100000 * want[b]) % (1 << 32) for b in range(16)]


LANES_TEXT = """
map m[warp]: record { u64 clock; lanes a; lanes b; lanes c; } pool 1 << 16
before ld.global, st.global, atom.global, red.global {
    m.save(clock(), ADDR, ADDR * ADDR * 0x9E3779B97F4A7C15, (u64)0 - ADDR * 8);
}
"""
LANES_VALUES = (lambda a: a, lambda a: a * a * 0x9E3779B97F4A7C15 & M64, lambda a: -8 * a & M64)


def _compress(values: dict[int, int]) -> tuple[int, int, bool]:
    """`ops.LaneCompress` over one warp's lanes (lane -> value): base, stride (s64), affine."""
    lanes = sorted(values)
    low, base = lanes[0], values[lanes[0]]
    stride = 0 if len(lanes) == 1 else \
        _trunc_div(_s64((values[lanes[1]] - base) & M64), lanes[1] - low)[0]
    return base, stride, all(values[j] == (base + (j - low) * stride) & M64 for j in lanes)


@pytest.mark.parametrize("target", TARGETS)
def test_lanes_fields_are_exact_per_warp(target):
    """`lanes` fields (`LaneCompress`) against a per-lane Python reference, every warp-level
    access of 6 kernels (divergent masks with gaps among them): base, truncated signed stride,
    mask, and each non-affine warp's values in lane order. The values: ADDR (affine), a 64-bit
    hash of it (strides from 64-bit differences over lane gaps > 1) and -8 * ADDR (negative)."""
    from neutrino_py.contract.manifest import LANES_AFFINE

    program = load(LANES_TEXT, "lanes.probe")
    gaps = inexact = 0
    for kernel in ("vector_add", "branchy", "collatz", "histogram", "transpose_2d", "wave_ops"):
        base, run = original(target, kernel), instrumented(target, kernel, program)
        want = Counter()
        for e in base.sim.events:
            if not kind(base.instructions[e.index]):
                continue
            for half in (0, 1):
                addrs = {lane % 32: addr for lane, addr, _ in global_lanes(e) if lane // 32 == half}
                if not addrs:
                    continue
                mask = sum(1 << lane for lane in addrs)
                row = [CLOCK_BASE + e.issued, mask]
                for f in LANES_VALUES:
                    values = {lane: f(a) for lane, a in addrs.items()}
                    b, stride, affine = _compress(values)
                    lane_values = () if affine else tuple(values[j] for j in sorted(values))
                    row.append((b, stride, affine, lane_values))
                want[tuple(row)] += 1
                lanes = sorted(addrs)
                if len(lanes) > 1 and lanes[1] - lanes[0] > 1:
                    hashed = [LANES_VALUES[1](addrs[lane]) for lane in lanes[:2]]
                    gaps += 1
                    inexact += _s64((hashed[1] - hashed[0]) & M64) % (lanes[1] - lanes[0]) != 0
        maps = run.maps
        assert all(maps.dropped[name] == 0 for name in ("m", "m__a", "m__b", "m__c"))
        got = Counter()
        for r in maps["m"]:
            row = [int(r["clock"]), int(r["a_mask"])]
            assert int(r["b_mask"]) == int(r["c_mask"]) == row[1]
            for f in "abc":
                at, n = int(r[f + "_at"]), bin(row[1]).count("1")
                pool = maps[f"m__{f}"]
                pool = pool["value"] if pool.dtype.names else pool
                row.append((int(r[f]), int(r[f + "_stride"]), at == LANES_AFFINE,
                            () if at == LANES_AFFINE else tuple(int(v) for v in pool[at:at + n])))
            got[tuple(row)] += 1
        assert sum(want.values()) > 0 and got == want, kernel
    assert gaps > 0 and inexact > 0          # lane gaps, and differences they do not divide


@pytest.mark.parametrize("target", TARGETS)
def test_flat_accesses_count_in_the_lanes_that_reach_global_memory(target):
    """-O0 code reaches its stack (the private aperture) and its buffers (global memory) through
    the same `flat_*` instructions: the stock probes at `ld.global`, `st.global` see the global
    lanes of each and never the stack's, with exact maps."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks import gcn_simulate_all as harness

    path, kernel = f"unoptimized.{target}.s", "o0_vector_add"
    text = (harness.CORPUS / path).read_text()
    grid, block, args = harness.derive_launch(parse_gcn(text, path).kernel(kernel).metadata,
                                              "unoptimized", kernel)
    base = simulate_original(text, path, kernel, grid, block, args, harness.ORIGINAL_STEPS,
                             harness.DYNAMIC_LDS)
    flat = [e for e in base.sim.events if base.instructions[e.index].opcode.startswith("flat_")]
    private = sum(a[1] >> 32 == PRIVATE_APERTURE >> 32 for e in flat for a in e.access)
    assert private > 0 and sum(len(global_lanes(e)) for e in flat) > 0
    geo = Geometry(grid=grid, block=block)
    for probe in ("dmat", "memtrace", "gmem_bytes", "hotness"):
        program = load_file(probes_dir() / f"{probe}.probe")
        run = simulate_instrumented(text, path, kernel, grid, block, args, program,
                                    max_steps=10 ** 7, dynamic_lds=harness.DYNAMIC_LDS)
        check_unchanged(base, run)
        check_stock_maps(probe, program, base, run, geo, target)
