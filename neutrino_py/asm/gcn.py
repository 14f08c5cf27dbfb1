"""AMDGCN assembly IR: the statements of an llvm-mc `.s` file, and printing them back.

A `GcnModule` is the file's statement list in order (labels, instructions, directives, kernel
descriptors, the metadata document, whole-line comments); ``.loc``, ``.file`` and
``.amdgcn_target`` are typed, other directives keep their arguments as text. Every node keeps
the line and column it came from. Instructions are generic (`opcode`, operands, modifiers): the
IR knows no opcode, the facts about them live in `asm.gcn_opcodes`, basic blocks in
`asm.gcn_cfg`. A `KernelView` finds one kernel's body (from its symbol label to its end
label), its `.amdhsa_kernel` descriptor and its metadata entry.

Printing an unmodified module gives text that llvm-mc assembles to the same bytes as the original
(tests/test_gcn_asm.py proves it over tests/corpus_gcn/).
"""
from __future__ import annotations

import ast
import operator
import re
from dataclasses import dataclass, field
from typing import Any, Iterator, Union

import yaml

from neutrino_py.errors import SourceError

SPECIAL_REGS = frozenset({
    "vcc", "vcc_lo", "vcc_hi", "exec", "exec_lo", "exec_hi", "scc", "m0", "flat_scratch",
    "flat_scratch_lo", "flat_scratch_hi", "xnack_mask", "xnack_mask_lo", "xnack_mask_hi", "tba",
    "tba_lo", "tba_hi", "tma", "tma_lo", "tma_hi", "lds_direct", "vccz", "execz", "null",
    "src_scc", "src_vccz", "src_execz", "src_shared_base", "src_shared_limit",
    "src_private_base", "src_private_limit", "src_pops_exiting_wave_id", "src_lds_direct",
})
# special registers that are 64-bit pairs with 32-bit halves ``<name>_lo`` / ``<name>_hi``
WIDE_SPECIALS = ("vcc", "exec", "flat_scratch", "xnack_mask")
# the aperture registers: 64-bit, the high dword the aperture (LLVM reads them with ``s_mov_b64``).
# A 64-bit operand reads all of one, a 32-bit operand its low dword: 0 for a base, 0xffffffff for
# a limit (an aperture is 2^32 bytes aligned to 2^32: LLVM's AMDGPUUsage, "Address Spaces"; its
# SIRegisterInfo.td names that dword SRC_*_LO, the high one no operand reads alone)
APERTURES = ("src_shared_base", "src_shared_limit", "src_private_base", "src_private_limit")
_REG = re.compile(r"(v|s|a|ttmp)(\d+)$")
_RANGE = re.compile(r"(v|s|a|ttmp)\[(\d+):(\d+)\]$")


@dataclass(frozen=True)
class Register:
    """A register: `file` is ``v`` ``s`` ``a`` ``ttmp`` (numbered, `count` wide) or a special name.
    Frozen, so renderers can key their memo on the registers a site placed."""
    file: str
    first: int | None = None
    count: int = 1
    ranged: bool = False

    @classmethod
    def parse(cls, text: str) -> Register | None:
        if text in SPECIAL_REGS:
            return cls(text)
        m = _REG.match(text)
        if m:
            return cls(m.group(1), int(m.group(2)))
        m = _RANGE.match(text)
        if m:
            lo, hi = int(m.group(2)), int(m.group(3))
            return cls(m.group(1), lo, hi - lo + 1, ranged=True)
        return None

    @property
    def indices(self) -> range:
        return range(self.first, self.first + self.count) if self.first is not None else range(0)

    def __str__(self) -> str:
        if self.first is None:
            return self.file
        if self.count == 1 and not self.ranged:
            return f"{self.file}{self.first}"
        return f"{self.file}[{self.first}:{self.first + self.count - 1}]"


