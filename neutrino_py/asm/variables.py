"""The module variables a kernel reaches in device memory (`.global`, `.const`).

An instrumented kernel runs as a module of its own (the twin), which has its own copies of the
module's variables: initialised as written, but blind to what the program put into the original's
(`cudaMemcpyToSymbol` into a `__constant__`, a `__device__` counter earlier kernels left). The
shim copies the variables listed here into the twin before its launch and the writable ones back
after it (contracts §6 "Module variables"). A variable every mention of which is a load's address
is read only; any other mention (a store, an atomic, its address taken as a value) may write it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from neutrino_py.asm import ir

_SPACES = {"global": True, "const": False}      # space -> the kernel may write it
_READS = frozenset({"ld", "ldu", "prefetch", "prefetchu"})
_NOT_NAME = re.compile(r"[^\w$%]+")


@dataclass(frozen=True)
class Variable:
    name: str
    writable: bool


def _names(init: str | None) -> list[str]:
    """The names an initialiser holds (`{fn}`, `generic(table)`, `table+8`): its words that do not
    start with a digit, as every PTX number does (`0f3F800000`, `0xFF`, `42U`, `-1`)."""
    return [w for w in _NOT_NAME.split(init or "") if w and not w[0].isdigit()]


def _shareable(decl: ir.VarDecl) -> bool:
    """A variable the program can reach by name and whose bytes mean the same in both modules:
    defined here (not `.extern`), plain data (not a texture/sampler/surface handle), and not
    initialised with addresses of the module's own code or data (a twin's copy points into the
    twin, which is where it must keep pointing)."""
    return (decl.space in _SPACES and "extern" not in decl.linkage and decl.type in ir.TYPE_BYTES
            and not _names(decl.init))


def reached(module: ir.Module, kernel: str) -> list[Variable]:
    """The shareable variables `kernel` names, itself, through the functions it names (calls,
    function addresses) or through the addresses a variable it names is initialised with (which
    may be written through), in the module's order."""
    variables = {item.name: item for item in module.items if isinstance(item, ir.VarDecl)}
    decls = {name: d for name, d in variables.items() if _shareable(d)}
    functions = {f.name: f for f in module.functions()}
    seen, todo, named, written = {kernel}, [functions[kernel]], set(), set()

    def reach(name: str, write: bool) -> None:
        if name in decls:
            named.add(name)
            if write:
                written.add(name)
        elif name in functions and name not in seen:
            seen.add(name)
            todo.append(functions[name])
        elif name in variables and name not in seen:
            seen.add(name)
            for target in _names(variables[name].init):
                reach(target, True)

    while todo:
        for ins in todo.pop().instructions():
            for op in ins.operands:
                for sym in ir.symbols_in(op):
                    reach(sym.name, ins.opcode not in _READS or not isinstance(op, ir.Address))
    return [Variable(name, _SPACES[d.space] and name in written)
            for name, d in decls.items() if name in named]
