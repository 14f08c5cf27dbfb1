"""Facts of the PTX ISA the parser checks a module against: known opcodes and directives.

An instruction or directive that is not listed is refused with its position (ptxas would refuse
it too, or it is newer than this table), unless the caller asks to accept unknown ones.
"""
from __future__ import annotations

from neutrino_py.asm import ir
from neutrino_py.errors import SourceError

# The PTX ISA version the tables below were written from.
PTX_ISA = "8.7"

# Index i + 1 is the OPCODE id of OPCODES[i]; append only, never reorder.
OPCODES: tuple[str, ...] = (
    "abs", "activemask", "add", "addc", "alloca", "and", "applypriority", "atom", "bar", "barrier",
    "bfe", "bfi", "bfind", "bmsk", "bra", "brev", "brkpt", "brx", "call", "clz", "cnot",
    "copysign", "cos", "cp", "cvt", "cvta", "discard", "div", "dp2a", "dp4a", "elect", "ex2",
    "exit", "fence", "fma", "fns", "getctarank", "griddepcontrol", "isspacep", "istypeof", "ld",
    "ldmatrix", "ldu", "lg2", "lop3", "mad", "mad24", "madc", "mapa", "match", "max", "mbarrier",
    "membar", "min", "mma", "mov", "movmatrix", "mul", "mul24", "multimem", "nanosleep", "neg",
    "not", "or", "pmevent", "popc", "prefetch", "prefetchu", "prmt", "rcp", "red", "redux", "rem",
    "ret", "rsqrt", "sad", "selp", "set", "setmaxnreg", "setp", "shf", "shfl", "shl", "shr", "sin",
    "slct", "sqrt", "st", "stackrestore", "stacksave", "stmatrix", "sub", "subc", "suld", "suq",
    "sured", "sust", "szext", "tanh", "tcgen05", "tensormap", "testp", "tex", "tld4", "trap",
    "txq", "vabsdiff", "vabsdiff2", "vabsdiff4", "vadd", "vadd2", "vadd4", "vavrg2", "vavrg4",
    "vmad", "vmax", "vmax2", "vmax4", "vmin", "vmin2", "vmin4", "vote", "vset", "vset2", "vset4",
    "vshl", "vshr", "vsub", "vsub2", "vsub4", "wgmma", "wmma", "xor", "clusterlaunchcontrol",
    "createpolicy",
)

KNOWN_OPCODES: frozenset[str] = frozenset(OPCODES)

# Every directive of the ISA's directive table (the ones the grammar names as keywords included).
DIRECTIVES: frozenset[str] = frozenset({
    "address_size", "alias", "align", "branchtargets", "callprototype", "calltargets", "common",
    "const", "entry", "explicitcluster", "extern", "file", "func", "global", "loc", "local",
    "maxclusterrank", "maxnctapersm", "maxnreg", "maxntid", "minnctapersm", "noreturn", "param",
    "pragma", "reg", "reqnctapercluster", "reqntid", "section", "shared", "sreg", "target", "tex",
    "version", "visible", "weak",
})


def check_known(items: list, file: str, source: str | None = None) -> None:
    """Refuse the first instruction or directive of `items` (statements, nested blocks and
    functions' tuning directives included) that PTX ISA `PTX_ISA` does not have."""
    for s in ir.walk(items):
        if isinstance(s, ir.Instruction) and s.opcode not in KNOWN_OPCODES:
            raise _unknown("instruction", s.opcode, s, file, source)
        if isinstance(s, ir.Directive) and s.name not in DIRECTIVES:
            raise _unknown("directive", "." + s.name, s, file, source)
        if isinstance(s, ir.Function):
            for d in s.directives:
                if d.name not in DIRECTIVES:
                    raise _unknown("directive", "." + d.name, d, file, source)


def _unknown(kind: str, name: str, node, file: str, source: str | None) -> SourceError:
    return SourceError(f"unknown {kind} '{name}' (not in PTX ISA {PTX_ISA}, which this version of "
                       "neutrino_py checks against)", file=file, line=node.line, col=node.col,
                       source=source, width=len(name),
                       hint="check the spelling; to pass unknown instructions and directives "
                            "through unchanged, use --allow-unknown (parse_ptx(allow_unknown=True))")
