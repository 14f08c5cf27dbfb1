"""A GCN wave64 simulator for the tests: runs a kernel of a `GcnModule` (original or
instrumented) over a grid, on the CPU, exactly enough to check what probes write.

It executes the statements llvm-mc assembles (the module's IR, whose printed text the tests
check parses back to the same instructions): wave64 with EXEC, VCC, SCC, M0, SGPR/VGPR/AGPR
files, scalar and vector memory, LDS per workgroup, atomics (lanes in lane order), DPP row
shifts and SDWA selects, `s_barrier` (a wave waits there for its workgroup's others),
`s_waitcnt` as a no-op (every memory operation completes in program order). An instruction it
does not implement raises `Unknown`: nothing is skipped. The waves of a launch run
round-robin (`Simulator.schedule`), so a spin lock between waves completes.

The whole module's code is loaded: instruction i of the module's code statements (labels
included) is at CODE_BASE + 8 i, and a label at the next instruction's address (it takes no
space: label differences measure code); `s_getpc_b64` gives the next instruction's address, so
`sym@rel32@lo+4` / `@hi+12` pairs and `sym@rel32@lo+(.Luse-.Lpc)+4` forms resolve, `s_swappc_b64` / `s_setpc_b64` call and
return into functions of the same code object, and data sections (`.rodata` tables of words or
function pointers) are laid out in memory. Each wave has private memory per lane (16 KiB), reached
by `scratch_*` instructions, by the private segment buffer (a swizzled, ADD_TID_ENABLE buffer
resource: lanes interleaved by dword, the stack pointer counted in wave bytes) and by flat
addresses in the `src_private_base` aperture; flat addresses in the `src_shared_base` aperture are
LDS, all others global memory. Other buffer resources address global memory with range checks.

Clocks are deterministic so oracles can be exact: `s_memtime` returns CLOCK_BASE plus the number
of the kernel's own instructions the wave has issued so far (the instrumentation's do not count,
`user` names the kernel's instruction objects), `s_memrealtime` the same count plus
REALTIME_BASE * (wave's index + 1). HW_ID's CU field is the workgroup's linear index mod 7,
XCC_ID the workgroup's index mod 2.
"""
from __future__ import annotations

import math
import re
import struct
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterator

import numpy as np

from sim_memory import Memory
from neutrino_py.asm.gcn import (Directive, Func, GcnModule, Imm, Instruction, Label, Modified, Register,
                                 Sym, evaluate)

LANES = 64
M32, M64 = (1 << 32) - 1, (1 << 64) - 1
CLOCK_BASE = 1_000_000
REALTIME_BASE = 10_000_000
U64 = np.uint64
# Where things are in the flat address space (none overlaps sim_memory's allocations): the LDS and
# private apertures (`src_shared_base` / `src_private_base`: the high dword is the aperture), the
# code (instruction i of the module at CODE_BASE + 8 i: `s_getpc_b64` / `sym@rel32@lo+4` pairs
# and call/return addresses agree), and the private segment buffer's base (scratch by MUBUF).
SHARED_APERTURE = 0x1000_0000_0000_0000
PRIVATE_APERTURE = 0x2000_0000_0000_0000
CODE_BASE = 0x6600_0000_0000
SCRATCH_BASE = 0x6800_0000_0000
PRIVATE_BYTES = 16 * 1024                # private memory of each lane
ADD_TID = 1 << 23                        # buffer descriptor word 3: ADD_TID_ENABLE (swizzled scratch)
QUANTUM = 64                             # the kernel's own instructions in one turn of a wave


class Unknown(AssertionError):
    """An instruction (or an operand form) the simulator does not implement."""


class StepLimit(Exception):
    """The launch issued more instructions (all waves, the instrumentation's included) than the
    simulator's `max_steps`: a data-dependent loop that may not end."""


class Lds:
    def __init__(self, size: int) -> None:
        self.data = bytearray(size)

    def read(self, addr: int, size: int) -> int:
        assert 0 <= addr and addr + size <= len(self.data), f"LDS access {addr:#x}+{size} outside {len(self.data)}"
        return int.from_bytes(self.data[addr:addr + size], "little")

    def write(self, addr: int, size: int, value: int) -> None:
        assert 0 <= addr and addr + size <= len(self.data), f"LDS access {addr:#x}+{size} outside {len(self.data)}"
        self.data[addr:addr + size] = (value & ((1 << 8 * size) - 1)).to_bytes(size, "little")


@dataclass
class Event:
    """One issue of one of the kernel's own instructions by a wave."""
    wave: int              # linear wave index in the launch
    index: int             # the instruction's index in the kernel's own instruction list
    exec: int              # EXEC before it
    issued: int            # the wave's own instructions issued before it
    access: tuple = ()     # vector memory / LDS: ((lane, address, bytes), ...) in lane order;
                           # scalar memory: ((-1, address, bytes),), once whatever EXEC


# ------------------------------------------------------------------------------ numbers

def f32(bits: np.ndarray) -> np.ndarray:
    return (bits & U64(M32)).astype(np.uint32).view(np.float32)


def b32(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, np.float32).view(np.uint32).astype(U64)


def f16(bits: np.ndarray) -> np.ndarray:
    return (bits & U64(0xffff)).astype(np.uint16).view(np.float16)


def b16(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, np.float16).view(np.uint16).astype(U64)


def f64(bits: np.ndarray) -> np.ndarray:
    return bits.astype(U64).view(np.float64)


def b64(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, np.float64).view(U64)


def s32(bits: np.ndarray) -> np.ndarray:
    return (bits & U64(M32)).astype(np.uint32).view(np.int32).astype(np.int64)


def s64(bits: np.ndarray) -> np.ndarray:
    return bits.astype(U64).view(np.int64)


def u(x) -> np.ndarray:
    """Any integer array -> its two's complement bits as uint64."""
    return np.asarray(x).astype(np.int64).view(U64) if np.asarray(x).dtype.kind == "i" else np.asarray(x).astype(U64)


INLINE_FLOATS = {0.5: (0x3800, 0x3f000000, 0x3fe0000000000000),
                 1.0: (0x3c00, 0x3f800000, 0x3ff0000000000000),
                 2.0: (0x4000, 0x40000000, 0x4000000000000000),
                 4.0: (0x4400, 0x40800000, 0x4010000000000000)}


def float_bits(value: float, bits: int) -> int:
    if value == 0.15915494:
        return {16: 0x3118, 32: 0x3e22f983, 64: 0x3fc45f306dc9c882}[bits]
    key = abs(value)
    if key in INLINE_FLOATS:
        v = INLINE_FLOATS[key][{16: 0, 32: 1, 64: 2}[bits]]
        return v | (1 << (bits - 1)) if value < 0 else v
    if bits == 32:
        return struct.unpack("<I", struct.pack("<f", value))[0]
    raise Unknown(f"float constant {value} as a {bits}-bit operand")


def cmp_fn(name: str) -> Callable:
    return {"eq": np.equal, "ne": np.not_equal, "lg": np.not_equal, "lt": np.less,
            "le": np.less_equal, "gt": np.greater, "ge": np.greater_equal,
            "neq": lambda a, b: ~np.equal(a, b), "nlt": lambda a, b: ~np.less(a, b),
            "nge": lambda a, b: ~np.greater_equal(a, b), "ngt": lambda a, b: ~np.greater(a, b),
            "nle": lambda a, b: ~np.less_equal(a, b), "nlg": lambda a, b: np.equal(a, b) | np.isnan(a),
            "o": lambda a, b: ~(np.isnan(a) | np.isnan(b)), "u": lambda a, b: np.isnan(a) | np.isnan(b),
            "f": lambda a, b: np.zeros(np.shape(a), bool), "t": lambda a, b: np.ones(np.shape(a), bool),
            "tru": lambda a, b: np.ones(np.shape(a), bool)}[name]


# ------------------------------------------------------------------------------ data sections

DATA_BASE = 0x7d00_0000_1000
_DATA_SIZES = {".byte": 1, ".short": 2, ".value": 2, ".long": 4, ".int": 4, ".quad": 8}


def _data_symbols(module: GcnModule, memory: Memory) -> dict[str, int]:
    """Lays out the module's data sections (.rodata, .data, .bss: `.byte/.short/.long/.quad`
    values or symbols, `.zero`, `.asciz`, `.p2align`) in memory at a fixed place (the same in
    every run of the module, whatever else was allocated) and returns {label: address}.
    A `.quad` of a function symbol holds its code address."""
    sections: dict[str, bytearray] = {}
    labels: dict[str, tuple[str, int]] = {}
    fixups: list[tuple[str, int, int, str]] = []
    current = ".text"
    for s in module.statements:
        if isinstance(s, Directive):
            name, args = s.name, s.args.strip()
            if name in (".text", ".data", ".bss"):
                current = name
            elif name == ".section":
                current = args.split(",")[0].strip().strip('"')
            if current.startswith((".text", ".note", ".debug", ".AMDGPU")):
                continue
            buf = sections.setdefault(current, bytearray())
            if name in _DATA_SIZES:
                for item in args.split(","):
                    item = item.strip()
                    try:
                        value = int(item, 0)
                    except ValueError:
                        fixups.append((current, len(buf), _DATA_SIZES[name], item))
                        value = 0
                    buf += (value & ((1 << 8 * _DATA_SIZES[name]) - 1)).to_bytes(_DATA_SIZES[name], "little")
            elif name in (".zero", ".space"):
                buf += bytes(int(args.split(",")[0], 0))
            elif name in (".asciz", ".ascii", ".string"):
                text = args.strip()[1:-1].encode().decode("unicode_escape").encode("latin-1")
                buf += text + (b"\0" if name != ".ascii" else b"")
            elif name == ".p2align":
                align = 1 << int(args.split(",")[0], 0)
                buf += bytes(-len(buf) % align)
        elif isinstance(s, Label) and not current.startswith((".text", ".note", ".debug", ".AMDGPU")):
            labels[s.name] = (current, len(sections.setdefault(current, bytearray())))
    if not labels:
        return {}
    memory.next.setdefault("data", DATA_BASE)
    bases = {name: memory.alloc(bytes(buf) or b"\0", segment="data") for name, buf in sections.items()}
    out = {name: bases[sec] + off for name, (sec, off) in labels.items()}
    code = {name: CODE_BASE + 8 * i for name, i in
            _label_slots([x for x in module.statements if isinstance(x, (Instruction, Label))]).items()}
    for sec, off, size, expr in fixups:
        m = re.fullmatch(r"([\w.$]+)([+-]\d+)?", expr)
        target = m and (out.get(m.group(1)) or code.get(m.group(1)))
        if target is None:
            raise Unknown(f"data value {expr}")
        memory.write(bases[sec] + off, size, target + int(m.group(2) or 0))
    return out


def _next_instruction(code: list, i: int) -> int:
    """Index of the first instruction at or after `i` in `code` (its end if none)."""
    return next((k for k in range(i, len(code)) if isinstance(code[k], Instruction)), len(code))


def _label_slots(code: list) -> dict[str, int]:
    """Each label of `code` (instructions and labels) -> the index of the instruction it names."""
    return {s.name: _next_instruction(code, i) for i, s in enumerate(code) if isinstance(s, Label)}


# ------------------------------------------------------------------------------ the launch

@dataclass
class Launch:
    """One kernel launch: grid in workgroups, block in work-items, the kernarg bytes' address."""
    grid: tuple[int, int, int]
    block: tuple[int, int, int]
    kernarg: int
    dispatch: int
    lds_bytes: int


@dataclass
class Wave:
    index: int
    wg: tuple[int, int, int]
    wg_linear: int
    lanes: int
    s: list[int] = field(default_factory=lambda: [0] * 112)
    v: np.ndarray = field(default_factory=lambda: np.zeros((512, LANES), U64))
    exec: int = 0
    vcc: int = 0
    scc: int = 0
    m0: int = 0
    flat_scratch: int = 0
    scratch: bytearray | None = None    # the wave's private memory, lanes interleaved by dword
    pc: int = 0
    issued: int = 0
    turn: int = 0                       # `issued` when the wave last gave up its turn
    done: bool = False


