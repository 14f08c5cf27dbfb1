"""The cost of a probe, predicted before anything is launched: per kernel, the registers, shared
memory, stack and spills the assembler reports for the original and the instrumented module, the
occupancy both give for a block size, the size of both kernels' machine code, and the bytes the
probe's maps take per launch (the contract's size rules). What `neutrino instrument` prints.

Machine code matters past the instruction cache: `memtrace` on the H200 (Nsight Compute, one
launch each, benchmarks/results/ncu_memtrace_code_size-nvidia-h200.txt) left warps waiting on
instruction fetch 1.0, 1.9 and 12.3 cycles per issued instruction in kernels of 92, 137 and 836
KiB of code, and at most 0.35 in the six of 11-21 KiB. `CODE_WARNING` sits between the two."""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from neutrino_py.contract.manifest import Manifest
from neutrino_py.errors import SourceError, ToolError, format_bytes
from neutrino_py.names import short

CODE_WARNING = 64 << 10     # bytes of a kernel's machine code past which the cost warns

if TYPE_CHECKING:        # loaded where registers are predicted: `--no-cost` needs none of them
    from neutrino_py.assemble.occupancy import Occupancy
    from neutrino_py.assemble.resources import Usage


@dataclass
class KernelCost:
    kernel: str
    maps: list[tuple[str, int, str]]          # (map, bytes per launch, size rule)
    before: Usage | None = None
    after: Usage | None = None
    occupancy_before: Occupancy | None = None
    occupancy_after: Occupancy | None = None
    register_cap: int | None = None           # the .maxnreg it was given (assemble.registers)
    code_before: int | None = None            # bytes of the kernel's own machine code (.text)
    code_after: int | None = None
    block: tuple[int, int, int] | None = None  # its own launch block, where not the cost's

    @property
    def code_warning(self) -> bool:
        """Whether the probe takes the kernel's code past `CODE_WARNING` (more than doubled)."""
        return (self.code_before is not None and self.code_after is not None
                and self.code_after > CODE_WARNING and self.code_after > 2 * self.code_before)

    @property
    def bytes_per_launch(self) -> int:
        return sum(n for _, n, _ in self.maps)

    @property
    def lowers_occupancy(self) -> bool:
        return (self.occupancy_before is not None and self.occupancy_after is not None
                and self.occupancy_after.warps < self.occupancy_before.warps)

    def to_json(self) -> dict[str, Any]:
        def occ(o: Occupancy | None) -> dict[str, Any] | None:
            return None if o is None else {**asdict(o), "fraction": o.fraction}
        return {"kernel": self.kernel, "bytes_per_launch": self.bytes_per_launch,
                "maps": [{"map": m, "bytes": n, "rule": r} for m, n, r in self.maps],
                "before": asdict(self.before) if self.before else None,
                "after": asdict(self.after) if self.after else None,
                "occupancy_before": occ(self.occupancy_before),
                "occupancy_after": occ(self.occupancy_after),
                "register_cap": self.register_cap,
                "block": list(self.block) if self.block else None,
                "code_bytes_before": self.code_before, "code_bytes_after": self.code_after,
                "lowers_occupancy": self.lowers_occupancy}


@dataclass
class Cost:
    arch: str | None
    grid: tuple[int, int, int]
    block: tuple[int, int, int]
    kernels: list[KernelCost]
    source: str | None = None                 # the assembler whose report was read
    notes: list[str] = field(default_factory=list)   # why a figure is missing

    def to_json(self) -> dict[str, Any]:
        return {"arch": self.arch, "grid": list(self.grid), "block": list(self.block),
                "resource_usage_from": self.source, "notes": list(self.notes),
                "kernels": [k.to_json() for k in self.kernels]}


