"""Render `ops` statements into AMDGCN IR with this folder's Jinja templates.

GCN registers are physical, so a `Frame` lays out the instrumentation's registers above the
kernel's own (``.amdhsa_next_free_vgpr/sgpr``):

- per-lane values live in VGPRs (32-bit types: one, 64-bit types: an even-aligned pair);
- ``pred`` values are lane masks in even-aligned SGPR pairs (like ``vcc``);
- the frame's fixed SGPRs hold what the prologue saved at kernel entry (the kernarg pointer, the
  lanes the wave started with, the workgroup ids, `scc` during a site) and one VGPR the packed
  work-item id.

Templates may clobber SCC (the splicer saves and restores it around each site), leave VCC as the
kernel had it (every carry and compare writes an explicit SGPR pair; the float division, whose
`v_div_fmas` reads VCC, saves and restores it) and restore EXEC themselves. On gfx9 a VALU
instruction can read one SGPR or literal only, so the renderer first moves every non-inline
constant and every SGPR operand into VGPRs; templates then see VGPRs and inline constants.

The templates build IR, as the PTX ones do: ``{{ i("v_add_u32_e32", d, x, 1) }}`` appends an
`asm.gcn.Instruction` (operands: the statement's values, registers of the frame, Python numbers,
special register names such as ``"exec"``, other names as symbols (``"off"``); `mod` builds a
trailing modifier, `func` a ``name(args)`` operand, `neg` a negated source, `hex` a hex literal),
``{{ at(l) }}`` a label, ``{{ extend(body) }}`` a rendered body. Nothing is printed and parsed
back; the template must write no other text.

A wave64 is treated as two 32-lane warps (lanes 0-31 and 32-63), so ``laneid``, ``activemask``,
leaders and warp-level units mean on AMD what they mean on NVIDIA (contracts §4's 32-thread warps).
"""
from __future__ import annotations

import functools
import struct
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Callable, ClassVar, Iterable

from neutrino_py.asm import gcn as asm
from neutrino_py.asm import gcn_opcodes as opcodes
from neutrino_py.asm.gcn import (APERTURES, SPECIAL_REGS, WIDE_SPECIALS, Func, Instruction, Label, Modified, Modifier,
                                 Register, Statement, Sym)
from neutrino_py.ops import Imm, If, Reg, Src, Stmt, Value, bits
from neutrino_py.targets import memo, templates

LABEL_PREFIX = ".Lnt_"
WIDE = ("u64", "s64", "f64")
MAX_SGPRS = 102 - 6          # gfx9 addressable SGPRs, less vcc / flat_scratch / xnack_mask


@dataclass
class Facts:
    """What differs between the gfx9 processors we emit for."""
    mcpu: str

    @property
    def gfx94x(self) -> bool:
        return self.mcpu.startswith("gfx94") or self.mcpu.startswith("gfx95")

    @property
    def packed_tid(self) -> bool:
        """Work-item ids x, y, z packed in v0 (10 bits each) instead of v0, v1, v2."""
        return self.mcpu == "gfx90a" or self.gfx94x

    @property
    def glc(self) -> str:
        """The modifier that makes an atomic return the old value."""
        return "sc0" if self.gfx94x else "glc"

    @property
    def sgprs(self) -> int:
        """SGPRs code may name: LLVM keeps the top of gfx9's 102 for VCC, XNACK_MASK and
        FLAT_SCRATCH (gfx94x's flat scratch is architected, not an SGPR pair)."""
        return MAX_SGPRS + 4 if self.gfx94x else MAX_SGPRS

    @property
    def vgpr_file(self) -> int:
        """VGPRs (arch + accumulation) per SIMD lane that waves share."""
        return 512

    def occupancy(self, vgprs: int, sgprs: int) -> int:
        """Waves per SIMD a kernel with this many registers can keep resident (at most 8): VGPRs
        in granules of 8 out of 512, SGPRs by LLVM's gfx9 table (80 / 88 / 100)."""
        by_v = self.vgpr_file // (-(-max(vgprs, 1) // 8) * 8)
        by_s = 10 if sgprs <= 80 else 9 if sgprs <= 88 else 8 if sgprs <= 100 else 7
        return min(8, by_v, by_s)


