"""Exact map contents of instrumented kernels, computed on the CPU by a small SIMT interpreter.

The interpreter runs a kernel's IR warp by warp in lockstep (the lowest program counter of the
warp runs next, so lanes that skip a forward branch wait at its label: the reconvergence our
branch-around code relies on). It knows the PTX our templates emit plus what the simulated
kernels use; an unknown instruction fails the test. Warp collectives check that every lane in
their member mask is present, so code that would hang a real warp fails here. Maps come back
through `maps.read`, the reader the runtime uses, so the device layout and the reader are checked
against each other. These are the same oracles the GPU tests assert. A block's warps run in turn
up to each block barrier (`bar.sync`), in an order a test may choose; block-shared memory starts
each block filled with garbage, so code that reads it before writing it fails.
"""
from __future__ import annotations

import functools
import itertools
import math
import operator
import re
import struct
from collections import Counter
from pathlib import Path
from typing import Callable, Iterator

import numpy as np
import pytest

from conftest import CORPUS
from sim_memory import Memory
from neutrino_py.asm import ir, parse_ptx
from neutrino_py.contract.manifest import LANE_BLOCK, LANES_TILE
from neutrino_py.errors import ToolError
from neutrino_py.maps import needed_bytes, read
from neutrino_py.maps.layout import layout
from neutrino_py.paths import probes_dir
from neutrino_py.probe import load, load_file
from neutrino_py.splice import instrument, lower

TYPES = {"u8", "s8", "b8", "u16", "s16", "b16", "u32", "s32", "b32", "f32", "u64", "s64", "b64",
         "f64", "f16", "pred"}
CMP = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "lt": lambda a, b: a < b,
       "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b}


# what an atom/red of each kind stores, from the old value, its operand and cas's new value (an
# unknown kind fails at the lookup: a silent add would simulate a different kernel)
ATOMIC = {"add": lambda old, b, c: old + b, "max": lambda old, b, c: max(old, b),
          "min": lambda old, b, c: min(old, b), "exch": lambda old, b, c: b,
          "cas": lambda old, b, c: c if old == b else old, "and": lambda old, b, c: old & b,
          "or": lambda old, b, c: old | b, "xor": lambda old, b, c: old ^ b}


# where generic addresses of shared memory lie (`cvta.shared`), as on the GPU a window of its own
SHARED_WINDOW = 0x5000_0000_0000


def in_window(addr: int) -> bool:
    return SHARED_WINDOW <= addr < SHARED_WINDOW + (1 << 32)


def width(t: str) -> int:
    return 1 if t == "pred" else int(t[1:])


def to_num(raw: int, t: str):
    """Raw register bits -> the value of type `t`."""
    w = width(t)
    raw &= (1 << w) - 1
    if t == "f32":
        return float(np.frombuffer(struct.pack("<I", raw), np.float32)[0])
    if t == "f64":
        return struct.unpack("<d", struct.pack("<Q", raw))[0]
    if t == "f16":
        return float(np.frombuffer(struct.pack("<H", raw), np.float16)[0])
    if t[0] == "s" and raw >> (w - 1):
        return raw - (1 << w)
    return raw


def f32(value) -> float:
    """`value` (a float, or an int of any size) rounded once to the nearest f32, ties to even, as
    `cvt.rn.f32` rounds: an int is not made a double first (2**60 + 2**36 + 1 would round twice).
    The simulator's own, apart from the engine's `probe.fold.to_f32` that it checks."""
    if isinstance(value, (float, np.floating)):
        with np.errstate(over="ignore"):
            return float(np.float32(value))
    n = abs(int(value))
    drop = max(n.bit_length() - 24, 0)
    q, r = divmod(n, 1 << drop)
    if drop and (r > 1 << (drop - 1) or r == 1 << (drop - 1) and q & 1):
        q += 1
    n = q << drop
    return math.copysign(math.inf if n >= 1 << 128 else float(n), -1 if value < 0 else 1)


def to_raw(value, t: str) -> int:
    if t == "f32":
        return struct.unpack("<I", np.float32(f32(value)).tobytes())[0]
    if t == "f64":
        return struct.unpack("<Q", struct.pack("<d", value))[0]
    if t == "f16":                      # rounded once, from the double the lane computed
        return struct.unpack("<H", np.float16(value).tobytes())[0]
    return int(value) & ((1 << width(t)) - 1)


def saturated(v: float, t: str) -> int:
    """`cvt.rzi` of a float to integer type `t`: toward zero, clamped to the type's range (PTX
    clamps float-to-integer conversions by default), NaN to 0."""
    if math.isnan(v):
        return 0
    w = width(t)
    lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if t[0] == "s" else (0, (1 << w) - 1)
    return hi if v >= hi else lo if v <= lo else math.trunc(v)


def ieee_divide(a: float, b: float) -> float:
    """`a / b` as IEEE divides: by zero to an infinity or NaN, never an exception."""
    with np.errstate(all="ignore"):
        return float(np.divide(a, b))


def compare(cmp: str, a, b) -> bool:
    """`setp.cmp`: on floats eq..ge are ordered (false when either side is NaN), equ..geu
    unordered (true then), as PTX has them."""
    nan = isinstance(a, float) and (math.isnan(a) or math.isnan(b))
    if cmp.endswith("u"):
        return nan or CMP[cmp[:-1]](a, b)
    return not nan and CMP[cmp](a, b)


