"""The module variables a kernel reaches in device memory (`.global`, `.const`).

An instrumented kernel runs as a module of its own (the twin), which has its own copies of the
module's variables: initialised as written, but blind to what the program put into the original's
(`cudaMemcpyToSymbol` into a `__constant__`, a `__device__` counter earlier kernels left). The
shim copies the variables listed here into the twin before its launch and the writable ones back
after it (contracts §6 "Module variables"). A variable every mention of which is a load's address
is read only; any other mention (a store, an atomic, its address taken as a value) may write it.
"""
from __future__ import annotations

from dataclasses import dataclass

from neutrino_py.asm import ir

_SPACES = {"global": True, "const": False}      # space -> the kernel may write it
_READS = frozenset({"ld", "ldu", "prefetch", "prefetchu"})


@dataclass(frozen=True)
class Variable:
    name: str
    writable: bool


def _shareable(decl: ir.VarDecl) -> bool:
    """A variable the program can reach by name and whose bytes mean the same in both modules:
    defined here (not `.extern`), plain data (not a texture/sampler/surface handle), and not
    initialised with addresses of the module's own code or data (a twin's copy points into the
    twin, which is where it must keep pointing)."""
    if decl.space not in _SPACES or "extern" in decl.linkage or decl.size is None:
        return False
    return decl.init is None or not any(c.isalpha() or c in "_$%" for c in
                                        decl.init.replace("0f", "").replace("0d", "").replace("0x", ""))


def reached(module: ir.Module, kernel: str) -> list[Variable]:
    """The shareable variables `kernel` names, itself or through the functions it names (calls,
    function addresses), in the module's order."""
    decls = {item.name: item for item in module.items
             if isinstance(item, ir.VarDecl) and _shareable(item)}
    functions = {f.name: f for f in module.functions()}
    seen, todo, named, written = {kernel}, [functions[kernel]], set(), set()
    while todo:
        for ins in todo.pop().instructions():
            for op in ins.operands:
                for sym in ir.symbols_in(op):
                    if sym.name in decls:
                        named.add(sym.name)
                        if ins.opcode not in _READS or not isinstance(op, ir.Address):
                            written.add(sym.name)
                    elif sym.name in functions and sym.name not in seen:
                        seen.add(sym.name)
                        todo.append(functions[sym.name])
    return [Variable(name, _SPACES[d.space] and name in written)
            for name, d in decls.items() if name in named]
