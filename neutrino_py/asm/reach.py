"""What a kernel reaches in its module: the functions and the variables its twin needs.

An instrumented kernel runs as a module of its own (the twin), loaded from its module less the
other kernels it does not name: assembling every kernel of a module for each one instrumented cost
a 25-kernel thrust module 0.8 s per twin where the kernel alone takes 0.03 s. The twin has its own
copies of the module's variables (`.global`, `.const`): initialised as written, but blind to what
the program put into the original's (`cudaMemcpyToSymbol` into a `__constant__`, a `__device__`
counter earlier kernels left). The shim copies the variables listed here into the twin before its
launch and the writable ones back after it (contracts §6 "Module variables"). A variable every
mention of which is a load's address is read only; any other mention (a store, an atomic, its
address taken as a value) may write it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

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


@dataclass(frozen=True)
class Reached:
    """`functions`: the kernel and every function it names, itself or through the functions and
    variable initialisers it reaches (calls, addresses, device-side launches); `variables`: the
    shareable variables among what it reaches, in the module's order."""
    functions: frozenset[str]
    variables: list[Variable]


def _walk(module: ir.Module, roots: Iterable[str]) -> tuple[set[str], set[str], set[str]]:
    """From the functions `roots`: the functions reached (through instructions and the
    initialisers of the variables they name), the shareable variables named, and those of them
    that may be written (named other than as a load's address, or reached through an
    initialiser's address)."""
    variables = {item.name: item for item in module.items if isinstance(item, ir.VarDecl)}
    decls = {name: d for name, d in variables.items() if _shareable(d)}
    functions = {f.name: f for f in module.functions()}
    seen, todo, named, written = set(), [], set(), set()

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

    for root in roots:
        reach(root, False)
    while todo:
        for ins in todo.pop().instructions():
            for op in ins.operands:
                for sym in ir.symbols_in(op):
                    reach(sym.name, ins.opcode not in _READS or not isinstance(op, ir.Address))
    return seen & functions.keys(), named, written


def reached(module: ir.Module, kernel: str) -> Reached:
    """What `kernel` reaches: the variables it names, itself, through the functions it names or
    through the addresses a variable it names is initialised with (which may be written
    through), and those functions."""
    functions, named, written = _walk(module, [kernel])
    return Reached(frozenset(functions),
                   [Variable(item.name, _SPACES[item.space] and item.name in written)
                    for item in module.items if isinstance(item, ir.VarDecl) and item.name in named])


def twin_module(module: ir.Module, found: Reached) -> ir.Module:
    """`module` less the functions that neither its kernel (`found`: what it reaches) nor a
    variable's initialiser reaches (their declarations too; those of functions defined
    elsewhere, `vprintf`, stay), sharing its items: what the twin is assembled from. Every
    variable stays (a variable costs no code), so every function an initialiser names does too."""
    initialised = [name for item in module.items if isinstance(item, ir.VarDecl)
                   for name in _names(item.init)]
    keep = found.functions | _walk(module, initialised)[0]
    dropped = {f.name for f in module.functions()} - keep
    return ir.Module([item for item in module.items
                      if not isinstance(item, ir.Function) or item.name not in dropped], module.file)