@dataclass
class Imm:
    """A number as written (``0x2c``, ``-0.5``); `value` is its int or float value."""
    text: str

    @property
    def value(self) -> int | float:
        t = self.text
        neg = t.startswith("-")
        body = t.lstrip("-")
        if body.lower().startswith("0x"):
            v: int | float = int(body, 16)
        elif re.fullmatch(r"\d+", body):
            v = int(body)
        else:
            v = float(body)
        return -v if neg else v

    def __str__(self) -> str:
        return self.text


@dataclass
class Sym:
    """A label, symbol, named constant or expression (``.LBB0_2``, ``off``, ``foo@rel32@lo+4``)."""
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass
class Func:
    """``name(args)``: ``vmcnt(0)``, ``hwreg(HW_REG_HW_ID, 0, 32)``, ``sext(v1)``."""
    name: str
    args: tuple["Operand", ...] = ()

    def __str__(self) -> str:
        return f"{self.name}({', '.join(map(str, self.args))})"


@dataclass
class ListOp:
    """``[a, b, ...]`` as an operand or a modifier value (``op_sel:[0,1]``)."""
    items: tuple["Operand", ...] = ()

    def __str__(self) -> str:
        return "[" + ",".join(map(str, self.items)) + "]"


@dataclass
class Modified:
    """A source operand with the VOP3 input modifiers ``-x``, ``|x|``, ``-|x|``, or as llvm-mc
    also spells them, ``neg(x)``, ``abs(x)``, ``neg(abs(x))`` (`neg_call`, `abs_call`: that
    spelling, kept so that the text prints back as written)."""
    inner: "Operand"
    neg: bool = False
    abs: bool = False
    neg_call: bool = False
    abs_call: bool = False

    def __str__(self) -> str:
        s = str(self.inner)
        if self.abs:
            s = f"abs({s})" if self.abs_call else f"|{s}|"
        if self.neg:
            s = f"neg({s})" if self.neg_call else "-" + s
        return s


Operand = Union[Register, Imm, Sym, Func, ListOp, Modified]


@dataclass
class Modifier:
    """A trailing modifier: ``glc`` (value None), ``offset:16``, ``op_sel:[0,1]``, ``lgkmcnt(0)``
    (a function named like the modifier), ``offset:swizzle(SWAP,1)`` (a keyed function);
    `joined`: written after ``&`` (``s_waitcnt vmcnt(0) & lgkmcnt(0)``), printed so."""
    name: str
    value: str | ListOp | Func | None = None
    joined: bool = False

    def __str__(self) -> str:
        if isinstance(self.value, Func) and self.value.name == self.name:
            text = str(self.value)
        else:
            text = self.name if self.value is None else f"{self.name}:{self.value}"
        return "& " + text if self.joined else text


@dataclass
class Instruction:
    opcode: str
    operands: list[Operand] = field(default_factory=list)
    modifiers: list[Modifier] = field(default_factory=list)
    line: int = 0
    col: int = 0

    def modifier(self, name: str) -> Modifier | None:
        return next((m for m in self.modifiers if m.name == name), None)

    def regs(self) -> Iterator[Register]:
        """Every register the instruction names (inside modifiers of operands too)."""
        def walk(op: Any) -> Iterator[Register]:
            if isinstance(op, Register):
                yield op
            elif isinstance(op, Modified):
                yield from walk(op.inner)
            elif isinstance(op, (Func, ListOp)):
                for a in op.args if isinstance(op, Func) else op.items:
                    yield from walk(a)
        for op in self.operands:
            yield from walk(op)

    def to_text(self) -> str:
        text = "\t" + self.opcode
        if self.operands:
            text += " " + ", ".join(map(str, self.operands))
        if self.modifiers:
            text += " " + " ".join(map(str, self.modifiers))
        return text


@dataclass
class Label:
    name: str
    line: int = 0
    col: int = 0

    def to_text(self) -> str:
        return f"{self.name}:"


