"""memtrace's held-back saves and chains, checked differentially on generated kernels.

`memtrace` keeps one record per warp-level access, and the engine holds its saves back and
joins Triton-style unrolled accesses at one register plus constants into chains (contracts §4
"Held-back saves", "Chains"; docs/overhead.md). This test writes small PTX kernels that stress
that machinery: runs of loads and stores at `%rdN + const` (through 64-bit adds, subtractions
and copies of a root, and the operand's own offset), each access under a guard of its own or
none (Triton's bounds `i + k < n`, lane masks, thresholds, negated, a guard set anew between
accesses, guards that hold in only some of a chain's followers' lanes), line labels no branch
names between them, forward guarded branches around a stretch, loops whose trip count is
uniform or differs per lane (a root moved on each pass: `lower.RUN_PASSES`), gathered roots
(the lanes' addresses are not affine), runs of more than `MAX_DEFERRED` (8) accesses before any
use, a store between loads that a later load reads back, atomics, and divergent `ret`s.

Each kernel runs in the CPU simulator three ways: uninstrumented, under a memtrace-style probe
(the stock one, one whose records also hold `warpid()`, so that followers store their own
records, or separate `after ld` / `before st` probes), and under a per-lane reference probe
that reads the clock into per-thread slots (so nothing of it is held back: dmat's form, one
record per lane access).
memtrace's records, rebuilt lane by lane (`maps.read` puts chain followers back,
`maps.lanes.expand` each lane's address), must give exactly the reference's multiset of
(lane, PC, address, bytes), nothing dropped, and the kernel's buffers must end as they do
uninstrumented. Seeded: a failing case names its seed; `kernel(seed)` rebuilds its kernel,
`PROBES[variant(seed)]` its probe. NEUTRINO_FUZZ_KERNELS=N runs N kernels instead of `KERNELS`.
"""
from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import pytest

from sim_memory import Memory
from test_splice_simulated import Sim, launch
from neutrino_py import toolchain
from neutrino_py.asm import parse_ptx
from neutrino_py.maps.lanes import expand
from neutrino_py.paths import probes_dir
from neutrino_py.probe import load

X_BYTES = 1 << 15               # the buffer every access reads and writes
ROOT_AT = 1 << 12               # the roots start this far in, so that subtractions stay inside
IDX = 256                       # entries of the gather table, each below 512
STOCK = (probes_dir() / "memtrace.probe").read_text().replace("pool 1 << 21", "pool 1 << 17")
PROBES = {
    "stock": STOCK,
    # a field that is not a constant: the chain's leader stores each follower's record
    "warp": STOCK.replace("record { u32 pc;", "record { u32 warp; u32 pc;")
                 .replace("mem.save(PC,", "mem.save(warpid(), PC,"),
    # a load's save after it, a store's before it: two probes, one map
    "split": STOCK.replace(
        "after ld.global, st.global, atom.global, red.global {\n    mem.save(PC, BYTES, ADDR);\n}",
        "after ld.global, atom.global { mem.save(PC, BYTES, ADDR); }\n"
        "before st.global, red.global { mem.save(PC, BYTES, ADDR); }"),
}
REFERENCE = load("""map ref[thread]: record(400) { u64 t; u32 pc; u32 bytes; u64 addr; }
before ld.global, st.global, atom.global, red.global { ref.save(clock(), PC, BYTES, ADDR); }
""", "reference.probe")


# ------------------------------------------------------------------ generated kernels

@dataclass
class Writer:
    """A kernel being written: its lines, and counters for fresh registers and labels."""

    rng: random.Random
    lines: list[str] = field(default_factory=list)
    regs: dict[str, int] = field(default_factory=lambda: {"p": 1, "r": 10, "rd": 10})
    labels: int = 0
    guards: list[str] = field(default_factory=list)       # predicates set so far
    values: list[str] = field(default_factory=list)       # loaded values not yet used
    depth: int = 0                                        # loops and skips we are inside
    last: str = ""                                        # the root of the last section

    def reg(self, kind: str) -> str:
        self.regs[kind] += 1
        return f"%{kind}{self.regs[kind] - 1}"

    def label(self, stem: str) -> str:
        self.labels += 1
        return f"$L_{stem}{self.labels}"

    def emit(self, *lines: str) -> None:
        self.lines += [f"    {line}" if not line.endswith(":") else line for line in lines]


