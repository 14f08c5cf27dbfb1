"""The `Target` interface: what the target-neutral splicer (`splice/`) asks of an ISA.

`splice.instrument` matches probe positions, groups sites, gates code by guards, lowers probe
bodies to `ops` and builds the manifest; everything that knows an instruction set goes through a
`Target` (one per ISA: `targets.ptx`, `targets.gcn`) and the `TargetKernel` it opens for each kernel:

- which kernels a module has, and which instructions, comments, basic blocks and source lines a
  kernel has, with the names probe patterns match (`pattern`);
- operand binding: where an instruction's address, destination and sources are (`address`,
  `dest`, `source`), as ops that copy them into scratch registers;
- legalisation: which ops the target cannot render (`illegal`), asked while the probe's source span
  is still known, so the error points at the probe;
- rendering: a site's ops become IR statements placed around an anchor (`emit`);
- finishing: registers, params and metadata of the kernel (`finish`).

A `Target` also says which ops the lowering may use (`warp_slots`, `shard_pools`) and how sites
group (`shared_sites`: on GCN all code at one anchor is one site, with one SCC save and one
register frame; on PTX block starts, instructions and exits at one anchor are separate sites).
With `defer_saves` the splicer may run a probe that only saves values read at its place later in
the basic block (`splice.splicer._Deferred`): it then asks the kernel whether an instruction
`reads_any` of some registers and which it `writes`, and the target's scopes for one numbered
`above()` another.
`of(module)` picks the target from the module's IR type (PTX `asm.ir.Module`, GCN
`asm.gcn.GcnModule`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol, Sequence

from neutrino_py.ops import Scratch, Src, Stmt, Value


class Unreadable(Exception):
    """An operand a probe reads has no value the target can read: a branch's label, or a
    parameter declared for one call (PTX ``retval0``, ``param0``), which has no address. Raised
    by `TargetKernel.address/dest/source`; the splicer reports it at the probe's use of the operand.
    `absent`: it has no value at all (a branch's label), and counts as an operand the
    instruction lacks: 0 where another instruction the probe matches has a value there, refused
    for `reason` where none does."""

    def __init__(self, reason: str, name: str = "", absent: bool = False) -> None:
        super().__init__(f"{name}: {reason}" if name else reason)
        self.reason, self.name, self.absent = reason, name, absent


@dataclass(frozen=True)
class Guard:
    """The predicate an instruction runs under: code attached to it runs under it too.
    `overwritten`: the instruction writes its own guard, so code after it reads a copy."""
    cond: Src
    negated: bool
    overwritten: bool


@dataclass
class SiteCode:
    """The ops of one site, ready to render: `before` and `after` its anchor, and (at an exit)
    the exit probes' and flush code, which runs before the anchor after `before`."""
    anchor: Any
    scope: Scratch
    before: list[Stmt] = field(default_factory=list)
    after: list[Stmt] = field(default_factory=list)
    exit: list[Stmt] = field(default_factory=list)
    entry: bool = False


@dataclass
class Finished:
    """What finishing a kernel reports for its manifest."""
    registers_added: dict[str, int]
    warnings: list[str]
    occupancy: tuple[int, int] | None = None     # waves per SIMD before/after, where known
    # the params appended, where the target named them otherwise than the contract (a kernel's
    # own param took the name: `contract.manifest.PARAM_PREFIX`)
    params: list | None = None


class Code(Protocol):
    """The instructions of one function as matching sees them (read only)."""

    name: str
    file: str

    def instructions(self) -> Sequence[Any]: ...

    def comments(self) -> Iterable[tuple[Any, int]]:
        """Each comment with the index of the instruction after it (`numbered_comments`)."""
        ...

    def blocks(self) -> list[list[Any]]: ...

    def block_anchor(self, block: list[Any]) -> Any:
        """The instruction of `block` (one of `blocks()`) its `block` probes run before: the
        first one where the lanes that enter the block run it (on GCN, past the EXEC restore
        that opens a join block)."""
        ...

    def successors(self) -> list[list[int]] | None:
        """Each block of `blocks()`'s successors, by index; None where a jump's targets are not
        known (GCN's `s_setpc_b64`): runs of saves (`asm.cfg.regions`) are then not made, and
        bounds of counters assume any block may repeat."""
        ...

    def entry_anchor(self) -> Any | None: ...

    def pattern(self, ins: Any) -> tuple[str, bool]: ...

    def is_exit(self, ins: Any) -> bool: ...

    def source_line(self, ins: Any) -> tuple[str, int] | None: ...


class TargetKernel(Code, Protocol):
    """One kernel being instrumented: matching facts plus binding, rendering and finishing."""

    def guard(self, ins: Any) -> Guard | None: ...

    def keeps_guard(self, ins: Any, guard: Guard) -> bool: ...

    def is_terminator(self, ins: Any) -> bool: ...

    def reads_any(self, ins: Any, names: set[str]) -> bool:
        """Whether `ins` reads one of the registers `names` (its guard included); asked on
        targets with `defer_saves`."""
        ...

    def writes(self, ins: Any) -> set[str]:
        """Registers `ins` writes; asked on targets with `defer_saves`."""
        ...

    def address_delta(self, first: Any, later: Any) -> int | None:
        """d with ADDR at `later` = ADDR at `first` + d in every lane (mod 2**64), where known
        (one register value plus constants); asked on targets with `defer_saves`."""
        ...

    def after_refusal(self, ins: Any) -> tuple[str, str] | None: ...

    def runs_once(self, ins: Any) -> bool:
        """Whether `ins` runs once per warp whatever lanes are active (GCN's scalar memory, EXEC 0
        included); the probes attached to it then run as it does, in `once(code)`."""
        ...

    def once(self, code: list[Stmt]) -> list[Stmt]:
        """`code` run once per warp whatever lanes are active; asked where `runs_once`."""
        ...

    def bytes(self, ins: Any, scope: Scratch, code: list[Stmt]) -> Value: ...

    def address(self, ins: Any, scope: Scratch, code: list[Stmt]) -> Value: ...

    def dest(self, ins: Any, scope: Scratch, code: list[Stmt]) -> Value | None:
        """OUT: the first destination's raw bits; None where the instruction has none."""
        ...

    def source(self, ins: Any, k: int, scope: Scratch, code: list[Stmt]) -> Value | None:
        """IN<k+1>: source `k`'s raw bits; None where the instruction has fewer sources."""
        ...

    def scope(self) -> Scratch: ...

    def emit(self, site: SiteCode) -> None: ...

    def finish(self) -> Finished: ...


class Target(Protocol):
    """One instruction set. `warp_slots`/`shard_pools`/`warp_sum`/`prefetch`: lowering options
    for ops the target renders (`ops.VoteAny`+`ops.WarpSync`, `ops.ShardReserve`, `ops.WarpSum`,
    `ops.Prefetch`); `vector_store`: the widest `ops.StoreVector` it renders, in bytes (0: none,
    every field is its own `ops.Store`); `compress_leads`: whether it renders
    `ops.LaneCompress.lead` (else the leader of a save with `lanes` is an `ops.Leader`);
    `lane_tiles`: whether it renders `ops.LaneCompress.tile` (else such lanes are kept one by one);
    `generic_spaces`: the state spaces `ops.InSpace` and `ops.FromGeneric` test and convert, so a
    probe naming one also runs at accesses through a generic address (`splice.spaces`)."""

    name: str
    warp_slots: bool
    shard_pools: bool
    warp_sum: bool
    prefetch: bool
    vector_store: int
    compress_leads: bool
    lane_tiles: bool
    shared_sites: bool
    defer_saves: bool
    generic_spaces: tuple[str, ...]

    def kernels(self, module: Any) -> list[tuple[str, Any]]: ...

    def open(self, module: Any, kernel: Any, persistent: dict[str, int], params: list) -> TargetKernel: ...

    def device_functions(self, module: Any) -> list[Code]: ...

    def illegal(self, stmt: Stmt) -> str | None: ...


def numbered_comments(body: Iterable[Any], comment: type, instruction: type
                      ) -> list[tuple[Any, int]]:
    """Each comment of `body` with the index among its instructions of the instruction after
    it (their number past the last): a mark's PC, the place its code runs before."""
    out, pc = [], 0
    for s in body:
        if type(s) is comment:
            out.append((s, pc))
        elif isinstance(s, instruction):
            pc += 1
    return out


def of(module: Any) -> Target:
    """The target whose IR `module` is."""
    from neutrino_py.asm.ir import Module
    if isinstance(module, Module):
        from neutrino_py.targets.ptx.target import PTX
        return PTX
    from neutrino_py.targets.gcn.target import GCN
    return GCN


__all__ = ["Code", "Finished", "Guard", "SiteCode", "Target", "TargetKernel", "numbered_comments",
           "of"]