@dataclass
class Directive:
    """Any directive kept as name + raw argument text (``.p2align 8``, ``.section ...``)."""
    name: str
    args: str = ""
    line: int = 0
    col: int = 0

    def to_text(self) -> str:
        return f"\t{self.name}{' ' + self.args if self.args else ''}"


@dataclass
class TargetDirective(Directive):
    """``.amdgcn_target "TRIPLE-PROCESSOR[:FEATURES]"``. LLVM writes the triple two ways: the
    legacy ``amdgcn-amd-amdhsa--gfx942`` (clang 19, the only one LLVM 19 knows) and the subarch
    triple of later LLVM (``amdgpu9.42-amd-amdhsa-unknown-gfx942``: Triton 3.9's). The processor
    and features are the same in both. Printed in the legacy spelling: the assembler stage drives
    llvm-mc with ``-triple=amdgcn-amd-amdhsa``, and llvm-mc refuses a directive that does not
    spell what that triple and ``-mcpu`` make (a later LLVM still takes the legacy one: Triton
    3.9's assembler gave the same object for both spellings)."""

    @property
    def target_id(self) -> str:
        return _target_id(self.args)

    def to_text(self) -> str:
        return f'\t{self.name} "{legacy_triple(self.args.strip().strip(chr(34)))}"'


@dataclass
class Loc:
    """``.loc FILE LINE [COL] [flags]`` (clang -g): the source line of the instructions that follow;
    `rest` keeps the column and flags as written."""
    file: int
    source_line: int
    rest: str = ""
    line: int = 0
    col: int = 0

    def to_text(self) -> str:
        return f"\t.loc\t{self.file} {self.source_line}{' ' + self.rest if self.rest else ''}"


@dataclass
class File:
    """``.file [N] "dir" "name" [md5 ...]``: `names` are the quoted strings as written, `rest`
    what follows them. Without N it names the object's source, not an entry `.loc` refers to."""
    index: int | None
    names: tuple[str, ...]
    rest: str = ""
    line: int = 0
    col: int = 0

    @property
    def path(self) -> str:
        """``dir/name`` as `line "file":N` positions match it (empty and ``.`` parts left out)."""
        return "/".join(p for p in self.names[-2:] if p not in ("", "."))

    def to_text(self) -> str:
        index = "" if self.index is None else f"{self.index} "
        names = " ".join(f'"{n}"' for n in self.names)
        return f"\t.file\t{index}{names}{' ' + self.rest if self.rest else ''}"


@dataclass
class Comment:
    """A whole-line comment; ``; @neutrino name`` comments are marks for probes."""
    text: str
    line: int = 0
    col: int = 0

    @property
    def body(self) -> str:
        """The comment without its ``;`` or ``//`` delimiters, stripped (what `ast.Mark.matches`
        reads)."""
        return self.text.lstrip(";/").strip()

    def to_text(self) -> str:
        return "\t" + self.text


# `.amdhsa_` fields whose value, where a descriptor leaves them out, is not 0 (llvm-mc's defaults)
LLVM_DEFAULTS = {"system_sgpr_workgroup_id_x": 1, "float_denorm_mode_16_64": 3, "dx10_clamp": 1,
                 "ieee_mode": 1, "reserve_vcc": 1}
# user SGPRs in the order the hardware loads them, and how many each takes
USER_SGPRS = {"private_segment_buffer": 4, "dispatch_ptr": 2, "queue_ptr": 2,
              "kernarg_segment_ptr": 2, "dispatch_id": 2, "flat_scratch_init": 2,
              "private_segment_size": 1, "kernarg_preload_length": 1}


