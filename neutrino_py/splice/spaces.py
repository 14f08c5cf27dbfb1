"""Accesses through a generic address, for probes whose patterns name a state space.

`ld.global` names the space the instruction names, but compilers often leave it out: numba
writes `ld.f32 [%rd18]` for every array element, nvcc does for a pointer it cannot follow (read
from memory, a virtual call's `this`), and AMD's `flat_load` is generic too. Such an access
reaches global (or shared, local) memory all the same, and a probe asking for global accesses
must see it. For each probe with a pattern like `ld.global` this adds a derived probe at the
generic forms its patterns select (`ast.Generic`), whose filter tests the address's space where
it runs (`ast.InSpace`: PTX `isspacep`), so every later stage treats it as any filtered probe.
"""
from __future__ import annotations

import dataclasses

from neutrino_py.probe import ast
from neutrino_py.probe.walk import rebuild


def with_generic(program: ast.ProbeProgram, testable: tuple[str, ...]) -> ast.ProbeProgram:
    """`program` plus one derived probe for each (probe, state space) its opcode patterns name
    that the target can test a generic address for (`testable`), numbered after the program's
    own; the program itself when no pattern names one."""
    derived: list[ast.Probe] = []
    for probe in program.probes:
        target = probe.position.target
        if not isinstance(target, ast.Opcodes):
            continue
        by_space: dict[str, list[ast.OpcodePattern]] = {}
        for pattern in target.patterns:
            found = ast.runtime_space(pattern, testable)
            if found is not None:
                by_space.setdefault(found[0], []).append(found[1])
        for space, patterns in by_space.items():
            span = probe.position.span
            address = ast.Operand("ADDR", ast.OPERANDS["ADDR"], span)
            named = _as_named(probe, space)
            test: ast.Expr = ast.InSpace(space, address, ast.Type.BOOL, span)
            if named.filter is not None:
                test = ast.Binary("&&", test, named.filter, ast.Type.BOOL, named.filter.span)
            position = ast.Position(probe.position.when,
                                    ast.Generic(target, tuple(patterns), span), span)
            derived.append(dataclasses.replace(
                named, index=len(program.probes) + len(derived), position=position,
                filter=test, origin=probe.index))
    if not derived:
        return program
    return dataclasses.replace(program, probes=program.probes + tuple(derived))


def _as_named(probe: ast.Probe, space: str) -> ast.Probe:
    """`probe` reading ADDR as an access naming `space` gives it: the generic address of a global
    access is what ADDR reads there already; a shared or local one is an address of its space."""
    if space == "global":
        return probe

    def convert(node: object) -> object:
        if isinstance(node, ast.Operand) and node.name == "ADDR":
            return ast.InSpaceAddress(space, node, node.type, node.span)
        return node
    return dataclasses.replace(
        probe, body=tuple(rebuild(s, convert) for s in probe.body),
        filter=None if probe.filter is None else rebuild(probe.filter, convert))