def guard(w: Writer) -> str:
    """A new predicate of one of the shapes Triton and CUDA write (set where it is made)."""
    r = w.rng
    p = w.reg("p")
    k = r.random()
    if k < 0.4:                                        # a bound: i + K < n
        t = w.reg("r")
        w.emit(f"add.s32 {t}, %r5, {r.choice([0, 1, 8, 16, 32, 40, 64, 96])};",
               f"setp.lt.s32 {p}, {t}, %r1;")
    elif k < 0.6:                                      # lanes with some bits of their index
        t = w.reg("r")
        w.emit(f"and.b32 {t}, %r6, {r.choice([1, 2, 3, 5, 16])};",
               f"setp.{r.choice(['eq', 'ne'])}.u32 {p}, {t}, 0;")
    elif k < 0.8:                                      # lanes below or above a threshold
        w.emit(f"setp.{r.choice(['lt', 'ge'])}.u32 {p}, %r6, {r.choice([0, 1, 7, 16, 31, 32])};")
    else:                                              # every lane
        w.emit(f"setp.eq.u32 {p}, %r4, %r4;")
    w.guards.append(p)
    return p


def guarded(w: Writer) -> str:
    """The guard text of one access: none, a predicate made before, a new one, negated."""
    r = w.rng
    k = r.random()
    if k < 0.3:
        return ""
    p = r.choice(w.guards) if w.guards and k < 0.7 else guard(w)
    return f"@{'!' if r.random() < 0.2 else ''}{p} "


def access(w: Writer, base: str) -> None:
    """One access at `base` plus a constant: a load (u8, u16, u32), a store of a value loaded
    before, or an atomic."""
    r = w.rng
    off = 4 * r.randrange(-64, 64)
    at = f"[{base}+{off}]" if off else f"[{base}]"         # ptxas reads [%rd1+-8], not [%rd1-8]
    g = guarded(w)
    k = r.random()
    if k < 0.62:
        v = w.reg("r")
        w.emit(f"mov.u32 {v}, 0;")                     # a guarded load leaves it defined
        w.emit(f"{g}ld.global.{r.choice(['u32', 'u32', 'u16', 'u8'])} {v}, {at};")
        w.values.append(v)
    elif k < 0.9:
        v = w.values.pop(r.randrange(len(w.values))) if w.values and r.random() < 0.6 else "%r5"
        w.emit(f"{g}st.global.{r.choice(['u32', 'u32', 'u16', 'u8'])} {at}, {v};")
    elif k < 0.95:
        v = w.reg("r")
        w.emit(f"mov.u32 {v}, 0;", f"{g}atom.global.add.u32 {v}, {at}, 1;")
        w.values.append(v)
    else:
        w.emit(f"{g}red.global.add.u32 {at}, %r6;")


def use(w: Writer) -> None:
    """Read a loaded value (where held-back saves must have run): into the sum `%r7`."""
    if w.values:
        v = w.values.pop(w.rng.randrange(len(w.values)))
        w.emit(f"add.s32 %r7, %r7, {v};")


def alias(w: Writer, root: str) -> str:
    """The register an access names: the root, or one a 64-bit add, subtraction or copy of
    it (of another alias, maybe) makes."""
    r = w.rng
    k = r.random()
    if k < 0.45:
        return root
    a = w.reg("rd")
    if k < 0.7:
        w.emit(f"add.s64 {a}, {root}, {4 * r.randrange(1, 200)};")
    elif k < 0.85:
        w.emit(f"sub.s64 {a}, {root}, {4 * r.randrange(1, 200)};")
    else:
        w.emit(f"mov.b64 {a}, {root};")
    return a


def stretch(w: Writer, root: str, n: int) -> None:
    """`n` accesses off `root`, with line labels, new guards and uses among them."""
    r = w.rng
    for _ in range(n):
        k = r.random()
        if k < 0.08:
            w.emit(f"{w.label('_tmp')}:")              # a line label: no branch names it
        elif k < 0.1:                                  # a label one block jumps to, its only way in
            to = w.label("jump")
            w.emit(f"bra.uni {to};", f"{to}:")
        elif k < 0.18:
            guard(w)
        elif k < 0.26:
            use(w)
        elif k < 0.3 and w.guards:                     # a guard set anew between accesses
            w.emit(f"setp.ne.u32 {r.choice(w.guards)}, %r6, {r.randrange(32)};")
        access(w, alias(w, root))