class Simulator:
    """Runs one kernel of `module`. `user` holds the ids of the kernel's own instruction objects
    in order (the instrumentation's are all others); events record their issues."""

    def __init__(self, module: GcnModule, name: str, memory: Memory, user: list[int] | None = None,
                 max_steps: int | None = None, dynamic_lds: int = 0, preloading: bool = True) -> None:
        self.view = module.kernel(name)
        self.dynamic_lds = dynamic_lds          # bytes of LDS the launch adds to the fixed size
        # the whole module's code (a kernel may call functions of its code object); the
        # kernel starts at its first statement, or, where it preloads kernel arguments and the
        # firmware does (`preloading`, as current firmware does), 256 bytes in: past its header
        # (`asm.gcn.preload_entry`), with the arguments in SGPRs
        self.preloading = preloading
        self.load(module, memory)
        start = self.view.start
        if preloading and self.view.descriptor.get("user_sgpr_kernarg_preload_length"):
            assert self.view.entry is not None, "a preload header with no end"
            start = self.view.entry
        first = {id(s) for s in module.statements[start:self.view.end]}
        self.entry = next((i for i, s in enumerate(self.code) if id(s) in first), len(self.code))
        self.desc, self.meta = self.view.descriptor, self.view.metadata
        self.mcpu = module.target
        own = user if user is not None else [id(s) for s in module.statements[start:self.view.end]
                                             if isinstance(s, Instruction)]
        self.user = {k: n for n, k in enumerate(own)}
        self.events: list[Event] = []
        self.executed: set[str] = set()
        self.max_steps, self.steps_taken = max_steps, 0
        self.got: dict[str, int] = {}

    # ------------------------------------------------------------------ set-up

    def load(self, module: GcnModule, memory: Memory) -> None:
        """The module's code (a kernel may call any function of its code object), its labels,
        the symbols it sets and its data, placed in `memory`."""
        self.code = [s for s in module.statements if isinstance(s, (Instruction, Label))]
        self.labels = _label_slots(self.code)
        self.constants = module.constants()
        _CONSTANTS.clear()
        _CONSTANTS.update(self.constants)
        self.mem, self.data = memory, _data_symbols(module, memory)

    def launch(self, grid, block, args: list[int | bytes]) -> Launch:
        """Kernarg segment from the metadata's `.args` (explicit args in order: ints by value,
        ints for pointers) and a dispatch packet."""
        size = max(self.meta[".kernarg_segment_size"], 8)
        kernarg = bytearray(size)
        explicit = [a for a in self.meta[".args"] if not a[".value_kind"].startswith("hidden_")]
        assert len(explicit) == len(args), (len(explicit), len(args))
        counts = [g for g in grid]
        hidden = {"hidden_block_count_x": counts[0], "hidden_block_count_y": counts[1],
                  "hidden_block_count_z": counts[2], "hidden_group_size_x": block[0],
                  "hidden_group_size_y": block[1], "hidden_group_size_z": block[2],
                  "hidden_grid_dims": sum(1 for g, b in zip(grid, block) if g * b > 1) or 1,
                  "hidden_dynamic_lds_size": self.dynamic_lds}
        for a in self.meta[".args"]:
            kind, off, n = a[".value_kind"], a[".offset"], a[".size"]
            if kind.startswith("hidden_"):
                value = hidden.get(kind, 0)
            else:
                value = args[explicit.index(a)]
            kernarg[off:off + n] = (int(value) & ((1 << 8 * n) - 1)).to_bytes(n, "little")
        packet = bytearray(64)
        struct.pack_into("<HHH", packet, 4, *block)
        struct.pack_into("<III", packet, 12, *(g * b for g, b in zip(grid, block)))
        lds = self.meta.get(".group_segment_fixed_size", 0) + self.dynamic_lds
        if self.desc.get("user_sgpr_private_segment_buffer"):
            # the private segment buffer's base is scratch backing memory, global memory that a
            # kernel may read by address (ir_queue_ptr on gfx90a reads s[0:1] as its queue
            # pointer): zeros, since each wave's private memory is kept apart (`Wave.scratch`)
            self.mem.next.setdefault("scratch", SCRATCH_BASE)
            self.mem.alloc(bytes(PRIVATE_BYTES), segment="scratch")
        return Launch(tuple(grid), tuple(block), self.mem.alloc(bytes(kernarg), segment="kernarg"),
                      self.mem.alloc(bytes(packet)), lds)

    def init_wave(self, w: Wave, launch: Launch, tids: list[tuple[int, int, int]]) -> None:
        d = self.desc
        n = 0
        for field_, width, value in (
                ("private_segment_buffer", 4, SCRATCH_BASE | M32 << 64 | ADD_TID << 96),
                ("dispatch_ptr", 2, launch.dispatch),
                ("queue_ptr", 2, 0), ("kernarg_segment_ptr", 2, launch.kernarg),
                ("dispatch_id", 2, 0), ("flat_scratch_init", 2, 0), ("private_segment_size", 1, 0)):
            if d.get("user_sgpr_" + field_):
                for k in range(width):
                    w.s[n + k] = (value >> (32 * k)) & M32
                n += width
        preload, at = d.get("user_sgpr_kernarg_preload_length"), d.get("user_sgpr_kernarg_preload_offset")
        for k in range(preload if self.preloading else 0):
            w.s[n + k] = self.mem.read(launch.kernarg + 4 * (at + k), 4)
        n += preload
        assert n == d.get("user_sgpr_count"), f"user SGPRs {n} != .amdhsa_user_sgpr_count"
        for i in range(3):
            if d.get(f"system_sgpr_workgroup_id_{'xyz'[i]}"):
                w.s[n] = w.wg[i]
                n += 1
        if d.get("system_sgpr_workgroup_info"):
            n += 1
        if d.get("system_sgpr_private_segment_wavefront_offset"):
            w.s[n] = 0                  # every wave has its own private memory (`Wave.scratch`)
            n += 1
        w.pc = self.entry
        dims = d.get("system_vgpr_workitem_id") + 1
        for lane, (x, y, z) in enumerate(tids):
            ids = (x, y, z)[:dims]
            if self.mcpu in ("gfx90a",) or self.mcpu.startswith("gfx94"):
                w.v[0, lane] = sum(i << (10 * k) for k, i in enumerate(ids))
            else:
                for k, i in enumerate(ids):
                    w.v[k, lane] = i
        w.exec = (1 << len(tids)) - 1

    def run(self, grid, block, args: list[int]) -> Launch:
        launch = self.launch(grid, block, args)
        threads = [(x, y, z) for z in range(block[2]) for y in range(block[1]) for x in range(block[0])]
        per = math.ceil(len(threads) / LANES)
        waves: list[tuple[int, Iterator[str]]] = []
        for bz in range(grid[2]):
            for by in range(grid[1]):
                for bx in range(grid[0]):
                    lin = bx + grid[0] * (by + grid[1] * bz)
                    lds = Lds(launch.lds_bytes)
                    for k in range(per):
                        tids = threads[LANES * k:LANES * k + LANES]
                        w = Wave(len(waves), (bx, by, bz), lin, len(tids))
                        self.init_wave(w, launch, tids)
                        waves.append((lin, self.steps(w, lds)))
        self.schedule(waves)
        return launch

    @staticmethod
    def schedule(waves: list[tuple[int, Iterator[str]]]) -> None:
        """Round-robin over every wave of the launch ((workgroup, `steps`) in wave order), so
        that a wave spinning on a lock another wave holds lets that wave run: each turn lasts
        until the wave yields (a quantum of its own instructions, s_sleep, s_barrier) or ends.
        A wave at s_barrier waits until every wave of its workgroup is there; none may have
        ended. The order depends on the kernel's own instructions only, so an instrumented run
        sees the same interleaving as the original."""
        live = dict(enumerate(waves))
        waiting: dict[int, set[int]] = {}           # workgroup -> waves at its barrier
        ended: set[int] = set()                     # workgroups with an ended wave
        size = Counter(g for g, _ in waves)
        while live:
            for n in list(live):
                group, it = live[n]
                if n in waiting.get(group, ()):
                    continue
                why = next(it, "end")
                if why == "end":
                    del live[n]
                    ended.add(group)
                    assert not waiting.get(group), "a wave ended while others wait at s_barrier"
                elif why == "barrier":
                    assert group not in ended, "a wave ended while others wait at s_barrier"
                    here = waiting.setdefault(group, set())
                    here.add(n)
                    if len(here) == size[group]:
                        del waiting[group]

    # ------------------------------------------------------------------ operands

    def sread(self, w: Wave, op, dwords: int = 1, fbits: int = 0) -> int:
        if isinstance(op, Register):
            if op.file == "s":
                assert op.count == dwords or not op.ranged and op.count == 1, f"{op} read as {dwords} dwords"
                return sum(w.s[op.first + k] << (32 * k) for k in range(dwords))
            if op.file in ("exec", "vcc"):
                value = w.exec if op.file == "exec" else w.vcc
                return value if dwords == 2 else value & M32
            special = {"exec_lo": w.exec & M32, "exec_hi": w.exec >> 32, "vcc_lo": w.vcc & M32,
                       "vcc_hi": w.vcc >> 32, "m0": w.m0, "scc": w.scc, "src_scc": w.scc,
                       "flat_scratch_lo": w.flat_scratch & M32, "flat_scratch_hi": w.flat_scratch >> 32,
                       "flat_scratch": w.flat_scratch}
            if op.file in special:
                return special[op.file]
            apertures = {"src_shared_base": SHARED_APERTURE, "src_private_base": PRIVATE_APERTURE,
                         "src_shared_limit": SHARED_APERTURE | M32, "src_private_limit": PRIVATE_APERTURE | M32}
            if op.file in apertures:
                # a 32-bit operand reads the low dword: 0 in a base, all ones in a limit (LLVM's
                # SIRegisterInfo.td, multiclass ApertureRegister: 32-bit sources read the _LO half,
                # the high one is no operand; AMDGPUUsage, "Address Spaces": an aperture is 2^32
                # bytes aligned to 2^32)
                return apertures[op.file] if dwords == 2 else apertures[op.file] & M32
            if op.file == "null":
                return 0
            raise Unknown(f"scalar operand {op}")
        if isinstance(op, Imm):
            value = op.value
            if isinstance(value, float):       # an integer operation takes the constant's bits
                return float_bits(value, fbits or (64 if dwords == 2 else 32))
            return value & (M64 if dwords == 2 else M32) if value < 0 else value
        if isinstance(op, Sym):
            return self.symbol(w, op.text) & (M64 if dwords == 2 else M32)
        raise Unknown(f"scalar operand {op!r}")

    def address_of(self, name: str) -> int:
        """A symbol's value: a data or code address, or a number the module sets."""
        if name in self.constants:
            return self.constants[name]
        if name in self.data:
            return self.data[name]
        if name in self.labels:
            return CODE_BASE + 8 * self.labels[name]
        raise Unknown(f"symbol {name}")

    def symbol(self, w: Wave, text: str) -> int:
        """A relocated operand: `sym@rel32@lo+4` (PC-relative to the literal, which follows the
        4-byte instruction word), `sym@gotpcrel32@lo+4` (the same to a GOT slot holding sym),
        `sym@abs32@lo`; an addend or a whole operand of label differences and numbers
        (``(.LBB0_2-.Lpost_getpc0)&4294967295``, ``>>32``)."""
        m = re.fullmatch(r"(?:([\w.$]+)@(rel32|gotpcrel32|gotpcrel|abs32)@(lo|hi))?([-+()&|^<>*/\w.$]*)", text)
        if m is None:
            raise Unknown(f"symbolic operand {text}")
        name, kind, half = m.group(1), m.group(2), m.group(3)
        add = eval(re.sub(r"[A-Za-z_.$][\w.$]*", lambda n: str(self.address_of(n.group())), m.group(4))
                   or "0", {"__builtins__": {}})        # numbers, label addresses, operators
        if name is None:
            return add & M64
        target = self.address_of(name)
        if kind.startswith("gotpcrel"):
            if name not in self.got:
                self.mem.next.setdefault("data", DATA_BASE)
                self.got[name] = self.mem.alloc(target.to_bytes(8, "little"), segment="data")
            target = self.got[name]
        literal = CODE_BASE + 8 * (w.pc - 1) + 4
        value = (target + add - (0 if kind == "abs32" else literal)) & M64
        return value & M32 if half == "lo" else value >> 32

    def jump(self, w: Wave, addr: int) -> None:
        """s_setpc / s_swappc: continue at a code address (a function's label, a return address)."""
        index, rest = divmod(addr - CODE_BASE, 8)
        assert rest == 0 and 0 <= index < len(self.code), f"jump to {addr:#x}, not an instruction"
        w.pc = index

    def swrite(self, w: Wave, op, value: int, dwords: int = 1) -> None:
        value &= (1 << (32 * dwords)) - 1
        if isinstance(op, Register) and op.file == "s":
            for k in range(dwords):
                w.s[op.first + k] = (value >> (32 * k)) & M32
        elif isinstance(op, Register) and op.file in ("exec", "vcc"):
            setattr(w, op.file, value if dwords == 2 else (getattr(w, op.file) & ~M32) | value)
        elif isinstance(op, Register) and op.file in ("exec_lo", "exec_hi", "vcc_lo", "vcc_hi"):
            name, half = op.file.split("_")
            old = getattr(w, name)
            new = (old & ~M32 & M64) | value if half == "lo" else (old & M32) | (value << 32)
            setattr(w, name, new)
        elif isinstance(op, Register) and op.file == "m0":
            w.m0 = value & M32
        elif isinstance(op, Register) and op.file in ("flat_scratch_lo", "flat_scratch_hi", "flat_scratch"):
            lo, hi = w.flat_scratch & M32, w.flat_scratch >> 32
            lo = value & M32 if op.file != "flat_scratch_hi" else lo
            hi = value >> 32 if op.file == "flat_scratch" else value if op.file == "flat_scratch_hi" else hi
            w.flat_scratch = hi << 32 | lo
        elif isinstance(op, Register) and op.file == "null":
            pass
        else:
            raise Unknown(f"scalar destination {op}")

    def vread(self, w: Wave, op, dwords: int = 1, fbits: int = 0) -> np.ndarray:
        """A source operand as per-lane bits (uint64; 2 dwords at most), modifiers applied."""
        if isinstance(op, Modified):
            x = self.vread(w, op.inner, dwords, fbits)
            if not fbits:
                raise Unknown(f"modifier on an integer operand {op}")
            sign = U64(1 << (fbits - 1))
            if op.abs:
                x = x & ~sign
            if op.neg:
                x = x ^ sign
            return x
        if isinstance(op, Register) and op.file in ("v", "a"):
            base = 0 if op.file == "v" else 256
            x = w.v[base + op.first].copy()
            if dwords == 2:
                x |= w.v[base + op.first + 1] << U64(32)
            return x
        if isinstance(op, Imm) and isinstance(op.value, float) and fbits == 64 and dwords == 2:
            return np.full(LANES, float_bits(op.value, 64), U64)
        if isinstance(op, Imm) and not isinstance(op.value, float) and dwords == 2 and fbits == 64 \
                and not -16 <= op.value <= 64:
            return np.full(LANES, (op.value & M32) << 32, U64)     # a literal is the high word
        return np.full(LANES, self.sread(w, op, dwords, fbits), U64)

    def vwrite(self, w: Wave, op, value: np.ndarray, dwords: int = 1, mask: int | None = None) -> None:
        if not (isinstance(op, Register) and op.file in ("v", "a")):
            raise Unknown(f"vector destination {op}")
        on = self.lanes(w.exec if mask is None else mask)
        base = (0 if op.file == "v" else 256) + op.first
        value = np.asarray(value).astype(U64)
        for k in range(dwords):
            w.v[base + k][on] = ((value >> U64(32 * k)) & U64(M32))[on]

    @staticmethod
    def lanes(mask: int) -> np.ndarray:
        return np.array([(mask >> i) & 1 for i in range(LANES)], bool)

    @staticmethod
    def to_mask(bits: np.ndarray, exec_: int) -> int:
        return sum(1 << i for i in range(LANES) if bits[i]) & exec_

    # ------------------------------------------------------------------ the wave's program

    def steps(self, w: Wave, lds: Lds) -> Iterator[str]:
        """Run `w` to its end; yields "barrier" at every s_barrier, "turn" after s_sleep and
        before every QUANTUM-th of the kernel's own instructions (`schedule`)."""
        code = self.code
        while not w.done:
            assert w.pc < len(code), "fell off the end of the kernel"
            s = code[w.pc]
            if isinstance(s, Label):
                w.pc += 1
                continue
            n = self.user.get(id(s))
            if n is not None and w.issued and w.issued % QUANTUM == 0 and w.turn != w.issued:
                w.turn = w.issued
                yield "turn"
            w.pc += 1
            self.steps_taken += 1
            if self.max_steps is not None and self.steps_taken > self.max_steps:
                raise StepLimit(f"more than {self.max_steps} instructions issued")
            access: list = []
            if n is not None:
                event = Event(w.index, n, w.exec, w.issued)
                self.events.append(event)
            self.executed.add(s.opcode)
            self.execute(w, s, lds, access)
            if n is not None:
                w.issued += 1
                event.access = tuple(access)
            if s.opcode == "s_barrier":
                yield "barrier"
            elif s.opcode == "s_sleep":
                yield "turn"

    def execute(self, w: Wave, s: Instruction, lds: Lds, access: list) -> None:
        op = s.opcode
        for prefix, fn in _HANDLERS:
            if op.startswith(prefix):
                fn(self, w, s, lds, access)
                return
        raise Unknown(f"the simulator does not know `{s.to_text().strip()}` (line {s.line})")

    def branch(self, w: Wave, s: Instruction) -> None:
        target = s.operands[0]
        assert isinstance(target, Sym), s.to_text()
        local = re.fullmatch(r"(\d+)([fb])", target.text)      # `1f`: the next `1:`, `1b` the last
        if local is None:
            w.pc = self.labels[target.text]
            return
        order = range(w.pc, len(self.code)) if local[2] == "f" else range(w.pc - 1, -1, -1)
        w.pc = next(k for k in order if isinstance(self.code[k], Label) and self.code[k].name == local[1])


