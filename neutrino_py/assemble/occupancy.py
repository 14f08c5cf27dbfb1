"""Theoretical occupancy: how many warps of a kernel an SM holds at once, from its registers and
shared memory and the architecture's limits, computed as CUDA's occupancy calculator does
(cuda_occupancy.h): registers are allocated per warp in units of 256 and split over the SM's 4
sub-partitions, shared memory per block in units of 128 bytes plus 1 KiB the driver reserves
(sm_80 and later)."""
from __future__ import annotations

from dataclasses import dataclass

from neutrino_py.asm import ir
from neutrino_py.asm.ir import sm_number
from neutrino_py.assemble.resources import Usage

WARP = 32
SUB_PARTITIONS = 4


@dataclass(frozen=True)
class Limits:
    """Per-SM limits of one compute capability (CUDA C Programming Guide, table of features and
    technical specifications)."""
    registers: int = 65536          # 32-bit registers per SM (and per block)
    max_registers: int = 255        # per thread
    register_unit: int = 256        # registers are allocated per warp in multiples of this
    warps: int = 64                 # resident warps per SM
    blocks: int = 32                # resident blocks per SM
    shared: int = 233472            # shared memory per SM, bytes (the largest carveout)
    shared_per_block: int = 232448  # the most one block may use (opt-in)
    shared_unit: int = 128
    shared_reserved: int = 1024     # per block, taken by the driver


ARCHS: dict[int, Limits] = {
    70: Limits(shared=98304, shared_per_block=98304, shared_unit=256, shared_reserved=0),
    75: Limits(warps=32, blocks=16, shared=65536, shared_per_block=65536, shared_unit=256,
               shared_reserved=0),
    80: Limits(shared=167936, shared_per_block=166912),
    86: Limits(warps=48, blocks=16, shared=102400, shared_per_block=101376),
    89: Limits(warps=48, blocks=24, shared=102400, shared_per_block=101376),
    90: Limits(),
    100: Limits(),
}


def limits_for(arch: str) -> Limits | None:
    """The limits of ``sm_90``, ``sm_90a``, ``sm_100f``...; None for an architecture we do not
    know (occupancy is then not computed, rather than guessed)."""
    return ARCHS.get(sm_number(arch))


def _round_up(n: int, unit: int) -> int:
    return -(-n // unit) * unit


@dataclass(frozen=True)
class Occupancy:
    blocks: int                     # resident blocks per SM
    warps: int                      # active warps per SM
    max_warps: int
    limit: str                      # what bounds it: warps, blocks, registers or shared memory

    @property
    def fraction(self) -> float:
        return self.warps / self.max_warps


def occupancy(usage: Usage, threads: int, limits: Limits, dynamic_shared: int = 0) -> Occupancy:
    """Occupancy of a kernel using `usage` launched with blocks of `threads` threads."""
    warps = -(-threads // WARP)
    regs_per_warp = _round_up(usage.registers * WARP, limits.register_unit)
    shared = usage.shared + dynamic_shared
    by = {"warps": limits.warps // warps, "blocks": limits.blocks}
    if usage.registers > limits.max_registers or regs_per_warp * warps > limits.registers:
        by["registers"] = 0
    elif regs_per_warp:
        per_partition = limits.registers // SUB_PARTITIONS // regs_per_warp
        by["registers"] = per_partition * SUB_PARTITIONS // warps
    if shared > limits.shared_per_block:
        by["shared memory"] = 0
    elif shared:
        by["shared memory"] = limits.shared // _round_up(shared + limits.shared_reserved,
                                                         limits.shared_unit)
    limit = min(by, key=lambda k: by[k])
    return Occupancy(by[limit], by[limit] * warps, limits.warps, limit)


def declared_block(fn: ir.Function) -> tuple[str, tuple[int, int, int]] | None:
    """The block a kernel declares: ``("reqntid", shape)``, the only one it launches with, else
    ``("maxntid", shape)``, the largest (Triton's kernels declare it and launch exactly it);
    None where it declares neither or a shape that is no block."""
    for name in ("reqntid", "maxntid"):
        for d in fn.directives:
            if d.name == name:
                try:
                    shape = [int(n) for n in d.args.split(",")]
                except ValueError:
                    return None
                if not 1 <= len(shape) <= 3 or min(shape) < 1:
                    return None
                return name, (*shape, 1, 1)[:3]
    return None