def root(w: Writer) -> str:
    """A 64-bit root: x + 4 * i + ROOT_AT (affine over lanes), or a gathered one (the index
    loaded from the table: not affine), or rows of 8 lanes (a tile)."""
    r = w.rng
    k = r.random()
    rd, t = w.reg("rd"), w.reg("rd")
    if k < 0.6:
        w.emit(f"mul.wide.s32 {t}, %r5, 4;")
    elif k < 0.85:
        a, v = w.reg("rd"), w.reg("r")
        w.emit(f"mul.wide.s32 {a}, %r8, 4;", f"add.s64 {a}, %rd3, {a};",
               f"ld.global.u32 {v}, [{a}];", f"mul.wide.u32 {t}, {v}, 4;")
    else:
        a, b = w.reg("r"), w.reg("r")
        w.emit(f"and.b32 {a}, %r6, 7;", f"shr.u32 {b}, %r6, 3;", f"mad.lo.s32 {a}, {b}, 40, {a};",
               f"mul.wide.u32 {t}, {a}, 4;")
    w.emit(f"add.s64 {rd}, %rd1, {t};", f"add.s64 {rd}, {rd}, {ROOT_AT};")
    return rd


def section(w: Writer) -> None:
    """One part of the body: a straight stretch, one behind a forward guarded branch, a loop,
    or a divergent `ret`."""
    r = w.rng
    k = r.random()
    base = w.last = root(w) if r.random() < 0.5 or not w.last else w.last
    if k < 0.45 or w.depth:
        stretch(w, base, r.choice([2, 3, 5, 9, 11, 14]))
    elif k < 0.62:
        skip = w.label("skip")
        w.emit(f"@{'!' if r.random() < 0.3 else ''}{guard(w)} bra {skip};")
        w.depth += 1
        stretch(w, base, r.randint(2, 6))
        w.depth -= 1
        w.emit(f"{skip}:")
    elif k < 0.85:
        top, count, trips, moved = w.label("loop"), w.reg("r"), w.reg("r"), w.reg("rd")
        if r.random() < 0.5:
            w.emit(f"mov.u32 {trips}, {r.choice([1, 3, 9, 12])};")
        else:
            w.emit(f"and.b32 {trips}, %r6, {r.choice([3, 7])};", f"add.u32 {trips}, {trips}, 1;")
        w.emit(f"mov.u32 {count}, 0;", f"mov.b64 {moved}, {base};", f"{top}:")
        w.depth += 1
        stretch(w, moved, r.randint(1, 6))
        use(w)
        w.depth -= 1
        p = w.reg("p")
        w.emit(f"add.s64 {moved}, {moved}, {r.choice([0, 64, 128])};",
               f"add.u32 {count}, {count}, 1;", f"setp.lt.u32 {p}, {count}, {trips};",
               f"@{p} bra {top};")
    else:
        p = w.reg("p")
        w.emit(f"setp.{r.choice(['eq', 'gt'])}.u32 {p}, %r6, {r.choice([3, 20, 31])};", f"@{p} ret;")


def kernel(seed: int) -> str:
    """The PTX of generated kernel `seed`."""
    w = Writer(random.Random(f"memtrace chains:{seed}"))
    for _ in range(w.rng.randint(2, 4)):
        section(w)
    while w.values:
        use(w)
    head = f""".version 8.0
.target sm_90
.address_size 64
.visible .entry fuzz(.param .u64 fuzz_x, .param .u64 fuzz_y, .param .u64 fuzz_idx,
                     .param .u32 fuzz_n)
{{
    .reg .pred %p<{w.regs['p']}>;
    .reg .b32 %r<{w.regs['r']}>;
    .reg .b64 %rd<{w.regs['rd']}>;
    ld.param.u64 %rd1, [fuzz_x];
    ld.param.u64 %rd2, [fuzz_y];
    ld.param.u64 %rd3, [fuzz_idx];
    ld.param.u32 %r1, [fuzz_n];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    cvta.to.global.u64 %rd3, %rd3;
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %ctaid.x;
    mov.u32 %r4, %ntid.x;
    mad.lo.s32 %r5, %r3, %r4, %r2;
    and.b32 %r6, %r2, 31;
    mov.u32 %r7, 0;
    rem.u32 %r8, %r5, {IDX};
"""
    tail = """    mul.wide.s32 %rd4, %r5, 4;
    add.s64 %rd4, %rd2, %rd4;
    st.global.u32 [%rd4], %r7;
    ret;
}
"""
    return head + "\n".join(w.lines) + "\n" + tail


