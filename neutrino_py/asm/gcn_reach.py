"""The module variables a GCN kernel reaches: what its twin must share with the program's module.

The GCN twin is the whole module instrumented, loaded as a module of its own, so it has its own
copies of the module's data objects, blind to what the program put into the original's
(`hipMemcpyToSymbol` into a `__constant__`, a `__device__` counter earlier kernels left). The HIP
shim copies the objects listed here into the twin before its launch and the writable ones back
after it (contracts §6 "Module variables"), as asm.reach does for PTX.

Reach: clang's `-S` output gives every function and data object a `.type X,@function|@object`
and a label; every statement up to the next such label is its. A function names what it calls or
takes the address of in its instructions' symbol operands (`table@rel32@lo+4`,
`ext@gotpcrel32@lo+4`, `_Z5twicei@rel32@lo+4` before `s_swappc_b64`), an object in its data
directives (`.quad _Z5twicei`). Listed: the defined objects (a label, not only a `.type`) the
kernel reaches through the functions and initialisers it reaches, less those initialised with
addresses (the twin's copy points into the twin, where it must keep pointing). Whether the runtime
finds an object by name (a local or hidden symbol) is the shim's to find out: it skips the ones
it cannot. Writable unless the object sits in a read-only section (`.rodata`, a `.section`
without the `w` flag): GCN reaches an object through an address computed in registers, so which
instructions store through it is not known without data flow; a read-only section's object is
one the compiler never stores into.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from neutrino_py.asm import gcn
from neutrino_py.asm.reach import Variable

# directives whose arguments are data an object is initialised with (and may name addresses)
_DATA = frozenset({".byte", ".short", ".hword", ".2byte", ".value", ".long", ".int", ".4byte",
                   ".word", ".quad", ".8byte", ".octa", ".sleb128", ".uleb128"})
_TYPE = re.compile(r"\s*([\w.$]+)\s*,\s*[@%]?(?:STT_)?(function|object)\s*$", re.I)
# a name in an expression: not part of a number (0x1f), a relocation (@rel32@lo) or a string
_NAME = re.compile(r"(?<![\w.$@])[A-Za-z_.$][\w.$]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _names(text: str) -> list[str]:
    return _NAME.findall(_STRING.sub("", text))


def _operand_names(op: gcn.Operand) -> list[str]:
    if isinstance(op, gcn.Sym):
        return _names(op.text)
    if isinstance(op, gcn.Modified):
        return _operand_names(op.inner)
    if isinstance(op, (gcn.Func, gcn.ListOp)):
        return [n for a in (op.args if isinstance(op, gcn.Func) else op.items) for n in _operand_names(a)]
    return []


def _writable(section: str) -> bool:
    """Whether a section may be written: its `.section` flags where given, else its name's ELF
    default (`.rodata*` read only)."""
    name, _, rest = section.partition(",")
    flags = _STRING.match(rest.strip())
    if flags:
        return "w" in flags.group()
    return not name.strip().strip('"').startswith(".rodata")


@dataclass
class _Symbol:
    kind: str                       # "function" or "object"
    section: str = ".text"
    defined: bool = False
    names: list[str] = field(default_factory=list)     # what its code or initialiser names


class _Sections:
    """The current section through `.text`/`.data`/`.bss`/`.section`/`.pushsection`/
    `.popsection`/`.previous`, as llvm-mc follows them."""

    def __init__(self) -> None:
        self.current, self.previous, self.stack = ".text", ".text", []

    def see(self, d: gcn.Directive) -> None:
        if d.name in (".text", ".data", ".bss"):
            self.previous, self.current = self.current, d.name + (f" {d.args}" if d.args else "")
        elif d.name in (".section", ".pushsection"):
            if d.name == ".pushsection":
                self.stack.append((self.current, self.previous))
            self.previous, self.current = self.current, d.args
        elif d.name == ".popsection" and self.stack:
            self.current, self.previous = self.stack.pop()
        elif d.name == ".previous":
            self.current, self.previous = self.previous, self.current


def _symbols(module: gcn.GcnModule) -> dict[str, _Symbol]:
    """The module's typed symbols, each with its section, whether it is defined here, and the
    names its statements hold."""
    symbols = {m.group(1): _Symbol(m.group(2).lower()) for s in module.statements
               if isinstance(s, gcn.Directive) and s.name == ".type" and (m := _TYPE.match(s.args))}
    sections = _Sections()
    owner: _Symbol | None = None
    for s in module.statements:
        if isinstance(s, gcn.Directive):
            sections.see(s)
            if owner and owner.kind == "object" and s.name in _DATA:
                owner.names += _names(s.args)
        elif isinstance(s, gcn.Label) and s.name in symbols:
            owner = symbols[s.name]
            owner.defined, owner.section = True, sections.current
        elif isinstance(s, gcn.Instruction) and owner and owner.kind == "function":
            owner.names += [n for op in s.operands for n in _operand_names(op)]
    return symbols


def reached(module: gcn.GcnModule, kernel: str) -> list[Variable]:
    """The defined data objects `kernel` reaches, itself or through the functions it names and
    the initialisers of the objects it names, in the module's order; those initialised with
    addresses left out (their initialisers are followed all the same)."""
    symbols = _symbols(module)
    seen, todo = {kernel}, [kernel] if kernel in symbols else []
    while todo:
        for name in symbols[todo.pop()].names:
            if name in symbols and name not in seen:
                seen.add(name)
                todo.append(name)
    return [Variable(name, _writable(sym.section)) for name, sym in symbols.items()
            if name in seen and sym.kind == "object" and sym.defined and not sym.names]
