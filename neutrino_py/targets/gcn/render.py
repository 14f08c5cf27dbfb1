"""Render `ops` statements into AMDGCN lines with this folder's Jinja templates.

GCN registers are physical, so a `Frame` lays out the instrumentation's registers above the
kernel's own (``.amdhsa_next_free_vgpr/sgpr``):

- per-lane values live in VGPRs (32-bit types: one, 64-bit types: an even-aligned pair);
- ``pred`` values are lane masks in even-aligned SGPR pairs (like ``vcc``);
- the frame's fixed SGPRs hold what the prologue saved at kernel entry (the kernarg pointer, the
  lanes the wave started with, the workgroup ids, `scc` during a site) and one VGPR the packed
  work-item id.

Templates may clobber SCC (the splicer saves and restores it around each site), never touch VCC
(every carry and compare writes an explicit SGPR pair) and restore EXEC themselves. On gfx9 a VALU
instruction can read one SGPR or literal only, so the renderer first moves every non-inline
constant and every SGPR operand into VGPRs; templates then see VGPRs and inline constants.

A wave64 is treated as two 32-lane warps (lanes 0-31 and 32-63), so ``laneid``, ``activemask``,
leaders and warp-level units mean on AMD what they mean on NVIDIA (contracts §4's 32-thread warps).
"""
from __future__ import annotations

import itertools
import struct
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Iterable

