"""How many registers an instrumented kernel may use.

ptxas gives a kernel with a probe spliced in as many registers as the probe's values, live beside
the kernel's own, ask for (memtrace: Triton's softmax_kernel 26 -> 61), and where registers then
limit how many of its warps an SM holds, fewer warps hide the probe's latency. The kernel is
assembled again with ``.maxnreg`` halfway back to the count at which registers never limit warps
(`cap_for`), and the cap is kept where it costs at most `SPILL_BUDGET` bytes of spill stores per
thread. Measured on the H200 (memtrace, 30 launches, all sides interleaved in one call;
benchmarks/results/register_caps-nvidia-h200.json): softmax_kernel 61 registers 2.093x, capped
at 56 1.945x, at 48 1.796x, at 40 (24 B of spills) 1.819x; add_kernel 67 registers 1.352x, at 64
(59 registers) 1.292x, at 56 (4 B) 1.298x, at 48 (32 B) 1.351x; timed_matmul 44 registers
4.720x, at 40 (8 B) 4.124x; sgemm_tiled 40 registers 2.064x, at 32 (8 B) 2.066x. Where
registers do not limit warps a cap only costs: vector_add 31 -> 24 registers 1.616x -> 1.946x,
reduce_sum 31 -> 24 1.953x -> 2.175x.
A kernel that declares its own bound (``.maxnreg``, ``.local_maxnreg``, ``.minnctapersm``) or
spills already is left as it is, as is one whose declared block (``.reqntid``, ``.maxntid``)
would not get more warps per SM from the cap. ptxas 13.0 assembles a kernel with both
``.local_maxnreg`` and a ``.maxnreg`` to the ``.local_maxnreg`` ("Ignoring local_maxnreg", it
warns where that is the higher, and then uses it: ``.local_maxnreg 200`` under ``.maxnreg 40``
took 200 registers), so a cap there would not hold.
No kernel of a module that holds ``setmaxnreg`` is capped: ptxas ignores a ``setmaxnreg`` where
the register count at entry is not declared ("C7508 'setmaxnreg' ignored; unable to determine
register count at entry"), and a cap declares it, so the warpgroups would
start trading registers within the cap: a three-warpgroup kernel of `.inc 232`/`.dec 40` under
``.maxnreg 48`` (ptxas took it without a word) holds 18,432 registers and its consumers ask for
47,104 more; on the H200 it hung until killed 25 s later, where the same kernel without the cap,
or with ``.minnctapersm 1``, finished at once with the same sums.
``NEUTRINO_REGISTER_CAPS=0`` assembles every kernel as ptxas gives it.

Each capped kernel is assembled twice the first time (the cubins are cached): the 19 corpus
kernels under memtrace, cold, in the trace engine on this project's 2-core VM took 15.6 s of
assembly without caps and 20.7 s with them (3 capped), and 11.4 s and 13.9 s in a later pair of
runs."""
from __future__ import annotations

import math
import os
from dataclasses import replace

from neutrino_py.asm import ir
from neutrino_py.assemble.occupancy import WARP, Limits, declared_block, limits_for, occupancy
from neutrino_py.assemble.ptx import assemble, sets_warpgroup_registers
from neutrino_py.assemble.resources import Usage, parse_report
from neutrino_py.errors import SourceError, ToolError

# 0: every kernel as ptxas gives it (an integer, for benchmarks/setting_ab.py)
CAP_REGISTERS = int(os.environ.get("NEUTRINO_REGISTER_CAPS", "").strip().lower()
                    not in ("0", "no", "off", "false"))
SPILL_BUDGET = 8        # bytes of spill stores per thread a cap may add
REGISTER_STEP = 8       # registers are allocated per warp in units of 256: 8 per thread
OWN_BOUNDS = ("maxnreg", "local_maxnreg", "minnctapersm")


def full_registers(limits: Limits | None) -> int:
    """The most registers per thread at which registers never limit an SM's warps (sm_90: 32)."""
    limits = limits or Limits()
    return limits.registers // (limits.warps * WARP) // REGISTER_STEP * REGISTER_STEP


def cap_for(used: Usage, full: int) -> int | None:
    """The cap to try on a kernel the assembler gave `used`: halfway from `full` to its
    registers, rounded up to a whole step (softmax_kernel's 61 -> 48, add_kernel's 67 -> 56);
    None where the kernel spills already, its registers never limit its warps, or no cap
    lowers them."""
    if used.spill_stores or used.registers <= full:
        return None
    cap = -(-(full + used.registers) // (2 * REGISTER_STEP)) * REGISTER_STEP
    return cap if cap < used.registers else None


def declared_threads(fn: ir.Function) -> int | None:
    """The threads of a block the kernel declares (`occupancy.declared_block`), None where it
    declares none."""
    declared = declared_block(fn)
    return None if declared is None else math.prod(declared[1])


def more_warps(used: Usage, cap: int, threads: int | None, limits: Limits | None) -> bool:
    """Whether `cap` lets an SM hold more of the kernel's warps than `used` does, for its declared
    block (`declared_threads`); True where the block or the limits are unknown (a launch may
    use any block): shared memory, or the block's size, may bound the warps instead."""
    if threads is None or limits is None:
        return True
    return occupancy(replace(used, registers=cap), threads, limits).warps > \
        occupancy(used, threads, limits).warps


def cap_registers(module: ir.Module, kernels: list[str], arch: str, text: str,
                  backend: str | None = None) -> tuple[str, dict[str, int]]:
    """`text`, the printed `module`, printed again with ``.maxnreg`` on each of `kernels` whose
    cap (`cap_for`) keeps its spill stores within `SPILL_BUDGET`, and those caps. One assembly
    of `text`, one of the capped text where some kernel gets a cap, and the text printed a third
    time where a cap was dropped; every report and cubin stays in the assembler's cache, so the
    cubin then loaded is read back, not assembled again. Where the assembler refuses the capped
    text (a cap below what one instruction needs), every kernel is left as it was."""
    if not CAP_REGISTERS or sets_warpgroup_registers(text):
        return text, {}
    limits = limits_for(arch)
    full = full_registers(limits)
    first = parse_report(assemble(text, arch, backend)[1])
    functions = {k: module.function(k) for k in kernels}
    caps = {k: cap for k, fn in functions.items()
            if k in first and not any(d.name in OWN_BOUNDS for d in fn.directives)
            and (cap := cap_for(first[k], full)) is not None
            and more_warps(first[k], cap, declared_threads(fn), limits)}
    if not caps:
        return text, {}
    own = {k: list(functions[k].directives) for k in caps}

    def printed(chosen: dict[str, int]) -> str:
        for k, directives in own.items():
            functions[k].directives[:] = directives + (
                [ir.Directive("maxnreg", str(chosen[k]))] if k in chosen else [])
        return module.to_text() if chosen else text

    capped = printed(caps)
    try:
        second = parse_report(assemble(capped, arch, backend)[1])
    except (ToolError, SourceError):    # a cap below what one instruction needs (ptxas C7602)
        return printed({}), {}
    kept = {k: cap for k, cap in caps.items()
            if k in second and second[k].spill_stores <= first[k].spill_stores + SPILL_BUDGET}
    return (capped if kept == caps else printed(kept)), kept