@dataclass
class KernelDescriptor:
    """``.amdhsa_kernel name`` ... ``.end_amdhsa_kernel``: fields in order, values as text."""
    name: str
    fields: dict[str, str] = field(default_factory=dict)
    line: int = 0
    col: int = 0
    file: str = "<gcn>"

    def get(self, key: str, default: int | None = None) -> int:
        """Integer value of ``.amdhsa_<key>`` (a SourceError at the descriptor where it is none:
        a newer LLVM may write an expression there). A field left out has the value llvm-mc
        gives it (`default` where given): workgroup id x is enabled, the user SGPR count is that
        of the user SGPRs enabled, most others are 0."""
        v = self.fields.get(".amdhsa_" + key)
        if v is None and default is not None:
            return default
        if v is None and key == "user_sgpr_count":
            return sum(n * self.get("user_sgpr_" + kind) for kind, n in USER_SGPRS.items())
        if v is None:
            return LLVM_DEFAULTS.get(key, 0)
        try:
            return int(v, 0)
        except ValueError:
            raise SourceError(f".amdhsa_{key} of kernel {self.name!r} is {v!r}, not a number",
                              file=self.file, line=self.line, col=self.col,
                              hint="neutrino_py reads kernel descriptors whose values are numbers, "
                                   "as clang 19 writes them") from None

    def set(self, key: str, value: int) -> None:
        self.fields[".amdhsa_" + key] = str(value)

    def to_text(self) -> str:
        body = "".join(f"\t\t{k} {v}\n" for k, v in self.fields.items())
        return f"\t.amdhsa_kernel {self.name}\n{body}\t.end_amdhsa_kernel"


@dataclass
class Metadata:
    """The ``.amdgpu_metadata`` YAML document. `doc` parses on first use; once it was asked for,
    printing writes it back from `doc` (so edits show), otherwise the original text is kept."""
    text: str
    line: int = 0
    col: int = 0
    _doc: dict[str, Any] | None = None

    @property
    def doc(self) -> dict[str, Any]:
        if self._doc is None:
            self._doc = self.parse()
        return self._doc

    def parse(self, file: str = "<gcn>", source: str | None = None) -> dict[str, Any]:
        """The YAML document, not kept (printing keeps the original text); a mapping whose
        ``amdhsa.kernels`` is a list of mappings, or a SourceError at the YAML's position."""
        body = self.text.split("\n", 1)[1].rsplit(".end_amdgpu_metadata", 1)[0].rstrip()
        hint = "the metadata block is YAML as clang writes it"
        try:
            doc = yaml.load(body, Loader=_MetadataLoader)
        except yaml.YAMLError as err:
            mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
            line, col = (self.line + 1 + mark.line, mark.column + 1) if mark else (self.line, self.col)
            raise SourceError(f"malformed .amdgpu_metadata: {getattr(err, 'problem', None) or err}",
                              file=file, line=line, col=col, source=source, hint=hint) from None
        kernels = doc.get("amdhsa.kernels", []) if isinstance(doc, dict) else None
        if not isinstance(kernels, list) or not all(isinstance(k, dict) for k in kernels):
            raise SourceError("malformed .amdgpu_metadata: expected a mapping whose 'amdhsa.kernels'"
                              " is a list of kernel mappings", file=file, line=self.line,
                              col=self.col, source=source, hint=hint)
        for index, kernel in enumerate(kernels):
            why = _kernel_problem(kernel)
            if why:
                line, col = self._kernel_position(body, index)
                raise SourceError(f"malformed .amdgpu_metadata: kernel {kernel.get('.name', index)!r} {why}",
                                  file=file, line=line, col=col, source=source, hint=hint)
        return doc

    def _kernel_position(self, body: str, index: int) -> tuple[int, int]:
        """Line and column of the `index`th kernel mapping in the YAML (the block's own on failure)."""
        try:
            node = yaml.compose(body, Loader=_MetadataLoader)
            kernels = next(v for k, v in node.value if k.value == "amdhsa.kernels")
            mark = kernels.value[index].start_mark
            return self.line + 1 + mark.line, mark.column + 1
        except (yaml.YAMLError, AttributeError, StopIteration, IndexError, TypeError):
            return self.line, self.col

    def kernel(self, name: str) -> dict[str, Any] | None:
        return next((k for k in self.doc.get("amdhsa.kernels", []) if k.get(".name") == name), None)

    def to_text(self) -> str:
        if self._doc is None:
            return self.text
        body = yaml.dump(self._doc, Dumper=_MetadataDumper, sort_keys=False,
                         default_flow_style=False, width=1 << 16)
        return f"\t.amdgpu_metadata\n---\n{body}...\n\n\t.end_amdgpu_metadata"