@dataclass
class Frame:
    """Physical registers of the instrumentation in one kernel, and what the prologue saved."""
    facts: Facts
    vbase: int                      # first VGPR the instrumentation may use
    sbase: int                      # first SGPR
    persistent: dict[str, int]      # ops register type -> how many persistent registers
    kernarg: Register = field(init=False)       # SGPR pair holding the kernarg segment pointer
    entry_exec: Register = field(init=False)    # SGPR pair holding the lanes the wave started with
    wgid: tuple[Register, ...] = field(init=False)
    tid: tuple[Register, ...] = field(init=False)   # packed id VGPR, or x, y, z VGPRs
    scc: Register = field(init=False)           # SGPR holding SCC during a site
    hidden: dict[str, int] = field(default_factory=dict)   # hidden arg kind -> kernarg offset
    params: dict[str, int] = field(default_factory=dict)   # appended param -> kernarg offset
    vhigh: int = 0
    shigh: int = 0

    def __post_init__(self) -> None:
        self.vhigh, self.shigh = self.vbase, self.sbase
        self._v, self._s = self.vbase, self.sbase
        self.kernarg = self.sgprs(2)
        self.entry_exec = self.sgprs(2)
        self.wgid = (self.sgprs(1), self.sgprs(1), self.sgprs(1))
        self.scc = self.sgprs(1)
        self.tid = tuple(self.vgprs(1) for _ in range(1 if self.facts.packed_tid else 3))
        self._fixed: dict[tuple[str, int], Register] = {}
        for t, n in self.persistent.items():
            for i in range(n):
                self._fixed[(t, i)] = self.place(t)
        self.vsite, self.ssite = self._v, self._s
        # what templates read of the frame besides the allocation pointers (a memo key)
        self.key = (self.facts.mcpu, self.vbase, self.sbase, tuple(self.persistent.items()),
                    tuple(sorted(self.hidden.items())), tuple(sorted(self.params.items())))

    def vgprs(self, n: int) -> Register:
        start = self._v + (self._v % 2 if n > 1 else 0)
        self._v = start + n
        self.vhigh = max(self.vhigh, self._v)
        return Register("v", start, n, n > 1)

    def sgprs(self, n: int) -> Register:
        align = 4 if n >= 4 else (2 if n == 2 else 1)
        start = -(-self._s // align) * align
        self._s = start + n
        self.shigh = max(self.shigh, self._s)
        return Register("s", start, n, n > 1)

    def place(self, type_: str) -> Register:
        if type_ == "pred":
            return self.sgprs(2)
        return self.vgprs(2 if type_ in WIDE else 1)

    def mark(self) -> tuple[int, int]:
        return self._v, self._s

    def release(self, mark: tuple[int, int]) -> None:
        """Template temporaries allocated since `mark` are dead again."""
        self._v, self._s = mark

    def reach(self, high: tuple[int, int]) -> None:
        """Registers up to `high` (VGPR, SGPR) are in use somewhere."""
        self.vhigh, self.shigh = max(self.vhigh, high[0]), max(self.shigh, high[1])

    def begin_site(self) -> None:
        """Scratch registers of the previous site are free again."""
        self._v, self._s = self.vsite, self.ssite

    def phys(self, r: Reg, scratch: dict[tuple[str, int], Register]) -> Register:
        key = (r.type, r.n)
        if key in self._fixed:
            return self._fixed[key]
        if key not in scratch:
            scratch[key] = self.place(r.type)
        return scratch[key]


@dataclass(frozen=True)
class Once(If):
    """Run `body` once per wave, in lane 0 (a lane every wave starts with), whatever EXEC holds,
    0 included: the code of probes at a scalar memory access, which the wave makes once. An
    `If` whose condition is always true to the passes that read ops (counter bounds see its
    adds, folding leaves it alone), rendered by ``once.j2``: EXEC saved, set to the one lane,
    restored."""
    op: ClassVar[str] = "once"


@dataclass(frozen=True)
class Wide(If):
    """Run `body` in every lane the wave started with, whatever EXEC holds: the captures of an
    instruction that writes EXEC, whose `after` probes may run in lanes it enables (a join's
    ``s_or_b64 exec, exec, s[..]``); they read scalar operands, the same in every lane, and
    `exec_copy` (a u64) gets EXEC as it was before the widening. An always-true `If` to the
    passes that read ops, as `Once`, rendered by ``wide.j2``."""
    op: ClassVar[str] = "wide"
    exec_copy: Reg | None = None


def _inline(v: int) -> bool:
    return -16 <= v <= 64


def _words(value: int | float, type_: str) -> list[int]:
    """The 32-bit words of a constant, low first."""
    if type_ == "f32":
        return [struct.unpack("<I", struct.pack("<f", value))[0]]
    if type_ == "f64":
        q = struct.unpack("<Q", struct.pack("<d", value))[0]
        return [q & 0xffffffff, q >> 32]
    v = int(value) % (1 << bits(type_)) if type_ != "pred" else int(bool(value))
    return [v & 0xffffffff, v >> 32] if type_ in WIDE else [v]


def _lit(word: int) -> asm.Imm:
    """A 32-bit word as an operand: inline constants in decimal, others in hex."""
    signed = word - (1 << 32) if word >= 1 << 31 else word
    return asm.Imm(str(signed) if _inline(signed) else hex(word))


@dataclass(frozen=True)
class Placed:
    """A statement's operand already moved into the frame's VGPRs (see `Site.operand`)."""
    reg: Register
    type: str


def _source(text: str) -> Register:
    """The kernel's register an `ops.Src` names (the GCN target only reads registers)."""
    r = Register.parse(text)
    if r is None:
        raise ValueError(f"not a GCN register: {text!r}")
    return r


class Site:
    """Scratch registers, labels and constant materialization for one instrumentation site.
    Labels are named by `labels` (the kernel's: deterministic, and unique in the module); `made`
    lists the labels handed out, so a kept rendering can be relabelled."""

    def __init__(self, frame: Frame, labels: Callable[[], str]) -> None:
        frame.begin_site()
        self.frame, self.labels = frame, labels
        self.scratch: dict[tuple[str, int], Register] = {}
        self.made: list[str] = []

    def tmp(self, type_: str) -> Register:
        return self.frame.place(type_)

    def stmp(self, n: int = 1) -> Register:
        return self.frame.sgprs(n)

    def new_label(self) -> str:
        self.made.append(self.labels())
        return self.made[-1]

    def label(self) -> Sym:
        return Sym(self.new_label())

    def spell(self, v: Value | Placed | asm.Operand | int | float | str) -> asm.Operand:
        """The operand node a template names: a statement's value, a register of the frame, a
        Python number, a special register's name or another name (a symbol: ``off``)."""
        if isinstance(v, Reg):
            return self.frame.phys(v, self.scratch)
        if isinstance(v, Imm):
            if v.type == "pred":
                return Register("exec") if v.value else asm.Imm("0")
            return _lit(_words(v.value, v.type)[0])
        if isinstance(v, Src):
            return _source(v.text)
        if isinstance(v, Placed):
            return v.reg
        if isinstance(v, (int, float)):
            return asm.Imm(str(v))
        if isinstance(v, str):
            return Register(v) if v in SPECIAL_REGS else Sym(v)
        return v

    def half(self, v: Value | Placed | Register, i: int) -> asm.Operand:
        """Word `i` (0 low, 1 high) of a 64-bit value (or register pair), of a 32-bit one
        zero-extended."""
        if isinstance(v, Imm):
            words = _words(v.value, v.type)
            return _lit(words[i]) if i < len(words) else asm.Imm("0")
        r = self.spell(v)
        if r.file in WIDE_SPECIALS:
            return Register(f"{r.file}_{'lo' if i == 0 else 'hi'}")
        if r.first is None:
            return r if i == 0 else asm.Imm("0")
        return Register(r.file, r.first + i) if i < r.count else asm.Imm("0")

    def operand(self, v: Value, out: list[Statement]) -> Value | Placed:
        """`v` as a VALU operand: non-inline constants and SGPRs are moved into VGPRs first (the
        moves appended to `out`); a 64-bit aperture register through an SGPR pair (a VALU move
        reads it as 32 bits: its low dword, which is all a 32-bit operand of it reads)."""
        if isinstance(v, Imm) and v.type != "pred":
            words = _words(v.value, v.type)
            # a 64-bit instruction reads an inline constant as a 64-bit value: 0x100000001,
            # whose words are each inline, is not one
            value, width = sum(w << (32 * i) for i, w in enumerate(words)), 32 * len(words)
            signed = value - (1 << width) if value >> (width - 1) else value
            if v.type[0] == "f" and v.value != 0 or not _inline(signed):
                return self._to_vgprs(v, [asm.Imm(hex(w)) for w in words], out)
        if isinstance(v, Src) and v.type != "pred":
            r = _source(v.text)
            if r.file in APERTURES and v.type in WIDE:
                pair = self.stmp(2)
                out.append(Instruction("s_mov_b64", [pair, r]))
                r = pair
            if r.file == "s":
                return self._to_vgprs(v, [Register("s", i) for i in r.indices], out)
        return v

    def _to_vgprs(self, v: Value, words: list[asm.Operand], out: list[Statement]) -> Placed:
        moved = Placed(self.tmp(v.type), v.type)
        for i, w in enumerate(words):
            out.append(Instruction("v_mov_b32", [self.half(moved, i), w]))
        return moved


class Emit:
    """The statements one template appends through its helpers, in order."""

    def __init__(self, site: Site) -> None:
        self.out: list[Statement] = []
        self.site = site

    def i(self, opcode: str, *args) -> str:
        """Append ``opcode operands... modifiers...``: `Modifier` arguments (`mod`) go last,
        None arguments (a modifier left out) nowhere; a store gets the cache bits its processor
        forces on every store (gfx940/gfx941's ``sc0 sc1``)."""
        mods = [a for a in args if isinstance(a, Modifier)]
        mods += [Modifier(b) for b in opcodes.forced_store_bits(self.site.frame.facts.mcpu, opcode)
                 if all(m.name != b for m in mods)]
        operands = [self.site.spell(a) for a in args if a is not None and not isinstance(a, Modifier)]
        if opcode.startswith("v_mov_b32") and getattr(operands[1], "file", None) == "a":
            opcode = "v_accvgpr_read_b32"      # a user operand in an AGPR: no VALU move reads one
        self.out.append(Instruction(opcode, operands, mods))
        return ""

    def at(self, label: Sym) -> str:
        self.out.append(Label(label.text))
        return ""

    def extend(self, stmts: Iterable[Statement]) -> str:
        self.out.extend(stmts)
        return ""


def _mod(name: str | Func, value: object = None) -> Modifier:
    """A trailing modifier: ``glc``, ``offset:16`` (`value` 16), ``lgkmcnt(0)`` (a `Func`)."""
    if isinstance(name, Func):
        return Modifier(name.name, name)
    return Modifier(name, None if value is None else str(value))


def _func(name: str, *args: int | str) -> Func:
    """``name(args)``: ``vmcnt(0)``, ``hwreg(HW_REG_HW_ID, 8, 8)`` (names become symbols)."""
    return Func(name, tuple(asm.Imm(str(a)) if isinstance(a, int) else Sym(a) for a in args))


def _neg(x: asm.Operand) -> asm.Operand:
    """``-x``: a negated source (on a constant, the negative literal the assembler reads)."""
    return asm.Imm("-" + x.text) if isinstance(x, asm.Imm) else Modified(x, neg=True)


_template = templates.loader(Path(__file__).parent, wide=lambda t: t in WIDE, mod=_mod, func=_func,
                             neg=_neg, hex=lambda n: asm.Imm(hex(n)))


def _label_names(s: Statement) -> list[str]:
    if isinstance(s, Label):
        return [s.name]
    if isinstance(s, Instruction):
        return [o.text for o in s.operands if isinstance(o, Sym)]
    return []


def _relabel(s: Statement, fresh: dict[str, str]) -> Statement:
    if isinstance(s, Label):
        return Label(fresh[s.name])
    return replace(s, operands=[Sym(fresh[o.text]) if isinstance(o, Sym) and o.text in fresh else o
                                for o in s.operands])


# (statement, frame, allocation pointers, placements of its registers) -> (statements,
# placements made, pointers after, highest registers reached)
_RENDERED: memo.Renderings[Statement] = memo.Renderings(_label_names, _relabel)


@functools.lru_cache(maxsize=1 << 16)
def _reg_keys(stmt: Stmt) -> tuple[tuple[str, int], ...]:
    """(type, number) of every register `stmt` names, in the bodies it holds too."""
    out: list[tuple[str, int]] = []
    for f in fields(stmt):
        v = getattr(stmt, f.name)
        if isinstance(v, Reg):
            out.append((v.type, v.n))
        elif type(v) is tuple:                   # a body of statements (a value is a named tuple)
            for s in v:
                out += _reg_keys(s)
    return tuple(out)


def render(stmts: Iterable[Stmt], site: Site) -> list[Statement]:
    """GCN statements for `stmts`; registers and labels come from `site`'s frame. The
    statements' own registers are placed first; each template's temporaries are freed after it."""
    out: list[Statement] = []
    frame = site.frame
    for stmt in stmts:
        keys = _reg_keys(stmt)
        key = (stmt, frame.key, frame.mark(), tuple(site.scratch.get(k) for k in keys))
        hit = _RENDERED.get(key, site.new_label)
        if hit is not None:
            rendered, (placed, after, high) = hit
            site.scratch.update(placed)
            frame.release(after)
            frame.reach(high)
        else:
            made, before = len(site.made), (frame.vhigh, frame.shigh)
            frame.vhigh, frame.shigh = frame.mark()
            rendered = _render_one(stmt, site)
            high = (frame.vhigh, frame.shigh)
            frame.reach(before)
            placed = tuple((k, site.scratch[k]) for k in keys if k in site.scratch)
            _RENDERED.put(key, rendered, (placed, frame.mark(), high), site.made[made:])
        out += rendered
    return out


def _render_one(stmt: Stmt, site: Site) -> list[Statement]:
    for t, n in _reg_keys(stmt):
        site.frame.phys(Reg(t, n), site.scratch)
    mark = site.frame.mark()
    emit = Emit(site)
    operands = {f.name: site.operand(v, emit.out) for f in fields(stmt)
                if isinstance(v := getattr(stmt, f.name), (Imm, Src)) and f.name != "dst"}
    ctx = {f.name: getattr(stmt, f.name) for f in fields(stmt)} | operands
    if isinstance(stmt, If):
        ctx["saved"] = site.stmp(2)
        ctx["body"] = render(stmt.body, site)
    text = _template(stmt.op).render(
        ctx, i=emit.i, at=emit.at, extend=emit.extend, reg=site.spell,
        lo=lambda v: site.half(v, 0), hi=lambda v: site.half(v, 1), tmp=site.tmp, stmp=site.stmp,
        label=site.label, frame=site.frame, facts=site.frame.facts)
    if text.strip():
        raise ValueError(f"targets/gcn/{stmt.op}.j2 wrote text outside an i()/at() call: "
                         f"{text.strip()[:60]!r}")
    site.frame.release(mark)
    return emit.out