def shape(seed: int) -> tuple[tuple, tuple, dict]:
    """Grid, block and arguments of kernel `seed`: partial warps, n cutting the last one."""
    r = random.Random(f"memtrace chains launch:{seed}")
    grid, block = (r.choice([1, 2, 3]), 1, 1), (r.choice([32, 48, 64, 96]), 1, 1)
    threads = grid[0] * block[0]
    idx = np.random.default_rng(seed).integers(0, 512, IDX).astype("<u4")
    args = {"x": np.random.default_rng(seed + 1).integers(0, 1 << 32, X_BYTES // 4,
                                                          dtype=np.uint64).astype("<u4").tobytes(),
            "y": bytes(4 * threads), "idx": idx.tobytes(),
            "n": max(threads - r.choice([0, 0, 5, 17, 40]), 1)}
    return grid, block, args


def variant(seed: int) -> str:
    return list(PROBES)[seed % len(PROBES)]


# ------------------------------------------------------------------ running and comparing

def plain(ptx: str, grid, block, args: dict) -> list[bytes]:
    """The kernel's buffers after an uninstrumented run (allocated as `launch` does)."""
    fn = next(iter(parse_ptx(ptx, cache=False).functions()))
    mem = Memory()
    params, buffers = {}, []
    for decl, value in zip(fn.params, args.values()):
        if isinstance(value, bytes):
            params[decl.name] = mem.alloc(value)
            buffers.append(params[decl.name])
        else:
            params[decl.name] = value
    Sim(fn, mem).run(grid, block, params)
    return [mem.bytes(b) for b in buffers]


def lane_accesses(maps, name: str) -> Counter:
    """(lane, pc, address, bytes) of every lane's access in memtrace-style records."""
    lanes, lost = expand(maps[name], {"addr": maps[f"{name}__addr"]})
    assert lost == 0 and maps.dropped[name] == maps.dropped[f"{name}__addr"] == 0
    return Counter(zip(lanes["lane"].tolist(), lanes["pc"].tolist(), lanes["addr"].tolist(),
                       lanes["bytes"].tolist()))


def check(seed: int) -> tuple[int, int]:
    """Run kernel `seed`; (lane accesses, chains in its manifest)."""
    ptx = kernel(seed)
    grid, block, args = shape(seed)
    where = f"seed {seed} ({variant(seed)}):\n{ptx}"
    ref, _, ptrs, ref_mem = launch(ptx, REFERENCE, grid, block, dict(args))
    assert ref.dropped["ref"] == 0, where
    rec = ref["ref"]
    want = Counter(zip((rec["unit"] % block[0] % 32).tolist(), rec["pc"].tolist(), rec["addr"].tolist(),
                       rec["bytes"].tolist()))
    program = load(PROBES[variant(seed)], "memtrace.probe")
    got, _, _, mem = launch(ptx, program, grid, block, dict(args))
    have = lane_accesses(got, "mem")
    missing, extra = want - have, have - want
    assert not missing and not extra, \
        f"memtrace lacks {sorted(missing.elements())[:6]}, has beside {sorted(extra.elements())[:6]}" \
        f" ({sum(missing.values())} and {sum(extra.values())} lane accesses)\n{where}"
    outputs = plain(ptx, grid, block, args)
    assert [mem.bytes(p) for p in ptrs.values()] == outputs, f"outputs differ\n{where}"
    assert [ref_mem.bytes(p) for p in ptrs.values()] == outputs, f"outputs differ (ref)\n{where}"
    from neutrino_py.splice import instrument
    chains = instrument(parse_ptx(ptx, cache=False), program).manifests["fuzz"].chains
    return sum(want.values()), sum(len(c) for c in chains.get("mem", []))