def _kernel_problem(kernel: dict[str, Any]) -> str | None:
    """What of a kernel's metadata the target reads is missing or of the wrong type, or None."""
    if not isinstance(kernel.get(".name"), str):
        return "has no .name"
    for key in (".kernarg_segment_size", ".sgpr_count", ".vgpr_count", ".agpr_count",
                ".private_segment_fixed_size"):
        if not isinstance(kernel.get(key, 0), int) or isinstance(kernel.get(key), bool):
            return f"has a {key} that is not a number"
    args = kernel.get(".args", [])
    if not isinstance(args, list):
        return "has .args that is not a list"
    for i, arg in enumerate(args):
        if not isinstance(arg, dict):
            return f"has argument {i} that is not a mapping"
        for key, kind in ((".offset", int), (".size", int), (".value_kind", str)):
            value = arg.get(key)
            if not isinstance(value, kind) or isinstance(value, bool) or (kind is int and value < 0):
                return f"has argument {i} without a {'whole number' if kind is int else 'text'} {key}"
        if not isinstance(arg.get(".name", ""), str):
            return f"has argument {i} whose .name is not text"
    return None


class _MetadataLoader(yaml.SafeLoader):
    """YAML with the tags LLVM's msgpack document writer puts on scalars that would otherwise
    read as another type (``!str 0x10``, ``!int``, ``!float``, ``!bool``, ``!nil``)."""


for _tag, _make in (("!str", str), ("!int", lambda v: int(v, 0)), ("!float", float),
                    ("!bool", lambda v: v.lower() == "true"), ("!nil", lambda v: None)):
    _MetadataLoader.add_constructor(
        _tag, lambda loader, node, make=_make: make(loader.construct_scalar(node)))


# Plain scalars LLVM's msgpack YAML reader takes for a bool, null, int or float (it infers the
# type of every untagged scalar, quoted or not: `llvm::yaml::parseBool` words, strtoull/strtod).
_LLVM_NOT_STRING = re.compile(
    r"|~|null|Null|NULL|[yYnN]|yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF"
    r"|[-+]?(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO]?[0-7]*|[0-9]+)"
    r"|[-+]?((\d+\.?\d*|\.\d+)([eE][-+]?\d+)?|(?i:inf(inity)?|nan)|0[xX][0-9a-fA-F.]+[pP][-+]?\d+)")


class _MetadataDumper(yaml.SafeDumper):
    """YAML as LLVM reads it back: a string that LLVM would read as another type (a kernel
    argument named ``n`` is a bool to it) is written with the ``!str`` tag, as LLVM does."""

    def represent_str(self, data: str) -> yaml.ScalarNode:
        if _LLVM_NOT_STRING.fullmatch(data):
            return self.represent_scalar("!str", data)
        return super().represent_str(data)


_MetadataDumper.add_representer(str, _MetadataDumper.represent_str)


Statement = Union[Instruction, Label, Directive, Loc, File, Comment, KernelDescriptor, Metadata]

_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
              ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.LShift: operator.lshift,
              ast.RShift: operator.rshift, ast.BitAnd: operator.and_, ast.BitOr: operator.or_,
              ast.BitXor: operator.xor, ast.USub: operator.neg, ast.Invert: operator.invert}