def predict(manifests: dict[str, Manifest], grid: tuple[int, int, int],
            block: tuple[int, int, int], original: str | None = None,
            instrumented: str | None = None, arch: str | None = None,
            why_not: str = "only computed for PTX (GCN: bytes per launch only)",
            caps: dict[str, int] | None = None,
            blocks: dict[str, tuple[int, int, int]] | None = None) -> Cost:
    """The cost of every instrumented kernel at this launch shape. Registers and occupancy need
    the two PTX modules, an assembler and an architecture whose limits are known; without them a
    note says what is missing (`why_not` when the modules are not given), and the bytes per
    launch are still given, sized once per list of maps, which the kernels of a program share
    (memtrace's 420 kernels sized the same two maps 420 times, 0.004 s). `caps`: the
    ``.maxnreg`` `instrumented` gives kernels (`assemble.registers.cap_registers`), shown beside
    their registers. `blocks`: kernels launched with a block of their own (the one they
    declare), sized and given occupancy at it."""
    sized: dict[tuple[object, ...], list[tuple[str, int, str]]] = {}
    kernels = []
    for name, m in manifests.items():
        own = (blocks or {}).get(name)
        key = (*map(id, m.maps), own or block)
        maps = sized.get(key)
        if maps is None:
            maps = sized[key] = m.bytes_per_launch(grid, own or block)
        kernels.append(KernelCost(name, maps, register_cap=(caps or {}).get(name),
                                  block=own if own != block else None))
    cost = Cost(arch, grid, block, kernels)
    if original is None or instrumented is None or arch is None:
        cost.notes.append(f"registers and occupancy: {why_not}")
        return cost
    from neutrino_py.assemble.occupancy import limits_for, occupancy
    from neutrino_py.assemble.ptx import AssembleError, assemble, sets_warpgroup_registers
    from neutrino_py.assemble.resources import parse_report
    try:
        cubin_before, log_before, cost.source = assemble(original, arch)
    except AssembleError as err:
        reason = _reason(err)
        older = "UNSUPPORTED_ARCH" in reason or "for option 'gpu-name'" in reason
        cost.notes.append(f"registers and occupancy not computed: the input does not assemble "
                          f"({reason})" + ("; the toolchain no longer builds for the module's "
                                           f"{arch}: --arch names the GPU it runs on, e.g. "
                                           "--arch sm_90" if older else ""))
        return cost
    except (ToolError, SourceError) as err:
        cost.notes.append(f"registers and occupancy not computed: {_reason(err)}")
        return cost
    try:
        cubin_after, log_after, _ = assemble(instrumented, arch)
    except (ToolError, SourceError) as err:
        cost.notes.append(f"registers and occupancy not computed: the instrumented PTX does not "
                          f"assemble, though the input does ({_reason(err)}); please report it")
        return cost
    if cost.source == "nvjitlink" and sets_warpgroup_registers(original):
        cost.notes.append("the module hands registers between warpgroups (setmaxnreg), which "
                          "nvJitLink ignores and no ptxas was found to keep: registers are those "
                          "of the kernel without them; pip install nvidia-cuda-nvcc for ptxas")
    before, after = parse_report(log_before), parse_report(log_after)
    code_before, code_after = _code_sizes(cubin_before), _code_sizes(cubin_after)
    limits = limits_for(arch)
    if limits is None:
        cost.notes.append(f"occupancy not computed: no SM limits known for {arch}")
    for k in kernels:
        k.before, k.after = before.get(k.kernel), after.get(k.kernel)
        k.code_before, k.code_after = code_before.get(k.kernel), code_after.get(k.kernel)
        threads = math.prod(k.block or block)
        if limits is not None and k.before and k.after:
            k.occupancy_before = occupancy(k.before, threads, limits)
            k.occupancy_after = occupancy(k.after, threads, limits)
    return cost


def _code_sizes(cubin: bytes) -> dict[str, int]:
    """Function name -> bytes of its own machine code (``.text.<name>``; functions it calls have
    sections of their own); empty where the cubin cannot be read."""
    from neutrino_py.image.elf import ElfError, code_sections
    try:
        return {name[len(".text."):]: len(body) for name, body in code_sections(cubin).items()
                if name.startswith(".text.")}
    except ElfError:
        return {}


def _dims(shape: tuple[int, int, int]) -> str:
    return "x".join(map(str, shape))