class Sim:
    """Runs one kernel of an (instrumented) module over a grid."""

    def __init__(self, fn: ir.Function, memory: Memory) -> None:
        # comments too: lanes step over them as over labels (`passed`), marks among them
        self.code = [s for s in ir.walk(fn.body)
                     if isinstance(s, (ir.Instruction, ir.Label, ir.Comment))]
        self.labels = {s.name: i for i, s in enumerate(self.code) if isinstance(s, ir.Label)}
        body = list(ir.walk(fn.body))
        self.tables = {a.name: [x.strip() for x in b.args.split(",")]     # .branchtargets
                       for a, b in zip(body, body[1:])
                       if isinstance(a, ir.Label) and isinstance(b, ir.Directive)
                       and b.name == "branchtargets"}
        self.fn, self.mem = fn, memory
        self.clock = itertools.count(1000)
        self.issues: Counter = Counter()      # (unit warp, pc) -> issues of user instructions
        self.guarded_bra: list = []           # (warp, pc, active lanes, taken lanes) if any took it
        self.atoms = 0                        # lanes that ran an atom (a returned atomic)
        self.global_reds = 0                  # lanes that ran a red on global memory
        self.prefetched: list[int] = []       # addresses prefetched, one per lane
        self.ours: Counter = Counter()        # instruction name -> issues of the probes' own
        user = [s for s in self.code if isinstance(s, ir.Instruction)
                and not any("%nt_" in str(o) or "$nt_" in str(o) or "__nt_" in str(o)
                            for o in s.operands) and not (s.guard and "%nt_" in s.guard.name)]
        self.user_pc = {id(s): n for n, s in enumerate(user)}
        # (user pc, lanes): those lanes wait at that instruction until the warp's others are
        # done, as a warp split mid-block by the hardware would run (None: lockstep only)
        self.hold: tuple[int, frozenset[int]] | None = None
        # the order a block's warps run in between barriers: warp indices -> that order
        self.order: Callable[[list[int]], list[int]] = lambda warps: warps
        self.shared_vars = [(d.name, ir.TYPE_BYTES.get(d.type, 1) * math.prod(d.array), d.align or 1)
                            for d in ir.walk(fn.body)
                            if isinstance(d, ir.VarDecl) and d.space == "shared"]
        self.shared_at: dict[str, int] = {}    # this block's address of each `.shared` variable
        self.barriers = 0                      # block barriers every warp of a block passed

    def run(self, grid, block, params: dict[str, int]) -> None:
        self.params = params
        self.grid, self.block = grid, block
        threads = [(x, y, z) for z in range(block[2]) for y in range(block[1])
                   for x in range(block[0])]
        warps_per_block = math.ceil(len(threads) / 32)
        for bz, by, bx in itertools.product(range(grid[2]), range(grid[1]), range(grid[0])):
            blin = bx + grid[0] * (by + grid[1] * bz)
            self.shared = Memory()
            self.shared.next["shared"] = 0x100
            self.shared_at = {name: self.shared.alloc(b"\xa5" * size, align, "shared")
                              for name, size, align in self.shared_vars}
            warps = {w: self.run_warp((bx, by, bz), blin, blin * warps_per_block + w,
                                      threads[32 * w:32 * w + 32])
                     for w in range(warps_per_block)}
            while warps:                       # each warp up to the block's next barrier
                for w in self.order(sorted(warps)):
                    if next(warps[w], "done") == "done":
                        del warps[w]
                self.barriers += bool(warps)

    # -------------------------------------------------------------- one warp

    def run_warp(self, ctaid, blin, unit, tids) -> Iterator[None]:
        """Run one warp, yielding at each block barrier until the block's other warps reach it."""
        n = len(tids)
        regs = [dict() for _ in range(n)]
        pc = [0] * n
        done = [False] * n
        wait = None if self.hold is None else next(
            i for i, s in enumerate(self.code) if self.user_pc.get(id(s)) == self.hold[0])
        while not all(done):
            live = [lane for lane in range(n) if not done[lane]]
            if wait is not None:
                held = [lane for lane in live if lane in self.hold[1] and pc[lane] == wait]
                live = [lane for lane in live if lane not in held] or held
            p = min(pc[lane] for lane in live)
            active = [lane for lane in live if pc[lane] == p]
            s = self.code[p]
            if not isinstance(s, ir.Instruction):
                self.passed(s, active, blin, tids)
                for lane in active:
                    pc[lane] += 1
                continue
            run = [lane for lane in active
                   if s.guard is None or bool(regs[lane].get(s.guard.name, 0)) != s.guard_negated]
            if id(s) not in self.user_pc:
                self.ours[s.name] += bool(run)
            else:
                self.issues[unit, self.user_pc[id(s)]] += 1
                if s.opcode == "bra" and s.guard is not None and run:
                    self.guarded_bra.append((unit, self.user_pc[id(s)],
                                             sum(1 << lane for lane in active),
                                             sum(1 << lane for lane in run)))
            if s.opcode in ("bar", "barrier") and s.modifiers[0] == "sync":
                assert active == live == run and len(s.operands) == 1, \
                    f"{s.to_text()}: a block barrier the whole warp does not reach together"
                yield
                for lane in active:
                    pc[lane] += 1
                continue
            ctx = dict(regs=regs, ctaid=ctaid, tids=tids, blin=blin, active=active)
            jump = self.execute(s, run, ctx)
            for lane in active:
                if lane in run and s.opcode in ("ret", "exit"):
                    done[lane] = True
                elif lane in run and jump is not None:
                    pc[lane] = jump[lane] if isinstance(jump, dict) else jump
                else:
                    pc[lane] += 1

    def passed(self, s: ir.Statement, lanes: list[int], blin: int, tids) -> None:
        """Lanes `lanes` of the warp of threads `tids` in block `blin` step over label or
        comment `s`: nothing to do here, a place for a test to watch (marks are comments)."""

    def special(self, name: str, lane: int, ctx) -> int:
        tid = ctx["tids"][lane]
        dims = {"x": 0, "y": 1, "z": 2}
        base, _, axis = name[1:].partition(".")
        if base == "tid":
            return tid[dims[axis]]
        if base == "ntid":
            return self.block[dims[axis]]
        if base == "ctaid":
            return ctx["ctaid"][dims[axis]]
        if base == "nctaid":
            return self.grid[dims[axis]]
        if base == "laneid":
            return lane
        if base == "lanemask_lt":
            return (1 << lane) - 1
        if base == "lanemask_eq":
            return 1 << lane
        if base in ("clock64", "clock"):
            return next(self.clock)
        if base == "globaltimer":
            return next(self.clock) * 10
        if base == "smid":
            return ctx["blin"] % 7
        if base == "warpid":
            return 0
        raise AssertionError(f"special register {name}")

    def value(self, op, lane: int, t: str, ctx) -> int:
        """Raw bits of a source operand read as type `t`."""
        if isinstance(op, ir.Register):
            if op.name.startswith("%") and "." in op.name or op.name in (
                    "%laneid", "%lanemask_lt", "%lanemask_eq", "%clock64", "%clock", "%globaltimer", "%smid",
                    "%warpid"):
                return to_raw(self.special(op.name, lane, ctx), "u64")
            return ctx["regs"][lane].get(op.name, 0)
        if isinstance(op, ir.Negated):
            return int(not ctx["regs"][lane].get(op.operand.name, 0))
        if isinstance(op, ir.Immediate):
            text = op.text
            if text[:2].lower() in ("0f", "0d"):
                v = op.value
                return to_raw(v, t if t[0] == "f" else ("f32" if text[1] in "fF" else "f64"))
            return to_raw(op.value if t[0] == "f" else int(op.value), t)
        if isinstance(op, ir.Symbol):
            return self.shared_at[op.name] if op.name in self.shared_at else self.params[op.name]
        raise AssertionError(f"operand {op!r}")

    @staticmethod
    def shuffle(mode: str, lane: int, b: int, c: int) -> tuple[int, bool]:
        """The lane a ``shfl.sync`` of `mode` reads and whether it is in range (PTX ISA)."""
        seg = (c >> 8) & 31
        top, bottom = (lane & seg) | (c & 31 & ~seg), lane & seg
        j = {"up": lane - b, "down": lane + b, "bfly": lane ^ b,
             "idx": bottom | (b & ~seg)}[mode]
        ok = j >= top if mode == "up" else j <= top
        return (j if ok else lane), ok

    def space(self, mods: list[str], addr: int) -> tuple[Memory, int]:
        """The memory an access of these modifiers reaches, and the address there: the block's
        shared memory or the global one; a generic address (no space named) is shared in
        `SHARED_WINDOW`, global elsewhere."""
        if "shared" in mods:
            return self.shared, addr
        if not any(m in mods for m in ("global", "local", "const", "param")) and \
                in_window(addr):
            return self.shared, addr - SHARED_WINDOW
        return self.mem, addr

    def address(self, op: ir.Address, lane: int, ctx) -> int:
        return (self.value(op.base, lane, "u64", ctx) + op.offset) & ((1 << 64) - 1)

    def execute(self, s: ir.Instruction, run: list[int], ctx) -> int | dict[int, int] | None:
        op, mods = s.opcode, s.modifiers
        types = [m for m in mods if m in TYPES]
        t = types[-1] if types else "b32"
        regs = ctx["regs"]
        ops = s.operands

        def src(i, lane, ty=None):
            return self.value(ops[i], lane, ty or t, ctx)

        def num(i, lane, ty=None):
            return to_num(src(i, lane, ty), ty or t)

        def put(lane, raw, ty=None):
            regs[lane][ops[0].name] = raw & ((1 << width(ty or t)) - 1)

        def putn(lane, value, ty=None):
            regs[lane][ops[0].name] = to_raw(value, ty or t)

        if op == "bra":
            return self.labels[ops[0].name]
        if op == "brx":                            # brx.idx: each lane to its own index's label
            targets = {lane: self.labels[self.tables[ops[1].name][src(0, lane, "u32")]] for lane in run}
            assert "uni" not in mods or len(set(targets.values())) <= 1, \
                f"{s.to_text()}: lanes go to {sorted(set(targets.values()))}"
            return targets
        if op in ("ret", "exit"):
            return None
        if op == "activemask":
            mask = sum(1 << lane for lane in ctx["active"])
            for lane in run:
                put(lane, mask, "u32")
            return None
        if op in ("vote", "bar"):           # vote.sync.{any,all}.pred, .ballot.b32, bar.warp.sync
            # every lane names its group (all active lanes, or one match group) in its mask
            groups = {}
            for lane in run:
                mask = src(len(ops) - 1, lane, "u32")
                members = {m for m in range(32) if mask >> m & 1}
                assert lane in members and members <= set(run), \
                    f"{s.to_text()}: member lanes not converged"
                groups[lane] = members
            assert set().union(*groups.values()) == set(ctx["active"]) or op == "vote", \
                f"{s.to_text()}: member lanes not converged"
            if op == "vote" and mods[1] == "ballot":
                for lane in run:
                    put(lane, sum(src(1, m, "pred") << m for m in groups[lane]), "u32")
            elif op == "vote":
                assert mods[:2] in (["sync", "any"], ["sync", "all"]), s.to_text()
                for lane in run:
                    hit = (any if mods[1] == "any" else all)(src(1, m, "pred") for m in groups[lane])
                    put(lane, int(hit), "pred")
            return None
        if op == "redux":                   # redux.sync.add.{u32,s32}, .or.b32: per-lane masks
            assert mods[:2] in (["sync", "add"], ["sync", "or"]), s.to_text()
            for lane in run:
                members = {m for m in range(32) if src(2, lane, "u32") >> m & 1}
                assert lane in members and members <= set(run), \
                    f"{s.to_text()}: member lanes not converged"
                assert all(src(2, m, "u32") == src(2, lane, "u32") for m in members), \
                    f"{s.to_text()}: members disagree on the mask"
                got = [src(1, m) for m in members]
                put(lane, sum(got) if mods[1] == "add" else functools.reduce(operator.or_, got),
                    "u32")
            return None
        if op in ("shfl", "match"):
            members = {lane for lane in range(32) if src(len(ops) - 1, run[0], "u32") >> lane & 1}
            assert members <= set(ctx["active"]), f"{s.to_text()}: member lanes not converged"
            # every lane reads its source before any lane writes (dst may be the source)
            if op == "shfl":
                got = {lane: self.shuffle(mods[1], lane, src(2, lane, "u32") & 31,
                                          src(3, lane, "u32")) for lane in run}
                got = {lane: (src(1, j, "b32"), ok) for lane, (j, ok) in got.items()}
            else:
                got = {lane: (sum(1 << m for m in members if src(1, m) == src(1, lane)), True)
                       for lane in run}
            dst = ops[0].first if isinstance(ops[0], ir.PredPair) else ops[0]
            for lane in run:
                regs[lane][dst.name] = got[lane][0] & 0xffffffff
                if isinstance(ops[0], ir.PredPair):
                    regs[lane][ops[0].second.name] = int(got[lane][1])
            return None
        for lane in run:
            self.lane(s, op, mods, t, lane, src, num, put, putn, ctx)
        return None

    def lane(self, s, op, mods, t, lane, src, num, put, putn, ctx) -> None:
        ops = s.operands
        if op == "mov":
            if isinstance(ops[0], ir.Vector):
                raw = src(1, lane, "b64")
                for k, item in enumerate(ops[0].items):
                    ctx["regs"][lane][item.name] = (raw >> (32 * k)) & 0xffffffff
            elif isinstance(ops[1], ir.Vector):
                raw = sum(self.value(item, lane, "b32", ctx) << (32 * k)
                          for k, item in enumerate(ops[1].items))
                put(lane, raw, "b64")
            else:
                put(lane, src(1, lane))
        elif op == "ld":
            if "param" in mods:
                put(lane, self.params[ops[1].base.name])
                return
            memory, addr = self.space(mods, self.address(ops[1], lane, ctx))
            size = width(t) // 8
            dests = ops[0].items if isinstance(ops[0], ir.Vector) else [ops[0]]
            for k, d in enumerate(dests):
                ctx["regs"][lane][d.name] = memory.read(addr + k * size, size)
        elif op == "st":
            memory, addr = self.space(mods, self.address(ops[0], lane, ctx))
            size = width(t) // 8
            items = ops[1].items if isinstance(ops[1], ir.Vector) else [ops[1]]
            assert addr % (size * len(items)) == 0, f"misaligned {s.name} at {addr:#x}"
            for k, item in enumerate(items):
                memory.write(addr + k * size, size, self.value(item, lane, t, ctx))
        elif op in ("fence", "membar"):            # lanes run one at a time: nothing to order
            pass
        elif op == "prefetch":                     # a hint: only where it points is kept
            self.prefetched.append(self.address(ops[0], lane, ctx))
        elif op in ("atom", "red"):
            at = 0 if op == "red" else 1
            memory, addr = self.space(mods, self.address(ops[at], lane, ctx))
            size = width(t) // 8
            assert addr % size == 0, f"misaligned {s.name} at {addr:#x}"
            old = memory.read(addr, size)
            kind = next((m for m in mods if m in ATOMIC), s.to_text())
            new = to_raw(ATOMIC[kind](to_num(old, t), num(at + 1, lane),
                                      num(at + 2, lane) if kind == "cas" else None), t)
            memory.write(addr, size, new)
            self.global_reds += op == "red" and memory is self.mem
            if op == "atom":
                put(lane, old)
                self.atoms += 1
        elif op == "cvta":                 # shared memory's generic window; global is 1:1
            shift = SHARED_WINDOW if "shared" in mods else 0
            put(lane, src(1, lane, "u64") + (-shift if "to" in mods else shift), "u64")
        elif op == "isspacep":
            inside = in_window(src(1, lane, "u64"))
            put(lane, int(inside if mods[0].startswith("shared") else
                          not inside if mods[0] == "global" else False), "pred")
        elif op == "cvt":
            dt, st = [m for m in mods if m in TYPES][-2:]
            v = to_num(src(1, lane, st), st)
            putn(lane, saturated(v, dt) if dt[0] != "f" and st[0] == "f" else v, dt)
        elif op == "selp":
            put(lane, src(1, lane) if src(3, lane, "pred") else src(2, lane))
        elif op == "setp":
            cmp = mods[0]
            r = compare(cmp, num(1, lane), num(2, lane))
            if len(mods) > 2 and mods[1] in ("and", "or", "xor"):
                c = bool(src(3, lane, "pred"))
                r = {"and": r and c, "or": r or c, "xor": r != c}[mods[1]]
            put(lane, int(r), "pred")
        elif op in ("add", "sub", "mul", "mad", "min", "max", "div", "rem", "fma"):
            wide = "wide" in mods
            rt = (t[0] + str(2 * width(t))) if wide else t
            a, b = num(1, lane), num(2, lane)
            quot = (lambda: ieee_divide(a, b)) if t[0] == "f" else (
                lambda: (abs(a) // abs(b)) * (1 if (a < 0) == (b < 0) else -1))
            v = {"add": lambda: a + b, "sub": lambda: a - b, "mul": lambda: a * b,
                 "mad": lambda: a * b + num(3, lane, rt), "fma": lambda: a * b + num(3, lane),
                 "min": lambda: min(a, b), "max": lambda: max(a, b), "div": quot,
                 "rem": lambda: a - b * quot()}[op]()
            putn(lane, v, rt)
        elif op in ("and", "or", "xor"):
            a, b = src(1, lane), src(2, lane)
            put(lane, {"and": a & b, "or": a | b, "xor": a ^ b}[op])
        elif op == "not":
            put(lane, ~src(1, lane) if t != "pred" else int(not src(1, lane)))
        elif op == "neg":
            putn(lane, -num(1, lane))
        elif op == "shl":
            put(lane, src(1, lane) << min(src(2, lane, "u32"), 64))
        elif op == "shr":
            putn(lane, num(1, lane) >> min(src(2, lane, "u32"), 64))
        elif op == "popc":
            put(lane, bin(src(1, lane)).count("1"), "u32")
        elif op == "brev":
            put(lane, int(f"{src(1, lane):032b}"[::-1], 2))
        elif op == "ex2":                          # Triton's exp
            putn(lane, 2.0 ** num(1, lane))
        elif op in ("sqrt", "rsqrt"):
            root = math.sqrt(max(num(1, lane), 0.0))
            putn(lane, root if op == "sqrt" else 1 / root if root else math.inf)
        elif op == "clz":
            put(lane, 32 - src(1, lane).bit_length(), "u32")
        elif op == "bfind":                        # .u32: the highest set bit, or 0xffffffff
            put(lane, src(1, lane).bit_length() - 1, "u32")
        else:
            raise AssertionError(f"the simulator does not know {s.to_text()}")


# ------------------------------------------------------------------ running an instrumented kernel

EXTERN_SHARED = 1024      # bytes of `.extern .shared` arrays (dynamic shared memory) per block


def launch(ptx: str, program, grid, block, args: dict[str, bytes | int], kernel=None, hold=None,
           order=None, sim_type: type[Sim] = Sim):
    """Instrument, simulate, and read the maps back with `maps.read`. `args` maps param index
    order to buffer bytes (allocated, pointer passed) or scalar ints; `hold`: `Sim.hold`;
    `order`: `Sim.order`; `sim_type`: a `Sim` that also watches what runs. `program` None runs
    `kernel` as it is (no maps)."""
    module = parse_ptx(ptx, cache=False)
    manifests = {} if program is None else instrument(module, program).manifests
    name = kernel or next(iter(manifests))
    manifest = manifests.get(name)
    fn = module.function(name)
    mem = Memory()
    params, buffers = {}, {}
    for decl, value in zip(fn.params, args.values()):
        if isinstance(value, (bytes, bytearray)):
            buffers[decl.name] = params[decl.name] = mem.alloc(value)
        else:
            params[decl.name] = value & ((1 << 64) - 1)          # raw bits
    maps = {}
    if manifest is not None:
        # the appended params by the names the manifest gives them (`__nt1_hdr` where the
        # kernel has a param `__nt_hdr` of its own)
        header_param, *map_params = manifest.params
        named = {p.map: p.name for p in map_params}
        header = params[header_param.name] = mem.alloc(manifest.header_nbytes() or 1)
        for lay in layout(manifest, grid, block):
            maps[lay.name] = params[named[lay.name]] = mem.alloc(max(lay.nbytes, 1))
    sim = sim_type(fn, mem)
    sim.shared_vars += [(d.name, EXTERN_SHARED, d.align or 1) for d in module.items
                        if isinstance(d, ir.VarDecl) and d.space == "shared" and "extern" in d.linkage]
    sim.hold = hold
    sim.order = order or sim.order
    sim.run(grid, block, params)
    out = {} if manifest is None else read(manifest, grid, block, mem.bytes(header),
                                           {k: mem.bytes(v) for k, v in maps.items()})
    return out, sim, {k: params[k] for k in buffers}, mem


def stock(name: str):
    return load_file(probes_dir() / f"{name}.probe")


def corpus(name: str) -> str:
    return (CORPUS / "cuda" / f"{name}.sm_90.ptx").read_text()


def floats(n: int, seed: int) -> bytes:
    return np.random.default_rng(seed).uniform(-1, 1, n).astype(np.float32).tobytes()


N, GRID, BLOCK = 70, (2, 1, 1), (48, 1, 1)     # a partial second warp, threads past n


def vector_add(program, n=N, grid=GRID, block=BLOCK, hold=None, order=None):
    return launch(corpus("vector_add"), program, grid, block,
                  {"a": floats(n, 1), "b": floats(n, 2), "c": bytes(4 * n), "n": n}, hold=hold,
                  order=order)


def test_dmat_addresses_are_exactly_the_accessed_elements():
    maps, _, ptrs, mem = vector_add(stock("dmat"))
    a, b, c = ptrs.values()
    rec = maps["dmat"]
    want = Counter((base + 4 * i, 4) for base in (a, b, c) for i in range(N))
    assert Counter(zip(rec["addr"].tolist(), rec["bytes"].tolist())) == want
    assert maps.dropped["dmat"] == 0


def test_the_kernel_still_computes_its_result():
    _, _, ptrs, mem = vector_add(stock("dmat"))
    a, b, c = (np.frombuffer(mem.bytes(p), np.float32) for p in ptrs.values())
    assert np.array_equal(c, a + b)


def test_pool_overflow_is_counted_exactly():
    text = (probes_dir() / "dmat.probe").read_text().replace("pool 1 << 22", "pool 100")
    maps, _, _, _ = vector_add(load(text, "small_pool.probe"))
    assert len(maps["dmat"]) == 100
    assert maps.dropped["dmat"] == 3 * N - 100


def test_sharded_pool_overflow_is_counted_exactly_per_shard():
    # pool 512 = 2 shards of 256; warps 0..7 (2 per block) take shards 0, 1, 0, 1, ...
    text = (probes_dir() / "dmat.probe").read_text().replace("pool 1 << 22", "pool 512")
    n = 256
    maps, _, ptrs, _ = vector_add(load(text, "small_pool.probe"), n=n, grid=(4, 1, 1),
                                  block=(64, 1, 1))
    rec = maps["dmat"]
    assert len(rec) == 512 and maps.dropped["dmat"] == 3 * n - 512
    want = Counter((base + 4 * i, 4) for base in ptrs.values() for i in range(n))
    got = Counter(zip(rec["addr"].tolist(), rec["bytes"].tolist()))
    assert not got - want
    # each shard keeps its first 256 reservations: all of blocks 0 and 1 (warps 0..3), which ran
    # first
    first = Counter((base + 4 * i, 4) for base in ptrs.values() for i in range(128))
    assert not first - got


def test_sharded_pool_across_chunks_and_cut_to_the_header_cursor():
    # pool 1536 = 2 shards of 768 records (3 chunks); 4 warps and 384 records in each shard
    text = (probes_dir() / "dmat.probe").read_text().replace("pool 1 << 22", "pool 1536")
    n = 256
    program = load(text, "chunks.probe")
    maps, sim, ptrs, mem = vector_add(program, n=n, grid=(2, 1, 1), block=(128, 1, 1))
    want = Counter((base + 4 * i, 4) for base in ptrs.values() for i in range(n))
    rec = maps["dmat"]
    assert Counter(zip(rec["addr"].tolist(), rec["bytes"].tolist())) == want
    assert maps.dropped["dmat"] == 0
    # the header cursor bounds the records: shard chunks up to round 2 of 3, after the cursors
    header = mem.bytes(sim.params["__nt_hdr"])
    (lay,) = layout(instrument(parse_ptx(corpus("vector_add"), cache=False), program)
                    .manifests["vector_add"], (2, 1, 1), (128, 1, 1))
    cursor = int.from_bytes(header[:8], "little")
    assert (lay.shards, cursor) == (2, lay.first + 2 * 2 * 256) and cursor < lay.items
    full = mem.bytes(sim.params["__nt_map_dmat"])
    manifest = instrument(parse_ptx(corpus("vector_add"), cache=False), program).manifests["vector_add"]
    cut = read(manifest, (2, 1, 1), (128, 1, 1), header, {"dmat": full[:needed_bytes(lay, cursor)]})
    assert cut["dmat"].tolist() == rec.tolist() and cut.dropped == maps.dropped
    with pytest.raises(ToolError):
        read(manifest, (2, 1, 1), (128, 1, 1), header, {"dmat": full[:needed_bytes(lay, cursor) - 24]})



@pytest.mark.parametrize("pool, kept", [(512, 512), (1536, 600)])
def test_warp_level_sharded_pool_counts_overflow_and_bounds_chunks(pool, kept):
    # memtrace keeps one record per warp-level access, reserved by the leader alone: 100 blocks
    # of 2 warps, 3 accesses each = 600 records, 300 in each of the 2 shards. pool 512: a shard
    # keeps 256 (one chunk) and counts 44 dropped; pool 1536: 3 chunks a shard, all kept. Either
    # way the 257th reservation of a shard raises the header cursor to round 2 (an upper bound:
    # past the buffer when it overflowed, as for thread-level pools)
    text = (probes_dir() / "memtrace.probe").read_text().replace("pool 1 << 21", f"pool {pool}")
    n = 6400
    program = load(text, "small_pool.probe")
    maps, sim, ptrs, mem = vector_add(program, n=n, grid=(100, 1, 1), block=(64, 1, 1))
    rec = maps["mem"]
    assert len(rec) == kept and maps.dropped["mem"] == 600 - kept
    want = Counter((base + 128 * w, 4, 0xFFFFFFFF) for base in ptrs.values() for w in range(200))
    got = Counter(zip(rec["addr"].tolist(), rec["addr_stride"].tolist(), rec["addr_mask"].tolist()))
    assert not got - want and (kept < 600 or got == want)
    manifest = instrument(parse_ptx(corpus("vector_add"), cache=False), program).manifests["vector_add"]
    (lay,) = [s for s in layout(manifest, (100, 1, 1), (64, 1, 1)) if s.name == "mem"]
    header = mem.bytes(sim.params["__nt_hdr"])
    assert (lay.shards, int.from_bytes(header[:8], "little")) == (2, lay.first + 2 * 2 * 256)

def per_thread(name: str):
    """A stock probe with its maps kept per thread (what coarse levels are checked against)."""
    text = (probes_dir() / f"{name}.probe").read_text()
    return load(text.replace("[sm]", "[thread]").replace("[block]", "[thread]"), f"{name}.probe")


def test_gmem_bytes_per_thread():
    maps, _, _, _ = vector_add(per_thread("gmem_bytes"))
    g = maps["gmem"]
    i = np.arange(96)
    assert g["loaded"].tolist() == np.where(i < N, 8, 0).tolist()
    assert g["stored"].tolist() == np.where(i < N, 4, 0).tolist()
    assert g["atomic"].sum() == 0


def test_gmem_bytes_in_a_grid_stride_loop():
    n = 100
    maps, _, _, _ = launch(corpus("saxpy"), per_thread("gmem_bytes"), (1, 1, 1), (48, 1, 1),
                           {"n": n, "alpha": 0x40000000, "x": floats(n, 3), "y": floats(n, 4)})
    trips = np.array([len(range(t, n, 48)) for t in range(48)])
    assert maps["gmem"]["loaded"].tolist() == (8 * trips).tolist()
    assert maps["gmem"]["stored"].tolist() == (4 * trips).tolist()


def test_stock_gmem_bytes_keeps_one_row_per_sm_holding_the_thread_sums():
    maps, _, _, _ = vector_add(stock("gmem_bytes"), grid=(9, 1, 1), block=(48, 1, 1), n=400)
    g = maps["gmem"]
    assert len(g) == 256 and maps.dropped["gmem"] == 0
    threads = np.arange(9 * 48)
    loads = np.bincount(threads // 48 % 7, weights=np.where(threads < 400, 8, 0), minlength=256)
    assert g["loaded"].tolist() == loads.astype(int).tolist()       # the simulator's smid: block % 7
    assert int(g["stored"].sum()) == 4 * 400 and int(g["atomic"].sum()) == 0


def test_counters_no_access_adds_to_leave_the_exits_alone():
    """A kernel without global accesses keeps gmem_bytes' counters at 0: its exits get no flush,
    not even the row address (ptxas dropped it as dead code; GCN kept its EXEC switch)."""
    ptx = """.version 8.0
.target sm_90
.address_size 64
.visible .entry quiet(.param .u32 p_n)
{
  .reg .b32 %r<3>;
  ld.param.u32 %r1, [p_n];
  mov.u32 %r2, %tid.x;
  add.s32 %r2, %r2, %r1;
  ret;
}
"""
    module = parse_ptx(ptx, cache=False)
    instrument(module, stock("gmem_bytes"))
    assert "__nt_map_gmem]" not in module.to_text()
    maps, _, _, _ = launch(ptx, stock("gmem_bytes"), (2, 1, 1), (40, 1, 1), {"n": 3})
    assert not any(maps["gmem"][f].any() for f in ("loaded", "stored", "atomic"))


def test_hotness_counts_every_access_in_its_page():
    maps, _, ptrs, _ = vector_add(stock("hotness"))
    want = Counter(((base + 4 * i) >> 12) & 0xffff for base in ptrs.values() for i in range(N))
    pages = maps["pages"]["value"] if maps["pages"].dtype.names else maps["pages"]
    assert {k: int(pages[k]) for k in np.nonzero(pages)[0]} == dict(want)
    assert int(pages.sum()) == 3 * N


def test_block_sched_one_record_per_block_from_its_last_warp():
    grid, block = (3, 1, 1), (16, 3, 1)               # 48 threads: 2 warps per block
    maps, _, _, _ = vector_add(stock("block_sched"), grid=grid, block=block)
    s = maps["sched"]
    assert s["unit"].tolist() == [0, 1, 2]            # blocks 0, 1, 2 (from their warp 1)
    assert (s["elapsed"] > 0).all()
    assert s["sm"].tolist() == [b % 7 for b in range(3)]
    assert maps.dropped["sched"] == 0


@pytest.mark.parametrize("block, warps", [((100, 1, 1), 4), ((16, 3, 2), 3), ((32, 1, 1), 1)])
def test_warps_helper_counts_partial_warps_and_picks_the_last(block, warps):
    """`warps()` is ceil(threads / 32) over all three block dimensions, so `warpid() == warps() - 1`
    is the last warp, partial or whole, and is true in one warp of each block."""
    text = ("map w[block]: row { u32 warp; u32 warps; u32 lanes; }\n"
            "exit / warpid() == warps() - 1 / { w.save(warpid(), warps(), threadid()); }\n")
    maps, _, _, _ = vector_add(load(text, "warps.probe"), grid=(2, 1, 1), block=block)
    w = maps["w"]
    assert w["unit"].tolist() == [0, 1] and maps.dropped["w"] == 0
    assert w["warp"].tolist() == [warps - 1] * 2 and w["warps"].tolist() == [warps] * 2
    assert all(32 * (warps - 1) <= t < math.prod(block) for t in w["lanes"].tolist())


def test_block_sched_row_writes_the_rows_of_its_record_form_without_waiting():
    """The stock row and the record(1) variant (which warms its count and waits for an atomic's
    old count) write the same rows; the row's saves take no returned atomic."""
    grid, block = (3, 1, 1), (16, 3, 1)
    variant = load_file(Path(__file__).parent.parent / "benchmarks/variants/block_sched_record.probe")
    assert instrumented_text(corpus("vector_add"), variant).count("prefetch.global.L2") == 1
    maps, sim, _, _ = vector_add(variant, grid=grid, block=block)
    # the first warp of each block, every lane: its block's u32 count, after 3 records of 24 B
    base = sim.params["__nt_map_sched"]
    assert sim.prefetched == [base + 3 * 24 + 4 * b for b in range(3) for _ in range(32)]
    assert sim.atoms == 3
    text = instrumented_text(corpus("vector_add"), stock("block_sched"))
    assert "prefetch" not in text and "atom." not in text and text.count("red.global.add.u32") == 1
    row_maps, row_sim, _, _ = vector_add(stock("block_sched"), grid=grid, block=block)
    assert row_sim.atoms == 0
    s, r = maps["sched"], row_maps["sched"]
    assert r["unit"].tolist() == s["unit"].tolist() == [0, 1, 2]
    assert r["sm"].tolist() == s["sm"].tolist() and (r["elapsed"] > 0).all()
    assert row_maps.dropped["sched"] == 0


def test_block_sched_one_record_per_warp_without_its_filters():
    grid, block = (3, 1, 1), (16, 3, 1)
    text = (probes_dir() / "block_sched.probe").read_text().replace("[block]", "[warp]")
    text = text.replace("/ warpid() == warps() - 1 / ", "")
    maps, _, _, _ = vector_add(load(text, "block_sched_warps.probe"), grid=grid, block=block)
    s = maps["sched"]
    assert s["unit"].tolist() == list(range(6))
    assert s["sm"].tolist() == [b % 7 for b in range(3) for _ in range(2)]


def test_opcode_mix_total_equals_instructions_issued():
    maps, sim, _, _ = saxpy_run(stock("opcode_mix"))
    per_warp = Counter()
    for (unit, _), n in sim.issues.items():
        per_warp[unit] += n
    assert maps["mix"]["total"].tolist() == [per_warp[u] for u in range(len(maps["mix"]))]


def saxpy_run(program, n=100, order=None):
    return launch(corpus("saxpy"), program, (2, 1, 1), (40, 1, 1),
                  {"n": n, "alpha": 0x40000000, "x": floats(n, 3), "y": floats(n, 4)}, order=order)


def reduce_run(program, n=300, grid=(2, 1, 1), block=(96, 1, 1), order=None):
    """reduce_sum: two loads a thread (the second behind a guard), a block barrier, its first
    warp summing the block's partial sums into its element of the result."""
    return launch(corpus("reduction"), program, grid, block,
                  {"x": floats(n, 5), "out": bytes(4 * grid[0]), "n": n}, order=order)


def test_branch_divergence_records_every_taken_guarded_branch():
    maps, sim, _, _ = saxpy_run(stock("branch_divergence"))
    b = maps["branches"]
    got = Counter(zip(b["pc"].tolist(), b["active"].tolist(), b["taken"].tolist()))
    want = Counter((pc, active, taken) for _, pc, active, taken in sim.guarded_bra)
    assert got == want
    assert any(active != taken for _, _, active, taken in sim.guarded_bra)   # it did diverge


UNITS = """
map t[thread]: counter { u32 tid; u32 blk; u32 lane; u32 warp; u32 n; }
map w[warp]: counter { u32 events; u32 lanes; }
entry { t.tid += threadid(); t.blk += blockid(); t.lane += laneid(); t.warp += warpid(); t.n += 1;
        w.events += 1; w.lanes += activemask(); }
"""


def test_unit_indices_and_warp_level_counters():
    grid, block = (2, 2, 1), (4, 3, 3)                 # 36 threads: warps of 32 and 4
    maps, _, _, _ = vector_add(load(UNITS, "units.probe"), n=0, grid=grid, block=block)
    t = maps["t"]
    i = np.arange(4 * 36)
    assert t["tid"].tolist() == (i % 36).tolist()
    assert t["blk"].tolist() == (i // 36).tolist()
    assert t["lane"].tolist() == (i % 36 % 32).tolist()
    assert t["warp"].tolist() == (i % 36 // 32).tolist()
    assert t["n"].tolist() == [1] * len(i)
    w = maps["w"]
    assert w["events"].tolist() == [1] * 8                 # once per warp, not per lane
    assert w["lanes"].tolist() == [0xffffffff, 0xf] * 4    # the leader's activemask


RECORDS = """
map r[thread]: record(4) { u32 pc; u64 addr; }
map w[warp]: record(2) { u32 lane; u64 addr; }
after ld.global { r.save(PC, ADDR); w.save(laneid(), ADDR); }
"""

# Each thread loads 5 times, but only odd threads execute the (predicated) load; the load
# overwrites its own address register (a pointer chase through `next`).
CHASE = """
.version 8.0
.target sm_80
.address_size 64
.visible .entry chase(.param .u64 chase_p0)
{
    .reg .pred %p<3>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [chase_p0];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 1;
    mov.u32 %r3, 0;
$L_loop:
    @%p1 ld.global.u64 %rd1, [%rd1+8];
    add.u32 %r3, %r3, 1;
    setp.lt.u32 %p2, %r3, 5;
    @%p2 bra $L_loop;
    ret;
}
"""


def chain() -> tuple[bytes, int]:
    """A linked list for CHASE: node k at offset 16k holds [pad, address of node k+1]."""
    base = Memory().next["global"]              # where the first allocation lands
    return b"".join(struct.pack("<QQ", 0, base + 16 * (k + 1)) for k in range(8)), base


def test_fixed_records_predicated_loads_and_clobbered_addresses():
    nodes, base = chain()
    maps, _, ptrs, _ = launch(CHASE, load(RECORDS, "rec.probe"), (1, 1, 1), (40, 1, 1),
                                  {"p": nodes})
    assert next(iter(ptrs.values())) == base
    r = maps["r"]
    odd = [t for t in range(40) if t % 2]
    # odd threads load 5 times at base+8, base+24, ... (the address register before the load)
    assert r["unit"].tolist() == [t for t in odd for _ in range(4)]
    assert r["addr"].tolist() == [base + 8 + 16 * k for _ in odd for k in range(4)]
    assert maps.dropped["r"] == len(odd) * 1
    w = maps["w"]
    assert w["unit"].tolist() == [0, 0, 1, 1]
    assert w["lane"].tolist() == [1, 1, 1, 1]              # the lowest lane that loaded
    assert w["addr"].tolist() == [base + 8, base + 24] * 2
    assert maps.dropped["w"] == 2 * 3


# Lanes leave by three different exits: tid % 4 == 1 at a guarded ret, 2 and 3 at the next ret,
# 0 after a jump to a third one.
SPLIT = """
.version 8.0
.target sm_80
.address_size 64
.visible .entry split(.param .u64 split_p0)
{
    .reg .pred %p<3>;
    .reg .b32 %r<4>;
    mov.u32 %r1, %tid.x;
    and.b32 %r2, %r1, 3;
    setp.eq.u32 %p1, %r2, 0;
    @%p1 bra $L_a;
    setp.eq.u32 %p2, %r2, 1;
    @%p2 ret;
    ret;
$L_a:
    ret;
}
"""
WARP_EVENTS = ("map w[warp]: record(4) { u32 pc; u32 lanes; u32 lane; }\n"
               "entry { w.save(1000, activemask(), laneid()); }\n"
               "before and.b32 { w.save(PC, activemask(), laneid()); }\n"
               "exit { w.save(2000, activemask(), laneid()); }\n")


def test_warp_records_whole_warp_events_then_divergent_exits():
    maps, sim, _, _ = launch(SPLIT, load(WARP_EVENTS, "w.probe"), (2, 1, 1), (40, 1, 1), {"p": 0})
    w = maps["w"]
    lanes = {0: 0xffffffff, 1: 0xff}                       # warps of 32 and 8 lanes
    group = {k: lambda full, k=k: sum(1 << i for i in range(32) if full >> i & 1 and i % 4 in k)
             for k in ((1,), (2, 3), (0,))}
    got = [(u, pc, m, lane) for u, pc, m, lane in zip(w["unit"].tolist(), w["pc"].tolist(),
                                                        w["lanes"].tolist(), w["lane"].tolist())]
    want = []
    for unit in range(4):
        full = lanes[unit % 2]
        want += [(unit, 1000, full, 0), (unit, 1, full, 0), (unit, 2000, group[1,](full), 1),
                 (unit, 2000, group[2, 3](full), 2)]            # the exit of tid % 4 == 0: dropped
    assert got == want
    assert maps.dropped["w"] == 4
    assert sim.atoms == 4 * 3            # the two whole-warp events took their slot from a register


def test_block_records_share_the_blocks_slots_across_its_warps():
    text = ("map b[block]: record(3) { u32 pc; u32 lanes; u32 warp; }\n"
            "entry { b.save(1000, activemask(), warpid()); }\n"
            "before and.b32 { b.save(PC, activemask(), warpid()); }\n")
    maps, sim, _, _ = launch(SPLIT, load(text, "b.probe"), (2, 1, 1), (40, 1, 1), {"p": 0})
    b = maps["b"]
    assert b["unit"].tolist() == [0, 0, 0, 1, 1, 1]        # the block index, 3 slots each
    lanes = {0: 0xffffffff, 1: 0xff}
    events = {(1000, lanes[w], w) for w in (0, 1)} | {(1, lanes[w], w) for w in (0, 1)}
    for block in (0, 1):
        got = set(zip(*(b[f][b["unit"] == block].tolist() for f in ("pc", "lanes", "warp"))))
        assert len(got) == 3 and got <= events             # 4 warp events, 3 slots
    assert maps.dropped["b"] == 2
    assert sim.atoms == 8                                  # one returned count atomic per event


def test_block_records_of_many_blocks_keep_each_blocks_first_event():
    """2100 one-thread blocks saving twice into record(1): each block's row holds its own first
    event, and every second one is dropped and counted."""
    text = ("map b[block]: record(1) { u32 blk; }\n"
            "entry { b.save(blockid()); b.save(blockid()); }\n")
    maps, _, _, _ = launch(SPLIT, load(text, "b.probe"), (2100, 1, 1), (1, 1, 1), {"p": 0})
    b = maps["b"]
    assert b["unit"].tolist() == b["blk"].tolist() == list(range(2100))
    assert maps.dropped["b"] == 2100


@pytest.mark.parametrize("level,units", [("block", 2100), ("warp", 2100), ("thread", 2100)])
def test_rows_hold_each_units_last_save_and_count_every_save(level, units):
    """2100 one-thread blocks saving twice into a row: each unit's row holds its second save,
    the count both (one dropped per unit), and no save waits for an atomic."""
    text = (f"map b[{level}]: row {{ u32 blk; u32 nth; }}\n"
            "entry { b.save(blockid(), 1); b.save(blockid(), 2); }\n")
    maps, sim, _, _ = launch(SPLIT, load(text, "b.probe"), (units, 1, 1), (1, 1, 1), {"p": 0})
    b = maps["b"]
    assert b["unit"].tolist() == b["blk"].tolist() == list(range(units))
    assert b["nth"].tolist() == [2] * units
    assert maps.dropped["b"] == units and sim.atoms == 0


def test_block_rows_of_a_warp_split_count_each_part():
    """Lanes that save apart are two events of one row: the count says 2 per block."""
    text = ("map b[block]: row { u32 lanes; }\n"
            "before and.b32 { b.save(activemask()); }\n")
    maps, _, _, _ = launch(SPLIT, load(text, "b.probe"), (2, 1, 1), (40, 1, 1), {"p": 0})
    b = maps["b"]
    assert b["unit"].tolist() == [0, 1]
    assert set(b["lanes"].tolist()) <= {0xffffffff, 0xff}
    assert maps.dropped["b"] == 2


def test_warp_records_after_a_partial_event_take_distinct_slots():
    text = ("map w[warp]: record(16) { u32 pc; u32 lanes; }\n"
            "before ld.global, add.u32 { w.save(PC, activemask()); }\n")
    maps, _, _, _ = launch(CHASE, load(text, "w.probe"), (1, 1, 1), (40, 1, 1), {"p": chain()[0]})
    w = maps["w"]
    odd = {0: 0xaaaaaaaa, 1: 0xaa}
    full = {0: 0xffffffff, 1: 0xff}
    got = list(zip(w["unit"].tolist(), w["pc"].tolist(), w["lanes"].tolist()))
    assert got == [(u, pc, m) for u in (0, 1) for _ in range(5)
                   for pc, m in ((6, odd[u]), (7, full[u]))]
    assert maps.dropped["w"] == 0


def test_after_a_guarded_branch_runs_where_it_is_not_taken():
    text = ("map c[thread]: counter { u32 stay; u32 leave; }\n"
            "after @bra { c.stay += 1; }\nbefore @bra { c.leave += 1; }\n")
    maps, _, _, _ = launch(CHASE, load(text, "x.probe"), (1, 1, 1), (40, 1, 1), {"p": chain()[0]})
    assert maps["c"]["stay"].tolist() == [1] * 40        # the 5th test falls through
    assert maps["c"]["leave"].tolist() == [4] * 40       # 4 jumps back


def test_after_an_unguarded_branch_is_refused():
    from neutrino_py.errors import SourceError
    with pytest.raises(SourceError) as err:
        instrument(parse_ptx(CHASE, cache=False),
                   load("map c[thread]: counter { u32 n; }\nafter * { c.n += 1; }\n", "x.probe"))
    assert "`after` cannot follow `ret`" in err.value.message and err.value.line == 2


def test_filters_gate_the_body():
    text = "map g[thread]: counter { u64 b; }\nbefore ld.global / threadid() < 10 / { g.b += BYTES; }\n"
    maps, _, _, _ = vector_add(load(text, "f.probe"))
    i = np.arange(96)
    assert maps["g"]["b"].tolist() == np.where((i % 48 < 10) & (i < N), 8, 0).tolist()


def test_hist_levels_and_out_of_range_indices():
    text = ("map t: hist[4] u32;\nmap w[warp]: hist[4] u64;\nmap v: hist[1] u32;\n"
            "before ld.global { t[threadid() % 4] += 1; w[0] += 2; w[laneid() + 4] += 1;\n"
            "                   v[0] += threadid(); }\n")
    maps, _, _, _ = vector_add(load(text, "h.probe"))
    t = maps["t"]["value"] if maps["t"].dtype.names else maps["t"]
    w = maps["w"]["value"] if maps["w"].dtype.names else maps["w"]
    tids = [i % 48 for i in range(N)]
    assert t.tolist() == [2 * sum(1 for x in tids if x % 4 == k) for k in range(4)]
    warps_with_work = 3                                  # (block 1, warp 1) has no i < n
    assert w.tolist() == [2 * 2 * warps_with_work, 0, 0, 0]
    assert maps.dropped["w"] == 2 * warps_with_work and maps.dropped["t"] == 0
    v = maps["v"]["value"] if maps["v"].dtype.names else maps["v"]
    assert v.tolist() == [2 * sum(tids)]                 # lane values, not a count


M64 = (1 << 64) - 1


@pytest.mark.parametrize("index,value,bin_of,value_of", [
    ("0", "(u64)threadid()", lambda t: 0, lambda t: t),               # one bin, values differ
    ("threadid() % 32", "(u64)threadid()", lambda t: t % 32, lambda t: t),   # a bin per lane
    ("threadid() * 7 % 5", "(u64)threadid() << 30", lambda t: t * 7 % 5,     # sums past 2**32
     lambda t: t << 30),
    ("threadid() % 3", "(u64)0 - (u64)threadid()", lambda t: t % 3,          # wrapping
     lambda t: -t & M64),
])
def test_hist_lanes_with_register_values_combine_to_the_per_lane_sums(index, value, bin_of, value_of):
    text = f"map h: hist[40] u64;\nbefore ld.global {{ h[{index}] += {value}; }}\n"
    maps, _, _, _ = vector_add(load(text, "h.probe"), grid=(3, 1, 1), block=(48, 1, 1))
    got = maps["h"]["value"] if maps["h"].dtype.names else maps["h"]
    want = [0] * 40
    for tid in (i % 48 for i in range(N)):            # threads below n, two loads each
        want[bin_of(tid)] = (want[bin_of(tid)] + 2 * value_of(tid)) & M64
    assert got.tolist() == want


@pytest.mark.parametrize("probe", [
    "gmem_bytes",                                                            # [sm]: warp sums
    "hotness",                                                               # hist: lane groups
    "map h: hist[8] u64;\nbefore ld.global { h[threadid() % 3] += (u64)threadid() << 30; }\n",
    "map c[kernel]: counter { u64 n; u32 m; }\nbefore ld.global { c.n += (u64)threadid() << 28; "
    "c.m += 1; }\n",
])
def test_targets_without_redux_or_match_keep_the_same_maps(probe):
    """A module for sm_52 (nvcc's default) gets lane-by-lane shuffles where sm_80 has redux.sync
    and sm_70 match.any.sync: its maps equal the sm_90 module's, partial warps included."""
    program = stock(probe) if probe.isidentifier() else load(probe, "p.probe")
    got = {}
    for target in ("sm_90", "sm_52"):
        text = corpus("vector_add").replace(".target sm_90", f".target {target}")
        module = parse_ptx(text, cache=False)
        instrument(module, program)
        opcodes = {s.opcode.split(".")[0] for s in module.function("vector_add").instructions()}
        assert target == "sm_90" or not opcodes & {"redux", "match"}
        maps, _, _, _ = launch(text, program, (5, 1, 1), (48, 1, 1),
                               {"a": floats(200, 1), "b": floats(200, 2), "c": bytes(800), "n": 200})
        got[target] = {name: maps[name].tobytes() for name in maps}
    assert got["sm_52"] == got["sm_90"]


# Guarded loads in one basic block, the guard rewritten between the second and third.
FOLD = """
.version 8.0
.target sm_80
.address_size 64
.visible .entry fold(.param .u64 fold_p0)
{
    .reg .pred %p<3>;
    .reg .b32 %r<6>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [fold_p0];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 1;
    @%p1 ld.global.u32 %r3, [%rd1];
    @%p1 ld.global.v2.u32 {%r3, %r4}, [%rd1+8];
    setp.lt.u32 %p1, %r1, 5;
    @%p1 ld.global.u32 %r5, [%rd1+16];
    ld.global.u32 %r5, [%rd1+20];
    ld.global.u32 %r5, [%rd1+24];
    ret;
}
"""


def test_constant_counter_adds_of_a_block_fold_into_its_first_site_exactly():
    program = load("map c[thread]: counter { u64 bytes; }\n"
                   "before ld.global { c.bytes += BYTES; }\n", "fold.probe")
    module = parse_ptx(FOLD, cache=False)
    instrument(module, program)
    adds = [s for s in module.function("fold").instructions()
            if s.name.startswith("add.u64") and "nt_rd0" in s.to_text()]
    # two loads under %p1 fold (4 + 8), the load after %p1 is rewritten stays alone (4), and the
    # two unguarded loads fold (4 + 4)
    assert sorted(a.to_text().split()[-1] for a in adds) == ["12;", "4;", "8;"]
    maps, _, _, _ = launch(FOLD, program, (1, 1, 1), (40, 1, 1), {"p": bytes(64)})
    assert maps["c"]["bytes"].tolist() == [(t & 1) * 12 + (t < 5) * 4 + 8 for t in range(40)]


def test_operand_values_after_an_instruction():
    text = ("map r[thread]: record(1) { u64 out; u64 in1; u64 in2; u32 pc; u32 op; }\n"
            "after add.f32 { r.save(OUT, IN1, IN2, PC, OPCODE); }\n")
    maps, _, ptrs, mem = vector_add(load(text, "o.probe"))
    from neutrino_py.asm.ptx_isa import opcode_id
    a, b, c = (np.frombuffer(mem.bytes(p), np.uint32) for p in ptrs.values())
    r = maps["r"]
    assert r["unit"].tolist() == [u for u in range(96) if u < N]
    assert r["out"].tolist() == c.tolist()
    assert sorted(zip(r["in1"].tolist(), r["in2"].tolist())) == sorted(zip(a.tolist(), b.tolist()))
    fn = parse_ptx(corpus("vector_add"), cache=False).function("vector_add")
    assert set(r["pc"].tolist()) == {n for n, i in enumerate(fn.instructions()) if i.name == "add.f32"}
    assert set(r["op"].tolist()) == {opcode_id("add")}


GUARD = """
.version 8.0
.target sm_80
.address_size 64
.file 1 "k.cu"
.visible .entry guard(.param .u64 guard_p0)
{
    .reg .pred %p<3>;
    .reg .b32 %r<4>;
    .loc 1 3 1
    mov.u32 %r1, %tid.x;
    setp.lt.u32 %p1, %r1, 5;
    .loc 1 4 1
    @%p1 setp.ne.u32 %p1, %r1, %r1;
    add.u32 %r2, %r1, 1;
    .loc 1 9 1
    // @neutrino begin
    add.u32 %r2, %r2, 1;
    add.u32 %r2, %r2, 1;
    // @neutrino end
    ret;
}
"""


def test_guards_the_instruction_overwrites_and_line_ranges():
    text = ("map c[thread]: counter { u32 guarded; u32 lines; }\n"
            "after @setp { c.guarded += 1; }\n"
            'before line "k.cu":3-4 { c.lines += 1; }\n')
    maps, _, _, _ = launch(GUARD, load(text, "g.probe"), (1, 1, 1), (40, 1, 1), {"p": 0})
    assert maps["c"]["guarded"].tolist() == [1 if t < 5 else 0 for t in range(40)]
    # lines 3-4 hold four instructions; the guarded one runs only where its guard holds
    assert maps["c"]["lines"].tolist() == [4 if t < 5 else 3 for t in range(40)]


def test_time_range_between_marks():
    text = (probes_dir() / "time_range.probe").read_text().replace(
        '"mma_begin"', '"begin"').replace('"mma_end"', '"end"')
    maps, _, _, _ = launch(GUARD, load(text, "t.probe"), (3, 1, 1), (40, 1, 1), {"p": 0})
    r = maps["ranges"]
    assert len(r) == 6 and maps.dropped["ranges"] == 0    # one row per warp
    assert (r["count"] == 1).all()                        # each passed the marks once
    assert (r["cycles"] > 0).all()
    assert sorted(r["sm"].tolist()) == [0, 0, 1, 1, 2, 2]


EXPRESSIONS = """
map e[thread]: record(1) { s32 a; u32 b; f32 c; u64 d; s64 e; u32 f; f64 g; u32 h; s32 i; }
entry {
    e.save(((s32)threadid() - 10) >> 1, threadid() * 3 % 7, (f32)threadid() / (f32)4,
           ((u64)threadid() << 40) | 5, -((s64)threadid()) * 1000000007,
           (u32)(threadid() > 5 && threadid() != 7), (f64)threadid() * (f64)0.5,
           ~threadid() ^ 0xff, ((s32)threadid() - 20) / 3);
}
"""


def test_expression_lowering_computes_what_c_would():
    maps, _, _, _ = vector_add(load(EXPRESSIONS, "expr.probe"), grid=(1, 1, 1), block=(40, 1, 1))
    e = maps["e"]
    t = np.arange(40)
    assert e["a"].tolist() == [(x - 10) >> 1 for x in t]
    assert e["b"].tolist() == [x * 3 % 7 for x in t]
    assert e["c"].tolist() == (t.astype(np.float32) / np.float32(4)).tolist()
    assert e["d"].tolist() == [(int(x) << 40) | 5 for x in t]
    assert e["e"].tolist() == [-int(x) * 1000000007 for x in t]
    assert e["f"].tolist() == [int(x > 5 and x != 7) for x in t]
    assert e["g"].tolist() == (t * 0.5).tolist()
    assert e["h"].tolist() == [(~int(x) ^ 0xff) & 0xffffffff for x in t]
    assert e["i"].tolist() == [int((x - 20) / 3) for x in t]           # truncates toward zero


# float and integer fields side by side in one vector store (ptxas refuses a vector mixing float
# and integer registers: the floats go as their bits), constants among them
MIXED = """
map m[thread]: record(1) { f32 a; u32 b; f64 c; u64 d; u64 e; f32 f; u32 g; f32 h; s32 i; f64 j; u32 k; u32 l; }
entry {
    m.save((f32)threadid() * (f32)0.25, threadid() + 1, (f64)threadid() * (f64)1.5, (u64)threadid() << 33,
           7, 2.5, threadid(), (f32)threadid() - (f32)8, -(s32)threadid(), -0.75, 9, threadid() * 2);
}
"""


def test_float_and_integer_fields_in_one_vector_store_keep_their_values():
    maps, _, _, _ = vector_add(load(MIXED, "mixed.probe"), grid=(1, 1, 1), block=(40, 1, 1))
    m = maps["m"]
    t = np.arange(40)
    assert m["a"].tolist() == (t.astype(np.float32) * np.float32(0.25)).tolist()
    assert m["b"].tolist() == (t + 1).tolist()
    assert m["c"].tolist() == (t * 1.5).tolist()
    assert m["d"].tolist() == [int(x) << 33 for x in t]
    assert m["e"].tolist() == [7] * 40 and m["f"].tolist() == [2.5] * 40
    assert m["g"].tolist() == t.tolist()
    assert m["h"].tolist() == (t.astype(np.float32) - np.float32(8)).tolist()
    assert m["i"].tolist() == (-t).tolist()
    assert m["j"].tolist() == [-0.75] * 40
    assert m["k"].tolist() == [9] * 40 and m["l"].tolist() == (2 * t).tolist()


# shifts by amounts the checker cannot see as constants (a minus over a cast: folded when lowered;
# a cast chain over a literal it sees, and refuses past the width) and by the same amounts
# computed at run time: both as the GPU shifts (amount as u32, clamped)
SHIFTS = """
map m[thread]: record(1) { u64 b; u64 c; u64 d; u32 f; }
entry {
    m.save((u64)5 << ((s64)threadid() - (s64)4096),
           (u64)5 << (s64)(u32)3, (u64)5 << ((u32)threadid() * 0 + 3),
           (u32)7 << ((u64)threadid() + 40));
}
"""


def test_shifts_by_folded_and_run_time_amounts_agree():
    """A constant amount past the width is the checker's error (tests/bad_probes); amounts known
    only at run time shift as the GPU does, and a folded amount agrees with its run-time twin."""
    maps, _, _, _ = vector_add(load(SHIFTS, "shifts.probe"), grid=(1, 1, 1), block=(4, 1, 1))
    m = maps["m"]
    assert m["b"].tolist() == [0] * 4
    assert m["c"].tolist() == m["d"].tolist() == [40] * 4
    assert m["f"].tolist() == [0] * 4


@pytest.mark.parametrize("text", [EXPRESSIONS, UNITS, RECORDS, WARP_EVENTS, MIXED, SHIFTS],
                         ids=["expressions", "units", "records", "warp_events", "mixed", "shifts"])
def test_probes_of_these_tests_assemble(text):
    from neutrino_py import toolchain
    if toolchain.find_tool("ptxas") is None:
        pytest.skip("ptxas not found (pip install nvidia-cuda-nvcc)")
    for ptx in (corpus("vector_add"), CHASE, SPLIT):
        module = parse_ptx(ptx, cache=False)
        toolchain.run_ptxas(instrument(module, load(text, "t.probe")).module.to_text())


LEVELS = """
map t[thread]: counter { u64 loaded; u32 n; s32 neg; f32 x; }
map b[block]: counter { u64 loaded; u32 n; s32 neg; f32 x; }
map s[sm]: counter { u64 loaded; u32 n; s32 neg; f32 x; }
map k[kernel]: counter { u64 loaded; u32 n; s32 neg; f32 x; }
before ld.global {
    t.loaded += (u64)BYTES << 40; t.n += 1; t.neg += -(s32)threadid(); t.x += 0.5;
    b.loaded += (u64)BYTES << 40; b.n += 1; b.neg += -(s32)threadid(); b.x += 0.5;
    s.loaded += (u64)BYTES << 40; s.n += 1; s.neg += -(s32)threadid(); s.x += 0.5;
    k.loaded += (u64)BYTES << 40; k.n += 1; k.neg += -(s32)threadid(); k.x += 0.5;
}
"""


def coarse_sums(t: np.ndarray, rows: np.ndarray, nrows: int) -> dict[str, list]:
    """Per-thread counters summed into `nrows` rows (u64 wrapping, as the device adds)."""
    out = {}
    for f in t.dtype.names:
        acc = np.zeros(nrows, t.dtype[f])
        np.add.at(acc, rows, t[f])
        out[f] = acc.tolist()
    return out


@pytest.mark.parametrize("order", [None, lambda warps: warps[::-1]], ids=["first", "last"])
@pytest.mark.parametrize("run", ["vector_add", "split", "saxpy", "chase", "reduce_sum"])
def test_block_sm_and_kernel_counters_are_sums_of_the_thread_counters(run, order):
    """Whichever warp of a block leaves last (`order` runs its warps first to last or last to
    first), and whatever exit."""
    from neutrino_py.contract.manifest import SM_ROWS
    program = load(LEVELS, "levels.probe")
    if run in ("vector_add", "split"):   # a partial last warp, threads past n with no loads;
        # split: lanes 0-9 of each warp leave after the others, a warp counted out in two parts
        hold = (0, frozenset(range(10))) if run == "split" else None
        maps, _, _, _ = vector_add(program, grid=(3, 1, 1), block=(48, 1, 1), hold=hold,
                                   order=order)
        grid, block = 3, 48
    elif run == "saxpy":             # grid-stride loop: lanes leave the loop at different trips
        maps, _, _, _ = saxpy_run(program, order=order)
        grid, block = 2, 40
    elif run == "chase":             # predicated loads on odd lanes only
        maps, _, _, _ = launch(CHASE, program, (2, 1, 1), (40, 1, 1), {"p": chain()[0]},
                               order=order)
        grid, block = 2, 40
    else:                            # a block barrier; all but the first warp leave before it ends
        maps, _, _, _ = reduce_run(program, order=order)
        grid, block = 2, 96
    t = maps["t"]
    blocks = np.arange(len(t)) // block
    want = {"b": coarse_sums(t, blocks, grid), "s": coarse_sums(t, blocks % 7, SM_ROWS),
            "k": coarse_sums(t, np.zeros(len(t), int), 1)}
    for name, sums in want.items():
        got = maps[name]
        assert len(got) == len(sums["n"])
        for f, values in sums.items():
            assert got[f].tolist() == values, (name, f)
        assert maps.dropped[name] == 0
    assert sum(want["k"]["n"]) > 0


def test_stock_gmem_bytes_adds_once_per_warp_and_field():
    """[sm] counters: each warp's leader adds its warp sums, one reduction per warp and nonzero
    field, never one per lane (17 of the 18 warps load and store; the last has no thread < n)."""
    maps, sim, _, _ = vector_add(stock("gmem_bytes"), grid=(9, 1, 1), block=(48, 1, 1), n=400)
    assert sim.global_reds == 17 * 2
    assert int(maps["gmem"]["loaded"].sum()) == 8 * 400
    assert int(maps["gmem"]["stored"].sum()) == 4 * 400


def test_a_kernel_with_its_own_barrier_keeps_its_result_under_gmem_bytes():
    x = np.frombuffer(floats(300, 5), np.float32)
    maps, sim, ptrs, mem = reduce_run(stock("gmem_bytes"), order=lambda warps: warps[::-1])
    out = np.frombuffer(mem.bytes(list(ptrs.values())[1])[:8], np.float32)
    assert np.allclose(out, [x[:192].sum(), x[192:].sum()], atol=1e-4)
    assert sim.barriers == 2                     # the kernel's one, in each block
    assert int(maps["gmem"]["loaded"].sum()) == 4 * 300
    assert int(maps["gmem"]["stored"].sum()) == 4 * 2


def test_coarse_counters_wrap_modulo_64_bits_like_per_lane_atomics():
    text = ("map k[kernel]: counter { u64 big; }\n"
            "entry { k.big += 0xffffffffffffff00 + (u64)threadid(); }\n")
    maps, _, _, _ = vector_add(load(text, "wrap.probe"), grid=(2, 1, 1), block=(40, 1, 1))
    want = sum(0xffffffffffffff00 + t for t in range(40)) * 2 % 2 ** 64
    assert maps["k"]["big"].tolist() == [want]


# threads 0..12 load 4 bytes and store 8; the others load 8 bytes, then every fourth of them
# leaves at a guarded ret and the rest store 4: three exits, warps split at each
EXITS = """
.version 8.0
.target sm_80
.address_size 64
.visible .entry exits(.param .u64 exits_p0)
{
    .reg .pred %p<3>;
    .reg .b32 %r<6>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [exits_p0];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd2, %r1, 8;
    add.s64 %rd3, %rd1, %rd2;
    setp.lt.u32 %p1, %r1, 13;
    @%p1 bra $L_short;
    ld.global.v2.u32 {%r2, %r3}, [%rd3];
    and.b32 %r4, %r1, 3;
    setp.eq.u32 %p2, %r4, 0;
    @%p2 ret;
    st.global.u32 [%rd3], %r2;
    ret;
$L_short:
    ld.global.u32 %r5, [%rd3];
    st.global.v2.u32 [%rd3], {%r5, %r5};
    ret;
}
"""
PACKED = """
map c[sm]: counter { u64 bytes; u32 loads; u64 stored; s32 stores; }
map t[thread]: counter { u64 bytes; u32 loads; u64 stored; s32 stores; }
before ld.global { c.bytes += BYTES; c.loads += 1; t.bytes += BYTES; t.loads += 1; }
before st.global { c.stored += BYTES; c.stores += 3; t.stored += BYTES; t.stores += 3; }
"""


def instrumented_text(ptx: str, program) -> str:
    return instrument(parse_ptx(ptx, cache=False), program).module.to_text()


def test_bounded_counter_fields_share_one_warp_sum_across_divergent_exits():
    from neutrino_py.contract.manifest import SM_ROWS
    program = load(PACKED, "packed.probe")
    # bounds 8, 1, 8, 3 per thread: 9 + 6 + 9 + 7 bits of warp sums, one 32-bit word
    text = instrumented_text(EXITS, program)
    assert text.count("redux.sync") == 3 and "vote.sync" not in text     # one per exit
    maps, _, _, _ = launch(EXITS, program, (3, 1, 1), (48, 1, 1), {"p": bytes(8 * 48)})
    t = maps["t"]
    assert t["bytes"].tolist() == [4 if i < 13 else 8 for i in range(48)] * 3
    assert t["stores"].tolist() == [0 if i >= 13 and i % 4 == 0 else 3 for i in range(48)] * 3
    want = coarse_sums(t, np.arange(len(t)) // 48 % 7, SM_ROWS)
    for f, values in want.items():
        assert maps["c"][f].tolist() == values, f


def test_fields_near_the_32_bit_limit_are_summed_apart_and_exactly():
    # every lane of two whole warps stores once: the warp sums reach 32 times each bound
    text = ("map k[kernel]: counter { u64 a; u64 b; u64 c; u64 d; u64 e; }\n"
            "before st.global { k.a += 2047; k.b += 2047; k.c += 4095; k.d += 134217727;"
            " k.e += 134217728; }\n")
    program = load(text, "limit.probe")
    # a and b: 16 bits each, one word; c: 17 bits, a word of its own (with a or b it would
    # carry into the next field); d: 32 bits alone; e: 33 bits, the 64-bit sum with its vote
    ptx = instrumented_text(corpus("vector_add"), program)
    assert ptx.count("vote.sync") == 1 and ptx.count("redux.sync") == 3 + 1 + 3
    maps, _, _, _ = vector_add(program, n=64, grid=(1, 1, 1), block=(64, 1, 1))
    k = maps["k"]
    assert [int(k[f][0]) for f in "abcde"] == [64 * 2047, 64 * 2047, 64 * 4095,
                                               64 * (2 ** 27 - 1), 64 * 2 ** 27]


def test_counters_added_in_a_loop_keep_the_64_bit_sum():
    from neutrino_py.contract.manifest import SM_ROWS
    # saxpy's grid-stride loop: no bound, so the vote and the three-part fallback stay
    assert "vote.sync" in instrumented_text(corpus("saxpy"), stock("gmem_bytes"))
    assert "vote.sync" not in instrumented_text(corpus("vector_add"), stock("gmem_bytes"))
    coarse, _, _, _ = saxpy_run(stock("gmem_bytes"))
    t = saxpy_run(per_thread("gmem_bytes"))[0]["gmem"]
    want = coarse_sums(t, np.arange(len(t)) // 40 % 7, SM_ROWS)
    for f, values in want.items():
        assert coarse["gmem"][f].tolist() == values, f
    assert sum(want["loaded"]) == 8 * 100


# out[i] = src[idx[i]] for i < n, except lanes with i % 3 == skip (none when skip = 3)
GATHER = """
.version 8.0
.target sm_80
.address_size 64
.visible .entry gather(.param .u64 gather_idx, .param .u64 gather_src, .param .u64 gather_dst,
                       .param .u32 gather_n, .param .u32 gather_skip)
{
    .reg .pred %p<3>;
    .reg .b32 %r<10>;
    .reg .b64 %rd<10>;
    ld.param.u64 %rd1, [gather_idx];
    ld.param.u64 %rd2, [gather_src];
    ld.param.u64 %rd3, [gather_dst];
    ld.param.u32 %r1, [gather_n];
    ld.param.u32 %r9, [gather_skip];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    cvta.to.global.u64 %rd3, %rd3;
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %ctaid.x;
    mov.u32 %r4, %ntid.x;
    mad.lo.s32 %r5, %r3, %r4, %r2;
    setp.ge.u32 %p1, %r5, %r1;
    @%p1 bra $L_end;
    rem.u32 %r6, %r5, 3;
    setp.eq.u32 %p2, %r6, %r9;
    @%p2 bra $L_end;
    mul.wide.u32 %rd4, %r5, 4;
    add.s64 %rd5, %rd1, %rd4;
    ld.global.u32 %r7, [%rd5];
    mul.wide.u32 %rd6, %r7, 4;
    add.s64 %rd7, %rd2, %rd6;
    ld.global.u32 %r8, [%rd7];
    add.s64 %rd8, %rd3, %rd4;
    st.global.u32 [%rd8], %r8;
$L_end:
    ret;
}
"""


def accesses(maps) -> Counter:
    """(address, bytes) of every lane's access: from dmat records, or rebuilt from memtrace."""
    from neutrino_py.maps.lanes import expand
    if "dmat" in maps:
        return Counter(zip(maps["dmat"]["addr"].tolist(), maps["dmat"]["bytes"].tolist()))
    lanes, lost = expand(maps["mem"], {"addr": maps["mem__addr"]})
    assert lost == 0
    return Counter(zip(lanes["addr"].tolist(), lanes["bytes"].tolist()))


def gather_run(program, idx: np.ndarray, skip: int, n: int = 100):
    return launch(GATHER, program, (3, 1, 1), (48, 1, 1),
                  {"idx": idx.astype(np.uint32).tobytes(), "src": bytes(4 * 400),
                   "dst": bytes(4 * n), "n": n, "skip": skip})


CASES = {"contiguous": (np.arange(100), 3), "strided": (3 * np.arange(100), 3),
         "reversed": (399 - np.arange(100), 3), "broadcast": (np.full(100, 7), 3),
         "gather": (np.random.default_rng(5).integers(0, 400, 100), 3),
         "divergent": (2 * np.arange(100), 1), "divergent_gather":
         (np.random.default_rng(6).integers(0, 400, 100), 0),
         # a whole warp affine but for its first or its last lane (the whole-warp path)
         "first_lane_off": (np.where(np.arange(100) % 48 == 0, 300, np.arange(100)), 3),
         "last_lane_off": (np.where(np.arange(100) % 48 == 31, 300, np.arange(100)), 3),
         # rows of 8 lanes 50 items apart (a tile), rows going down, and one lane off a tile
         "tile": (np.arange(100) % 8 + np.arange(100) // 8 * 30, 3),
         "tile_down": (399 - 3 * (np.arange(100) % 16) - np.arange(100) // 16 * 20, 3),
         "tile_lane_off": (np.where(np.arange(100) % 48 == 13, 3,
                                    np.arange(100) % 4 + np.arange(100) // 4 * 9), 3)}


@pytest.mark.parametrize("case", sorted(CASES))
def test_memtrace_rebuilds_exactly_the_addresses_dmat_records(case):
    idx, skip = CASES[case]
    dmat, _, _, _ = gather_run(stock("dmat"), idx, skip)
    mem, _, _, _ = gather_run(stock("memtrace"), idx, skip)
    assert accesses(mem) == accesses(dmat)
    assert sum(accesses(dmat).values()) == 3 * sum(1 for i in range(100) if i % 3 != skip)
    assert mem.dropped["mem"] == mem.dropped["mem__addr"] == 0
    rec = mem["mem"]
    # affine accesses and tiles write no lane values: only the gathers do
    gathers = rec["addr_at"][rec["addr_at"] < 1 << 31]
    stored = len(gathers)
    # each gather's lane values in a block of their own, read back whole (contracts §4)
    assert (np.diff(np.sort(gathers.astype(np.int64))) >= LANE_BLOCK).all()
    if case in ("contiguous", "strided", "reversed", "broadcast", "divergent"):
        assert stored == 0
    if case == "gather":
        assert stored == 5                       # the src loads of the 5 warps that have work
    # a whole warp's tile is one record (`LANES_TILE`): the src loads of the first warp of
    # blocks 0 and 1. The 16 lanes of their second warps are no whole warp (in "tile" they
    # cross rows: kept one by one), and a lane off the tile keeps every lane one by one
    tiles = rec[(rec["addr_at"] >= 1 << 31) & (~rec["addr_at"] & LANES_TILE != 0)]
    want = {"tile": (2, 2, 3), "tile_down": (2, 0, 4), "tile_lane_off": (0, 4, None)}
    if case in want:
        n_tiles, n_gathers, k = want[case]
        assert (len(tiles), stored) == (n_tiles, n_gathers)
        assert set((~tiles["addr_at"] & 31).tolist()) == ({k} if n_tiles else set())
    else:
        assert len(tiles) == 0


def test_gathers_past_their_shard_lose_exactly_the_lanes_the_header_counts():
    """memtrace with `pool 64`: its companion is 512 values in 2 shards of 8 blocks of 32, and
    the 20 warps of 10 blocks make 20 gathers (each warp's `src` load), so at least 4 blocks do
    not fit. Every record is kept; the lanes of the gathers that did not fit are the companion's
    `dropped` and what `expand` leaves out, and every lane it rebuilds is one dmat records."""
    idx = np.random.default_rng(7).integers(0, 400, 640)
    args = {"idx": idx.astype(np.uint32).tobytes(), "src": bytes(4 * 400), "dst": bytes(4 * 640),
            "n": 640, "skip": 3}
    text = (probes_dir() / "memtrace.probe").read_text().replace("pool 1 << 21", "pool 64")
    mem, _, _, _ = launch(GATHER, load(text, "small.probe"), (10, 1, 1), (64, 1, 1), args)
    dmat, _, _, _ = launch(GATHER, stock("dmat"), (10, 1, 1), (64, 1, 1), args)
    from neutrino_py.maps.lanes import expand
    rec = mem["mem"]
    assert len(rec) == 60 and mem.dropped["mem"] == 0
    gathers = rec[rec["addr_at"] != 0xffffffff]
    assert len(gathers) == 20
    lanes, lost = expand(rec, {"addr": mem["mem__addr"]})
    assert lost == mem.dropped["mem__addr"] and lost >= 4 * 32 and lost % 32 == 0
    assert len(lanes) + lost == 3 * 640
    got = Counter(zip(lanes["addr"].tolist(), lanes["bytes"].tolist()))
    assert not got - accesses(dmat)


@pytest.mark.parametrize("case", ["contiguous", "gather"])
def test_memtrace_records_of_a_lone_lane_are_whole(case):
    """A warp with one lane left (thread 96 of n = 97) records its accesses whole, and the
    other warps' records (the gather's lane values among them) rebuild exactly as well."""
    idx, _ = CASES[case]
    dmat, _, _, _ = gather_run(stock("dmat"), idx, 3, n=97)
    mem, _, _, _ = gather_run(stock("memtrace"), idx, 3, n=97)
    assert accesses(mem) == accesses(dmat)
    rec = mem["mem"]
    lone = rec[rec["addr_mask"] == 1]
    assert len(lone) == 3 and set(lone["bytes"].tolist()) == {4}
    assert (lone["addr_at"] == 0xffffffff).all()          # one lane is affine by itself


MEMTRACE_SLOTS = (probes_dir() / "memtrace.probe").read_text().replace(
    "map mem[warp]: record {", "map mem[warp]: record(8) {").replace("} pool 1 << 21", "}")


@pytest.mark.parametrize("case", sorted(CASES))
def test_memtrace_in_fixed_per_warp_slots_rebuilds_the_same_addresses(case):
    """`record(N)` slots per warp instead of the pool: no reservation atomic while the warp is
    converged, the same lanes rebuilt (divergent and gather cases included)."""
    idx, skip = CASES[case]
    dmat, _, _, _ = gather_run(stock("dmat"), idx, skip)
    mem, _, _, _ = gather_run(load(MEMTRACE_SLOTS, "memtrace_slots.probe"), idx, skip)
    assert "record(8)" in MEMTRACE_SLOTS and mem.dropped["mem"] == mem.dropped["mem__addr"] == 0
    assert accesses(mem) == accesses(dmat)


def shard_cursors(sim, mem, manifest, name: str) -> list[int]:
    """The shard cursors at the start of a sharded pool's buffer (contracts §4)."""
    (lay,) = [m for m in layout(manifest, sim.grid, sim.block) if m.name == name]
    raw = mem.bytes(sim.params[f"__nt_map_{name}"])[:lay.shards * 128]
    return np.frombuffer(raw, "<u8")[::16].tolist()


@pytest.mark.parametrize("split", [False, True])
def test_memtrace_reserves_once_per_block_and_a_split_warp_leaves_holes_never_wrong_records(split):
    """vector_add's three accesses are one basic block: the first save reserves three slots
    (one returned atomic per warp, not three), and the saves of both loads wait, held back,
    until the add reads what they loaded (`splice.splicer._Deferred`). Lanes 16-31 held at the
    store make its save see a different mask in both halves: each half reserves afresh for
    one, the slot the whole warp reserved for it stays empty (a hole, read back as nothing),
    and every lane's address is still rebuilt exactly. 3 warps have work; 2 of them have lanes
    past 15."""
    original = [i for i in ir.walk(parse_ptx(corpus("vector_add"), cache=False)
                                   .function("vector_add").body) if isinstance(i, ir.Instruction)]
    (store,) = [n for n, i in enumerate(original) if i.opcode == "st" and "global" in i.modifiers]
    hold = (store, frozenset(range(16, 32))) if split else None
    dmat, _, _, _ = vector_add(stock("dmat"), hold=hold)
    mem, sim, _, memory = vector_add(stock("memtrace"), hold=hold)
    assert accesses(mem) == accesses(dmat) and sum(accesses(dmat).values()) == 3 * N
    rec = mem["mem"]
    manifest = instrument(parse_ptx(corpus("vector_add"), cache=False),
                          stock("memtrace")).manifests["vector_add"]
    reserved = sum(shard_cursors(sim, memory, manifest, "mem"))
    if split:
        assert (len(rec), reserved, sim.atoms) == (3 + 2 * 4, 3 + 2 * 5, 1 + 2 * 3)
    else:
        assert (len(rec), reserved, sim.atoms) == (3 * 3, 3 * 3, 3)
    assert (rec["addr_mask"] != 0).all() and mem.dropped["mem"] == 0


OFFSETS = """
.version 8.0
.target sm_90
.address_size 64
.visible .entry offsets(.param .u64 offsets_x, .param .u64 offsets_o, .param .u64 offsets_y)
{
    .reg .pred %p<2>;
    .reg .b32 %r<6>;
    .reg .b64 %rd<10>;
    ld.param.u64 %rd1, [offsets_x];
    ld.param.u64 %rd2, [offsets_o];
    ld.param.u64 %rd3, [offsets_y];
    mov.u32 %r1, %tid.x;
    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 1;
    mul.wide.u32 %rd4, %r1, 4;
    add.s64 %rd5, %rd1, %rd4;
    mul.wide.u32 %rd6, %r1, 8;
    add.s64 %rd7, %rd2, %rd6;
    @%p1 ld.global.b32 %r3, [%rd5];
    setp.eq.u32 %p1, %r2, 0;
    ld.global.u64 %rd8, [%rd7];
    add.s64 %rd8, %rd1, %rd8;
    ld.global.b32 %r4, [%rd8];
    add.s32 %r5, %r3, %r4;
    add.s64 %rd9, %rd3, %rd4;
    @%p1 st.global.b32 [%rd9], %r5;
    ret;
}
"""


def held_layout(text: str, program) -> tuple[list[ir.Instruction], list[int], list[int]]:
    """The `offsets` kernel of `text` instrumented with `program`: its instructions, the places
    of the kernel's own global loads among them, and of the probes' atomics."""
    fn = instrument(parse_ptx(text, cache=False), program).module.function("offsets")
    code = [i for i in ir.walk(fn.body) if isinstance(i, ir.Instruction)]
    ours = [any(r.startswith("%nt_") for r in i.regs_read() | i.regs_written()) for i in code]
    loads = [n for n, i in enumerate(code) if not ours[n] and i.opcode == "ld"
             and i.space == "global"]
    atoms = [n for n, i in enumerate(code) if ours[n] and i.opcode == "atom"]
    return code, loads, atoms


def test_held_back_saves_run_where_the_warp_waits_and_keep_the_guard_of_their_access():
    """memtrace's saves wait (`splice.splicer._Deferred`) until an instruction reads what a
    held access wrote: the odd lanes' load and the offset load are issued before the first
    reservation, which comes before the add that reads the offset. The first load's guard is
    rewritten (to the even lanes) before its save runs, and the save still has the odd lanes;
    every lane's address is the one its access used, against dmat (not held back: it reads
    the clock) and against the addresses worked out here."""
    offsets = np.random.default_rng(3).integers(0, 64, 64) * 4
    args = lambda: {"x": bytes(256), "o": offsets.astype("<u8").tobytes(), "y": bytes(256)}
    mem, _, ptrs, _ = launch(OFFSETS, stock("memtrace"), (1, 1, 1), (64, 1, 1), args())
    dmat, _, _, _ = launch(OFFSETS, stock("dmat"), (1, 1, 1), (64, 1, 1), args())
    x, o, y = ptrs.values()
    want = Counter([(x + 4 * i, 4) for i in range(1, 64, 2)] + [(o + 8 * i, 8) for i in range(64)]
                   + [(x + int(offsets[i]), 4) for i in range(64)]
                   + [(y + 4 * i, 4) for i in range(0, 64, 2)])
    assert accesses(mem) == accesses(dmat) == want
    code, loads, atoms = held_layout(OFFSETS, stock("memtrace"))
    offset_load = next(n for n in loads if code[n].width == 8)
    offset_add = next(n for n in range(offset_load + 1, len(code)) if code[n].opcode == "add"
                      and not code[n].regs_read().isdisjoint(code[offset_load].regs_written()))
    assert offset_load < atoms[0] < offset_add


def test_at_most_eight_sites_are_held_back_at_once():
    """Ten loads before any use: the first eight sites' saves run after the eighth load (their
    captures held in registers), the last two where the add reads a loaded value."""
    loads = "\n".join(f"    ld.global.b32 %r{10 + k}, [%rd5+{4 * k}];" for k in range(10))
    text = OFFSETS.replace("    @%p1 ld.global.b32 %r3, [%rd5];", loads).replace(
        ".reg .b32 %r<6>;", ".reg .b32 %r<20>;")
    _, loads, atoms = held_layout(text, stock("memtrace"))
    assert loads[7] < atoms[0] < loads[8]


def test_held_back_saves_of_two_probes_keep_the_program_order():
    """A load's `after` save and a later store's `before` save held back to one sink (the add
    that reads the load): sites are made probe position first (the store's before the load's),
    the saves still run in program order, the load's record first."""
    text = OFFSETS.replace("    @%p1 ld.global.b32 %r3, [%rd5];\n", "").replace(
        "    ld.global.u64 %rd8, [%rd7];\n",
        "    ld.global.u64 %rd8, [%rd7];\n    st.global.b32 [%rd5], %r2;\n")
    program = load("""
    map mem[warp]: record { u32 pc; u32 tag; lanes addr; } pool 4096
    after ld.global { mem.save(PC, 1, ADDR); }
    before st.global { mem.save(PC, 2, ADDR); }
    """, "order.probe")
    offsets = np.arange(32, dtype="<u8") * 4
    mem, sim, _, _ = launch(text, program, (1, 1, 1), (32, 1, 1),
                            {"x": bytes(256), "o": offsets.tobytes(), "y": bytes(256)})
    assert mem["mem"]["tag"].tolist() == [1, 2, 1, 2]
    assert sim.atoms == 2       # one for the region; the even lanes' store reserves afresh


CALLED = OFFSETS.replace("    add.s64 %rd8, %rd1, %rd8;\n",
                         "    call.uni nop_fn, ();\n    add.s64 %rd8, %rd1, %rd8;\n").replace(
    ".visible .entry offsets", ".func nop_fn()\n{\n    ret;\n}\n.visible .entry offsets")
MARKED_HERE = OFFSETS.replace("    add.s64 %rd8, %rd1, %rd8;\n",
                              "    // @neutrino here\n    add.s64 %rd8, %rd1, %rd8;\n")


@pytest.mark.parametrize("text, marks, between", [
    # a call between the offset load and its use: the held saves run before the call (its
    # callee may exit), after both loads
    (CALLED, False, ("offset load", "call")),
    # a mark in the kernel: nothing is held back (a mark's code lies between instructions); the
    # first load's save runs right after it, before the offset load
    (MARKED_HERE, True, ("odd lanes' load", "offset load"))], ids=["call", "mark"])
def test_held_back_saves_stop_at_calls_and_not_in_kernels_with_marks(text, marks, between):
    """Where the first reservation lands, between which two of the kernel's instructions."""
    program = load((probes_dir() / "memtrace.probe").read_text()
                   + 'before mark("here") { mem.save(PC, 0, 0); }\n', "marks.probe") \
        if marks else stock("memtrace")
    code, loads, atoms = held_layout(text, program)
    places = {"odd lanes' load": loads[0], "offset load": loads[1],
              "call": next((n for n, i in enumerate(code) if i.opcode == "call"), None)}
    assert places[between[0]] < atoms[0] < places[between[1]]


@pytest.mark.parametrize("text, held", [
    ("map m[warp]: record { u32 pc; lanes a; } pool 64\nafter ld.global { m.save(PC, ADDR); }", True),
    ("map m[thread]: record { u64 a; u32 w; } pool 64\n"
     "before ld.global / ADDR > 4096 / { m.save(ADDR + 1, BYTES * smid()); }", True),
    ("map m[thread]: record { u64 t; u64 a; } pool 64\nbefore ld.global { m.save(clock(), ADDR); }",
     False),
    ("map m[thread]: record { u64 v; } pool 64\nafter ld.global { m.save(OUT); }", False),
    ("reg u64 last;\nmap m[thread]: record { u64 a; } pool 64\n"
     "after ld.global { m.save(last); last = ADDR; }", False),
    ("map m[thread]: record(4) { u64 a; }\nafter ld.global { m.save(ADDR); }", False),
    ("map c[warp]: counter { u64 n; }\nafter ld.global { c.n += 1; }", False)])
def test_only_probes_that_save_values_read_at_their_place_are_held_back(text, held):
    """`Lowerer.deferrable`: saves to unbounded records of constants, operands (not OUT) and
    helpers other than timers; not a timer, OUT, a shared register, fixed slots or counters."""
    from neutrino_py.splice.lower import Lowerer
    program = load(text, "held.probe")
    assert Lowerer(program).deferrable(program.probes[0]) is held


MASKED = """
.version 8.0
.target sm_90
.address_size 64
.visible .entry masked(.param .u64 masked_x, .param .u64 masked_y, .param .u32 masked_n)
{
    .reg .pred %p<3>;
    .reg .b32 %r<9>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [masked_x];
    ld.param.u64 %rd2, [masked_y];
    ld.param.u32 %r1, [masked_n];
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %ctaid.x;
    mov.u32 %r4, %ntid.x;
    mad.lo.s32 %r5, %r3, %r4, %r2;
    setp.lt.s32 %p1, %r5, %r1;
    and.b32 %r8, %r2, 1;
    setp.eq.u32 %p2, %r8, 1;
    mul.wide.s32 %rd3, %r5, 4;
    add.s64 %rd4, %rd1, %rd3;
    add.s64 %rd5, %rd2, %rd3;
$L__tmp0:
    @%p1 ld.global.b32 %r6, [%rd4];
$L__tmp1:
    ld.global.b32 %r7, [%rd5];
    add.s32 %r6, %r6, %r7;
$L__tmp2:
    @%p2 st.global.b32 [%rd5], %r6;
    ret;
}
"""


@pytest.mark.parametrize("guard, want", [
    # @p1 (i < n) on all three: the masked tail warp's lanes reserve once too, no holes
    ("p1", (12, 12, 4)),
    # the second load unguarded, the store only in odd lanes: the store reserves afresh (a
    # hole per warp); in the tail warp the lanes below n reserve for three, the whole warp
    # for two, the odd lanes for one
    ("p2", (12, 18, 9))])
def test_memtrace_runs_span_guards_and_labels_no_branch_names(guard, want):
    """Triton-style masked accesses between line labels: one straight-line region, one run.
    Every lane's address is rebuilt exactly either way; (records, slots reserved, atomics)."""
    text = MASKED.replace("@%p2 st", f"@%{guard} st")
    if guard == "p1":
        text = text.replace("    ld.global.b32 %r7", "    @%p1 ld.global.b32 %r7")
    n, args = 100, lambda: {"x": bytes(range(256)) * 2, "y": bytes(512), "n": 100}
    dmat, _, _, _ = launch(text, stock("dmat"), (2, 1, 1), (64, 1, 1), args())
    mem, sim, _, memory = launch(text, stock("memtrace"), (2, 1, 1), (64, 1, 1), args())
    assert accesses(mem) == accesses(dmat)
    assert sum(accesses(dmat).values()) == (3 * n if guard == "p1" else n + 128 + 64)
    manifest = instrument(parse_ptx(text, cache=False), stock("memtrace")).manifests["masked"]
    assert (len(mem["mem"]), sum(shard_cursors(sim, memory, manifest, "mem")), sim.atoms) == want


def test_runs_take_every_save_of_a_region_in_order_across_probes_and_positions():
    """Two probes (before and after each access), one saving twice: nine saves per warp in
    vector_add's one block share one reservation, and every lane's access is there three times."""
    text = """
    map mem[warp]: record { u32 pc; u32 tag; lanes addr; } pool 4096
    before ld.global, st.global { mem.save(PC, 1, ADDR); mem.save(PC, 2, ADDR); }
    after ld.global, st.global { mem.save(PC, 3, ADDR); }
    """
    from neutrino_py.maps.lanes import expand
    mem, sim, _, _ = vector_add(load(text, "three.probe"))
    dmat, _, _, _ = vector_add(stock("dmat"))
    lanes, lost = expand(mem["mem"], {"addr": mem["mem__addr"]})
    want = Counter(zip(dmat["dmat"]["addr"].tolist()))
    assert lost == 0 and sim.atoms == 3                  # one reservation per warp with work
    for tag in (1, 2, 3):
        assert Counter(zip(lanes["addr"][lanes["tag"] == tag].tolist())) == want
    # a warp's records lie in program order: per access, tags 1, 2, 3
    assert mem["mem"]["tag"].tolist() == [1, 2, 3] * 9



def test_the_last_save_of_a_run_leaves_the_cursor_alone_and_counts_come_from_the_leader(
        monkeypatch):
    """A run's cursor moves after each save that another save of the pass may follow, not after
    the last where every pass reserves afresh (`RUN_PASSES` 1): corpus sgemm_tiled has two runs
    of two saves (its loop's A and B loads; C's load and store), so two cursor moves, each with
    its step to the shard's next chunk (every shard's 256 slots on). Each reservation takes its
    count from the leader's predicate (2 at a run's first save, 1 where the second reserves
    afresh), not from %lanemask_eq; the records are dmat's addresses."""
    monkeypatch.setattr(lower, "RUN_PASSES", 1)
    text = (CORPUS / "cuda" / "sgemm.sm_90.ptx").read_text()
    out = instrument(parse_ptx(text, cache=False), stock("memtrace")).module.to_text()
    assert len(re.findall(r"add\.u32\s+%nt_r\d+, %nt_r\d+, 16128;", out)) == 2
    assert sorted(re.findall(r"selp\.u32\s+%nt_r\d+, (\d+), 0, %nt_p\d+;", out)) == \
        ["1", "1", "2", "2"]
    args = lambda: {"A": floats(32 * 32, 3), "B": floats(32 * 32, 4), "C": bytes(4 * 32 * 32),
                    "M": 32, "N": 32, "K": 32, "alpha": 0x3F800000, "beta": 0}
    mem, _, _, _ = launch(text, stock("memtrace"), (2, 2, 1), (16, 16, 1), args())
    dmat, _, _, _ = launch(text, stock("dmat"), (2, 2, 1), (16, 16, 1), args())
    assert accesses(mem) == accesses(dmat) and sum(accesses(dmat).values()) == 4 * 256 * 6


def growing_reservations(passes: int) -> int:
    """Reservations a loop of `passes` passes makes when they take 1, 2, 4, ... passes' slots, up to
    `lower.RUN_PASSES`."""
    n, have, take = 0, 0, 1
    while have < passes:
        n, have, take = n + 1, have + take, min(2 * take, lower.RUN_PASSES)
    return n


@pytest.mark.parametrize("k", [16, 64, 144, 512])
def test_a_loop_reserves_the_slots_of_several_passes_and_resumes_them(monkeypatch, k):
    """In a loop's body a run reserves the slots of 1, 2, 4, ... passes (up to `RUN_PASSES`; the
    count held in a register: sgemm_tiled's A and B loads, at the first save and where the second
    reserves afresh), every save moves the cursor (the loop's two, and the first of C's run after
    the loop: three moves), and a pass resumes where the last left off: with K/16 passes per
    warp the loop reserves a few times instead of once each pass, and the records are still
    dmat's addresses (a reservation's unused passes are holes, which the reader skips).
    RUN_PASSES 1 is the code before."""
    text = (CORPUS / "cuda" / "sgemm.sm_90.ptx").read_text()
    out = instrument(parse_ptx(text, cache=False), stock("memtrace")).module.to_text()
    assert len(re.findall(r"add\.u32\s+%nt_r\d+, %nt_r\d+, 16128;", out)) == 3
    counts = re.findall(r"selp\.u32\s+%nt_r\d+, (\d+|%nt_r\d+), 0, %nt_p\d+;", out)
    assert sorted(c for c in counts if not c.startswith("%")) == ["1", "2"]      # C's run
    assert len([c for c in counts if c.startswith("%")]) == 2                   # the loop's
    args = lambda: {"A": floats(32 * k, 3), "B": floats(k * 32, 4), "C": bytes(4 * 32 * 32),
                    "M": 32, "N": 32, "K": k, "alpha": 0x3F800000, "beta": 0}
    dmat, _, _, _ = launch(text, stock("dmat"), (2, 2, 1), (16, 16, 1), args())
    mem, sim, _, memory = launch(text, stock("memtrace"), (2, 2, 1), (16, 16, 1), args())
    passes, warps = k // 16, 4 * 8
    manifest = instrument(parse_ptx(text, cache=False), stock("memtrace")).manifests["sgemm_tiled"]
    slots = sum(shard_cursors(sim, memory, manifest, "mem"))
    monkeypatch.setattr(lower, "RUN_PASSES", 1)
    each, sim1, _, _ = launch(text, stock("memtrace"), (2, 2, 1), (16, 16, 1), args())
    assert accesses(mem) == accesses(each) == accesses(dmat)
    assert sum(accesses(dmat).values()) == 4 * 256 * (2 * passes + 2)
    # returned atomics: one per reservation (the lanes' companion takes none: every access is
    # affine or a tile); the C run reserves once in both
    assert sim1.atoms == warps * (passes + 1)
    monkeypatch.undo()
    assert sim.atoms == warps * (growing_reservations(passes) + 1)
    # holes: fewer than the passes made, and than RUN_PASSES passes' slots, per warp
    assert len(mem["mem"]) == warps * (2 * passes + 2)
    assert slots - len(mem["mem"]) < warps * 2 * min(passes, lower.RUN_PASSES)


REGION_HEAD = """
.version 8.0
.target sm_90
.address_size 64
.visible .entry regions(.param .u64 regions_x, .param .u64 regions_y, .param .u64 regions_z,
                        .param .u32 regions_m)
{
    .reg .pred %p<3>;
    .reg .b32 %r<10>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [regions_x];
    ld.param.u64 %rd2, [regions_y];
    ld.param.u64 %rd3, [regions_z];
    ld.param.u32 %r1, [regions_m];
    mov.u32 %r2, %tid.x;
    and.b32 %r3, %r2, 1;
    mul.wide.u32 %rd4, %r2, 4;
    add.s64 %rd5, %rd1, %rd4;
    add.s64 %rd6, %rd2, %rd4;
    add.s64 %rd7, %rd3, %rd4;
"""

# reduce_sum's shape: a load, a load behind a forward guard, a store after both
GUARDED = REGION_HEAD + """
    ld.global.u32 %r4, [%rd5];
    GUARD
    @%p1 bra $L_skip;
    ld.global.u32 %r5, [%rd6];
    add.s32 %r4, %r4, %r5;
$L_skip:
    st.global.u32 [%rd7], %r4;
    ret;
}
"""
GUARDS = {"all": "setp.ge.u32 %p1, %r2, %r1;",        # m = 64: no lane skips
          "none": "setp.ge.u32 %p1, %r2, 0;",          # every lane skips
          "some": "setp.ge.u32 %p1, %r2, %r1;",        # m = 40: lanes 8-31 of warp 1 skip
          "odd": "setp.eq.u32 %p1, %r3, 0;"}           # the leader (lane 0) skips


def warp_pcs(rec, ptrs) -> dict[int, list[int]]:
    """Each warp's record pcs in pool order (a warp reserves from one shard, so pool order is
    its reservation order); the warp is known from the address, 4-byte elements of one array."""
    bases = sorted(ptrs.values())
    out: dict[int, list[int]] = {}
    for r in rec:
        base = max(b for b in bases if b <= int(r["addr"]))
        out.setdefault((int(r["addr"]) - base) // 4 // 32, []).append(int(r["pc"]))
    return out


def region_run(text: str, m: int, order=sorted):
    """(records, slots reserved, atomics) of memtrace on `text` (2 warps), after checking every
    lane's address against dmat and each warp's record pcs against `order` of them (program
    order: sorted, where the kernel has no loop)."""
    args = lambda: {"x": bytes(range(256)), "y": bytes(range(256)), "z": bytes(256), "m": m}
    dmat, _, _, _ = launch(text, stock("dmat"), (1, 1, 1), (64, 1, 1), args())
    mem, sim, ptrs, memory = launch(text, stock("memtrace"), (1, 1, 1), (64, 1, 1), args())
    assert accesses(mem) == accesses(dmat) and mem.dropped["mem"] == 0
    manifest = instrument(parse_ptx(text, cache=False), stock("memtrace")).manifests["regions"]
    rec = mem["mem"]
    for pcs in warp_pcs(rec, ptrs).values():
        assert pcs == order(pcs)
    return len(rec), sum(shard_cursors(sim, memory, manifest, "mem")), sim.atoms


@pytest.mark.parametrize("guard, m, want", [
    ("all", 64, (6, 6, 2)),      # one reservation of three slots per warp
    ("none", 64, (4, 6, 2)),     # the skipped load leaves a hole; the store still resumes
    # warp 1: lanes 0-7 load alone (afresh, two slots), the whole warp stores afresh (one)
    ("some", 40, (6, 9, 4)),
    # lanes without the leader load alone; the store reserves afresh, so that it lies after
    # their record (resuming from the leader's slot would put it before)
    ("odd", 64, (6, 12, 6))])
def test_memtrace_runs_span_forward_guards(guard, m, want):
    """Blocks behind a forward guard join their region's run: (records, slots reserved,
    atomics) for a guard all lanes pass, none pass, some pass, and some but the leader pass;
    every lane's address rebuilt exactly, each warp's records in program order."""
    assert region_run(GUARDED.replace("GUARD", GUARDS[guard]), m) == want


IF_ELSE = REGION_HEAD + """
    setp.COND %p1, %r1, 0;
    @%p1 bra $L_else;
    ld.global.u32 %r4, [%rd5];
    bra $L_join;
$L_else:
    ld.global.u32 %r4, [%rd6];
$L_join:
    st.global.u32 [%rd7], %r4;
    ret;
}
"""


@pytest.mark.parametrize("cond, want", [
    # whole warps take one side: two slots (the longer side) per warp, no hole
    ("ne.u32", (4, 4, 2)),
    # even lanes then odd lanes: each side reserves for itself, the joined warp afresh
    ("odd", (6, 10, 6))])
def test_memtrace_runs_span_an_if_else_that_joins(cond, want):
    text = IF_ELSE.replace("setp.COND %p1, %r1, 0;", "setp.ne.u32 %p1, %r3, 0;" if cond == "odd"
                           else "setp.ne.u32 %p1, %r1, 0;")
    assert region_run(text, 1) == want


LOOP = REGION_HEAD + """
    ld.global.u32 %r4, [%rd5];
    mov.u32 %r6, 0;
$L_loop:
    ld.global.u32 %r5, [%rd6];
    ld.global.u32 %r7, [%rd6];
    add.s32 %r4, %r4, %r5;
    add.s32 %r6, %r6, 1;
    setp.lt.u32 %p1, %r6, %r1;
    @%p1 bra $L_loop;
    st.global.u32 [%rd7], %r4;
    ret;
}
"""


def test_memtrace_loop_iterations_are_passes_and_nothing_joins_a_loop():
    """The load before the loop and the store after it are not in the loop's run (its header
    is entered from its latch): no slot is reserved for them on every iteration. Each of the
    three iterations is a pass of its own: one atomic, no hole; its two loads (one address) are
    a chain whose first reserves one slot, the reader making the second's record."""
    def program_order(pcs):
        first, a, b, last = sorted(set(pcs))
        return [first, a, b, a, b, a, b, last]
    assert region_run(LOOP, 3, program_order) == (2 * (1 + 2 * 3 + 1), 2 * (1 + 3 + 1),
                                                  2 * (1 + 3 + 1))


LOOP_TWO = LOOP.replace("ld.global.u32 %r7, [%rd6];", "ld.global.u32 %r7, [%rd5];")


@pytest.mark.parametrize("m", [1, 3, 9, 40])
def test_memtrace_loop_passes_resume_a_reservation_in_program_order(m):
    """A loop of two loads that are not a chain: its passes share reservations of 1, 2, 4, ...
    passes' slots (two each), so `m` passes take `growing_reservations(m)` atomics; the loads
    before and after it reserve alone. Every lane's address is rebuilt, each warp's records in
    program order, and the unused slots of the last reservation are holes."""
    def program_order(pcs):
        first, a, b, last = sorted(set(pcs))
        return [first, *[a, b] * m, last]
    grown = growing_reservations(m)
    taken = sum(min(2 ** i, lower.RUN_PASSES) for i in range(grown))
    assert region_run(LOOP_TWO, m, program_order) == (2 * (1 + 2 * m + 1), 2 * (1 + 2 * taken + 1),
                                                      2 * (1 + grown + 1))


def test_memtrace_on_vector_add_and_predicated_pointer_chasing():
    for run in (lambda p: vector_add(p),
                lambda p: launch(CHASE, p, (1, 1, 1), (40, 1, 1), {"p": chain()[0]})):
        dmat, mem = run(stock("dmat"))[0], run(stock("memtrace"))[0]
        assert accesses(mem) == accesses(dmat) and len(dmat["dmat"]) > 0
        assert (mem["mem"]["addr_at"] == 0xffffffff).all()      # all affine: no lane values


def test_memtrace_pool_overflow_is_counted_and_rebuilt_lanes_are_exact():
    from neutrino_py.maps.lanes import expand
    text = (probes_dir() / "memtrace.probe").read_text().replace("pool 1 << 21", "pool 4")
    idx = np.random.default_rng(7).integers(0, 400, 100)
    mem, _, _, _ = gather_run(load(text, "small.probe"), idx, 3)
    dmat, _, _, _ = gather_run(stock("dmat"), idx, 3)
    # 15 warp-level accesses, 4 recorded; the lane pool (8 x 4 values) takes the first gather
    assert len(mem["mem"]) == 4 and mem.dropped["mem"] == 11
    assert len(mem["mem__addr"]) == 32 and mem.dropped["mem__addr"] == 100 - 32
    lanes, lost = expand(mem["mem"], {"addr": mem["mem__addr"]})
    assert lost == 0 and not Counter(zip(lanes["addr"].tolist(), lanes["bytes"].tolist())) - accesses(dmat)
    assert lanes["event"].tolist() == sorted(lanes["event"].tolist())
    # lanes whose values are not in the lane pool are counted as lost, never made up
    cut, lost = expand(mem["mem"], {"addr": mem["mem__addr"][:20]})
    assert lost == 12 and len(cut) == len(lanes) - 12


UNROLLED = """
.version 8.0
.target sm_90
.address_size 64
.visible .entry unrolled(.param .u64 unrolled_x, .param .u64 unrolled_y, .param .u32 unrolled_n)
{
    .reg .pred %p<6>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [unrolled_x];
    ld.param.u64 %rd9, [unrolled_y];
    ld.param.u32 %r1, [unrolled_n];
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %ctaid.x;
    shl.b32 %r5, %r3, 8;
    add.s32 %r5, %r5, %r2;
    mul.wide.s32 %rd2, %r5, 4;
    add.s64 %rd3, %rd1, %rd2;
    add.s64 %rd4, %rd3, 256;
    add.s64 %rd5, %rd4, 256;
    mov.b64 %rd6, %rd5;
    add.s32 %r6, %r5, 64;
    add.s32 %r7, %r5, 128;
    add.s32 %r8, %r5, 192;
    setp.lt.s32 %p1, %r5, %r1;
    setp.lt.s32 %p2, %r6, %r1;
    setp.lt.s32 %p3, %r7, %r1;
    setp.lt.s32 %p4, %r8, %r1;
    @%p1 ld.global.b32 %r10, [%rd3];
    @%p2 ld.global.b32 %r11, [%rd4];
    @%p3 ld.global.b32 %r12, [%rd5];
    @%p4 ld.global.b32 %r13, [%rd6+256];
    ROOT
    @%p1 ld.global.b32 %r14, [%rd3+4];
    add.s32 %r15, %r10, %r11;
    add.s32 %r15, %r15, %r12;
    add.s32 %r15, %r15, %r13;
    add.s32 %r15, %r15, %r14;
    add.s64 %rd10, %rd9, %rd2;
    @%p1 st.global.b32 [%rd10], %r15;
    ret;
}
"""


def without_chains(text: str, program, args, grid=(3, 1, 1), block=(64, 1, 1)):
    """`launch` of a kernel (the `unrolled` one's grid) with chains of one site
    (`splicer.MAX_CHAIN`): none."""
    import neutrino_py.splice.splicer as splicer
    kept = splicer.MAX_CHAIN
    try:
        splicer.MAX_CHAIN = 1
        return launch(text, program, grid, block, args())
    finally:
        splicer.MAX_CHAIN = kept


@pytest.mark.parametrize("root", ["kept", "moved", "reloaded", "gather", "negated", "label"])
def test_memtrace_chains_of_unrolled_accesses_make_the_records_of_each_access(root):
    """Triton-style unrolled loads, `[%rd3]`, `[%rd3 + 256]` (through an add), `+512`, `+768`
    (through a copy and the operand's offset), each with its own bound guard, then `[%rd3+4]`:
    one held-back chain, whose first saves each follower whose guard holds in its lanes (the
    whole of blocks 0 and 1), up to one that runs in other lanes (in block 2, n = 700). `moved`: the root register is moved on by a constant between the fourth and the
    fifth access (the fifth's delta counts it); `reloaded`: loaded anew (no chain across it);
    `gather`: the lanes' addresses are not affine (the chain's first saves alone, each
    follower its own record and gathered lanes); `negated`: every guard a negated predicate;
    `label`: a label no branch names (Triton's line labels) between the additions and the
    accesses, which ends a basic block the look-back passes through. Every lane's address is the one dmat
    records, and the records are the same as without chains, in the same order."""
    change = {"kept": "", "moved": "add.s64 %rd3, %rd3, 64;",
              "reloaded": "ld.param.u64 %rd3, [unrolled_y];", "gather": "", "negated": "",
              "label": ""}[root]
    text = UNROLLED.replace("ROOT", change)
    if root == "negated":
        text = text.replace("setp.lt.s32", "setp.ge.s32").replace("@%p", "@!%p")
    if root == "label":
        text = text.replace("    @%p1 ld.global.b32 %r10", "$L__line:\n    @%p1 ld.global.b32 %r10")
    if root == "gather":          # 4 * (block * 256 + tid * tid): no stride fits the lanes
        text = text.replace("shl.b32 %r5, %r3, 8;\n    add.s32 %r5, %r5, %r2;",
                            "shl.b32 %r5, %r3, 8;\n    mad.lo.s32 %r5, %r2, %r2, %r5;")
    args = lambda: {"x": bytes(32768), "y": bytes(32768), "n": 700}
    mem, sim, _, _ = launch(text, stock("memtrace"), (3, 1, 1), (64, 1, 1), args())
    dmat, _, _, _ = launch(text, stock("dmat"), (3, 1, 1), (64, 1, 1), args())
    assert accesses(mem) == accesses(dmat)
    plain, plain_sim, _, _ = without_chains(text, stock("memtrace"), args)
    assert mem["mem"].tolist() == plain["mem"].tolist()
    assert mem["mem__addr"].tolist() == plain["mem__addr"].tolist()
    # compressions (one affine test, one vote.all, each) saved: blocks 0 and 1 (four warps)
    # compress once for their 5 (4 where reloaded) chained loads; in block 2 the first warp's
    # fourth load runs in no lane and is passed over (one compression for the rest), the
    # second warp's third load runs in 28 lanes and ends what its first covers (the second)
    saved = {"kept": 20, "moved": 20, "reloaded": 12 + 2 + 1, "gather": 0, "negated": 20,
             "label": 20}[root]
    assert compressions(plain_sim) - compressions(sim) == saved
    # blocks 0 and 1: 5 loads and the store in each warp; block 2: the fourth load in no lane
    assert len(mem["mem"]) == (4 * 6 + 2 * 5 if root != "gather" else len(plain["mem"]))


def test_memtrace_chains_reserve_no_slot_for_the_followers_the_reader_makes():
    """A run reserves a slot for each save it may meet (7 per warp of the `unrolled` kernel);
    where a chain's first reserves, it leaves out the followers it covered, whose records the
    reader makes: 4 in each warp of blocks 0 and 1, 3 and 1 in block 2's warps, and those it
    passed over, which run in no lane and make no record: the fourth load in each of block
    2's warps. The records read back are the same."""
    text = UNROLLED.replace("ROOT", "")
    args = lambda: {"x": bytes(32768), "y": bytes(32768), "n": 700}
    manifest = instrument(parse_ptx(text, cache=False), stock("memtrace")).manifests["unrolled"]
    chained = launch(text, stock("memtrace"), (3, 1, 1), (64, 1, 1), args())
    plain = without_chains(text, stock("memtrace"), args)
    slots = [sum(shard_cursors(sim, memory, manifest, "mem")) for _, sim, _, memory in (plain, chained)]
    assert slots == [6 * 7, 6 * 7 - (4 * 4 + 3 + 1) - 2]
    assert chained[0]["mem"].tolist() == plain[0]["mem"].tolist()
    assert chained[0].dropped["mem"] == plain[0].dropped["mem"] == 0


def test_memtrace_chain_followers_with_constant_fields_store_nothing():
    """memtrace's followers save PC and BYTES, constants: the manifest lists each follower's
    delta and values, and only the chain's first stores a record (2 vector stores of 32 B);
    the reader makes the followers' (`maps.lanes.unchain`). Blocks 0 and 1: the chain and the
    store in each warp; block 2's first warp the same, its second warp the chain (covering
    one follower), the load that ran apart, the fifth load and the store: 14 records stored
    for the 34 read, where without chains each of the 34 is stored."""
    from neutrino_py.contract.manifest import Manifest
    text = UNROLLED.replace("ROOT", "")
    result = instrument(parse_ptx(text, cache=False), stock("memtrace"))
    manifest = result.manifests["unrolled"]
    assert [[(f["delta"], f["values"]["bytes"]) for f in c] for c in manifest.chains["mem"]] == \
        [[(256, 4), (512, 4), (768, 4), (4, 4)]]
    pcs = [f["values"]["pc"] for f in manifest.chains["mem"][0]]
    assert pcs == sorted(pcs) and len(set(pcs)) == 4
    assert Manifest.from_json(manifest.dumps()).chains == manifest.chains
    args = lambda: {"x": bytes(32768), "y": bytes(32768), "n": 700}
    mem, sim, _, _ = launch(text, stock("memtrace"), (3, 1, 1), (64, 1, 1), args())
    plain, plain_sim, _, _ = without_chains(text, stock("memtrace"), args)
    assert mem["mem"].tolist() == plain["mem"].tolist() and len(mem["mem"]) == 34
    assert (sim.ours["st.global.v4.b32"], plain_sim.ours["st.global.v4.b32"]) == (2 * 14, 2 * 34)


def test_memtrace_chain_followers_with_a_field_not_constant_store_their_own_records():
    """A follower field that is not a constant (`warpid()`) keeps the chain's stored form: the
    first's leader stores each covered follower's record in the next slot (no manifest
    chains), the compressions are saved as with constants, and the records are those made
    without chains."""
    program = load((probes_dir() / "memtrace.probe").read_text()
                   .replace("record { u32 pc;", "record { u32 warp; u32 pc;")
                   .replace("mem.save(PC,", "mem.save(warpid(), PC,"), "warps.probe")
    text = UNROLLED.replace("ROOT", "")
    assert instrument(parse_ptx(text, cache=False), program).manifests["unrolled"].chains == {}
    args = lambda: {"x": bytes(32768), "y": bytes(32768), "n": 700}
    mem, sim, _, _ = launch(text, program, (3, 1, 1), (64, 1, 1), args())
    plain, plain_sim, _, _ = without_chains(text, program, args)
    assert mem["mem"].tolist() == plain["mem"].tolist() and len(mem["mem"]) == 34
    assert sorted(set(mem["mem"]["warp"].tolist())) == [0, 1]
    assert compressions(plain_sim) - compressions(sim) == 20
    assert sim.ours["st.global.v4.b32"] == plain_sim.ours["st.global.v4.b32"]


def compressions(sim) -> int:
    """Lane compressions a simulated launch ran: each votes whether its lanes are affine, with
    one `vote.all` (part of a warp, or no tile test) or one ballot (a whole warp's, whose tile
    test reads it)."""
    return sim.ours["vote.sync.all.pred"] + sim.ours["vote.sync.ballot.b32"]


def triton_rows(name: str) -> tuple[str, dict]:
    """A corpus Triton kernel over 3 rows of 781 (softmax) or 1000 (layer_norm) columns."""
    rnd = np.random.default_rng(5)
    if name == "softmax_kernel":
        x = rnd.uniform(-4, 4, 3 * 781).astype(np.float32).tobytes()
        return name, {"out": bytes(len(x)), "in": x, "in_stride": 781, "out_stride": 781,
                      "n_cols": 781, "scratch0": 0, "scratch1": 0}
    x = rnd.uniform(-2, 2, 3 * 1000).astype(np.float32).tobytes()
    w = np.ones(1000, np.float32).tobytes()
    return name, {"x": x, "y": bytes(len(x)), "w": w, "b": w, "mean": bytes(12), "rstd": bytes(12),
                  "stride": 1000, "n_cols": 1000, "eps": 0, "scratch0": 0, "scratch1": 0}


@pytest.mark.parametrize("name", ["softmax_kernel", "layer_norm_kernel"])
def test_memtrace_chains_of_corpus_triton_rows_rebuild_dmats_addresses(name):
    """Triton's softmax and layer norm (loops, line labels, several held-back groups whose
    scratch registers share names): every lane's address memtrace's chains give is one dmat
    records, and the records are those made without chains (in another order across warps:
    a chain past its run's start reserves afresh, `splicer.SPLIT_RUNS`)."""
    name, args = triton_rows(name)
    text = (CORPUS / "triton" / f"{name}.sm_90a.ptx").read_text()
    result = instrument(parse_ptx(text, cache=False), stock("memtrace"))
    chains = result.manifests[name].chains["mem"]
    # the tile test (one ballot) at each access but the followers, whose own code runs only
    # where their lanes part from the first's
    accesses_ = len(re.findall(r"\t(?:@%p\d+ )?(?:ld|st)\.global", text))
    assert result.module.to_text().count("vote.sync.ballot") == \
        accesses_ - sum(len(c) for c in chains) > 0
    mem, _, _, _ = launch(text, stock("memtrace"), (3, 1, 1), (128, 1, 1), args)
    dmat, _, _, _ = launch(text, stock("dmat"), (3, 1, 1), (128, 1, 1), args)
    assert accesses(mem) == accesses(dmat) and sum(accesses(dmat).values()) > 3 * 781
    plain, _, _, _ = without_chains(text, stock("memtrace"), lambda: args, grid=(3, 1, 1),
                                    block=(128, 1, 1))
    assert sorted(mem["mem"].tolist()) == sorted(plain["mem"].tolist())


def test_memtrace_chains_of_kernels_that_repeat_each_other_are_in_each_manifest():
    """Two copies of one kernel in a module: the second's chain lowers as the first's did (the
    splicer keeps lowerings by site), and its manifest lists the chain as well, so its records
    read back whole."""
    body = UNROLLED.replace("ROOT", "")
    head, kernel = body.split(".visible", 1)
    text = head + ".visible" + kernel + "\n.visible" + kernel.replace("unrolled", "again")
    manifests = instrument(parse_ptx(text, cache=False), stock("memtrace")).manifests
    assert manifests["again"].chains == manifests["unrolled"].chains != {}
    args = lambda: {"x": bytes(32768), "y": bytes(32768), "n": 700}
    mem, _, _, _ = launch(text, stock("memtrace"), (3, 1, 1), (64, 1, 1), args(), kernel="again")
    first, _, _, _ = launch(text, stock("memtrace"), (3, 1, 1), (64, 1, 1), args())
    assert len(mem["mem"]) == len(first["mem"]) == 34
    assert mem["mem"][["pc", "bytes", "addr_mask"]].tolist() == first["mem"][["pc", "bytes", "addr_mask"]].tolist()


def test_memtrace_keeps_the_tiles_of_a_2d_block_as_records_and_rebuilds_dmats_addresses():
    """The corpus sgemm_tiled (16 x 16 blocks: each warp is two rows of 16 lanes of a tile,
    for A, B and C) on 32 x 32 matrices: each of its warp-level accesses is one record with two
    steps (`LANES_TILE`, k = 4), none stores lane values, and every lane's address is one dmat
    records. Without tiles (`lower.LANE_TILES` off) every access keeps its lanes one by one."""
    from neutrino_py.splice import lower
    text = corpus("sgemm")
    n = 32
    args = {"A": floats(n * n, 1), "B": floats(n * n, 2), "C": bytes(4 * n * n),
            "M": n, "N": n, "K": n, "alpha": 0x3F800000, "beta": 0}
    grid, block = (2, 2, 1), (16, 16, 1)
    mem, _, _, _ = launch(text, stock("memtrace"), grid, block, args, kernel="sgemm_tiled")
    dmat, _, _, _ = launch(text, stock("dmat"), grid, block, args, kernel="sgemm_tiled")
    assert accesses(mem) == accesses(dmat) and sum(accesses(dmat).values()) == 4 * 256 * 6
    at = mem["mem"]["addr_at"]
    # per warp: 2 tile steps x (A and B), and C read and written: 6 records, all of them tiles
    assert len(at) == 4 * 8 * 6 and (~at & 0xffffffe0 == LANES_TILE).all()
    assert (~at & 31 == 4).all() and len(mem["mem__addr"]) == 0
    saved = lower.LANE_TILES
    lower.LANE_TILES = False
    try:
        plain, _, _, _ = launch(text, stock("memtrace"), grid, block, args, kernel="sgemm_tiled")
    finally:
        lower.LANE_TILES = saved
    assert accesses(plain) == accesses(dmat) and (plain["mem"]["addr_at"] < 1 << 31).all()


def with_split(split: int, text: str, program, args, grid=(3, 1, 1), block=(64, 1, 1)):
    """`launch` with `splicer.SPLIT_RUNS` at `split` while the kernel is instrumented."""
    import neutrino_py.splice.splicer as splicer
    kept = splicer.SPLIT_RUNS
    try:
        splicer.SPLIT_RUNS = split
        return launch(text, program, grid, block, args())
    finally:
        splicer.SPLIT_RUNS = kept


@pytest.mark.parametrize("guards", ["rising", "falling"])
def test_memtrace_a_chain_past_its_runs_start_reserves_afresh_and_never_loses_a_record(guards):
    """A save (a broadcast load of y[0]) starts the run, so the `unrolled` chain's first is a
    cut (`splicer.SPLIT_RUNS`): the save before it reserves its own slot only, the chain
    reserves afresh, and every lane clears `owner` there, so that nothing after it resumes the
    reservation made before. `falling`: the chain's first is guarded by the bound of the
    fourth access and its last follower by the first's, so in block 2 (n = 700) the first
    runs in no lane and its followers reserve on their own. Every lane's address is the one
    dmat records, the records are those of one reservation per pass, and fewer slots are
    reserved."""
    text = UNROLLED.replace("ROOT", "").replace(
        "    @%p1 ld.global.b32 %r10, [%rd3];", "    ld.global.b32 %r16, [%rd9];\n"
        "    @%p1 ld.global.b32 %r10, [%rd3];")
    if guards == "falling":
        for old, new in (("@%p1 ld.global.b32 %r10", "@%q4 ld.global.b32 %r10"),
                         ("@%p2 ld", "@%q3 ld"), ("@%p3 ld", "@%q2 ld"), ("@%p4 ld", "@%q1 ld")):
            text = text.replace(old, new)
        text = text.replace("%q", "%p")
    args = lambda: {"x": bytes(32768), "y": bytes(32768), "n": 700}
    program = stock("memtrace")
    manifest = instrument(parse_ptx(text, cache=False), program).manifests["unrolled"]
    split, sim, _, memory = with_split(1, text, program, args)
    whole, whole_sim, _, whole_memory = with_split(0, text, program, args)
    dmat, _, _, _ = launch(text, stock("dmat"), (3, 1, 1), (64, 1, 1), args())
    assert accesses(split) == accesses(dmat)
    assert sorted(split["mem"].tolist()) == sorted(whole["mem"].tolist())
    assert split.dropped["mem"] == whole.dropped["mem"] == 0
    slots = [sum(shard_cursors(s, m, manifest, "mem")) for s, m in ((sim, memory),
                                                                    (whole_sim, whole_memory))]
    assert slots[0] < slots[1], slots


def test_slots_ahead_stop_at_a_cut_and_a_cut_counts_from_itself():
    """Blocks 0 -> {1, 2} -> 3, one region; saves a (block 0), b and c (block 1), d (block 2),
    e and f (block 3). A reservation takes the most saves any path meets from it on; with a
    cut at c (a chain's first reserving afresh), a reservation before it stops there, and c's
    counts from itself on."""
    from neutrino_py.splice.splicer import _saves_ahead
    run = [((n, 0), 1, b) for n, b in enumerate([0, 1, 1, 2, 3, 3])]
    heads, succs = [0, 0, 0, 0], [[1, 2], [3], [3], []]
    assert _saves_ahead(run, heads, succs) == [5, 4, 3, 3, 2, 1]
    assert _saves_ahead(run, heads, succs, frozenset({2})) == [4, 1, 3, 3, 2, 1]
    assert _saves_ahead(run, heads, succs, frozenset({4})) == [3, 2, 1, 1, 2, 1]


@pytest.mark.parametrize("name", ["softmax_kernel", "layer_norm_kernel"])
@pytest.mark.parametrize("probe", ["memtrace", "dmat"])
def test_sites_that_share_one_body_make_the_records_each_made_inline(name, probe, monkeypatch):
    """Triton's softmax and layer norm with every repeated site sharing one body of code
    (`targets.ptx.outline`, its threshold lowered so their few sites share): the records, in
    order, are those of the kernel with each site's code inline, and the shared kernel has
    fewer instructions."""
    import neutrino_py.targets.ptx.outline as outline
    name, args = triton_rows(name)
    text = (CORPUS / "triton" / f"{name}.sm_90a.ptx").read_text()
    runs, sizes = {}, {}
    for side, least in (("inline", 1 << 40), ("shared", 0)):
        monkeypatch.setattr(outline, "MIN_SITE_CODE", least)
        out = instrument(parse_ptx(text, cache=False), stock(probe)).module.to_text()
        sizes[side] = (out.count("brx.idx"), out.count(";"))
        runs[side], _, _, _ = launch(text, stock(probe), (3, 1, 1), (128, 1, 1), args)
    assert sizes["inline"][0] == 0 < sizes["shared"][0]
    assert sizes["shared"][1] < sizes["inline"][1]
    for key, rows in runs["inline"].items():
        assert len(rows) > 0 or key.endswith("__addr")
        assert rows.tolist() == runs["shared"][key].tolist(), key


SEGMENTS = """.version 8.0
.target sm_90
.address_size 64
.visible .entry segments(.param .u64 x, .param .u32 n)
{
    .reg .pred %p<3>;
    .reg .b32 %r<4>;
    .reg .f32 %f<12>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [x];
    ld.param.u32 %r2, [n];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.f32 %f1, [%rd4];
    ld.global.f32 %f2, [%rd4+256];
    ld.global.f32 %f3, [%rd4+512];
    setp.ge.u32 %p1, %r1, %r2;
    @%p1 bra $L__skip;
    ld.global.f32 %f4, [%rd4+768];
    ld.global.f32 %f5, [%rd4+1024];
    ld.global.f32 %f6, [%rd4+1280];
    add.f32 %f1, %f1, %f4;
$L__skip:
    ld.global.f32 %f7, [%rd4+1536];
    add.f32 %f1, %f1, %f2;
    add.f32 %f1, %f1, %f3;
    add.f32 %f1, %f1, %f7;
    st.global.f32 [%rd4+1792], %f1;
    ret;
}
"""


def test_sites_share_a_body_only_within_a_stretch_no_label_or_branch_cuts(monkeypatch):
    """dmat's sites in three stretches of a kernel (cut by a guarded branch and its label),
    with the threshold lowered so that they share: a body per stretch, 2 + 3 + 2 sites (the
    saves are held back to the next load's reader or the stretch's end, the third load's on
    both ways out of the first stretch), none across a cut. Lanes 20 and up skip the middle
    stretch. The records, in order, are those of the kernel with every site inline."""
    import neutrino_py.targets.ptx.outline as outline
    args = lambda: {"x": bytes(4 * 64 + 2048), "n": 20}
    runs = {}
    for side, least in (("inline", 1 << 40), ("shared", 0)):
        monkeypatch.setattr(outline, "MIN_SITE_CODE", least)
        text = instrument(parse_ptx(SEGMENTS, cache=False), stock("dmat")).module.to_text()
        bodies = text.count("brx.idx")
        assert bodies == {"inline": 0, "shared": 3}[side]
        assert text.count("mov.u32 \t%nt_ret") == {"inline": 0, "shared": 7}[side]
        lines = text.splitlines()
        cuts = [n for n, line in enumerate(lines) if line.startswith(("$L__skip", "\t@%p1 bra"))]
        at = {line[:-1]: n for n, line in enumerate(lines) if line.startswith("$")}
        for n, line in enumerate(lines):        # from the first site's return to the body's end
            if line.strip().startswith(".branchtargets"):
                first = min(at[name.strip(" ;")] for name in line.split(None, 1)[1].split(","))
                assert not [c for c in cuts if first <= c <= n]
        runs[side], _, _, _ = launch(SEGMENTS, stock("dmat"), (2, 1, 1), (64, 1, 1), args())
    rows = runs["inline"]["dmat"]
    assert len(rows) == 2 * (64 * 5 + 20 * 3)
    assert rows.tolist() == runs["shared"]["dmat"].tolist()


def test_a_body_returns_to_at_most_max_returns_sites(monkeypatch):
    """The stretch of three dmat sites above with at most two returns per body: two of them
    share a body, the third keeps its code inline, and the records are those made inline."""
    import neutrino_py.targets.ptx.outline as outline
    monkeypatch.setattr(outline, "MAX_RETURNS", 2)
    monkeypatch.setattr(outline, "MIN_SITE_CODE", 0)
    text = instrument(parse_ptx(SEGMENTS, cache=False), stock("dmat")).module.to_text()
    assert text.count("brx.idx") == 3 and text.count("mov.u32 \t%nt_ret") == 6
    args = {"x": bytes(4 * 64 + 2048), "n": 20}
    shared, _, _, _ = launch(SEGMENTS, stock("dmat"), (2, 1, 1), (64, 1, 1), args)
    monkeypatch.setattr(outline, "MIN_SITE_CODE", 1 << 40)
    inline, _, _, _ = launch(SEGMENTS, stock("dmat"), (2, 1, 1), (64, 1, 1), args)
    assert shared["dmat"].tolist() == inline["dmat"].tolist()


# even threads reach a global buffer, odd ones a shared array, through one generic pointer;
# then every thread loads global memory through a generic address, and stores through a named one
GENERIC = """
.version 8.0
.target sm_90
.address_size 64

.visible .entry generic(
    .param .u64 p,
    .param .u32 n
)
{
    .reg .pred %p<3>;
    .reg .b32 %r<10>;
    .reg .b64 %rd<10>;
    .shared .align 4 .b32 sbuf[64];

    ld.param.u64 %rd1, [p];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %tid.x;
    setp.ge.u32 %p2, %r2, %r1;
    @%p2 bra $L_done;
    mov.u64 %rd2, sbuf;
    cvta.shared.u64 %rd3, %rd2;
    and.b32 %r3, %r2, 1;
    setp.eq.u32 %p1, %r3, 0;
    mul.wide.u32 %rd4, %r2, 4;
    selp.b64 %rd5, %rd1, %rd3, %p1;
    add.s64 %rd6, %rd5, %rd4;
    st.u32 [%rd6], %r2;
    ld.u32 %r4, [%rd6];
    atom.add.u32 %r5, [%rd6], 1;
    add.s64 %rd7, %rd1, %rd4;
    ld.u32 %r6, [%rd7+256];
    add.u32 %r7, %r4, %r6;
    st.global.u32 [%rd7+512], %r7;
$L_done:
    ret;
}
"""


def generic_run(program, n=45):
    return launch(GENERIC, program, (2, 1, 1), (48, 1, 1),
                  {"p": bytes(range(256)) * 3, "n": n})


def test_global_patterns_see_generic_accesses_to_global_memory_only():
    """`ld.global` and the like also select `ld.u32 [a]` where `a` is global at run time: dmat
    keeps every global access of the even threads' generic pointer and of the generic load all
    threads make, never the odd threads' accesses of shared memory through the same instruction,
    and memtrace rebuilds the same lanes."""
    n = 45
    maps, _, ptrs, mem = generic_run(stock("dmat"), n)
    (p,) = ptrs.values()
    want = Counter()
    for t in range(n):
        if t % 2 == 0:
            want.update({(p + 4 * t, 4): 3 * 2})         # st, ld and atom through the pointer
        want.update({(p + 256 + 4 * t, 4): 2, (p + 512 + 4 * t, 4): 2})   # both blocks
    assert accesses(maps) == want
    mem_maps, _, ptrs, mem = generic_run(stock("memtrace"), n)
    assert accesses(mem_maps) == want
    (p,) = ptrs.values()
    out = np.frombuffer(mem.bytes(p), np.uint32)
    before = np.frombuffer(bytes(range(256)) * 3, np.uint32)
    t = np.arange(n)
    even = t[t % 2 == 0]
    assert out[even].tolist() == (even + 1).tolist()      # stored, then one atomic add
    assert out[128 + t].tolist() == (before[64 + t] + t.astype(np.uint32)).tolist()
    # hotness's pages and gmem_bytes' sums hold the same global lanes, through their own lowering
    # (a warp-combined hist, per-SM counters summed over the warp)
    maps, _, _, _ = generic_run(stock("hotness"), n)         # the buffer lands where it did
    pages = maps["pages"]["value"] if maps["pages"].dtype.names else maps["pages"]
    want_pages = Counter()
    for (addr, _), k in want.items():
        want_pages[addr >> 12 & 0xffff] += k
    assert {k: int(pages[k]) for k in np.nonzero(pages)[0]} == dict(want_pages)
    maps, _, _, _ = generic_run(stock("gmem_bytes"), n)
    g = maps["gmem"]
    even = (n + 1) // 2
    assert int(g["loaded"].sum()) == 2 * 4 * (even + n)       # both blocks: ld through p, ld+256
    assert int(g["stored"].sum()) == 2 * 4 * (even + n)       # st through p, st.global+512
    assert int(g["atomic"].sum()) == 2 * 4 * even


def test_shared_patterns_see_generic_accesses_to_shared_memory_as_shared_addresses():
    """A probe at `st.shared, ld.shared, atom.shared` runs where the generic pointer is shared
    (odd threads), and its ADDR is the shared address an access naming the space would give."""
    text = ("map s[thread]: record { u64 addr; u32 bytes; u32 pc; } pool 4096\n"
            "before ld.shared, st.shared, atom.shared { s.save(ADDR, BYTES, PC); }\n")
    maps, sim, _, _ = generic_run(load(text, "s.probe"))
    rec = maps["s"]
    base = sim.shared_at["sbuf"]
    want = Counter({(base + 4 * t, 4): 3 * 2 for t in range(1, 45, 2)})
    assert Counter(zip(rec["addr"].tolist(), rec["bytes"].tolist())) == want
    assert len(set(rec["pc"].tolist())) == 3
    manifest = instrument(parse_ptx(GENERIC, cache=False), load(text, "s.probe")).manifests
    # four generic accesses, each a place: where none is shared at run time, nothing is saved
    assert manifest["generic"].positions == {
        "probe 0 (before ld.shared, st.shared, atom.shared)": 4}