def evaluate(expr: str, symbols: dict[str, int]) -> int | None:
    """An integer assembler expression (numbers, `symbols`, ``+ - * / % << >> & | ^ ~`` and
    parentheses; ``/`` divides integers), or None where it is not one (a label, a relocation)."""
    text = re.sub(r"(?<![\w.$])([A-Za-z_.$][\w.$]*)", lambda m: f"_s[{m[1]!r}]", expr.replace("/", "//"))
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None

    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            return symbols[node.slice.value]
        if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
            return _OPERATORS[type(node.op)](value(node.left), value(node.right))
        if isinstance(node, ast.UnaryOp) and type(node.op) in _OPERATORS:
            return _OPERATORS[type(node.op)](value(node.operand))
        raise KeyError(expr)

    try:
        return value(tree)
    except (KeyError, ZeroDivisionError, ValueError, OverflowError):
        return None


@dataclass
class KernelView:
    """One kernel of a module: ``statements[start:end]`` is its code (label excluded), and
    ``statements[entry:end]`` the code that runs (`preload_entry`); `entry` is None where a kernel
    preloads arguments and its header cannot be told apart."""
    name: str
    start: int
    end: int
    descriptor: KernelDescriptor
    metadata: dict[str, Any] | None
    entry: int | None = None


def preload_entry(statements: list[Statement], start: int, end: int, desc: KernelDescriptor) -> int | None:
    """Where a kernel's code starts on the firmware that runs it. A kernel that preloads kernel
    arguments into SGPRs (``.amdhsa_user_sgpr_kernarg_preload_length`` above 0) is entered 256
    bytes past its symbol; LLVM fills those bytes with a header for firmware that cannot
    preload: ``s_trap 2`` and ``.fill 63, 4, 0xbf800000`` (LLVM 18-19), or a prologue that loads
    the arguments with ``s_load`` and branches to the code, which ``.p2align 8`` puts 256 bytes
    in (later LLVM: Triton 3.9's). The index after the ``.fill`` or the ``.p2align``; `start`
    without preloading; None where neither directive comes before the first instruction after
    it (nothing then says where the code starts)."""
    if desc.get("user_sgpr_kernarg_preload_length") <= 0:
        return start
    for i in range(start, end):
        s = statements[i]
        if isinstance(s, Directive) and (s.name == ".fill" or s.name == ".p2align"
                                         and s.args.split(",")[0].strip() == "8"):
            return i + 1
    return None


# Processors whose code the GCN target writes correct instrumentation for: gfx9 CDNA with waves of
# 64 and the unified VGPR/AGPR file. Others (gfx908, RDNA's gfx10-gfx12 with waves of 32 and other
# encodings) are refused by name rather than instrumented wrongly.
PROCESSORS = ("gfx90a", "gfx940", "gfx941", "gfx942", "gfx950")
SUPPORTED = "gfx9 CDNA code: " + ", ".join(PROCESSORS)


def _target_id(args: str) -> str:
    """``.amdgcn_target``'s argument as a target id: ``"amdgcn-amd-amdhsa--gfx90a:xnack+"`` or
    ``"amdgpu9.0a-amd-amdhsa-unknown-gfx90a:xnack+"`` -> ``gfx90a:xnack+`` (the processor is the
    last field before the features, which may hold dashes: ``xnack-``)."""
    head, sep, features = args.strip().strip('"').partition(":")
    return head.rsplit("-", 1)[-1] + sep + features


# the architecture field of LLVM's subarch triples: amdgpu9.42, amdgpu9.0a, amdgpu11.00
_SUBARCH = re.compile(r"amdgpu\d+\.\w+")


def legacy_triple(target: str) -> str:
    """A target triple with processor in the spelling LLVM 19 knows: ``amdgpu9.42-amd-amdhsa-
    unknown-gfx942:xnack+`` -> ``amdgcn-amd-amdhsa--gfx942:xnack+`` (the subarch is the
    processor's, and an environment of ``unknown`` is LLVM's empty one); others unchanged."""
    head, sep, features = target.partition(":")
    fields = head.split("-")
    if len(fields) == 5 and _SUBARCH.fullmatch(fields[0]):
        fields[0] = "amdgcn"
        fields[3] = "" if fields[3] == "unknown" else fields[3]
    return "-".join(fields) + sep + features