# ------------------------------------------------------------------------------ scalar ALU

def _bits(op: str) -> int:
    return 64 if op.endswith(("_b64", "_u64", "_i64")) else 32


def _scalar(sim: Simulator, w: Wave, s: Instruction, lds, access) -> None:
    op, o = s.opcode, s.operands
    wide = _bits(op) == 64
    dw = 2 if wide else 1
    mask = M64 if wide else M32

    def r(i, d=dw):
        return sim.sread(w, o[i], d)

    def sx(v, bits=32):
        return v - (1 << bits) if v >> (bits - 1) else v

    if op in ("s_mov_b32", "s_mov_b64", "s_movk_i32"):
        value = r(1) if op != "s_movk_i32" else sx(r(1) & 0xffff, 16) & M32
        sim.swrite(w, o[0], value, dw)
    elif op in ("s_cselect_b32", "s_cselect_b64"):
        sim.swrite(w, o[0], r(1) if w.scc else r(2), dw)
    elif op.startswith(("s_and_saveexec", "s_or_saveexec", "s_xor_saveexec", "s_andn2_saveexec",
                        "s_orn2_saveexec")):
        kind = op.split("_")[1]
        src, old = r(1, 2), w.exec
        new = {"and": src & old, "or": src | old, "xor": src ^ old, "andn2": src & ~old & M64,
               "orn2": (src | ~old) & M64}[kind]
        sim.swrite(w, o[0], old, 2)
        w.exec = new
        w.scc = int(new != 0)
    elif op.split("_")[1] in ("and", "or", "xor", "andn2", "orn2", "nand", "nor", "xnor"):
        a, b = r(1), r(2)
        v = {"and": a & b, "or": a | b, "xor": a ^ b, "andn2": a & ~b, "orn2": a | ~b,
             "nand": ~(a & b), "nor": ~(a | b), "xnor": ~(a ^ b)}[op.split("_")[1]] & mask
        sim.swrite(w, o[0], v, dw)
        w.scc = int(v != 0)
    elif op in ("s_not_b32", "s_not_b64"):
        v = ~r(1) & mask
        sim.swrite(w, o[0], v, dw)
        w.scc = int(v != 0)
    elif op in ("s_add_u32", "s_sub_u32", "s_addc_u32", "s_subb_u32"):
        a, b = r(1), r(2)
        c = w.scc if op in ("s_addc_u32", "s_subb_u32") else 0
        v = a + b + c if "add" in op else a - b - c
        sim.swrite(w, o[0], v & M32)
        w.scc = int(v > M32) if "add" in op else int(v < 0)
    elif op in ("s_add_i32", "s_sub_i32"):
        a, b = sx(r(1)), sx(r(2))
        v = a + b if op == "s_add_i32" else a - b
        sim.swrite(w, o[0], v & M32)
        w.scc = int(not -(1 << 31) <= v < (1 << 31))
    elif op == "s_addk_i32":
        v = sx(r(0)) + sx(o[1].value & 0xffff, 16)
        sim.swrite(w, o[0], v & M32)
        w.scc = int(not -(1 << 31) <= v < (1 << 31))
    elif op in ("s_mul_i32", "s_mul_hi_u32", "s_mul_hi_i32", "s_mulk_i32"):
        if op == "s_mulk_i32":
            v = sx(r(0)) * sx(o[1].value & 0xffff, 16)
        elif op == "s_mul_hi_u32":
            v = (r(1) * r(2)) >> 32
        elif op == "s_mul_hi_i32":
            v = (sx(r(1)) * sx(r(2))) >> 32
        else:
            v = sx(r(1)) * sx(r(2))
        sim.swrite(w, o[0], v & M32)
    elif op.startswith(("s_lshl_b", "s_lshr_b", "s_ashr_i")):
        a, n = r(1), r(2, 1) & (63 if wide else 31)
        if op.startswith("s_lshl"):
            v = (a << n) & mask
        elif op.startswith("s_lshr"):
            v = a >> n
        else:
            v = (sx(a, 64 if wide else 32) >> n) & mask
        sim.swrite(w, o[0], v, dw)
        w.scc = int(v != 0)
    elif op in ("s_lshl1_add_u32", "s_lshl2_add_u32", "s_lshl3_add_u32", "s_lshl4_add_u32"):
        v = (r(1) << int(op[6])) + r(2)
        sim.swrite(w, o[0], v & M32)
        w.scc = int(v > M32)
    elif op.startswith(("s_min_", "s_max_")):
        a, b = r(1), r(2)
        if op.endswith("i32"):
            a, b = sx(a), sx(b)
        v = min(a, b) if op.startswith("s_min") else max(a, b)
        sim.swrite(w, o[0], v & M32)
        w.scc = int(v == a)
    elif op.startswith(("s_cmp_", "s_cmpk_")):
        _, kind, cond, t = op.split("_")
        a = r(0, 2 if t == "u64" else 1)
        b = sx(o[1].value & 0xffff, 16) & M32 if kind == "cmpk" and t == "i32" else (
            o[1].value & 0xffff if kind == "cmpk" else r(1, 2 if t == "u64" else 1))
        if t == "i32":
            a, b = sx(a), sx(b)
        w.scc = int(bool(cmp_fn(cond)(a, b)))
    elif op in ("s_bitcmp0_b32", "s_bitcmp1_b32"):
        w.scc = int(((r(0) >> (r(1) & 31)) & 1) == (op[-5] == "1"))
    elif op.startswith("s_bcnt1_i32"):
        v = bin(r(1)).count("1")
        sim.swrite(w, o[0], v)
        w.scc = int(v != 0)
    elif op.startswith("s_bcnt0_i32"):
        v = (64 if wide else 32) - bin(r(1)).count("1")
        sim.swrite(w, o[0], v)
        w.scc = int(v != 0)
    elif op.startswith("s_ff1_i32"):
        a = r(1)
        sim.swrite(w, o[0], (a & -a).bit_length() - 1 & M32 if a else M32)
    elif op.startswith("s_flbit_i32_b"):
        a, bits = r(1), (64 if wide else 32)
        sim.swrite(w, o[0], bits - a.bit_length() if a else M32)
    elif op in ("s_flbit_i32", "s_flbit_i32_i64"):       # leading bits equal to the sign bit
        bits = 64 if op.endswith("i64") else 32
        a = r(1, bits // 32)
        a = a ^ ((1 << bits) - 1) if a >> (bits - 1) else a
        sim.swrite(w, o[0], bits - a.bit_length() if a else M32)
    elif op in ("s_bfe_u32", "s_bfe_i32"):
        a, spec = r(1), r(2)
        off, n = spec & 31, (spec >> 16) & 0x7f
        v = (a >> off) & ((1 << n) - 1) if n else 0
        if op == "s_bfe_i32" and n and v >> (n - 1):
            v -= 1 << n
        sim.swrite(w, o[0], v & M32)
        w.scc = int(v != 0)
    elif op in ("s_brev_b32", "s_brev_b64"):
        bits = 64 if wide else 32
        sim.swrite(w, o[0], int(f"{r(1):0{bits}b}"[::-1], 2), dw)
    elif op in ("s_bitset0_b32", "s_bitset1_b32", "s_bitset0_b64", "s_bitset1_b64"):
        bit = 1 << (r(1, 1) & (63 if wide else 31))           # the destination is also read
        sim.swrite(w, o[0], r(0) | bit if "bitset1" in op else r(0) & ~bit & mask, dw)
    elif op == "s_bfm_b32":
        sim.swrite(w, o[0], (((1 << (r(1) & 31)) - 1) << (r(2) & 31)) & M32)
    elif op in ("s_sext_i32_i8", "s_sext_i32_i16"):
        bits = 8 if op.endswith("i8") else 16
        sim.swrite(w, o[0], sx(r(1) & ((1 << bits) - 1), bits) & M32)
    elif op == "s_abs_i32":
        v = abs(sx(r(1)))
        sim.swrite(w, o[0], v & M32)
        w.scc = int(v != 0)
    elif op == "s_pack_ll_b32_b16":
        sim.swrite(w, o[0], (r(1) & 0xffff) | (r(2) & 0xffff) << 16)
    elif op == "s_getreg_b32":
        fn = o[1]
        assert isinstance(fn, Func) and fn.name == "hwreg", s.to_text()
        reg = str(fn.args[0])
        off, size = (int(fn.args[1].value), int(fn.args[2].value)) if len(fn.args) == 3 else (0, 32)
        value = {"HW_REG_HW_ID": (w.wg_linear % 7) << 8 | (w.index % 4),
                 "HW_REG_XCC_ID": w.wg_linear % 2}.get(reg)
        if value is None:
            raise Unknown(f"hwreg {reg}")
        sim.swrite(w, o[0], (value >> off) & ((1 << size) - 1))
    elif op == "s_getpc_b64":                       # the next instruction's address
        sim.swrite(w, o[0], CODE_BASE + 8 * _next_instruction(sim.code, w.pc), 2)
    elif op == "s_swappc_b64":
        target = r(1)
        sim.swrite(w, o[0], CODE_BASE + 8 * w.pc, 2)
        sim.jump(w, target)
    elif op == "s_setpc_b64":
        sim.jump(w, r(0))
    elif op == "s_memtime":
        sim.swrite(w, o[0], CLOCK_BASE + w.issued, 2)
    elif op == "s_memrealtime":
        sim.swrite(w, o[0], REALTIME_BASE * (w.index + 1) + w.issued, 2)
    else:
        raise Unknown(f"the simulator does not know `{s.to_text().strip()}` (line {s.line})")


def _control(sim: Simulator, w: Wave, s: Instruction, lds, access) -> None:
    op = s.opcode
    if op == "s_endpgm":
        w.done = True
    elif op == "s_branch":
        sim.branch(w, s)
    elif op.startswith("s_cbranch_"):
        cond = op.removeprefix("s_cbranch_")
        take = {"scc0": not w.scc, "scc1": bool(w.scc), "vccz": w.vcc == 0, "vccnz": w.vcc != 0,
                "execz": w.exec == 0, "execnz": w.exec != 0}.get(cond)
        if take is None:
            raise Unknown(s.to_text())
        if take:
            sim.branch(w, s)
    elif op in ("s_waitcnt", "s_nop", "s_setprio", "s_sleep", "s_barrier", "s_waitcnt_vscnt",
                "s_waitcnt_vmcnt", "s_waitcnt_lgkmcnt", "buffer_wbl2", "buffer_inv",
                "buffer_wbinvl1_vol", "s_dcache_wb", "s_dcache_inv", "s_sethalt", "s_trap") \
            and op not in ("s_sethalt", "s_trap"):
        pass                       # every memory operation completed in order already
    else:
        raise Unknown(f"the simulator does not know `{s.to_text().strip()}` (line {s.line})")


# ------------------------------------------------------------------------------ memory

def _width(op: str) -> tuple[int, int]:
    """(bytes per element, elements) of a memory opcode's data."""
    tail = op.rsplit("_", 1)[-1]
    table = {"ubyte": (1, 1), "sbyte": (1, 1), "byte": (1, 1), "ushort": (2, 1), "sshort": (2, 1),
             "short": (2, 1), "dword": (4, 1), "dwordx2": (4, 2), "dwordx3": (4, 3),
             "dwordx4": (4, 4), "dwordx8": (4, 8), "dwordx16": (4, 16), "b32": (4, 1),
             "b64": (4, 2), "b96": (4, 3), "b128": (4, 4), "u8": (1, 1), "i8": (1, 1),
             "u16": (2, 1), "i16": (2, 1), "d16": (2, 1), "b8": (1, 1), "b16": (2, 1)}
    if tail in table:
        return table[tail]
    raise Unknown(f"memory width of {op}")


def _swizzle(p: int, lane: int) -> int:
    """A lane's private byte address -> its byte in the wave's scratch (dwords of the 64 lanes
    interleaved: the private segment buffer's ADD_TID_ENABLE swizzle, element size 4)."""
    return (p // 4) * 4 * LANES + lane * 4 + p % 4


def _scratch_rw(sim: "Simulator", w: Wave, lane: int, base: int, p: int, size: int, value: int | None = None) -> int:
    """Read (value None) or write `size` bytes at a lane's private address p (+ `base` wave bytes)."""
    if w.scratch is None:
        w.scratch = bytearray(PRIVATE_BYTES * LANES)
    out = 0
    for k in range(size):
        a = base + _swizzle(p + k, lane)
        assert 0 <= p + k < PRIVATE_BYTES and 0 <= a < len(w.scratch), \
            f"private access {p + k:#x} (wave byte {a:#x}) outside {PRIVATE_BYTES} bytes per lane"
        if value is None:
            out |= w.scratch[a] << (8 * k)
        else:
            w.scratch[a] = (value >> (8 * k)) & 0xff
    return out


def _flat_rw(sim: "Simulator", w: Wave, lds: Lds, lane: int, addr: int, size: int, value: int | None = None) -> int:
    """A flat access: the LDS or private aperture, else global memory."""
    hi = addr >> 32
    if hi == SHARED_APERTURE >> 32:
        if value is None:
            return lds.read(addr & M32, size)
        lds.write(addr & M32, size, value)
        return 0
    if hi == PRIVATE_APERTURE >> 32:
        return _scratch_rw(sim, w, lane, 0, addr & M32, size, value)
    if value is None:
        return sim.mem.read(addr, size)
    sim.mem.write(addr, size, value)
    return 0


# the `.set`/`.equ` symbols of the module being run, which modifiers may name (`offset:STRIDE`)
_CONSTANTS: dict[str, int] = {}


def _imm_mod(s: Instruction, name: str) -> int:
    m = s.modifier(name)
    if m is None or not isinstance(m.value, str):
        return 0
    value = evaluate(m.value, _CONSTANTS)
    if value is None:
        raise Unknown(f"modifier {m}")
    return value


def _sload(sim: Simulator, w: Wave, s: Instruction, lds, access) -> None:
    """Scalar memory (SMEM): ``s_load_dword*``, ``s_buffer_load_dword*``, ``s_store_dword*``,
    ``s_buffer_store_dword*``, ``s_atomic_*``, ``s_buffer_atomic_*`` (gfx9 up to gfx90a): one
    access per wave at base + offset (a number, an SGPR or M0), whatever EXEC holds, recorded as
    lane -1. The buffer forms' base is their descriptor's low 48 bits; an atomic with ``glc``
    writes the old value back to its data SGPRs (``cmpswap``: data, then the compared value)."""
    op, o = s.opcode, s.operands
    buffer = op.startswith("s_buffer_")
    kind = op.removeprefix("s_buffer_" if buffer else "s_").split("_", 1)
    if kind[0] not in ("load", "store", "atomic"):
        raise Unknown(s.to_text())
    base = sim.sread(w, Register("s", o[1].first, 2, True), 2) & ((1 << 48) - 1 if buffer else M64)
    off = o[2].value if isinstance(o[2], Imm) else sim.sread(w, o[2])
    addr = (base + off) & M64
    if kind[0] == "atomic":
        name = kind[1].removesuffix("_x2")
        n = 2 if kind[1].endswith("_x2") else 1
        data = sum(w.s[o[0].first + k] << (32 * k) for k in range(n))
        cmp = sum(w.s[o[0].first + n + k] << (32 * k) for k in range(n)) if name == "cmpswap" else 0
        old = sim.mem.read(addr, 4 * n)
        sim.mem.write(addr, 4 * n, _atomic(name, old, data, 4 * n, cmp))
        if any(m.name in ("glc", "sc0") for m in s.modifiers):
            for k in range(n):
                w.s[o[0].first + k] = (old >> (32 * k)) & M32
        access.append((-1, addr, 4 * n))
        return
    n = _width(op)[1]
    for k in range(n):
        if kind[0] == "load":
            w.s[o[0].first + k] = sim.mem.read(addr + 4 * k, 4)
        else:
            sim.mem.write(addr + 4 * k, 4, w.s[o[0].first + k])
    access.append((-1, addr, 4 * n))


def _global(sim: Simulator, w: Wave, s: Instruction, lds, access) -> None:
    op, o = s.opcode, s.operands
    mods = [m.name for m in s.modifiers]
    atomic = "_atomic_" in op
    rtn = atomic and ("glc" in mods or "sc0" in mods)
    loads = "_load_" in op
    dst_first = loads or rtn
    addr_op = o[1] if dst_first else o[0]
    saddr = o[-1]
    offset = _imm_mod(s, "offset")
    if isinstance(saddr, Register) and saddr.file == "s":
        addrs = sim.vread(w, addr_op, 1) + U64(sim.sread(w, saddr, 2))
    else:
        addrs = sim.vread(w, addr_op, 2)
    addrs = (addrs + U64(offset & M64)) & U64(M64)
    on = sim.lanes(w.exec)
    if loads:
        size, n = _width(op)
        signed = op.endswith(("sbyte", "sshort"))
        out = np.zeros((max(n, 1), LANES), U64)
        for lane in np.nonzero(on)[0]:
            a = int(addrs[lane])
            access.append((int(lane), a, size * n))
            for k in range(n):
                v = _flat_rw(sim, w, lds, int(lane), a + size * k, size)
                if signed and v >> (8 * size - 1):
                    v = (v - (1 << 8 * size)) & M32
                out[k, lane] = v
        for k in range(n):
            sim.vwrite(w, Register(o[0].file, o[0].first + k), out[k])
        return
    if not atomic:
        size, n = _width(op)
        data = o[1]
        vals = [sim.vread(w, Register(data.file, data.first + k)) for k in range(n)]
        for lane in np.nonzero(on)[0]:
            a = int(addrs[lane])
            access.append((int(lane), a, size * n))
            for k in range(n):
                _flat_rw(sim, w, lds, int(lane), a + size * k, size, int(vals[k][lane]))
        return
    kind = op.split("_atomic_", 1)[1]
    wide = kind.endswith("_x2") or kind.endswith("f64")
    dw = 2 if wide else 1
    data = sim.vread(w, o[2] if rtn else o[1], 2 * dw if kind.startswith("cmpswap") else dw)
    if kind.startswith("cmpswap"):
        data_regs = o[2] if rtn else o[1]
        cmp = sim.vread(w, Register(data_regs.file, data_regs.first + dw), dw)
        data = sim.vread(w, Register(data_regs.file, data_regs.first), dw)
    old = np.zeros(LANES, U64)
    size = 4 * dw
    for lane in np.nonzero(on)[0]:
        a = int(addrs[lane])
        access.append((int(lane), a, size))
        cur = _flat_rw(sim, w, lds, int(lane), a, size)
        x = int(data[lane])
        new = _atomic(kind.removesuffix("_x2"), cur, x, size, int(cmp[lane]) if kind.startswith("cmpswap") else 0)
        _flat_rw(sim, w, lds, int(lane), a, size, new)
        old[lane] = cur
    if rtn:
        sim.vwrite(w, o[0], old, dw)


def _scratch(sim: Simulator, w: Wave, s: Instruction, lds, access) -> None:
    """scratch_load/store: a lane's private address is vaddr (or 0) + saddr (or 0) + offset."""
    op, o = s.opcode, s.operands
    loads = "_load_" in op
    vaddr, saddr = (o[1], o[2]) if loads else (o[0], o[2])
    p = np.full(LANES, _imm_mod(s, "offset") & M32, U64)
    if isinstance(vaddr, Register):
        p = p + sim.vread(w, vaddr, 1)
    if isinstance(saddr, Register):
        p = p + U64(sim.sread(w, saddr))
    p = p & U64(M32)
    size, n = _width(op)
    signed = op.endswith(("sbyte", "sshort"))
    out = np.zeros((n, LANES), U64)
    vals = None if loads else [sim.vread(w, Register(o[1].file, o[1].first + k)) for k in range(n)]
    for lane in np.nonzero(sim.lanes(w.exec))[0]:
        a = int(p[lane])
        access.append((int(lane), a, size * n))
        for k in range(n):
            if loads:
                v = _scratch_rw(sim, w, int(lane), 0, a + size * k, size)
                out[k, lane] = (v - (1 << 8 * size)) & M32 if signed and v >> (8 * size - 1) else v
            else:
                _scratch_rw(sim, w, int(lane), 0, a + size * k, size, int(vals[k][lane]))
    if loads:
        for k in range(n):
            sim.vwrite(w, Register(o[0].file, o[0].first + k), out[k])


def _buffer(sim: Simulator, w: Wave, s: Instruction, lds, access) -> None:
    """MUBUF loads, stores and atomics through a buffer resource (4 SGPRs): base (48 bits),
    stride (word 1 bits 29:16), num_records (word 2), ADD_TID_ENABLE (word 3 bit 23). A swizzled
    (ADD_TID) resource is the private segment buffer: the wave's scratch, lanes interleaved by
    dword. Otherwise the address is base + soffset + index * stride + offset, range-checked per
    element: out of range (stride 0: offset + bytes > num_records; else index >= num_records)
    reads give 0 and writes are dropped."""
    op, o = s.opcode, s.operands
    if op in ("buffer_invl2", "buffer_wbl2", "buffer_inv", "buffer_wbinvl1_vol", "buffer_wbinvl1"):
        return                      # caches: every access already completed in order
    atomic = "_atomic_" in op
    mods = [m.name for m in s.modifiers]
    rtn = atomic and ("glc" in mods or "sc0" in mods)
    loads = "_load_" in op
    vaddr, rsrc, soff = o[1], o[2], o[3]
    desc = sim.sread(w, rsrc, 4) if rsrc.count == 4 else None
    assert desc is not None, s.to_text()
    base = desc & ((1 << 48) - 1)
    stride = (desc >> 48) & 0x3fff
    records = (desc >> 64) & M32
    tid = bool((desc >> 96) & ADD_TID)
    soffset = sim.sread(w, soff)
    offen, idxen = "offen" in mods, "idxen" in mods
    index = np.zeros(LANES, U64)
    voff = np.zeros(LANES, U64)
    if isinstance(vaddr, Register):
        if idxen and offen:
            index = sim.vread(w, Register(vaddr.file, vaddr.first))
            voff = sim.vread(w, Register(vaddr.file, vaddr.first + 1))
        elif idxen:
            index = sim.vread(w, vaddr)
        elif offen:
            voff = sim.vread(w, vaddr)
    inst = _imm_mod(s, "offset")
    if atomic:
        kind = op.split("_atomic_", 1)[1]
        size, n = (8 if kind.endswith("_x2") else 4), 1
    else:
        size, n = _width(op)
    signed = op.endswith(("sbyte", "sshort"))
    vals = None
    if not loads:
        data = o[0]
        vals = [sim.vread(w, Register(data.file, data.first + k), 2 if size == 8 else 1) for k in range(n)]
    out = np.zeros((n, LANES), U64)
    for lane in np.nonzero(sim.lanes(w.exec))[0]:
        off, idx = (int(voff[lane]) + inst) & M32, int(index[lane])
        for k in range(n):
            e = off + size * k
            if tid:
                rw = (lambda v=None, lane=int(lane), e=e: _scratch_rw(sim, w, lane, base - SCRATCH_BASE + soffset,
                                                                        e, size, v))
                access.append((int(lane), e, size))
            else:
                ok = (e + size <= records) if stride == 0 else (idx < records)
                addr = base + soffset + idx * stride + e
                access.append((int(lane), addr, size))
                if not ok:
                    continue                # out of range: loads read 0, stores are dropped
                rw = (lambda v=None, addr=addr: sim.mem.read(addr, size) if v is None else sim.mem.write(addr, size, v))
            if loads:
                v = rw()
                out[k, lane] = (v - (1 << 8 * size)) & M32 if signed and v >> (8 * size - 1) else v
            elif atomic:
                cur = rw()
                rw(_atomic(kind.removesuffix("_x2"), cur, int(vals[0][lane]), size))
                out[k, lane] = cur
            else:
                rw(int(vals[k][lane]))
    if loads:
        for k in range(n):
            sim.vwrite(w, Register(o[0].file, o[0].first + k), out[k])
    elif rtn:
        sim.vwrite(w, o[0], out[0], 2 if size == 8 else 1)


def _atomic(kind: str, cur: int, x: int, size: int, cmp: int = 0) -> int:
    bits = 8 * size
    mask = (1 << bits) - 1

    def sx(v):
        return v - (1 << bits) if v >> (bits - 1) else v
    if kind in ("add", "add_u32", "add_u64"):
        return (cur + x) & mask
    if kind in ("sub", "sub_u32"):
        return (cur - x) & mask
    if kind in ("add_f32",):
        return int(b32(np.float32(f32(np.array([cur], U64))[0]) + np.float32(f32(np.array([x], U64))[0]))[()])
    if kind in ("add_f64",):
        return int(b64(np.float64(f64(np.array([cur], U64))[0]) + np.float64(f64(np.array([x], U64))[0]))[()])
    if kind in ("max_u32", "umax", "max_u64"):
        return max(cur, x)
    if kind in ("min_u32", "umin", "min_u64"):
        return min(cur, x)
    if kind in ("max_i32", "smax", "max_i64"):
        return max(sx(cur), sx(x)) & mask
    if kind in ("min_i32", "smin", "min_i64"):
        return min(sx(cur), sx(x)) & mask
    if kind in ("and", "and_b32", "and_b64"):
        return cur & x
    if kind in ("or", "or_b32", "or_b64"):
        return cur | x
    if kind in ("xor", "xor_b32", "xor_b64"):
        return cur ^ x
    if kind in ("swap", "wrxchg_rtn_b32", "wrxchg_b32"):
        return x
    if kind in ("inc", "inc_u32"):
        return 0 if cur >= x else cur + 1
    if kind in ("dec", "dec_u32"):
        return x if cur == 0 or cur > x else cur - 1
    if kind.startswith(("cmpswap", "cmpst")):
        return x if cur == cmp else cur
    raise Unknown(f"atomic {kind}")


def _ds(sim: Simulator, w: Wave, s: Instruction, lds: Lds, access) -> None:
    op, o = s.opcode, s.operands
    on = sim.lanes(w.exec)
    if op.startswith(("ds_read2", "ds_write2", "ds_read_", "ds_write_", "ds_load", "ds_store")):
        two = op.startswith(("ds_read2", "ds_write2"))
        read = op.startswith(("ds_read", "ds_load"))
        size, n = _width(op)
        st64 = "st64" in op
        addr = sim.vread(w, o[1] if read else o[0], 1)
        if two:
            step = size * n * (64 if st64 else 1)
            offs = [_imm_mod(s, "offset0") * step, _imm_mod(s, "offset1") * step]
        else:
            offs = [_imm_mod(s, "offset")]
        dst = o[0]
        srcs = [] if read else [o[1], o[2]] if two else [o[1]]
        out = np.zeros((n * len(offs), LANES), U64)
        for lane in np.nonzero(on)[0]:
            for j, off in enumerate(offs):
                a = (int(addr[lane]) + off) & M32
                access.append((int(lane), a, size * n))
                for k in range(n):
                    if read:
                        v = lds.read(a + size * k, size)
                        if op.endswith(("i8", "i16")) and v >> (8 * size - 1):
                            v = (v - (1 << 8 * size)) & M32
                        out[j * n + k, lane] = v
                    else:
                        src = srcs[j]
                        lds.write(a + size * k, size, int(w.v[src.first + k, lane]))
        if read:
            for k in range(n * len(offs)):
                sim.vwrite(w, Register(dst.file, dst.first + k), out[k])
        return
    if op == "ds_swizzle_b32":
        data, out = sim.vread(w, o[1]), np.zeros(LANES, U64)
        for lane, src in enumerate(_swizzle_sources(s.modifier("offset"))):
            out[lane] = data[src] if (w.exec >> src) & 1 else 0
        sim.vwrite(w, o[0], out)
        return
    if op == "ds_permute_b32":                 # forward: lane k's data goes to lane (addr + offset) / 4
        addr, data, out = sim.vread(w, o[1]), sim.vread(w, o[2]), np.zeros(LANES, U64)
        for lane in np.nonzero(on)[0]:
            out[(int(addr[lane]) + _imm_mod(s, "offset")) // 4 % LANES] = data[lane]
        sim.vwrite(w, o[0], out)
        return
    if op == "ds_bpermute_b32":                # dst[lane] = data[(addr + offset) / 4] across lanes
        addr, data = sim.vread(w, o[1]), sim.vread(w, o[2])
        src = (addr + U64(_imm_mod(s, "offset"))) // U64(4) % U64(LANES)
        out = np.array([data[int(k)] if (w.exec >> int(k)) & 1 else 0 for k in src], U64)
        sim.vwrite(w, o[0], out)
        return
    if op in ("ds_append", "ds_consume"):     # a wave-wide counter at M0's LDS address + offset
        a = (w.m0 & 0xffff) + _imm_mod(s, "offset")
        cur = lds.read(a, 4)
        n = bin(w.exec).count("1")
        lds.write(a, 4, cur + n if op == "ds_append" else cur - n)
        access.extend((int(lane), a, 4) for lane in np.nonzero(on)[0])
        sim.vwrite(w, o[0], np.full(LANES, cur, U64))
        return
    kind = op.removeprefix("ds_")
    rtn = "_rtn_" in kind
    kind = kind.replace("_rtn", "")
    wide = kind.endswith(("_u64", "_b64", "_i64", "_f64"))
    size = 8 if wide else 4
    addr = sim.vread(w, o[1] if rtn else o[0], 1)
    data = sim.vread(w, o[2] if rtn else o[1], 2 if wide else 1, 32 if kind.endswith("f32") else 0)
    cmp = sim.vread(w, o[3] if rtn else o[2], 2 if wide else 1) if kind.startswith(("cmpst", "cmpswap")) else None
    off = _imm_mod(s, "offset")
    old = np.zeros(LANES, U64)
    for lane in np.nonzero(on)[0]:
        a = (int(addr[lane]) + off) & M32
        access.append((int(lane), a, size))
        cur = lds.read(a, size)
        if cmp is not None:        # ds_cmpst: data is the compare value, the next the new one
            new = int(cmp[lane]) if cur == int(data[lane]) else cur
        else:
            new = _atomic(kind, cur, int(data[lane]), size)
        lds.write(a, size, new)
        old[lane] = cur
    if rtn:
        sim.vwrite(w, o[0], old, 2 if wide else 1)


def _swizzle_sources(offset) -> list[int]:
    """Source lane of each lane for ds_swizzle's offset (GCN3 ISA): bit 15 set, a quad
    permute by the 2-bit fields of bits 7:0; else within 32 lanes ((lane & and) | or) ^ xor with
    the masks in bits 4:0, 9:5, 14:10. llvm-mc's swizzle(...) macros are encoded to that."""
    value = offset.value if offset is not None else "0"
    if isinstance(value, Func):
        mode, *args = value.args
        n = [int(a.value) for a in args if isinstance(a, Imm)]
        if str(mode) == "QUAD_PERM":
            value = 0x8000 | sum(k << (2 * i) for i, k in enumerate(n))
        elif str(mode) == "SWAP":
            value = 0x1f | n[0] << 10
        elif str(mode) == "REVERSE":
            value = 0x1f | (n[0] - 1) << 10
        elif str(mode) == "BROADCAST":
            value = (0x20 - n[0]) | n[1] << 5
        elif str(mode) == "BITMASK_PERM":
            bits = str(args[0]).strip('"')
            value = 0
            for i, c in enumerate(reversed(bits)):    # the last character is bit 0
                value |= {"p": 1, "0": 0, "1": 1 << 5, "i": 1 | 1 << 10}[c] << i
        else:
            raise Unknown(f"swizzle mode {mode}")
    else:
        value = int(value, 0)
    if value & 0x8000:
        return [lane - lane % 4 + (value >> (2 * (lane % 4)) & 3) for lane in range(LANES)]
    and_, or_, xor = value & 0x1f, value >> 5 & 0x1f, value >> 10 & 0x1f
    return [lane - lane % 32 + (((lane % 32) & and_) | or_) ^ xor for lane in range(LANES)]


# ------------------------------------------------------------------------------ vector ALU

_DPP_CTRL = ("row_shr", "row_shl", "row_ror", "quad_perm", "row_mirror", "row_half_mirror",
             "row_bcast", "wave_shr", "wave_shl", "wave_ror", "wave_rol", "row_newbcast")


def _dpp(sim: Simulator, w: Wave, s: Instruction, src: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The DPP-permuted source and which lanes take an operand (bound_ctrl / masks)."""
    ctrl = next((m for m in s.modifiers if m.name in _DPP_CTRL), None)
    if ctrl is None:
        raise Unknown(f"DPP control of {s.to_text()}")
    row_mask = _imm_mod(s, "row_mask") if s.modifier("row_mask") else 0xf
    bank_mask = _imm_mod(s, "bank_mask") if s.modifier("bank_mask") else 0xf
    bound = s.modifier("bound_ctrl") is not None
    out = np.zeros(LANES, U64)
    valid = np.zeros(LANES, bool)
    for lane in range(LANES):
        row, pos = divmod(lane, 16)
        name = ctrl.name
        if name in ("row_shr", "row_shl", "row_ror"):
            n = int(ctrl.value, 0)
            src_pos = pos - n if name == "row_shr" else pos + n if name == "row_shl" else (pos - n) % 16
            ok = 0 <= src_pos < 16
            src_lane = row * 16 + src_pos
        elif name == "quad_perm":
            sel = [int(str(x), 0) for x in ctrl.value.items]
            src_lane, ok = lane - lane % 4 + sel[lane % 4], True
        elif name == "row_mirror":
            src_lane, ok = row * 16 + 15 - pos, True
        elif name == "row_half_mirror":
            src_lane, ok = lane - pos % 8 + 7 - pos % 8, True
        elif name == "row_bcast":                # lane 15 of each row to the next row; lane 31 to rows 2, 3
            n = int(ctrl.value, 0)
            src_lane = row * 16 - 1 if n == 15 else 31
            ok = row >= (1 if n == 15 else 2)
        elif name in ("wave_shr", "wave_shl", "wave_ror", "wave_rol"):
            step = -1 if name in ("wave_shr", "wave_ror") else 1
            src_lane = lane + step
            ok = 0 <= src_lane < LANES or name in ("wave_ror", "wave_rol")
            src_lane %= LANES
        else:
            raise Unknown(f"DPP {name}")
        enabled = (row_mask >> row) & 1 and (bank_mask >> (pos // 4)) & 1
        if ok and (w.exec >> src_lane) & 1:
            out[lane], valid[lane] = src[src_lane], bool(enabled)
        elif bound:
            out[lane], valid[lane] = 0, bool(enabled)
    return out, valid


_SEL = {"BYTE_0": (0, 8), "BYTE_1": (8, 8), "BYTE_2": (16, 8), "BYTE_3": (24, 8),
        "WORD_0": (0, 16), "WORD_1": (16, 16), "DWORD": (0, 32)}


def _sdwa_src(s: Instruction, x: np.ndarray, name: str) -> np.ndarray:
    m = s.modifier(name)
    off, n = _SEL[m.value if m is not None else "DWORD"]
    return (x >> U64(off)) & U64((1 << n) - 1)


def _vector(sim: Simulator, w: Wave, s: Instruction, lds, access) -> None:
    op, o = s.opcode, list(s.operands)
    enc = ""
    for suffix in ("_e32", "_e64", "_sdwa", "_dpp"):
        if op.endswith(suffix):
            op, enc = op.removesuffix(suffix), suffix[1:]
    parts = op.split("_")
    t = parts[-1]
    fbits = {"f16": 16, "f32": 32, "f64": 64}.get(t, 0)
    dw = 2 if t in ("f64", "u64", "i64", "b64") else 1

    def src(i, d=None, fb=None):
        x = sim.vread(w, o[i], d or dw, fbits if fb is None else fb)
        if enc == "sdwa":
            x = _sdwa_src(s, x, f"src{i - 1}_sel")
        return x

    dpp_valid = None
    if enc == "dpp":
        raw = sim.vread(w, o[1], 1)
        permuted, dpp_valid = _dpp(sim, w, s, raw)

        def src(i, d=None, fb=None, _orig=src):    # noqa: F811 - DPP replaces src0 only
            return permuted if i == 1 else _orig(i, d, fb)

    def put(value, d=None, dst=None):
        mask = w.exec
        if dpp_valid is not None:
            mask = sim.to_mask(dpp_valid, w.exec)
        value = np.asarray(value)
        if enc == "sdwa":
            dst_sel = s.modifier("dst_sel")
            off, n = _SEL[dst_sel.value if dst_sel is not None else "DWORD"]
            unused = s.modifier("dst_unused")
            keep = unused is not None and unused.value == "UNUSED_PRESERVE"
            old = sim.vread(w, o[0], 1)
            field_ = (value.astype(U64) & U64((1 << n) - 1)) << U64(off)
            fm = U64(((1 << n) - 1) << off)
            value = (old & ~fm) | field_ if keep else field_
        sim.vwrite(w, dst if dst is not None else o[0], value, d or dw, mask)

    if parts[1] in ("cmp", "cmpx"):
        _vcmp(sim, w, s, op, enc, o)
        return
    name = "_".join(parts[1:])
    fn = _VOPS.get(name)
    if fn is None:
        raise Unknown(f"the simulator does not know `{s.to_text().strip()}` (line {s.line})")
    with np.errstate(all="ignore"):          # inactive lanes may hold anything (1 / 0)
        fn(sim, w, s, src, put, o, enc)


def _vcmp(sim, w, s, op, enc, o) -> None:
    parts = op.split("_")
    cond, t = parts[2], parts[3]
    fbits = {"f16": 16, "f32": 32, "f64": 64}.get(t, 0)
    dw = 2 if t in ("f64", "u64", "i64") else 1
    first = 1
    if cond == "class":          # src1's bits pick IEEE classes of src0 (v_cmp_class_f32/f64/f16)
        a, b = sim.vread(w, o[first], dw, fbits), sim.vread(w, o[first + 1], 1, 0)
        bits = _fclass({"f16": f16, "f32": f32, "f64": f64}[t](a), fbits) & b != U64(0)
        _cmp_result(sim, w, o, parts[1], enc, sim.to_mask(bits, w.exec))
        return
    a, b = sim.vread(w, o[first], dw, fbits), sim.vread(w, o[first + 1], dw, fbits)
    conv = {"f16": f16, "f32": f32, "f64": f64, "u16": lambda x: x & U64(0xffff), "u32": lambda x: x,
            "u64": lambda x: x, "i32": s32, "i64": s64,
            "i16": lambda x: ((x & U64(0xffff)).astype(np.uint16).view(np.int16))}[t]
    _cmp_result(sim, w, o, parts[1], enc, sim.to_mask(cmp_fn(cond)(conv(a), conv(b)), w.exec))


def _cmp_result(sim, w, o, which: str, enc: str, mask) -> None:
    """Where a v_cmp's lane mask goes: EXEC as well for v_cmpx, VCC in the e32 encoding, else the
    SGPR pair of v_cmp's e64 form."""
    if which == "cmpx":
        w.exec = mask
    if enc == "e32":
        w.vcc = mask
    elif which == "cmp":
        sim.swrite(w, o[0], mask, 2)


def _fclass(x: np.ndarray, fbits: int) -> np.ndarray:
    """The v_cmp_class bit of each value: 0 signaling NaN, 1 quiet NaN, 2 -inf, 3 -normal,
    4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf."""
    raw = x.view({16: np.uint16, 32: np.uint32, 64: np.uint64}[fbits]).astype(U64)
    quiet = U64(1 << {16: 9, 32: 22, 64: 51}[fbits])
    tiny = np.finfo(x.dtype).tiny
    neg = np.signbit(x)
    k = np.where(np.isnan(x), np.where(raw & quiet != U64(0), 1, 0),
                 np.where(np.isinf(x), np.where(neg, 2, 9),
                          np.where(x == 0, np.where(neg, 5, 6),
                                   np.where(np.abs(x) < tiny, np.where(neg, 4, 7), np.where(neg, 3, 8)))))
    return U64(1) << k.astype(U64)


def _add_co(sim, w, s, src, put, o, enc, sub=False, rev=False, carry=False):
    """dst, carry-out, a, b[, carry-in] (VOP2 prints VCC in both places)."""
    a, b = src(2), src(3)
    if rev:
        a, b = b, a
    c = sim.lanes(sim.sread(w, o[4], 2)).astype(U64) if carry else U64(0)
    if sub:
        full = a.astype(np.int64) - b.astype(np.int64) - np.asarray(c).astype(np.int64)
        out_bit = full < 0
        v = u(full) & U64(M32)
    else:
        full = a + b + c
        out_bit = full > U64(M32)
        v = full & U64(M32)
    put(v)
    sim.swrite(w, o[1], sim.to_mask(out_bit, w.exec), 2)


def _ternary(fn):
    return lambda sim, w, s, src, put, o, enc: put(fn(src(1), src(2), src(3)))


def _binary(fn):
    return lambda sim, w, s, src, put, o, enc: put(fn(src(1), src(2)))


def _unary(fn):
    return lambda sim, w, s, src, put, o, enc: put(fn(src(1)))


def _f32op(fn):
    return lambda sim, w, s, src, put, o, enc: put(b32(fn(*[f32(src(i)) for i in range(1, len(o))])))


def _f16op(fn):
    return lambda sim, w, s, src, put, o, enc: put(b16(fn(*[f16(src(i)) for i in range(1, len(o))])))


def _f64op(fn):
    return lambda sim, w, s, src, put, o, enc: put(b64(fn(*[f64(src(i)) for i in range(1, len(o))])), 2)


def _fma32(a, b, c):
    return (a.astype(np.float64) * b.astype(np.float64) + c.astype(np.float64)).astype(np.float32)


def _mad_u64_u32(sim, w, s, src, put, o, enc, signed=False):
    a, b = src(2, 1), src(3, 1)
    c = src(4, 2)
    if signed:
        prod = [int(x) * int(y) for x, y in zip(s32(a), s32(b))]
        full = [p + int(z) - ((1 << 64) if int(z) >> 63 else 0) for p, z in zip(prod, c)]
    else:
        full = [int(x) * int(y) + int(z) for x, y, z in zip(a, b, c)]
    put(np.array([f & M64 for f in full], U64), 2)
    sim.swrite(w, o[1], sim.to_mask(np.array([not 0 <= f <= M64 for f in full]), w.exec), 2)


def _pk_mov_b32(sim, w, s, src, put, o, enc):
    """gfx90a: the low dword from src0, the high from src1, each's half chosen by op_sel."""
    sel = s.modifier("op_sel")
    lo_hi, hi_hi = (int(str(x)) for x in sel.value.items) if sel is not None else (0, 0)
    a, b = src(1, 2), src(2, 2)
    put(((a >> U64(32 * lo_hi)) & M32U) | (((b >> U64(32 * hi_hi)) & M32U) << U64(32)), 2)


def _cndmask(sim, w, s, src, put, o, enc):
    """VOP3 neg/abs act on the sign bit, as for f32 (LLVM selects -x this way)."""
    bits = sim.lanes(sim.sread(w, o[3], 2))
    put(np.where(bits, src(2, 1, 32), src(1, 1, 32)))


def _readlane(sim, w, s, src, put, o, enc):
    lane = sim.sread(w, o[2]) & 63
    sim.swrite(w, o[0], int(sim.vread(w, o[1])[lane]))


def _readfirstlane(sim, w, s, src, put, o, enc):
    lane = (w.exec & -w.exec).bit_length() - 1 if w.exec else 0
    sim.swrite(w, o[0], int(sim.vread(w, o[1])[lane]))


def _writelane(sim, w, s, src, put, o, enc):
    lane = sim.sread(w, o[2]) & 63
    sim.vwrite(w, o[0], np.full(LANES, sim.sread(w, o[1]), U64), 1, 1 << lane)


def _mbcnt(hi: bool):
    def fn(sim, w, s, src, put, o, enc):
        mask, acc = src(1), src(2)
        out = np.zeros(LANES, U64)
        for lane in range(LANES):
            below = (1 << lane) - 1
            part = (below >> 32) if hi else below & M32
            out[lane] = bin(int(mask[lane]) & part).count("1") + int(acc[lane])
        put(out & U64(M32))
    return fn


def _shift64(kind):
    def fn(sim, w, s, src, put, o, enc):
        n = src(1, 1) & U64(63)
        x = src(2, 2)
        if kind == "lshl":
            put((x << n) & U64(M64), 2)
        elif kind == "lshr":
            put(x >> n, 2)
        else:
            put(u(s64(x) >> n.astype(np.int64)), 2)
    return fn


def _lshl_add_u64(sim, w, s, src, put, o, enc):
    x, n, y = src(1, 2), src(2, 1) & U64(7), src(3, 2)
    put(((x << n) + y) & U64(M64), 2)


def _bfe(signed):
    def fn(sim, w, s, src, put, o, enc):
        x, off, n = src(1), src(2) & U64(31), src(3) & U64(31)
        out = np.zeros(LANES, U64)
        for lane in range(LANES):
            k, m = int(off[lane]), int(n[lane])
            v = (int(x[lane]) >> k) & ((1 << m) - 1) if m else 0
            if signed and m and v >> (m - 1):
                v = (v - (1 << m)) & M32
            out[lane] = v
        put(out)
    return fn


M32U = U64(M32)


def _perm(a: int, b: int, sel: int) -> int:
    """v_perm_b32: each selector byte picks a byte of {a, b} (0-3: b's, 4-7: a's), a byte's
    sign (8-11: bits 15, 31, 47, 63), 0x00 (12) or 0xff (13 and up)."""
    both, out = a << 32 | b, 0
    for i in range(4):
        k = sel >> (8 * i) & 0xff
        byte = both >> (8 * k) & 0xff if k < 8 else 0xff * (both >> (16 * (k - 8) + 15) & 1) \
            if k < 12 else 0 if k == 12 else 0xff
        out |= byte << (8 * i)
    return out


M16U = U64(0xffff)


def _s16(x: np.ndarray) -> np.ndarray:
    return (x & M16U).astype(np.uint16).view(np.int16).astype(np.int64)


def _med3(a, b, c):
    """The middle of three (NaN-free: max(min(a, b), min(max(a, b), c)))."""
    return np.maximum(np.minimum(a, b), np.minimum(np.maximum(a, b), c))


def _fmed3(a, b, c):
    return np.fmax(np.fmin(a, b), np.fmin(np.fmax(a, b), c))


def _signed3(fn, conv=s32, mask=M32U):
    return _ternary(lambda a, b, c: u(fn(conv(a), conv(b), conv(c))) & mask)


def _bytes_of(x: np.ndarray, signed: bool) -> list[np.ndarray]:
    out = [(x >> U64(8 * i)) & U64(0xff) for i in range(4)]
    return [b.astype(np.int64) - (b.astype(np.int64) >> 7 << 8) if signed else b.astype(np.int64) for b in out]


def _dot4_i8(sim, w, s, src, put, o, enc, acc_is_dst=True):
    """v_dot4c_i32_i8: D += the dot product of the four signed bytes of src0 and src1."""
    a, b = _bytes_of(src(1), True), _bytes_of(src(2), True)
    c = s32(sim.vread(w, o[0], 1)) if acc_is_dst else s32(src(3))
    put(u(c + sum(x * y for x, y in zip(a, b))) & M32U)


def _sad_u8(sim, w, s, src, put, o, enc):
    """v_sad_u8: the sum of |byte differences| of src0 and src1, plus src2."""
    a, b = _bytes_of(src(1), False), _bytes_of(src(2), False)
    put((u(sum(np.abs(x - y) for x, y in zip(a, b))) + src(3)) & M32U)


def _dot2_f32_f16(sim, w, s, src, put, o, enc, acc_is_dst=False):
    """v_dot2_f32_f16 / v_dot2c_f32_f16: D = a.lo * b.lo + a.hi * b.hi + c, in f32 (the products of
    f16 values are exact in f32; the two additions round in order)."""
    a, b = src(1, 1, 0), src(2, 1, 0)
    c = f32(sim.vread(w, o[0], 1)) if acc_is_dst else f32(src(3, 1, 32))
    lo = f16(a).astype(np.float32) * f16(b).astype(np.float32)
    hi = f16(a >> U64(16)).astype(np.float32) * f16(b >> U64(16)).astype(np.float32)
    put(b32((lo.astype(np.float64) + hi.astype(np.float64) + c.astype(np.float64)).astype(np.float32)))


def _pack_b32_f16(sim, w, s, src, put, o, enc):
    """v_pack_b32_f16: src0's half (op_sel[0]: the high one) low, src1's (op_sel[1]) high."""
    sel = _sel_list(s, "op_sel", 3, 0)
    lo, hi = ((src(i + 1, 1, 16) >> U64(16 * sel[i])) & M16U for i in (0, 1))
    put(lo | hi << U64(16))


def _sel_list(s: Instruction, name: str, n: int, default: int) -> list[int]:
    m = s.modifier(name)
    return [int(str(x), 0) for x in m.value.items] + [default] * n if m is not None else [default] * n


_PK16 = {
    "fma_f16": lambda a, b, c: b16((f16(a).astype(np.float64) * f16(b).astype(np.float64)
                                    + f16(c).astype(np.float64)).astype(np.float16)),
    "mul_f16": lambda a, b: b16(f16(a) * f16(b)), "add_f16": lambda a, b: b16(f16(a) + f16(b)),
    "max_f16": lambda a, b: b16(np.fmax(f16(a), f16(b))), "min_f16": lambda a, b: b16(np.fmin(f16(a), f16(b))),
    "mul_lo_u16": lambda a, b: (a * b) & M16U, "add_u16": lambda a, b: (a + b) & M16U,
    "sub_u16": lambda a, b: u(a.astype(np.int64) - b.astype(np.int64)) & M16U,
    "add_i16": lambda a, b: (a + b) & M16U, "sub_i16": lambda a, b: u(a.astype(np.int64) - b.astype(np.int64)) & M16U,
    "lshlrev_b16": lambda a, b: (b << (a & U64(15))) & M16U, "lshrrev_b16": lambda a, b: b >> (a & U64(15)),
    "ashrrev_i16": lambda a, b: u(_s16(b) >> (a & U64(15)).astype(np.int64)) & M16U,
    "max_u16": np.maximum, "min_u16": np.minimum,
    "max_i16": lambda a, b: u(np.maximum(_s16(a), _s16(b))) & M16U,
    "min_i16": lambda a, b: u(np.minimum(_s16(a), _s16(b))) & M16U,
    "mad_u16": lambda a, b, c: (a * b + c) & M16U,
}
_PK32 = {"fma_f32": _fma32, "mul_f32": lambda a, b: a * b, "add_f32": lambda a, b: a + b}


def _packed(sim: Simulator, w: Wave, s: Instruction, lds, access) -> None:
    """VOP3P: each source's low and high half (op_sel / op_sel_hi pick which of the register's
    halves; neg_lo / neg_hi negate floats), the operation per half. v_pk_*_f32 (gfx90a+) works on
    64-bit register pairs of two f32; the others on 32-bit registers of two 16-bit values. An
    inline constant fills the low half (a float: its 16-bit pattern for 16-bit halves)."""
    op, o = s.opcode, s.operands
    name = op.removeprefix("v_pk_")
    if name == "mov_b32":
        return _vector(sim, w, s, lds, access)
    wide = name in _PK32
    fn = _PK32.get(name) or _PK16.get(name)
    if fn is None:
        raise Unknown(f"the simulator does not know `{s.to_text().strip()}` (line {s.line})")
    n = len(o) - 1
    sel, sel_hi = _sel_list(s, "op_sel", n, 0), _sel_list(s, "op_sel_hi", n, 1)
    neg, neg_hi = _sel_list(s, "neg_lo", n, 0), _sel_list(s, "neg_hi", n, 0)
    half, hmask = (32, M32U) if wide else (16, M16U)
    is_float = name.endswith(("f16", "f32"))
    lo_args, hi_args = [], []
    for i in range(n):
        x = o[i + 1]
        if isinstance(x, Imm):
            bits = (float_bits(x.value, half) if isinstance(x.value, float) else x.value & int(hmask)) \
                if not wide else sim.sread(w, x, 1, 32)
            raw = np.full(LANES, bits | (bits << half if wide else 0), U64)
        else:
            raw = sim.vread(w, x, 2 if wide else 1)
        parts = [raw & hmask, (raw >> U64(half)) & hmask]
        sign = U64(1 << (half - 1))
        lo, hi = parts[sel[i]], parts[sel_hi[i]]
        if is_float:
            lo, hi = lo ^ (sign if neg[i] else U64(0)), hi ^ (sign if neg_hi[i] else U64(0))
        lo_args.append(lo)
        hi_args.append(hi)
    with np.errstate(all="ignore"):
        if wide:
            res = [b32(fn(*[f32(a) for a in args])) for args in (lo_args, hi_args)]
        else:
            res = [np.asarray(fn(*args)).astype(U64) & hmask for args in (lo_args, hi_args)]
    sim.vwrite(w, o[0], res[0] | (res[1] << U64(half)), 2 if wide else 1)


def _exponent(x: np.ndarray) -> np.ndarray:
    """The biased exponent field of float32/float64 values."""
    if x.dtype == np.float32:
        return (x.view(np.uint32) >> np.uint32(23)).astype(np.int64) & 0xff
    return (x.view(np.uint64) >> np.uint64(52)).astype(np.int64) & 0x7ff


def _denorm(x: np.ndarray) -> np.ndarray:
    return (x != 0) & (np.abs(x) < np.finfo(x.dtype).tiny)


def _div_scale(bits: int):
    """v_div_scale_f32/f64 dst, sdst, s0, s1 (denominator), s2 (numerator): the ISA's pseudo-code;
    sdst (VCC for v_div_fmas) says the quotient needs post-scaling."""
    ft, dw = (np.float32, 1) if bits == 32 else (np.float64, 2)
    big, far, tiny = (64, 96, 23) if bits == 32 else (128, 768, 53)

    def fn(sim, w, s, src, put, o, enc):
        conv = f32 if bits == 32 else f64
        s0, s1, s2 = (conv(src(i, dw, bits)) for i in (2, 3, 4))
        d, vcc = s0.copy(), np.zeros(LANES, bool)
        with np.errstate(all="ignore"):
            inv = 1.0 / s1.astype(np.float64)
            quo = (s2 / s1).astype(ft)
            for i in range(LANES):
                a, b, c = s0[i], s1[i], s2[i]
                if c == 0 or b == 0:
                    d[i] = np.nan
                elif _exponent(s2[i:i + 1])[0] - _exponent(s1[i:i + 1])[0] >= far:
                    vcc[i] = True
                    if a == b:
                        d[i] = np.ldexp(a, big)
                elif _denorm(s1[i:i + 1])[0]:
                    d[i] = np.ldexp(a, big)
                elif _denorm(inv[i:i + 1])[0] and _denorm(quo[i:i + 1])[0]:
                    vcc[i] = True
                    if a == b:
                        d[i] = np.ldexp(a, big)
                elif _denorm(inv[i:i + 1])[0]:
                    d[i] = np.ldexp(a, -big)
                elif _denorm(quo[i:i + 1])[0]:
                    vcc[i] = True
                    if a == c:
                        d[i] = np.ldexp(a, big)
                elif _exponent(s2[i:i + 1])[0] <= tiny:
                    d[i] = np.ldexp(a, big)
        put((b32 if bits == 32 else b64)(d.astype(ft)), dw)
        sim.swrite(w, o[1], sim.to_mask(vcc, w.exec), 2)
    return fn


def _div_fmas(bits: int):
    """D = fma(s0, s1, s2), post-scaled in lanes whose VCC bit v_div_scale set: by 2**64 (f32;
    2**128 for f64) where s2, the quotient estimate, is >= 2 (its exponent field is above the
    bias), else by 2**-64 (2**-128), undoing the scaling of the denominator or numerator. (The
    ISA guide's pseudo-code prints a fixed 2**32 / 2**64 factor, which would not undo either.)"""
    def fn(sim, w, s, src, put, o, enc):
        if bits == 32:
            a, b, c = (f32(src(i)) for i in (1, 2, 3))
            up = _exponent(c) > 127
            scale = np.where(sim.lanes(w.vcc), np.where(up, 2.0 ** 64, 2.0 ** -64), 1.0)
            r = _fma32(a, b, c)
            put(b32((r.astype(np.float64) * scale).astype(np.float32)))
        else:
            a, b, c = (f64(src(i, 2, 64)) for i in (1, 2, 3))
            up = _exponent(c) > 1023
            vcc = sim.lanes(w.vcc)
            r = _fma64(a, b, c)
            put(b64(np.where(vcc, np.ldexp(r, np.where(up, 128, -128)), r)), 2)
    return fn


def _fma64(a, b, c):
    """A correctly rounded f64 fma (exact rational arithmetic; finite inputs, else a * b + c)."""
    from fractions import Fraction
    out = np.empty(len(a))
    for i in range(len(a)):
        x, y, z = float(a[i]), float(b[i]), float(c[i])
        if all(map(math.isfinite, (x, y, z))):
            exact = Fraction(x) * Fraction(y) + Fraction(z)
            try:
                out[i] = float(exact) if exact != 0 else (x * y + z)
            except OverflowError:
                out[i] = math.inf if exact > 0 else -math.inf
        else:
            out[i] = x * y + z
    return out


def _div_fixup(bits: int):
    """v_div_fixup: the quotient s0 for denominator s1 and numerator s2, special cases applied."""
    ft, dw, conv, back = (np.float32, 1, f32, b32) if bits == 32 else (np.float64, 2, f64, b64)
    emax, under = (255, -150) if bits == 32 else (2047, -1075)

    def fn(sim, w, s, src, put, o, enc):
        q, d, n = (conv(src(i, dw, bits)) for i in (1, 2, 3))
        out = np.empty(LANES, ft)
        for i in range(LANES):
            neg = bool(np.signbit(d[i]) ^ np.signbit(n[i]))
            sign = -1.0 if neg else 1.0
            if np.isnan(n[i]):
                out[i] = n[i]
            elif np.isnan(d[i]):
                out[i] = d[i]
            elif d[i] == 0 and n[i] == 0 or np.isinf(d[i]) and np.isinf(n[i]):
                out[i] = np.nan
            elif d[i] == 0 or np.isinf(n[i]):
                out[i] = sign * np.inf
            elif np.isinf(d[i]) or n[i] == 0:
                out[i] = sign * 0.0
            elif _exponent(n[i:i + 1])[0] - _exponent(d[i:i + 1])[0] < under:
                out[i] = sign * 0.0
            elif _exponent(d[i:i + 1])[0] == emax or np.isnan(q[i]):
                out[i] = sign * np.inf             # (a NaN estimate of valid inputs: overflow)
            else:
                out[i] = sign * abs(q[i])
        put(back(out), dw)
    return fn


_VOPS: dict[str, Callable] = {
    "mov_b32": _unary(lambda a: a),
    "mov_b64": lambda sim, w, s, src, put, o, enc: put(src(1, 2), 2),
    "accvgpr_write_b32": _unary(lambda a: a), "accvgpr_read_b32": _unary(lambda a: a),
    "accvgpr_mov_b32": _unary(lambda a: a),
    "add_u32": _binary(lambda a, b: (a + b) & M32U),
    "sub_u32": _binary(lambda a, b: u(a.astype(np.int64) - b.astype(np.int64)) & M32U),
    "subrev_u32": _binary(lambda a, b: u(b.astype(np.int64) - a.astype(np.int64)) & M32U),
    "add_co_u32": lambda *a: _add_co(*a), "sub_co_u32": lambda *a: _add_co(*a, sub=True),
    "subrev_co_u32": lambda *a: _add_co(*a, sub=True, rev=True),
    "addc_co_u32": lambda *a: _add_co(*a, carry=True),
    "subb_co_u32": lambda *a: _add_co(*a, sub=True, carry=True),
    "subbrev_co_u32": lambda *a: _add_co(*a, sub=True, rev=True, carry=True),
    "and_b32": _binary(lambda a, b: a & b), "or_b32": _binary(lambda a, b: a | b),
    "mul_hi_i32": _binary(lambda a, b: u((s32(a) * s32(b)) >> 32) & M32U),
    "xor_b32": _binary(lambda a, b: a ^ b), "not_b32": _unary(lambda a: ~a & M32U),
    "or3_b32": _ternary(lambda a, b, c: a | b | c), "and_or_b32": _ternary(lambda a, b, c: (a & b) | c),
    "xad_u32": _ternary(lambda a, b, c: ((a ^ b) + c) & M32U),
    "lshlrev_b32": _binary(lambda a, b: (b << (a & U64(31))) & M32U),
    "lshrrev_b32": _binary(lambda a, b: b >> (a & U64(31))),
    "ashrrev_i32": _binary(lambda a, b: u(s32(b) >> (a & U64(31)).astype(np.int64)) & M32U),
    "lshlrev_b16": _binary(lambda a, b: ((b & U64(0xffff)) << (a & U64(15))) & U64(0xffff)),
    "lshlrev_b64": _shift64("lshl"), "lshrrev_b64": _shift64("lshr"), "ashrrev_i64": _shift64("ashr"),
    "lshl_add_u32": _ternary(lambda a, b, c: ((a << (b & U64(31))) + c) & M32U),
    "add_lshl_u32": _ternary(lambda a, b, c: ((a + b) << (c & U64(31))) & M32U),
    "lshl_or_b32": _ternary(lambda a, b, c: ((a << (b & U64(31))) | c) & M32U),
    "add3_u32": _ternary(lambda a, b, c: (a + b + c) & M32U),
    "lshl_add_u64": _lshl_add_u64,
    "mul_lo_u32": _binary(lambda a, b: (a * b) & M32U),
    "mul_hi_u32": _binary(lambda a, b: (a * b) >> U64(32)),
    "mul_u32_u24": _binary(lambda a, b: ((a & U64(0xffffff)) * (b & U64(0xffffff))) & M32U),
    "mul_hi_u32_u24": _binary(lambda a, b: ((a & U64(0xffffff)) * (b & U64(0xffffff))) >> U64(32)),
    "mad_u32_u24": _ternary(lambda a, b, c: ((a & U64(0xffffff)) * (b & U64(0xffffff)) + c) & M32U),
    "mad_u64_u32": _mad_u64_u32,
    "mad_i64_i32": lambda *a: _mad_u64_u32(*a, signed=True),
    "max_u32": _binary(np.maximum), "min_u32": _binary(np.minimum),
    "max_i32": _binary(lambda a, b: u(np.maximum(s32(a), s32(b))) & M32U),
    "min_i32": _binary(lambda a, b: u(np.minimum(s32(a), s32(b))) & M32U),
    "ffbl_b32": _unary(lambda a: np.array([(int(x) & -int(x)).bit_length() - 1 if x else M32
                                           for x in a], U64)),
    "bfe_u32": _bfe(False), "bfe_i32": _bfe(True),
    "ffbh_i32": _unary(lambda a: np.array([32 - (int(x) ^ M32 if int(x) >> 31 else int(x)).bit_length()
                                           if int(x) not in (0, M32) else M32 for x in a], U64)),
    "ffbh_u32": _unary(lambda a: np.array([32 - int(x).bit_length() if x else M32 for x in a], U64)),
    "ffbl_b32": _unary(lambda a: np.array([(int(x) & -int(x)).bit_length() - 1 if x else M32 for x in a], U64)),
    "bfrev_b32": _unary(lambda a: np.array([int(f"{int(x):032b}"[::-1], 2) for x in a], U64)),
    "perm_b32": _ternary(lambda a, b, c: np.array([_perm(int(x), int(y), int(z)) for x, y, z in zip(a, b, c)], U64)),
    "bfi_b32": _ternary(lambda a, b, c: (a & b) | (~a & c) & M32U),
    "alignbyte_b32": _ternary(lambda a, b, c: (((a << U64(32)) | b) >> (U64(8) * (c & U64(3)))) & M32U),
    "cvt_u32_f64": lambda sim, w, s, src, put, o, enc: put(
        np.clip(np.nan_to_num(np.trunc(f64(src(1, 2, 64)))), 0, M32).astype(U64), 1),
    "cvt_i32_f64": lambda sim, w, s, src, put, o, enc: put(
        u(np.clip(np.nan_to_num(np.trunc(f64(src(1, 2, 64)))), -(1 << 31), M32 >> 1).astype(np.int64)) & M32U, 1),
    "alignbit_b32": _ternary(lambda a, b, c: (((a << U64(32)) | b) >> (c & U64(31))) & M32U),
    "bcnt_u32_b32": _binary(lambda a, b: (np.array([bin(int(x)).count("1") for x in a], U64) + b) & M32U),
    "mbcnt_lo_u32_b32": _mbcnt(False), "mbcnt_hi_u32_b32": _mbcnt(True),
    "cndmask_b32": _cndmask,
    "readlane_b32": _readlane, "readfirstlane_b32": _readfirstlane, "writelane_b32": _writelane,
    "add_f32": _f32op(lambda a, b: a + b), "sub_f32": _f32op(lambda a, b: a - b),
    "subrev_f32": _f32op(lambda a, b: b - a), "mul_f32": _f32op(lambda a, b: a * b),
    "max_f32": _f32op(np.fmax), "min_f32": _f32op(np.fmin),
    "fma_f32": _f32op(_fma32),
    "fmamk_f32": _f32op(lambda a, k, b: _fma32(a, k, b)), "fmaak_f32": _f32op(_fma32),
    "fmac_f32": lambda sim, w, s, src, put, o, enc: put(
        b32(_fma32(f32(src(1)), f32(src(2)), f32(sim.vread(w, o[0], 1))))),
    "mad_f32": _f32op(lambda a, b, c: (a * b) + c), "madmk_f32": _f32op(lambda a, k, b: (a * k) + b),
    "madak_f32": _f32op(lambda a, b, k: (a * b) + k),
    "pk_mov_b32": _pk_mov_b32,
    "pack_b32_f16": _pack_b32_f16,
    "mac_f32": lambda sim, w, s, src, put, o, enc: put(
        b32(f32(src(1)) * f32(src(2)) + f32(sim.vread(w, o[0], 1)))),
    "rcp_f32": _f32op(lambda a: np.float32(1) / a), "rcp_iflag_f32": _f32op(lambda a: np.float32(1) / a),
    "sqrt_f32": _f32op(np.sqrt), "rsq_f32": _f32op(lambda a: np.float32(1) / np.sqrt(a)),
    "exp_f32": _f32op(np.exp2), "log_f32": _f32op(np.log2),
    "trunc_f32": _f32op(np.trunc), "floor_f32": _f32op(np.floor), "ceil_f32": _f32op(np.ceil),
    "rndne_f32": _f32op(np.rint), "fract_f32": _f32op(lambda a: a - np.floor(a)),
    "ldexp_f32": lambda sim, w, s, src, put, o, enc: put(b32(np.ldexp(f32(src(1)), s32(src(2, 1, 0)).astype(np.int32)))),
    "ldexp_f64": lambda sim, w, s, src, put, o, enc: put(
        b64(np.ldexp(f64(src(1, 2, 64)), s32(src(2, 1, 0)).astype(np.int32))), 2),
    "cvt_f32_u32": lambda sim, w, s, src, put, o, enc: put(b32(src(1, 1, 0).astype(np.float32))),
    "cvt_f32_i32": lambda sim, w, s, src, put, o, enc: put(b32(s32(src(1, 1, 0)).astype(np.float32))),
    "cvt_u32_f32": lambda sim, w, s, src, put, o, enc: put(
        np.clip(np.nan_to_num(np.trunc(f32(src(1, 1, 32)).astype(np.float64))), 0, M32).astype(U64)),
    "cvt_i32_f32": lambda sim, w, s, src, put, o, enc: put(
        u(np.clip(np.nan_to_num(np.trunc(f32(src(1, 1, 32)).astype(np.float64))), -(1 << 31), M32 >> 1).astype(np.int64)) & M32U),
    "cvt_f32_ubyte0": lambda sim, w, s, src, put, o, enc: put(b32((src(1, 1, 0) & U64(0xff)).astype(np.float32))),
    "cvt_f32_ubyte1": lambda sim, w, s, src, put, o, enc: put(b32(((src(1, 1, 0) >> U64(8)) & U64(0xff)).astype(np.float32))),
    "cvt_f16_u16": lambda sim, w, s, src, put, o, enc: put(b16((src(1, 1, 0) & U64(0xffff)).astype(np.float16))),
    "cvt_f32_f16": lambda sim, w, s, src, put, o, enc: put(b32(f16(src(1, 1, 16)).astype(np.float32))),
    "cvt_f16_f32": lambda sim, w, s, src, put, o, enc: put(b16(f32(src(1, 1, 32)).astype(np.float16))),
    "cvt_f64_f32": lambda sim, w, s, src, put, o, enc: put(b64(f32(src(1, 1, 32)).astype(np.float64)), 2),
    "cvt_f32_f64": lambda sim, w, s, src, put, o, enc: put(b32(f64(src(1, 2, 64)).astype(np.float32)), 1),
    "cvt_f64_u32": lambda sim, w, s, src, put, o, enc: put(b64(src(1, 1, 0).astype(np.float64)), 2),
    "cvt_f64_i32": lambda sim, w, s, src, put, o, enc: put(b64(s32(src(1, 1, 0)).astype(np.float64)), 2),
    "fma_f16": _f16op(lambda a, b, c: (a.astype(np.float32) * b.astype(np.float32) + c.astype(np.float32)).astype(np.float16)),
    "add_f16": _f16op(lambda a, b: a + b), "mul_f16": _f16op(lambda a, b: a * b),
    "add_f64": _f64op(lambda a, b: a + b), "mul_f64": _f64op(lambda a, b: a * b),
    "max_f64": _f64op(np.fmax), "min_f64": _f64op(np.fmin),
    "div_scale_f32": _div_scale(32), "div_scale_f64": _div_scale(64),
    "div_fmas_f32": _div_fmas(32), "div_fmas_f64": _div_fmas(64),
    "div_fixup_f32": _div_fixup(32), "div_fixup_f64": _div_fixup(64),
    "trunc_f64": _f64op(np.trunc), "floor_f64": _f64op(np.floor), "ceil_f64": _f64op(np.ceil),
    "rndne_f64": _f64op(np.rint), "fract_f64": _f64op(lambda a: np.minimum(a - np.floor(a), np.nextafter(1.0, 0))),
    "rcp_f64": _f64op(lambda a: 1.0 / a), "sqrt_f64": _f64op(np.sqrt), "rsq_f64": _f64op(lambda a: 1.0 / np.sqrt(a)),
    "frexp_mant_f64": _f64op(lambda a: np.frexp(a)[0]),
    "frexp_exp_i32_f64": lambda sim, w, s, src, put, o, enc: put(
        u(np.where(np.isfinite(f64(src(1, 2, 64))), np.frexp(f64(src(1, 2, 64)))[1], 0).astype(np.int64)) & M32U, 1),
    "frexp_mant_f32": _f32op(lambda a: np.frexp(a)[0]),
    "frexp_exp_i32_f32": lambda sim, w, s, src, put, o, enc: put(
        u(np.where(np.isfinite(f32(src(1, 1, 32))), np.frexp(f32(src(1, 1, 32)))[1], 0).astype(np.int64)) & M32U),
    "max3_f32": _f32op(lambda a, b, c: np.fmax(np.fmax(a, b), c)),
    "min3_f32": _f32op(lambda a, b, c: np.fmin(np.fmin(a, b), c)),
    "med3_f32": _f32op(_fmed3),
    "max3_i32": _signed3(lambda a, b, c: np.maximum(np.maximum(a, b), c)),
    "min3_i32": _signed3(lambda a, b, c: np.minimum(np.minimum(a, b), c)),
    "med3_i32": _signed3(_med3),
    "max3_u32": _ternary(lambda a, b, c: np.maximum(np.maximum(a, b), c)),
    "min3_u32": _ternary(lambda a, b, c: np.minimum(np.minimum(a, b), c)),
    "med3_u32": _ternary(_med3),
    # 16-bit integer VOP2/VOP3: the result's upper 16 bits are zero (GFX9)
    "add_u16": _binary(lambda a, b: (a + b) & M16U),
    "sub_u16": _binary(lambda a, b: u(a.astype(np.int64) - b.astype(np.int64)) & M16U),
    "subrev_u16": _binary(lambda a, b: u(b.astype(np.int64) - a.astype(np.int64)) & M16U),
    "mul_lo_u16": _binary(lambda a, b: ((a & M16U) * (b & M16U)) & M16U),
    "lshrrev_b16": _binary(lambda a, b: (b & M16U) >> (a & U64(15))),
    "ashrrev_i16": _binary(lambda a, b: u(_s16(b) >> (a & U64(15)).astype(np.int64)) & M16U),
    "max_u16": _binary(lambda a, b: np.maximum(a & M16U, b & M16U)),
    "min_u16": _binary(lambda a, b: np.minimum(a & M16U, b & M16U)),
    "max_i16": _binary(lambda a, b: u(np.maximum(_s16(a), _s16(b))) & M16U),
    "min_i16": _binary(lambda a, b: u(np.minimum(_s16(a), _s16(b))) & M16U),
    "dot4c_i32_i8": _dot4_i8, "dot4_i32_i8": lambda *a: _dot4_i8(*a, acc_is_dst=False),
    "sad_u8": _sad_u8,
    "msad_u8": _ternary(lambda a, b, c: (c + u(sum(np.where(y == 0, 0, np.abs(x - y)) for x, y in
                                                   zip(_bytes_of(a, False), _bytes_of(b, False))))) & M32U),
    "dot4_u32_u8": lambda sim, w, s, src, put, o, enc: put(
        np.minimum(src(3) + u(sum(x * y for x, y in zip(_bytes_of(src(1), False), _bytes_of(src(2), False)))),
                   M32U if s.modifier("clamp") is not None else U64(M64)) & M32U),
    "mad_legacy_u16": _ternary(lambda a, b, c: ((a & M16U) * (b & M16U) + (c & M16U)) & M16U),
    "mad_u16": _ternary(lambda a, b, c: ((a & M16U) * (b & M16U) + (c & M16U)) & M16U),
    "fmac_f64": lambda sim, w, s, src, put, o, enc: put(
        b64(_fma64(f64(src(1)), f64(src(2)), f64(sim.vread(w, o[0], 2)))), 2),
    "dot2_f32_f16": _dot2_f32_f16, "dot2c_f32_f16": lambda *a: _dot2_f32_f16(*a, acc_is_dst=True),
    "fma_f64": _f64op(_fma64),
}


_MFMA = re.compile(r"v_mfma_(f32|f64|i32)_(\d+)x(\d+)x(\d+)(?:_(\d+)b)?_?(f32|f16|bf16|i8|f64)(_1k)?")
_IN_BITS = {"f32": 32, "f16": 16, "bf16": 16, "i8": 8, "f64": 64}


def mfma_shape(op: str, a_regs: int) -> tuple[str, str, int, int, int, int, int]:
    """(output type, input type, M, N, K, blocks, K values per lane) of an MFMA opcode with an
    A operand of `a_regs` registers (gfx90a names leave the blocks implicit: 64 lanes x values
    per lane = M x K x blocks)."""
    m = _MFMA.fullmatch(op)
    if m is None:
        raise Unknown(f"MFMA {op}")
    out, M, N, K, blocks, kind = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4)), m.group(5), m.group(6)
    kpl = a_regs * 32 // _IN_BITS[kind]
    B = LANES * kpl // (M * K)
    if blocks is not None:
        assert int(blocks) == B, (op, blocks, B)
    return out, kind, M, N, K, B, kpl


def mfma_a_lane(i: int, k: int, b: int, M: int, B: int, kpl: int) -> tuple[int, int]:
    """(lane, value within the lane) holding A[i][k] of block b (B[k][j]: the same with j, N)."""
    kg, j = divmod(k, kpl)
    return i + M * (b + B * kg), j


def mfma_d_lane(i: int, j: int, b: int, M: int, N: int, B: int, wide: bool) -> tuple[int, int]:
    """(lane, register; 64-bit registers for f64) holding D[i][j] of block b. 32-bit outputs:
    the blocks' rows stacked (r = b M + i), groups of 4 rows across the 64 / N lane groups, then
    on to the next 4 registers; f64: rows i spread over the lane groups left after the blocks."""
    if wide:
        g = LANES // (N * B)
        return j + N * (b + B * (i % g)), i // g
    g, r = LANES // N, b * M + i
    return j + N * ((r // 4) % g), (r // (4 * g)) * 4 + r % 4


def _mfma_values(sim, w, op_, kind: str, kpl: int) -> np.ndarray:
    """Per lane, its kpl input values (float64, or int64 for i8)."""
    bits = _IN_BITS[kind]
    raw = sim.vread(w, op_, 2 if op_.count == 2 else 1) if isinstance(op_, Register) else sim.vread(w, op_, 1)
    vals = [(raw >> U64(bits * j)) & U64((1 << bits) - 1) for j in range(kpl)]
    if kind == "f32":
        conv = lambda x: f32(x).astype(np.float64)        # noqa: E731
    elif kind == "f16":
        conv = lambda x: f16(x).astype(np.float64)        # noqa: E731
    elif kind == "bf16":
        conv = lambda x: f32(x << U64(16)).astype(np.float64)   # noqa: E731
    elif kind == "f64":
        conv = lambda x: f64(x)                            # noqa: E731
    else:
        conv = lambda x: x.astype(np.int64) - ((x.astype(np.int64) >> 7) << 8)   # noqa: E731
    return np.stack([conv(v) for v in vals], 1)


def _blgp_source(lane: int, blgp: int) -> int:
    """The lane whose B value lane `lane` uses under BLGP (0: itself; 1/2: lanes 0-31 / 32-63 to
    both halves; 3: rotated down by 16; 4-7: lanes 16 (blgp - 4) .. +15 to every group of 16)."""
    if blgp == 0:
        return lane
    if blgp in (1, 2):
        return lane % 32 + 32 * (blgp - 1)
    if blgp == 3:
        return (lane + 16) % LANES
    return lane % 16 + 16 * (blgp - 4)


def _mfma(sim: Simulator, w: Wave, s: Instruction, lds, access) -> None:
    """v_mfma_{f32,i32,f64}_{M}x{N}x{K}[_{B}b]_{f32,f16,bf16,i8,f64}[_1k]: D = A x B + C for each
    of the blocks, in the lane/register layouts of AMD's matrix instruction calculator, with
    the CBSZ/ABID (A broadcast among blocks) and BLGP (B lane pattern) controls."""
    op, o = s.opcode, s.operands
    out, kind, M, N, K, B, kpl = mfma_shape(op, o[1].count if isinstance(o[1], Register) else 1)
    wide = out == "f64"
    if wide and (s.modifier("blgp") or s.modifier("neg")):
        raise Unknown(f"f64 MFMA modifiers of {s.to_text()}")
    cbsz, abid, blgp = _imm_mod(s, "cbsz"), _imm_mod(s, "abid"), _imm_mod(s, "blgp")
    A, Bv = _mfma_values(sim, w, o[1], kind, kpl), _mfma_values(sim, w, o[2], kind, kpl)
    nregs = M * N * B // LANES
    acc, dst = o[3], o[0]
    dw = 2 if wide else 1
    if isinstance(acc, Register):
        C = [sim.vread(w, Register(acc.file, acc.first + dw * r, dw), dw) for r in range(nregs)]
    else:
        C = [sim.vread(w, acc, dw, 64 if wide else 32) for _ in range(nregs)]
    if out == "f32":
        C = [f32(c).astype(np.float64) for c in C]
    elif wide:
        C = [f64(c) for c in C]
    else:
        C = [s32(c) for c in C]
    D = [np.zeros(LANES, np.int64 if out == "i32" else np.float64) for _ in range(nregs)]
    for b in range(B):
        ab = (b >> cbsz << cbsz) + abid if cbsz else b
        a = np.zeros((M, K), A.dtype)
        bm = np.zeros((K, N), Bv.dtype)
        for k in range(K):
            for i in range(M):
                lane, j = mfma_a_lane(i, k, ab, M, B, kpl)
                a[i, k] = A[lane, j]
            for jj in range(N):
                lane, j = mfma_a_lane(jj, k, b, N, B, kpl)
                bm[k, jj] = Bv[_blgp_source(lane, blgp), j]
        prod = a @ bm
        for i in range(M):
            for jj in range(N):
                lane, r = mfma_d_lane(i, jj, b, M, N, B, wide)
                D[r][lane] = prod[i, jj] + C[r][lane]
    for r in range(nregs):
        reg = Register(dst.file, dst.first + dw * r, dw)
        if out == "f32":
            sim.vwrite(w, reg, b32(D[r].astype(np.float32)))
        elif wide:
            sim.vwrite(w, reg, b64(D[r]), 2)
        else:
            sim.vwrite(w, reg, u(D[r]) & M32U)


_HANDLERS: tuple = (
    ("s_load_", _sload), ("s_store_", _sload), ("s_atomic_", _sload), ("s_buffer_load_", _sload),
    ("s_buffer_store_", _sload), ("s_buffer_atomic_", _sload), ("s_endpgm", _control), ("s_branch", _control), ("s_cbranch_", _control),
    ("s_waitcnt", _control), ("s_nop", _control), ("s_setprio", _control), ("s_sleep", _control),
    ("s_barrier", _control), ("buffer_wbl2", _control), ("buffer_wbinvl1", _control),
    ("buffer_", _buffer), ("flat_", _global), ("scratch_", _scratch),
    ("s_dcache", _control),
    ("s_", _scalar), ("global_", _global), ("ds_", _ds), ("v_mfma_", _mfma), ("v_pk_", _packed),
    ("v_", _vector),
)
