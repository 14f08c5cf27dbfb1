"""Site code that repeats in a kernel, kept once and reached by a branch and an indexed return.

A probe at every access of a loop that makes 64 loads puts 64 copies of the same site code in
the loop: `memtrace` grew a Triton matmul from 28 KiB of machine code to 836 KiB, and its warps
waited 12.3 cycles per instruction on instruction fetch (H200, Nsight Compute). Copies that
differ only in registers and constants (the access's address, its PC) are one shared body: each
site moves its own values into parameter registers, sets a return index and branches there;
the body ends in ``brx.idx`` back to the site. No ``call`` and no calling convention: the
kernel's registers stay where they are. What it costs: each return loads its target from a
constant table, and the body keeps the registers live at every site's return, so ptxas spills
more (the matmul: 46.8 GB of local loads against 8.8 GB inline, its fetch stalls 12.3 -> 0.14
cycles per instruction; benchmarks/results/ncu_memtrace_shared-nvidia-h200.txt).

Sites share a body only within a *segment*, a stretch of the original code with no label and
no branch of its own: every lane that enters it passes every site in it together, so the warp
does not diverge more than without sharing, and the loops of the CFG keep one entry each (the
body is a block of the segment's loop). The body stands right after the segment's last site,
jumped over on the way through.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from neutrino_py.asm import cfg, ir

# A site of fewer instructions is cheaper inline than behind two branches and its moves. Sharing
# pays only where the kernel's site code is far past the instruction cache. memtrace on the
# H200 (benchmarks/results/shared_sites_memtrace-nvidia-h200.json, _default- for this
# threshold): a Triton matmul's 26,485 statements of site code (836 KiB of machine code inline,
# 93 KiB shared) 17.83x -> 12.36x; add_kernel's 4,525 (137 KiB) 1.36x -> 2.08x shared, saxpy's
# and softmax's fewer slower too; dmat's 7,296 in the matmul 15.9x -> 23.7x. A kernel with less
# site code (PTX statements) than MIN_SITE_CODE keeps every site inline.
MIN_INSTRUCTIONS = 24
MIN_SITE_CODE = 16384
# Sites per body: ptxas's time and memory grow faster than the return table (a stretch of 2,000
# dmat sites, ptxas 13.5 on the CPU VM: 3.65 s and 394 MB in one body, 0.91 s and 101 MB in
# bodies of 256; of 20,000 sites: killed past 24 GB in one body, 43 s in bodies of 1,024,
# 31 s and 1.5 GB in bodies of 256; every site inline, 2,000 sites took 148 s and 1.8 GB).
MAX_RETURNS = 256

# Width of a parameter register -> its type and the name stem after the kernel's register prefix
# (``%nt_``: `render.Names`); the return index's stem
PARAM_TYPES = {1: "pred", 16: "b16", 32: "b32", 64: "b64"}
PARAM_STEMS = {1: "qp", 16: "qh", 32: "q", 64: "qd"}
RETURN = "ret"

# Opcodes a shared body may not hold: they leave the site by another way than its end, or wait
# for other warps at a place that would then be one for every site.
_KEPT_INLINE = frozenset({"ret", "exit", "trap", "call", "brx", "bar", "barrier", "brkpt"})
# Operands (by position) that are 32 bits whatever the instruction's type
_U32_AT = {"shl": {2}, "shr": {2}, "bfe": {2, 3}, "bfi": {3, 4}, "match": {2}, "redux": {2}}
_ALL_U32 = frozenset({"shf", "shfl", "vote", "prmt"})


@dataclass
class Site:
    """One queued sequence of site code and the segment of the original body it stands in."""
    code: Sequence[ir.Statement]
    segment: int
    anchor: ir.Statement
    nested: bool = False


@dataclass
class Shared:
    """What sharing made: per site, the code that replaces its own; the parameter registers
    each width needs; the statements of every shared body go in the replacements."""
    replaced: list[tuple[Site, list[ir.Statement]]] = field(default_factory=list)
    params: dict[int, int] = field(default_factory=dict)


def segments(body: list[ir.Statement]) -> tuple[dict[int, int], set[int], set[int]]:
    """Segment of each statement of the original body, by identity, with a site inserted before
    a statement in the segment that statement is in and one after it in the segment after it
    (a label a branch may jump to starts a segment, as it starts a basic block: `cfg`; a
    branch or exit ends one); the statements inside nested ``{ }`` scopes, whose own ``.reg``
    names a shared body outside them could not see; and the labels that start one (a site
    before such a label is in the segment before)."""
    seg, out, nested, heads = 0, {}, set(), set()
    named = cfg.jump_targets(ir.flat(body))

    def visit(stmts: list[ir.Statement], depth: int) -> None:
        nonlocal seg
        for s in stmts:
            kind = type(s)
            if kind is ir.Block:
                visit(s.body, depth + 1)
                continue
            if kind is ir.Label and (named is None or s.name in named):
                seg += 1
                heads.add(id(s))
            out[id(s)] = seg
            if depth:
                nested.add(id(s))
            if kind is ir.Instruction and s.is_terminator:
                seg += 1
    visit(body, 0)
    return out, nested, heads


class _Shape:
    """A sequence of site code with its registers named by first use and its constants left
    out: two sites of the same shape differ only in `regs` and `imms`."""

    def __init__(self, code: Sequence[ir.Statement], bits: Callable[[str], int | None]) -> None:
        self.bits = bits
        self.classes: dict[str, int] = {}
        self.regs: list[str] = []
        self.imms: list[str] = []
        self.imm_bits: list[int] = []
        self.written: set[int] = set()
        self.labels = {s.name: n for n, s in enumerate(x for x in code if type(x) is ir.Label)}
        self.instructions = 0
        self.key: tuple | None = self._key(code)

    def _key(self, code: Sequence[ir.Statement]) -> tuple | None:
        key: list = []
        for s in code:
            kind = type(s)
            if kind is ir.Label:
                key.append(("L", self.labels[s.name]))
                continue
            if kind is not ir.Instruction or s.opcode in _KEPT_INLINE:
                return None
            self.instructions += 1
            guard = None if s.guard is None else self._reg(s.guard)
            try:
                ops = tuple(self._operand(o, s, k) for k, o in enumerate(s.operands))
            except _Unshared:
                return None
            key.append((s.name, guard, s.guard_negated, ops))
            self.written |= {self.classes[n] for n in s.regs_written() if n in self.classes}
        return tuple(key)

    def _reg(self, r: ir.Register) -> tuple:
        n = self.classes.get(r.name)
        if n is not None:
            return ("R", n)
        width = self.bits(r.name)
        if width not in PARAM_TYPES:
            return ("=", r.name)
        self.classes[r.name] = len(self.regs)
        self.regs.append(r.name)
        return ("R", len(self.regs) - 1, width)

    def _operand(self, o: ir.Operand, ins: ir.Instruction, k: int) -> tuple:
        kind = type(o)
        if kind is ir.Register:
            return self._reg(o)
        if kind is ir.Immediate:
            width = _imm_bits(ins, k, o.text)
            if width is None:
                return ("=", o.text)
            self.imms.append(o.text)
            self.imm_bits.append(width)
            return ("I", width)
        if kind is ir.Symbol:
            if ins.opcode != "bra":
                return ("=", o.name)
            if o.name not in self.labels:
                raise _Unshared
            return ("L", self.labels[o.name])
        if kind is ir.Vector:
            return ("V",) + tuple(self._operand(x, ins, k) for x in o.items)
        if kind is ir.Address:
            if o.coords is not None or type(o.base) is ir.Immediate:
                raise _Unshared
            return ("A", self._operand(o.base, ins, k), o.offset, o.zero_offset)
        if kind is ir.Negated:
            return ("!", self._reg(o.operand))
        if kind is ir.PredPair:
            return ("|", self._operand(o.first, ins, k), self._operand(o.second, ins, k))
        if kind is ir.Sink:
            return ("_",)
        raise _Unshared


class _Unshared(Exception):
    """Site code that cannot be one shared body (it branches out of itself, or an operand
    cannot come from a register)."""


def _imm_bits(ins: ir.Instruction, k: int, text: str) -> int | None:
    """Width of the register an immediate operand can be moved into with its bits unchanged;
    None where that is not known: several types, or a literal a float instruction reads as a
    number (``1.5``, ``1``) rather than as bits (``0f3FC00000``)."""
    bits_literal = text.lstrip("-")[:2].lower() in ("0f", "0d")
    if ins.opcode in _ALL_U32 or k in _U32_AT.get(ins.opcode, ()):
        return 32
    types = [m for m in ins.modifiers if m in ir.TYPE_BYTES and m != "pred"]
    if not types or (len(set(types)) > 1 and ins.opcode != "cvt"):
        return None
    if types[-1][0] not in "bus" and not bits_literal:
        return None
    if any(c in text for c in ".eE") and not bits_literal and text[:2].lower() != "0x":
        return None
    width = 8 * ir.TYPE_BYTES[types[-1]]
    if ins.opcode == "mad" and "wide" in ins.modifiers and k == 3:
        width *= 2
    return width if width in PARAM_TYPES else None


def share(sites: Iterable[Site], bits: Callable[[str], int | None],
          new_label: Callable[[], str], prefix: str) -> Shared:
    """Replacements for the sites whose code one shared body can stand for, its registers named
    with the kernel's register `prefix`. A segment where some site's code branches out of itself
    (or into another's) shares nothing."""
    sites = list(sites)
    defined: dict[str, int] = {}
    for n, site in enumerate(sites):
        for s in site.code:
            if type(s) is ir.Label:
                defined[s.name] = n
    broken = set()
    for n, site in enumerate(sites):
        for s in site.code:
            if type(s) is ir.Instruction and s.is_branch:
                names = [o.name for o in s.operands if type(o) is ir.Symbol]
                if s.opcode == "brx" or any(defined.get(x) != n for x in names):
                    broken.add(site.segment)
    groups: dict[tuple, list[tuple[Site, _Shape]]] = {}
    for site in sites:
        if site.nested or site.segment in broken:
            continue
        shape = _Shape(site.code, bits)
        if shape.key is not None and shape.instructions >= MIN_INSTRUCTIONS:
            groups.setdefault((site.segment, shape.key), []).append((site, shape))
    out = Shared()
    for members in groups.values():
        for k in range(0, len(members), MAX_RETURNS):
            if len(members[k:k + MAX_RETURNS]) > 1:
                _one_body(members[k:k + MAX_RETURNS], out, new_label, prefix)
    return out


def _one_body(members: list[tuple[Site, _Shape]], out: Shared,
              new_label: Callable[[], str], prefix: str) -> None:
    first = members[0][1]
    taken: dict[int, int] = {}

    def param(width: int) -> ir.Register:
        n = taken.get(width, 0)
        taken[width] = n + 1
        out.params[width] = max(out.params.get(width, 0), n + 1)
        return ir.Register(f"{prefix}{PARAM_STEMS[width]}{n}")

    widths = [first.bits(name) for name in first.regs]
    reg_params = {c: param(widths[c])
                  for c in range(len(first.regs))
                  if len({shape.regs[c] for _, shape in members}) > 1}
    imm_params = {j: param(first.imm_bits[j]) for j in range(len(first.imms))
                  if len({shape.imms[j] for _, shape in members}) > 1}
    head, table = new_label(), new_label()
    backs = [new_label() for _ in members]
    ret = ir.Register(prefix + RETURN)
    for n, (site, shape) in enumerate(members):
        code: list[ir.Statement] = []
        for c, p in reg_params.items():
            code.append(_mov(p, ir.Register(shape.regs[c]), widths[c]))
        for j, p in imm_params.items():
            code.append(_mov(p, ir.Immediate(shape.imms[j]), first.imm_bits[j]))
        code += [ir.Instruction("mov", ["u32"], [ret, ir.Immediate(str(n))]),
                 ir.Instruction("bra", ["uni"], [ir.Symbol(head)]),
                 ir.Label(backs[n])]
        code += [_mov(ir.Register(shape.regs[c]), p, widths[c]) for c, p in reg_params.items()
                 if c in shape.written]
        out.replaced.append((site, code))
    skip = new_label()
    body = _substituted(members[0][0].code, first, reg_params, imm_params)
    out.replaced[-1][1].extend([
        ir.Instruction("bra", [], [ir.Symbol(skip)]),
        ir.Label(head), *body,
        ir.Label(table), ir.Directive("branchtargets", ", ".join(backs)),
        ir.Instruction("brx", ["idx", "uni"], [ret, ir.Symbol(table)]),
        ir.Label(skip)])


def _mov(dst: ir.Register, src: ir.Operand, width: int) -> ir.Instruction:
    return ir.Instruction("mov", [PARAM_TYPES[width]], [dst, src])


def _substituted(code: Sequence[ir.Statement], shape: _Shape, reg_params: dict[int, ir.Register],
                 imm_params: dict[int, ir.Register]) -> list[ir.Statement]:
    """The first site's code with its parameters in their registers."""
    names = {shape.regs[c]: p for c, p in reg_params.items()}
    imm_at = iter(range(len(shape.imms)))
    out: list[ir.Statement] = []

    def sub(o: ir.Operand, ins: ir.Instruction, k: int) -> ir.Operand:
        kind = type(o)
        if kind is ir.Register:
            return names.get(o.name, o)
        if kind is ir.Immediate:
            if _imm_bits(ins, k, o.text) is None:
                return o
            j = next(imm_at)
            return imm_params.get(j, o)
        if kind is ir.Vector:
            return ir.Vector(tuple(sub(x, ins, k) for x in o.items))
        if kind is ir.Address:
            return ir.Address(sub(o.base, ins, k), o.offset, o.coords, o.zero_offset, o.sampler)
        if kind is ir.Negated:
            return ir.Negated(names.get(o.operand.name, o.operand))
        if kind is ir.PredPair:
            return ir.PredPair(sub(o.first, ins, k), sub(o.second, ins, k))
        return o

    for s in code:
        if type(s) is not ir.Instruction:
            out.append(s)
            continue
        guard = None if s.guard is None else names.get(s.guard.name, s.guard)
        ops = [sub(o, s, k) for k, o in enumerate(s.operands)]
        out.append(ir.Instruction(s.opcode, s.modifiers, ops, guard, s.guard_negated,
                                  name=s.name))
    return out