def named_target_id(text: str) -> str | None:
    """The target id a module's `.amdgcn_target` names (``gfx90a:xnack+``), read from its text
    without parsing it (for messages about a module that does not parse, and for the
    assembler's flags); None without one."""
    for line in text.splitlines():
        parts = line.split(None, 1)
        if parts and parts[0] == ".amdgcn_target" and len(parts) > 1:
            return _target_id(parts[1])
    return None


def named_target(text: str) -> str | None:
    """The processor of `named_target_id`."""
    target = named_target_id(text)
    return None if target is None else target.split(":")[0]


@dataclass
class GcnModule:
    statements: list[Statement]
    file: str = "<gcn>"

    @property
    def target(self) -> str:
        """The processor (``gfx942``) named by ``.amdgcn_target``."""
        return self.target_id.split(":")[0]

    @property
    def target_id(self) -> str:
        """The processor with its feature settings (``gfx90a:sramecc+:xnack+``), as
        ``.amdgcn_target`` names it: what the assembler must be told to accept the file."""
        return self.target_directive().target_id

    def target_directive(self) -> TargetDirective:
        """The module's ``.amdgcn_target`` (ValueError without one)."""
        for s in self.statements:
            if isinstance(s, TargetDirective):
                return s
        raise ValueError("no .amdgcn_target directive in the module")

    def metadata(self) -> Metadata | None:
        return next((s for s in self.statements if isinstance(s, Metadata)), None)

    def files(self) -> dict[int, str]:
        """File index -> path of the ``.file N`` entries (what ``.loc`` directives refer to)."""
        return {s.index: s.path for s in self.statements if isinstance(s, File) and s.index is not None}

    def constants(self) -> dict[str, int]:
        """Symbols the module gives a number with ``.set``/``.equ``/``.equiv`` (``.set
        OUT_STRIDE, 256``, ``.equ HALF, OUT_STRIDE/2``), in order; others are left out."""
        out: dict[str, int] = {}
        for s in self.statements:
            if isinstance(s, Directive) and s.name in (".set", ".equ", ".equiv") and "," in s.args:
                name, expr = (x.strip() for x in s.args.split(",", 1))
                value = evaluate(expr, out)
                if value is not None:
                    out[name] = value
        return out

    def kernel_names(self) -> list[str]:
        return [s.name for s in self.statements if isinstance(s, KernelDescriptor)]

    def kernel(self, name: str) -> KernelView:
        """The kernel called `name`: body from its label to the first label/`.size`/section
        change that ends it (LLVM's ``.Lfunc_endN``)."""
        desc = next((s for s in self.statements if isinstance(s, KernelDescriptor) and s.name == name), None)
        if desc is None:
            raise KeyError(f"no kernel {name!r} in {self.file} (kernels: {', '.join(self.kernel_names())})")
        start = next((i for i, s in enumerate(self.statements) if isinstance(s, Label) and s.name == name), None)
        if start is None:
            raise SourceError(f"kernel {name!r} has a descriptor but no code (no label {name}:)",
                              file=self.file, line=desc.line, col=desc.col,
                              hint="pass the whole .s file clang writes for the kernel")
        start += 1
        end = start
        while end < len(self.statements) and not _ends_function(self.statements[end]):
            end += 1
        meta = self.metadata()
        return KernelView(name, start, end, desc, meta.kernel(name) if meta else None,
                          preload_entry(self.statements, start, end, desc))

    def to_text(self) -> str:
        return "\n".join(s.to_text() for s in self.statements) + "\n"


def _ends_function(s: Statement) -> bool:
    if isinstance(s, Label):
        return s.name.startswith(".Lfunc_end")
    if isinstance(s, Directive):
        return s.name in (".section", ".size", ".end_amdgpu_metadata") or s.name.startswith(".Lfunc_end")
    return isinstance(s, (KernelDescriptor, Metadata))
