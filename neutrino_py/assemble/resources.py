"""What a kernel holds on the SM, read from the assembler's verbose report (``ptxas -v``, or
nvJitLink's ``-verbose`` which repeats ptxas's lines): registers per thread, static shared memory,
stack frame and spills. `neutrino instrument` compares the original and instrumented module's
figures and turns them into occupancy (assemble/occupancy.py) before anything is launched.

The report is a compiler's log, not assembly: its lines are read with patterns, one per fact.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# ptxas names the function a block of lines is about in one of two ways.
_ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(\w+)'")
_PROPS = re.compile(r"Function properties for ([^\s':]+)\s*$")
# "8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads"
_STACK = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
# "Used 32 registers, used 1 barriers, 2048 bytes smem, 396 bytes cmem[0]" (capital U: ptxas's
# line; nvJitLink's own summary "used 32 registers, ..., 3072 bytes smem" adds the reserved 1 KiB)
_USED = re.compile(r"\bUsed (\d+) registers")
_BARRIERS = re.compile(r"used (\d+) barriers")
_SMEM = re.compile(r"(\d+) bytes smem")


@dataclass(frozen=True)
class Usage:
    """One kernel's resources as the assembler reports them."""
    registers: int
    shared: int = 0           # static shared memory, bytes (dynamic shared memory comes at launch)
    stack: int = 0            # stack frame, bytes per thread
    spill_stores: int = 0     # bytes per thread
    spill_loads: int = 0
    barriers: int = 0


def parse_report(log: str) -> dict[str, Usage]:
    """Kernel name -> its usage, for every entry function the report describes (device functions
    have no "Used N registers" line and are left out)."""
    facts: dict[str, dict[str, int]] = {}
    name = None
    for line in log.splitlines():
        if m := _ENTRY.search(line) or _PROPS.search(line):
            name = m.group(1)
            facts.setdefault(name, {})
        if name is None:
            continue
        if m := _STACK.search(line):
            facts[name].update(stack=int(m.group(1)), spill_stores=int(m.group(2)),
                               spill_loads=int(m.group(3)))
        if m := _USED.search(line):
            facts[name]["registers"] = int(m.group(1))
            for key, pattern in (("barriers", _BARRIERS), ("shared", _SMEM)):
                if found := pattern.search(line):
                    facts[name][key] = int(found.group(1))
    return {k: Usage(**f) for k, f in facts.items() if "registers" in f}
