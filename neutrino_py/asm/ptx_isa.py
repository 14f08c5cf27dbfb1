"""Facts of the PTX ISA, kept once: known opcodes and directives, and what each kind of opcode
does. The parser refuses what is not listed (`parser.check_known`; ptxas would refuse it too, or
it is newer than this table) unless asked to accept unknown ones; the IR
(`ir.Instruction.touches_memory`, destinations), the probe checker (patterns, ADDR/BYTES, `after`
a branch) and the splicer (exits, OPCODE values) read the opcode facts here.

`OPCODE` in a probe is `opcode_id(base)`: a stable small integer, 0 for an opcode not listed
here, so a `hist` indexed by `OPCODE` can be decoded with `OPCODES`.
"""
from __future__ import annotations

import fnmatch

# The PTX ISA version the tables below were written from.
PTX_ISA = "9.0"

# Index i + 1 is the OPCODE id of OPCODES[i]; append only, never reorder. (`istypep` holds the
# id of a misspelling, `istypeof`, that no PTX has: its id was never an opcode's.)
OPCODES: tuple[str, ...] = (
    "abs", "activemask", "add", "addc", "alloca", "and", "applypriority", "atom", "bar", "barrier",
    "bfe", "bfi", "bfind", "bmsk", "bra", "brev", "brkpt", "brx", "call", "clz", "cnot",
    "copysign", "cos", "cp", "cvt", "cvta", "discard", "div", "dp2a", "dp4a", "elect", "ex2",
    "exit", "fence", "fma", "fns", "getctarank", "griddepcontrol", "isspacep", "istypep", "ld",
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
    "abi_preserve", "abi_preserve_control", "address_size", "alias", "align", "blocksareclusters",
    "branchtargets", "callprototype", "calltargets", "common", "const", "entry",
    "explicitcluster", "extern", "file", "func", "global", "loc", "local", "local_maxnreg",
    "maxclusterrank", "maxnctapersm", "maxnreg", "maxntid", "minnctapersm", "noreturn", "param",
    "pragma", "reg", "reqnctapercluster", "reqntid", "section", "shared", "sreg", "target", "tex",
    "version", "visible", "weak",
})

# Opcodes with one address operand and a known access width: where ADDR and BYTES exist.
MEMORY: frozenset[str] = frozenset({"ld", "ldu", "st", "atom", "red"})
# Opcodes whose address operand reads or writes memory (surface and texture instructions take
# a handle, not an address, and are not counted; nor is `tcgen05`, whose addresses are mostly
# of tensor memory, which is no state space).
ADDRESSED: frozenset[str] = MEMORY | {"cp", "ldmatrix", "stmatrix", "prefetch", "prefetchu",
                                      "multimem", "mbarrier", "wmma", "tensormap", "discard",
                                      "applypriority", "clusterlaunchcontrol"}
# Opcodes whose bytes are a count operand after the address(es), not a type: `cp.async` (its
# cp-size), `cp.async.bulk`, `cp.reduce.async.bulk`, `cp.async.bulk.prefetch`, `st.bulk`,
# `multimem.cp.*.bulk`, `discard.L2` and `applypriority.L2` (their 128). `.tensor` forms move a
# tensor map's box, which no operand states; `ld`/`st`/`multimem` otherwise have a type.
SIZED: frozenset[str] = frozenset({"cp", "discard", "applypriority"})
SIZED_BY_MODIFIER: dict[str, str] = {"st": "bulk", "multimem": "bulk"}
# Opcodes without a register destination: every operand is a source.
NO_DEST: frozenset[str] = frozenset({
    "st", "red", "bra", "brx", "call", "ret", "exit", "trap", "bar", "barrier", "membar", "fence",
    "prefetch", "prefetchu", "sust", "sured", "stmatrix", "cp", "nanosleep", "pmevent", "brkpt",
    "griddepcontrol", "setmaxnreg", "discard", "applypriority", "stackrestore"})
# Forms that turn their base's rule above around, by a modifier: `bar.red.popc.u32 %r1, 0, %p1`
# and `barrier.cta.red.and.pred %p2, 0, %p1` write their first operand; `tcgen05.dealloc ...
# %r1, 128` and `wgmma.wait_group.sync.aligned 0` only read theirs.
DEST_FLIPPED: dict[str, frozenset[str]] = {
    "bar": frozenset({"red"}), "barrier": frozenset({"red"}),
    "tcgen05": frozenset({"dealloc"}), "wgmma": frozenset({"wait_group"})}
# Forms whose register destination is written asynchronously, with what makes it readable:
# `wgmma.mma_async`'s accumulators hold their value only after `wgmma.wait_group`, and
# `tcgen05.ld`'s registers after `tcgen05.wait::ld` (reading them earlier gives garbage, and
# ptxas serializes the warpgroup's MMAs around a read of an accumulator in flight).
ASYNC_DEST: dict[tuple[str, str], str] = {("wgmma", "mma_async"): "wgmma.wait_group",
                                          ("tcgen05", "ld"): "tcgen05.wait::ld"}
# Where control leaves the instruction stream or may jump away from the next instruction.
CONTROL: frozenset[str] = frozenset({"bra", "brx", "ret", "exit", "trap", "brkpt"})
# Where a thread ends: `exit` probes run before these.
EXITS: tuple[str, ...] = ("ret", "exit")
# Statement-level `.pragma` strings (PTX ISA 9.0 §12) that hold only where they stand: "next"
# qualifies the instruction after it (`used_bytes_mask`: ignored where that is no load, so code
# put between moves the mask to the code's own `ld.param`, or drops it); "block" must come before
# every instruction of its basic block (`nounroll` in a loop header, `frequency`: ignored
# after one). `enable_smem_spilling` qualifies its function wherever it stands.
PRAGMA_PLACES: dict[str, str] = {"used_bytes_mask": "next", "nounroll": "block",
                                 "frequency": "block"}

_IDS = {name: i + 1 for i, name in enumerate(OPCODES)}


def writes_first(base: str, modifiers: list[str]) -> bool:
    """Whether an instruction's first operand is a destination (when it is not an address)."""
    flipped = DEST_FLIPPED.get(base)
    return (base in NO_DEST) == (flipped is not None and not flipped.isdisjoint(modifiers))


def written_after(base: str, modifiers: list[str]) -> str | None:
    """The wait after which an asynchronous form's destination holds its value (`ASYNC_DEST`),
    None for an instruction that writes its destination as it completes."""
    return next((wait for (b, m), wait in ASYNC_DEST.items() if b == base and m in modifiers),
                None)


def sized(base: str, modifiers: list[str]) -> bool:
    """Whether an instruction's bytes are its count operand (`SIZED`), not its type."""
    if "tensor" in modifiers:
        return False
    return base in SIZED or SIZED_BY_MODIFIER.get(base, "") in modifiers


def pragma_place(args: str) -> str | None:
    """"next" or "block" for a `.pragma` whose arguments (``"nounroll"``, quotes included) name
    a statement-level pragma of `PRAGMA_PLACES`, else None."""
    words = args.strip('"').split()
    return PRAGMA_PLACES.get(words[0]) if words else None


def opcode_id(base: str) -> int:
    """OPCODE value of a base opcode (``ld`` for ``ld.global.f32``); 0 when unknown."""
    return _IDS.get(base.split(".", 1)[0], 0)


def bases_matching(glob: str) -> list[str]:
    """Known base opcodes a pattern's first part matches."""
    return [op for op in OPCODES if fnmatch.fnmatchcase(op, glob)]