from neutrino_py.asm.gcn import Register as GcnRegister
from neutrino_py.ops import Imm, If, Reg, Src, Stmt, Value, bits
from neutrino_py.targets import templates

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
    kernarg: str = ""               # SGPR pair holding the kernarg segment pointer
    entry_exec: str = ""            # SGPR pair holding the lanes the wave started with
    wgid: tuple[str, str, str] = ("", "", "")
    tid: tuple[str, ...] = ()       # packed id VGPR, or x, y, z VGPRs
    scc: str = ""                   # SGPR holding SCC during a site
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
        self._fixed: dict[tuple[str, int], str] = {}
        for t, n in self.persistent.items():
            for i in range(n):
                self._fixed[(t, i)] = self.place(t)
        self.vsite, self.ssite = self._v, self._s

    def vgprs(self, n: int) -> str:
        start = self._v + (self._v % 2 if n > 1 else 0)
        self._v = start + n
        self.vhigh = max(self.vhigh, self._v)
        return f"v{start}" if n == 1 else f"v[{start}:{start + n - 1}]"

    def sgprs(self, n: int) -> str:
        align = 4 if n >= 4 else (2 if n == 2 else 1)
        start = -(-self._s // align) * align
        self._s = start + n
        self.shigh = max(self.shigh, self._s)
        return f"s{start}" if n == 1 else f"s[{start}:{start + n - 1}]"

    def place(self, type_: str) -> str:
        if type_ == "pred":
            return self.sgprs(2)
        return self.vgprs(2 if type_ in WIDE else 1)

    def mark(self) -> tuple[int, int]:
        return self._v, self._s

    def release(self, mark: tuple[int, int]) -> None:
        """Template temporaries allocated since `mark` are dead again."""
        self._v, self._s = mark

    def begin_site(self) -> None:
        """Scratch registers of the previous site are free again."""
        self._v, self._s = self.vsite, self.ssite

    def phys(self, r: Reg, scratch: dict[tuple[str, int], str]) -> str:
        key = (r.type, r.n)
        if key in self._fixed:
            return self._fixed[key]
        if key not in scratch:
            scratch[key] = self.place(r.type)
        return scratch[key]


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


def _lit(word: int) -> str:
    signed = word - (1 << 32) if word >= 1 << 31 else word
    return str(signed) if _inline(signed) else hex(word)


class Site:
    """Scratch registers, labels and constant materialization for one instrumentation site."""

    _labels = itertools.count()

    def __init__(self, frame: Frame) -> None:
        frame.begin_site()
        self.frame = frame
        self.scratch: dict[tuple[str, int], str] = {}
        self.used: dict[str, int] = {}
        self.prelude: list[str] = []

    def tmp(self, type_: str) -> str:
        n = self.frame.persistent.get(type_, 0) + 1000 + self.used.get(type_, 0)
        self.used[type_] = self.used.get(type_, 0) + 1
        return self.frame.phys(Reg(type_, n), self.scratch)

    def stmp(self, n: int = 1) -> str:
        return self.frame.sgprs(n)

    def label(self) -> str:
        return f"{LABEL_PREFIX}{next(self._labels)}"

    def spell(self, v: Value | str) -> str:
        if isinstance(v, str):
            return v
        if isinstance(v, Reg):
            return self.frame.phys(v, self.scratch)
        if isinstance(v, Imm):
            return _lit(_words(v.value, v.type)[0]) if v.type != "pred" else ("exec" if v.value else "0")
        return v.text

    def half(self, v: Value | str, i: int) -> str:
        """Word `i` (0 low, 1 high) of a 64-bit value (or register text), of a 32-bit one
        zero-extended."""
        if isinstance(v, str):
            v = Src(v, "u64")
        if isinstance(v, Imm):
            words = _words(v.value, v.type)
            return _lit(words[i]) if i < len(words) else "0"
        text = self.spell(v)
        if text in ("vcc", "exec"):
            return f"{text}_{'lo' if i == 0 else 'hi'}"
        r = GcnRegister.parse(text)
        if r is None or r.first is None:
            return text if i == 0 else "0"
        return f"{r.file}{r.first + i}" if i < r.count else "0"

    def operand(self, v: Value) -> Value:
        """`v` as a VALU operand: non-inline constants and SGPRs are moved into VGPRs first."""
        if isinstance(v, Imm) and v.type != "pred":
            words = _words(v.value, v.type)
            if v.type[0] == "f" and v.value != 0 or not all(_inline(w - (1 << 32) if w >= 1 << 31 else w) for w in words):
                return self._to_vgprs(v, [hex(w) for w in words])
        if isinstance(v, Src) and v.type != "pred" and (r := GcnRegister.parse(v.text)) and r.file == "s":
            return self._to_vgprs(v, [f"s{i}" for i in r.indices])
        return v

    def _to_vgprs(self, v: Value, words: list[str]) -> Src:
        moved = Src(self.tmp(v.type), v.type)
        for i, w in enumerate(words):
            self.prelude.append(f"v_mov_b32 {self.half(moved, i)}, {w}")
        return moved


_template = templates.loader(Path(__file__).parent, wide=lambda t: t in WIDE)


def _regs(stmt: Stmt) -> Iterable[Reg]:
    for f in fields(stmt):
        v = getattr(stmt, f.name)
        if isinstance(v, Reg):
            yield v
        elif isinstance(v, tuple):
            for s in v:
                yield from _regs(s)


def render(stmts: Iterable[Stmt], site: Site) -> list[str]:
    """GCN lines for `stmts`; registers and labels come from `site`'s frame. The statements'
    own registers are placed first; each template's temporaries are freed after it."""
    out: list[str] = []
    for stmt in stmts:
        for r in _regs(stmt):
            site.frame.phys(r, site.scratch)
        mark = site.frame.mark()
        values = {f.name: getattr(stmt, f.name) for f in fields(stmt)}
        operands = {k: site.operand(v) for k, v in values.items()
                    if isinstance(v, (Imm, Src)) and k not in ("dst",)}
        stmt = replace(stmt, **operands) if operands else stmt
        ctx = {f.name: getattr(stmt, f.name) for f in fields(stmt)}
        if isinstance(stmt, If):
            ctx["saved"] = site.stmp(2)
            ctx["body"] = render(stmt.body, site)
        text = _template(stmt.op).render(
            ctx, reg=site.spell, lo=lambda v: site.half(v, 0), hi=lambda v: site.half(v, 1),
            tmp=site.tmp, stmp=site.stmp, label=site.label, frame=site.frame, facts=site.frame.facts)
        out.extend(site.prelude)
        site.prelude.clear()
        out.extend(line.strip() for line in text.splitlines() if line.strip())
        site.frame.release(mark)
    return out