def _occ(o: Occupancy | None) -> str:
    return "-" if o is None else f"{o.fraction:.0%}"


def render(cost: Cost) -> list[str]:
    """The cost as a text table, then a warning per kernel whose occupancy the probe lowers, that
    it makes spill, or whose code it takes past `CODE_WARNING`."""
    shape = f"grid {_dims(cost.grid)}, block {_dims(cost.block)}"
    report = {"nvjitlink": "nvJitLink -verbose", "ptxas": "ptxas -v"}
    where = f"{cost.arch}, {report[cost.source]}" if cost.source else (cost.arch or "GCN")
    name = {k.kernel: short(k.kernel, 60) for k in cost.kernels}     # demangled, folded to fit
    rows = [("kernel", "registers", "smem", "stack/spills", "occupancy", "limited by", "code",
             "bytes/launch")]
    for k in cost.kernels:
        b, a = k.before, k.after
        regs = f"{b.registers} -> {a.registers} (+{a.registers - b.registers}" + \
            (", capped)" if k.register_cap else ")") if b and a else "-"
        smem = f"{a.shared} B" if a else "-"
        spills = (f"{b.stack}/{b.spill_stores} -> {a.stack}/{a.spill_stores} B" if b and a else "-")
        occ = f"{_occ(k.occupancy_before)} -> {_occ(k.occupancy_after)}"
        limit = k.occupancy_after.limit if k.occupancy_after else "-"
        code = (f"{format_bytes(k.code_before)} -> {format_bytes(k.code_after)}"
                if k.code_before is not None and k.code_after is not None else "-")
        rows.append((name[k.kernel], regs, smem, spills, occ, limit, code,
                     format_bytes(k.bytes_per_launch)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [f"cost at {shape} ({where}):"]
    lines += ["  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    lines += [f"  {name[k.kernel]}: at block {_dims(k.block)}, the block it declares"
              for k in cost.kernels if k.block]
    lines += [f"  {name[k.kernel]}.{m}: {format_bytes(n)} ({rule})" for k in cost.kernels
              for m, n, rule in k.maps]
    lines += [f"  {name[k.kernel]}: .maxnreg {k.register_cap} added: without it the probe's registers "
              "limit its warps per SM more (assemble/registers.py)"
              for k in cost.kernels if k.register_cap]
    lines += [f"  note: {n}" for n in cost.notes]
    for k in cost.kernels:
        if k.lowers_occupancy:
            ob, oa = k.occupancy_before, k.occupancy_after
            at = f"block {_dims(k.block)}" if k.block else shape
            lines.append(f"warning: the probe lowers {name[k.kernel]}'s occupancy at {at} from "
                         f"{ob.warps} to {oa.warps} warps per SM ({ob.fraction:.0%} -> "
                         f"{oa.fraction:.0%}, limited by {oa.limit}: {k.before.registers} -> "
                         f"{k.after.registers} registers per thread)")
        if k.before and k.after and k.after.spill_stores > k.before.spill_stores:
            lines.append(f"warning: the probe makes {name[k.kernel]} spill: {k.before.spill_stores} -> "
                         f"{k.after.spill_stores} bytes of spill stores per thread")
        if k.code_warning:
            lines.append(f"warning: the probe grows {name[k.kernel]}'s machine code from "
                         f"{format_bytes(k.code_before)} to {format_bytes(k.code_after)}: past "
                         f"about {format_bytes(CODE_WARNING)} its warps may wait on instruction "
                         "fetch (memtrace on the H200: 12.3 cycles per instruction at 836 KiB); "
                         "fewer matched opcodes or kernels (-k) keep it smaller")
    return lines


def _reason(err: Exception) -> str:
    """An assembler failure in one line: its first line and the first error line of the log
    after it (nvJitLink's message alone ends in a colon)."""
    lines = [line.strip() for line in str(err).splitlines() if line.strip()]
    first = lines[0] if lines else type(err).__name__
    error = next((line for line in lines[1:] if "error" in line.lower()), None)
    return f"{first.rstrip(':')}: {error}" if error else first