KERNELS = int(os.environ.get("NEUTRINO_FUZZ_KERNELS", 24))


@pytest.mark.skipif(toolchain.find_tool("ptxas") is None, reason="ptxas not found")
@pytest.mark.parametrize("seed", range(6))
def test_generated_kernels_assemble_instrumented(seed):
    """The generated kernels are PTX that ptxas takes, before and after each probe variant."""
    from neutrino_py.splice import instrument
    module = parse_ptx(kernel(seed), cache=False)
    assert toolchain.run_ptxas(kernel(seed), module.arch)[:4] == b"\x7fELF"
    for text in PROBES.values():
        out = instrument(parse_ptx(kernel(seed), cache=False), load(text, "memtrace.probe"))
        assert toolchain.run_ptxas(out.module.to_text(), module.arch)[:4] == b"\x7fELF"


@pytest.mark.parametrize("half", [0, 1])
def test_memtrace_rebuilds_every_lanes_access_of_generated_kernels(half):
    """Seeds `half`, `half + 2`, ... below KERNELS."""
    results = [check(seed) for seed in range(half, KERNELS, 2)]
    assert sum(n for n, _ in results) > 0


# ------------------------------------------------------------------ bugs the comparison found

COMPLEMENT = """
.version 8.0
.target sm_90
.address_size 64
.visible .entry fuzz(.param .u64 fuzz_x, .param .u64 fuzz_y, .param .u64 fuzz_idx,
                     .param .u32 fuzz_n)
{
    .reg .pred %p<4>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<20>;
    ld.param.u64 %rd1, [fuzz_x];
    mov.u32 %r2, %tid.x;
    and.b32 %r6, %r2, 31;
    mul.wide.u32 %rd2, %r2, 4;
    add.s64 %rd3, %rd1, %rd2;
    add.s64 %rd3, %rd3, 4096;
    setp.ne.u32 %p1, %r6, 20;
    mov.u32 %r7, 0;
    mov.u32 %r8, 0;
$L_loop:
    @%p1 ld.global.u16 %r9, [%rd3+140];
    @!%p1 st.global.u32 [%rd3-168], %r6;
    add.s32 %r7, %r7, %r9;
    add.s64 %rd3, %rd3, 128;
    add.u32 %r8, %r8, 1;
    setp.lt.u32 %p3, %r8, PASSES;
    @%p3 bra $L_loop;
    ret;
}
"""


@pytest.mark.parametrize("passes", [2, 3, 12])
def test_lanes_that_saved_alone_in_a_loop_resume_only_their_own_slots(passes):
    """A loop whose load runs in 31 lanes and whose store in the other one: the store's lane
    reserved one slot alone in the first pass, and in the next its `owner` still held the
    vote (it had saved in no other save since), so it resumed one slot past its reservation,
    onto the load's record the new pass had just made there: 31 lanes' loads were lost each
    pass after the first. Every save of a loop's run now resumes only where its leader has
    the slots left (seed 70 of the generator found it)."""
    ptx = COMPLEMENT.replace("PASSES", str(passes))
    args = {"x": bytes(X_BYTES), "y": bytes(4), "idx": bytes(4), "n": 1}
    got, _, ptrs, _ = launch(ptx, load(STOCK, "memtrace.probe"), (1, 1, 1), (32, 1, 1), args)
    x = ptrs["fuzz_x"] + ROOT_AT
    want = Counter([(lane, 9, x + 4 * lane + 140 + 128 * k, 2) for lane in range(32) if lane != 20
                    for k in range(passes)] +
                   [(20, 10, x + 80 - 168 + 128 * k, 4) for k in range(passes)])
    assert lane_accesses(got, "mem") == want


@pytest.mark.parametrize("seed", [70, 268])
def test_generated_kernels_that_found_faults(seed):
    """Seed 70 lost records to the fault above. Seed 268 (fixed with it, the same day): every
    save of a loop whose lanes parted from the first save's reserved afresh with the passes
    doubled, up to 8 passes' slots, and left most of them holes; groups parting anew in each
    pass filled their shard with them: 2,092 of 2,495 records dropped (counted, but lost). A
    later save now reserves one pass's slots; only a loop's first save takes several."""
    check(seed)
