"""Splice a checked probe program into the kernels of a module (contracts §3), for any target.

For each kernel the target opens (`targets.Target`): find every place each probe runs (`match`),
group the places into sites, bind operands (`bind`), lower the probe bodies to ops (`lower`),
gate them by the instruction's guard, and hand each site to the target to render around its
anchor; the target then finishes the kernel (registers, params, metadata) and a `Manifest`
records it all. Code that shares an anchor (every probe before and after one instruction) is one
site, so values captured before an instruction survive until the probes after it have run.
"""
from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, NamedTuple

from neutrino_py import ops, targets
from neutrino_py.asm import cfg
from neutrino_py.contract.manifest import Manifest, Param, params_for
from neutrino_py.errors import WARNING, Diagnostic, SourceError
from neutrino_py.names import selects, short
from neutrino_py.ops import Imm, Stmt, Value
from neutrino_py.probe import ast
from neutrino_py.probe.walk import operands_read, probe_nodes, walk
from neutrino_py.splice import lower, spaces
from neutrino_py.splice.bind import bind
from neutrino_py.splice.bounds import counter_bounds
from neutrino_py.splice.lower import Chain, Follower, Lowerer, Site, bit_set
from neutrino_py.splice.match import Match, Pcs, matches
from neutrino_py.splice.merge import Candidate, fold
from neutrino_py.splice.unwritten import never_runs, written
from neutrino_py.targets import Guard, SiteCode, Target, TargetKernel, Unreadable


@dataclass
class Instrumented:
    """The instrumented module (the input module, edited in place), one manifest per kernel,
    where the target knows it, each kernel's occupancy (waves per SIMD) before and after, and
    every warning with its place (`diagnostics`: the probe's own, then per kernel; a manifest's
    `warnings` say the same in words)."""
    module: Any
    manifests: dict[str, Manifest] = field(default_factory=dict)
    occupancy: dict[str, tuple[int, int]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def instrument(module: Any, program: ast.ProbeProgram, kernels: str | None = None) -> Instrumented:
    """Instrument every kernel of `module` whose name `kernels` (a regex, searched) matches."""
    target = targets.of(module)
    program = spaces.with_generic(program, target.generic_spaces)
    pattern = re.compile(kernels) if kernels else None
    result = Instrumented(module, diagnostics=list(program.diagnostics))
    reads = _Reads.of(program)
    low = Lowerer(program, warp_slots=target.warp_slots, shard_pools=target.shard_pools,
                  warp_sum=target.warp_sum, prefetch=target.prefetch,
                  vector_store=target.vector_store, compress_leads=target.compress_leads,
                  lane_tiles=target.lane_tiles, illegal=target.illegal)
    params = params_for(list(low.specs.values()))
    unmatched: dict[int, tuple[ast.Probe, list[str]]] = {}     # one warning per probe, not kernel
    idle: dict[int, tuple[ast.Probe, list[str]]] = {}
    for name, handle in target.kernels(module):
        if pattern is None or selects(pattern, name):
            splice = _KernelSplice(target, module, handle, program, reads, low, params)
            result.manifests[name] = splice.run()
            result.diagnostics += splice.diagnostics
            for probe in splice.unmatched:
                unmatched.setdefault(probe.index, (probe, []))[1].append(name)
            for probe in splice.idle:
                idle.setdefault(probe.index, (probe, []))[1].append(name)
            if splice.occupancy is not None:
                result.occupancy[name] = splice.occupancy
    result.diagnostics += [_at_probe(program, probe, f"{probe.label} matched nothing in "
                                     f"{_kernel_list(names)}")
                           for probe, names in unmatched.values()]
    result.diagnostics += [_at_probe(program, probe,
                                     _left_out(probe, _kernel_list(names)) + " there")
                           for probe, names in idle.values()]
    check_absent(program, reads)
    unreached = _device_function_matches(target, module, program, reads)
    for manifest in result.manifests.values():
        manifest.warnings += [d.message for d in unreached]
    if result.manifests:
        result.diagnostics += unreached
    return result


@dataclass(frozen=True)
class _Reads:
    """What each probe reads and adds to, by probe index: the same for every kernel, so worked
    out once per program (a module of 420 kernels walked the probes 13,000 times)."""
    operands: dict[int, dict[str, ast.Span]]
    counter_adds: dict[int, set[tuple[str, str]]]
    matched: dict[tuple[int, str, bool], bool] = field(default_factory=dict)
    # probe index -> (opcode spelling, guarded) -> whether its position selects it
    spellings: dict[int, dict[tuple[str, bool], bool]] = field(default_factory=dict)
    # probe indices whose body counts a block's instructions (`count(...)`)
    counting: set[int] = field(default_factory=set)
    # probe index -> map -> saves its body makes whenever it runs (no filter)
    saves: dict[int, Counter] = field(default_factory=dict)
    # (probe, operand values, block counts, scratch state) -> (ops, scratch state after)
    lowered: dict[tuple, tuple[list[Stmt], Any]] = field(default_factory=dict)
    # probe index -> shared registers its body assigns (walking the probes for every kernel
    # was 0.03-0.05 s of opcode_mix on a module of 420 kernels)
    assigns: dict[int, frozenset[str]] = field(default_factory=dict)
    # (probe index, OUT or INn) -> [instructions it is read at, those without a value there,
    # the first of those as (opcode, kernel, file, line), the first that has the operand but no
    # value (a label) as (why, opcode, kernel, file, line)], for `check_absent`
    absent: dict[tuple[int, str], list] = field(default_factory=dict)

    def tally(self, probe: ast.Probe, names: Iterable[str], missing: dict[str, str | None],
              where: Callable[[], tuple[str, str, str, int]]) -> None:
        """Count one instruction `probe` reads the operands `names` at, `missing` those it has
        no value of (a derived probe's under its original: they are one probe in the file)."""
        index = probe.index if probe.origin is None else probe.origin
        for name in names:
            if name == "OUT" or name.startswith("IN"):
                seen = self.absent.setdefault((index, name), [0, 0, None, None])
                seen[0] += 1
                if name in missing:
                    seen[1] += 1
                    seen[2] = seen[2] or where()
                    if missing[name] is not None and seen[3] is None:
                        seen[3] = (missing[name], *where())

    def seen(self, probe: ast.Probe) -> dict[tuple[str, bool], bool]:
        return self.spellings.setdefault(probe.index, {})

    def count(self, block: Counter, node: ast.Count) -> int:
        """How many instructions of a block (a Counter of (opcode, guarded)) `node` counts;
        whether a pattern matches an opcode is kept by node (identity: hashing the node for
        every opcode of every block was most of a block probe's splice)."""
        total = 0
        for (opcode, guarded), n in block.items():
            key = (id(node), opcode, guarded)
            hit = self.matched.get(key)
            if hit is None:
                hit = self.matched[key] = node.matches(opcode, guarded)
            if hit:
                total += n
        return total

    @classmethod
    def of(cls, program: ast.ProbeProgram) -> "_Reads":
        return cls({p.index: operands_read(p) for p in program.probes},
                   {p.index: {(n.map, n.field) for n in probe_nodes(p)
                              if isinstance(n, ast.CounterAdd)} for p in program.probes},
                   counting={p.index for p in program.probes
                             if any(isinstance(n, ast.Count) for n in probe_nodes(p))},
                   saves={p.index: Counter(s.map for s in p.body if isinstance(s, ast.Save))
                          for p in program.probes if p.filter is None},
                   assigns={p.index: frozenset(written([p])) for p in program.probes})


def _kernel_list(names: list[str], shown: int = 4) -> str:
    """``k`` for one kernel; ``N kernels: a, b, c, d (+M more)`` for a module of many (names as
    tables show them: demangled, folded to fit)."""
    if len(names) == 1:
        return short(names[0], 100)
    more = f" (+{len(names) - shown} more)" if len(names) > shown else ""
    return f"{len(names)} kernels: {', '.join(short(n) for n in names[:shown])}{more}"


def _saves_ahead(run: list[tuple[Any, int, int]], heads: list[int],
                 succs: list[list[int]], cuts: frozenset[int] = frozenset()) -> list[int]:
    """For each place of a run ((pc, probe), saves there, block), in layout order: the most saves
    any path from it to the end of its region meets, its own included (a path leaves at the
    region's last block or back to its head), or to the next of `cuts` (places that reserve
    afresh: `_KernelSplice.split_runs`). A reservation there takes that many slots, so a group
    of lanes never runs out of the slots it reserved, and an if/else holds the slots of its
    longer side only."""
    head = heads[run[0][2]]
    weight: dict[int, int] = {}            # saves in a block up to its first cut
    cut_in: set[int] = set()               # blocks a path does not leave through
    for i, (_, count, b) in enumerate(run):
        if b in cut_in:
            continue
        if i in cuts:
            cut_in.add(b)
        else:
            weight[b] = weight.get(b, 0) + count
    last = max(b for b in range(len(heads)) if heads[b] == head)
    beyond = [0] * (last + 2)          # most saves on a path that starts after block b's end
    longest = [0] * (last + 2)         # ... that starts at block b's start
    for b in range(last, head - 1, -1):
        beyond[b] = max((longest[s] for s in succs[b] if b < s <= last), default=0)
        longest[b] = weight.get(b, 0) + (0 if b in cut_in else beyond[b])
    out: list[int] = []
    for i, (_, count, b) in enumerate(run):
        ahead, k = count, i + 1
        while k < len(run) and run[k][2] == b and k not in cuts:
            ahead, k = ahead + run[k][1], k + 1
        out.append(ahead + (beyond[b] if k == len(run) or run[k][2] != b else 0))
    return out


def _left_out(probe: ast.Probe, where: str) -> str:
    """Why an exit probe is not instrumented in `where` (`unwritten.never_runs`)."""
    return (f"{probe.label}: its filter is false in {where}, where no probe writes the registers "
            "it reads; left out")


def _at_probe(program: ast.ProbeProgram, probe: ast.Probe, message: str) -> Diagnostic:
    """A warning about `probe`, placed at it in the probe file."""
    at = probe.span
    return Diagnostic(WARNING, message, program.file, at.line, at.col, at.width)


_OPERANDS = {"OUT": "destination", "IN1": "source", "IN2": "second source", "IN3": "third source"}


def check_absent(program: ast.ProbeProgram, reads: _Reads) -> None:
    """Refuse OUT or INn read at instructions none of which has a value there (`IN2` at `before
    mov`, IN1 at a branch's label), at the probe's read; where some of them have one, the
    others read 0 (probes/README.md)."""
    for (index, name), (seen, lacking, first, valueless) in reads.absent.items():
        if lacking < seen:
            continue
        probe = next(p for p in program.probes if p.index == index)
        span, (opcode, kernel, file, line) = reads.operands[index][name], first
        if valueless is not None:
            why, opcode, kernel, file, line = valueless
            raise _unreadable(program, probe, name, span, f"`{opcode}` (in {kernel}, {file}:{line})",
                             why)
        raise SourceError(
            f"{name} is no operand of the {seen} instruction{'s' if seen > 1 else ''} "
            f"{probe.label} matches: none has a {_OPERANDS[name]} (`{opcode}` in "
            f"{short(kernel, 100)}, {file}:{line})",
            file=program.file, line=span.line, col=span.col, source=program.text, width=span.width,
            hint="OUT is an instruction's first destination, IN1..IN3 its sources after it "
                 "(`add.s32 %r1, %r2, %r3`: OUT %r1, IN1 %r2, IN2 %r3); read one the matched "
                 "instructions have, or widen the position to instructions that have it")


def _unreadable(program: ast.ProbeProgram, probe: ast.Probe, name: str, span: ast.Span, at: str,
               reason: str) -> SourceError:
    """`probe`'s read of the operand helper `name` (at `span`) refused: it cannot be read at `at`
    (an instruction, and where it is in the module) for `reason`."""
    return SourceError(
        f"{name} cannot be read at {at}: {reason}",
        file=program.file, line=span.line, col=span.col, source=program.text, width=span.width,
        hint=f"read {name} where the operand is a register, a number or a variable: "
             + ("narrow the line range so that it leaves this instruction out, or read it at an "
                "opcode pattern" if isinstance(probe.position.target, ast.Lines)
                else "narrow the pattern so that it does not match this instruction"))


def _device_function_matches(target: Target, module: Any, program: ast.ProbeProgram,
                             reads: _Reads) -> list[Diagnostic]:
    """Warnings for places in device functions a probe would match: only kernels get map params,
    so code there is not instrumented (the accesses are not in the maps)."""
    out = []
    for code in target.device_functions(module):
        instructions = code.instructions()
        pcs = Pcs(instructions)
        found = _places(program, lambda p: len(matches(code, instructions, p.position, pcs,
                                                       reads.seen(p)))
                        if p.position.when in ("before", "after") else 0)
        for p in program.probes:
            n = found.get(p.label, 0)
            if n and p.origin is None:
                out.append(_at_probe(program, p, f"{p.label} matches {n} place(s) in device "
                                     f"function {short(code.name, 100)}, which is not instrumented "
                                     f"(maps reach kernels only)"))
    return out


def _places(program: ast.ProbeProgram, count: Callable[[ast.Probe], int]) -> dict[str, int]:
    """Places by probe label: a probe's own and its derived probes' (`spaces`) together."""
    out: dict[str, int] = {}
    for p in program.probes:
        out[p.label] = out.get(p.label, 0) + count(p)
    return out


@dataclass
class _Group:
    """The places that share one site: (probe, match) pairs, and whether the exit code joins."""
    first: Match
    pairs: list[tuple[ast.Probe, Match]] = field(default_factory=list)
    exit: bool = False


class _Held(NamedTuple):
    """One probe's body at a held-back site: what `_KernelSplice.lower` takes there, the
    instruction's guard (None: unguarded), the register holding its value as it was at the
    instruction, the instruction, and the site's captures (the code `hold` leaves there)."""
    pc: int
    probe: ast.Probe
    operands: dict[str, Value]
    block: Any
    places: dict | None
    guard: Guard | None
    kept: Any
    ins: Any
    captures: list[Stmt]


# the most sites whose saves one `_Deferred` holds back (each keeps its captured operands, a
# 64-bit address for memtrace, in registers until the saves run)
MAX_DEFERRED = 8
# the most held-back sites one chain saves (`_KernelSplice.chains`; 1: none): each follower's
# record adds its stores to the leader's code
MAX_CHAIN = 8
# 1: a chain's first past the start of its run reserves afresh, and the saves before it
# reserve no slot past it (`_KernelSplice.split_runs`); 0: one reservation for the region
SPLIT_RUNS = 1


@dataclass
class _Deferred:
    """Consecutive sites of one basic block whose probes only save values read at them
    (`Lowerer.deferrable`), on targets with `defer_saves`. Each site captures its operands (and
    its guard) into registers of `scope`, which no other code touches until `sink`; there,
    before the anchor (or after it, with `after`: the block's last instruction), the probe
    bodies run in the sites' order, each in a scope numbered above the captures. A memory-bound
    warp then issues its loads back to back, as without the probe, and waits for the record
    reservation's atomic (`ShardReserve`, `BumpReserve`) once, where it waits for the loads
    anyway: the sink is the first instruction that reads what one of the sites' instructions
    wrote, or an instruction that ends the block, calls, or carries code that is not held back
    (which could save to the same map: a warp's records keep its program order)."""
    scope: Any
    sink: Any = None
    after: bool = False
    # appended in the order sites are made (by probe position, then text): `held` runs them by pc
    bodies: list[_Held] = field(default_factory=list)


def _is_call(code: Any, ins: Any) -> bool:
    """Whether `ins` calls a function (which may exit, or loop back through the caller)."""
    return code.pattern(ins)[0].split(".")[0] == "call"


class _KernelSplice:
    """Instruments one kernel: its sites and manifest (the target keeps registers and params)."""

    def __init__(self, target: Target, module: Any, handle: Any, program: ast.ProbeProgram,
                 reads: _Reads, low: Lowerer, params: list[Param]) -> None:
        self.target, self.program = target, program
        self.low = low.for_kernel()
        self.params = list(params)
        self.kernel: TargetKernel = target.open(module, handle, self.low.persistent, self.params)
        self.reads = reads
        self.operands = reads.operands
        self.counter_adds = reads.counter_adds
        self.warnings: list[str] = []
        self.diagnostics: list[Diagnostic] = []
        self.where = (getattr(module, "file", "<input>"), getattr(handle, "line", 0))
        self.occupancy: tuple[int, int] | None = None
        # (map, region head) -> the run's saves in layout order and the passes a reservation there
        # takes; the regions they lie in
        self.run_lists: dict[tuple[str, int],
                             tuple[list[tuple[tuple[int, int], int, int]], int]] = {}
        self.region_heads: list[int] = []
        self.region_succs: list[list[int]] = []

    def key(self, anchor: Any, kind: str) -> Any:
        """Sites group by anchor; on targets without `shared_sites`, block starts, instructions
        and exits at one anchor are separate sites (each with its own scratch registers)."""
        return id(anchor) if self.target.shared_sites else (id(anchor), kind)

    def run(self) -> Manifest:
        k, program = self.kernel, self.program
        instructions = k.instructions()
        pcs = Pcs(instructions)
        found = {p.index: self.check_after(p, matches(k, instructions, p.position, pcs,
                                                      self.reads.seen(p)))
                 for p in program.probes}
        assigned = set().union(*[self.reads.assigns[p.index] for p in program.probes
                                 if found[p.index]])
        self.idle = [p for p in program.probes
                     if p.position.when == "exit" and found[p.index] and never_runs(p, assigned)]
        self.low.live_counters = {added for p in program.probes if found[p.index]
                                  for added in self.counter_adds[p.index]}

        # sites, in the order their code is rendered: entry, blocks, instructions/marks, exits
        entry = [p for p in program.probes if p.position.when == "entry"]
        exits = [p for p in program.probes if p.position.when == "exit" and p not in self.idle]
        groups: dict[Any, _Group] = {}
        for when in ("block", "before", "after"):
            for p in program.probes:
                if p.position.when == when:
                    for m in found[p.index]:
                        key = self.key(m.anchor, "block" if when == "block" else "instruction")
                        groups.setdefault(key, _Group(m)).pairs.append((p, m))
        exit_points = [(n, i) for n, i in enumerate(instructions) if k.is_exit(i)]
        if self.low.has_exit_state and not exit_points:
            self.warnings.append(f"{k.name} has no ret/exit: counters and per-thread record "
                                 f"counts are never stored")
        if exits or self.low.has_exit_state:
            for n, i in exit_points:
                match = Match(i, "before", i, n)
                groups.setdefault(self.key(i, "exit"), _Group(match)).exit = True

        # id(instruction) -> its basic block, made once for runs, folding and bounds
        blocks = functools.cache(lambda: {id(i): n for n, b in enumerate(k.blocks()) for i in b})
        runs, starts = self.runs(groups, blocks)
        anchor = k.entry_anchor()
        code: list[Stmt] = []
        first: list[SiteCode] = []              # emitted, in this order, before the sites
        if anchor is not None:
            scope = k.scope()
            code = self.low.entry()
            for p in entry:
                code += self.lower(p, {"PC": Imm(0, "u32")}, None, scope)
            # filters made of the thread's place alone (`lower.lifelong`) are decided at entry
            # only in kernels without loops (or unknown jump targets): there the reads hide
            # behind the first loads and leave every exit (H200, block_sched A B B A: reduce_sum
            # 1.14x -> 1.11x); across a loop the held predicate made ptxas read tid.x again
            # inside timed_matmul's loop (1.03x -> 1.06x)
            succs = k.successors()
            if succs is not None and not cfg.has_loop(succs):
                code += self.low.decide([p for p in program.probes
                                         if found[p.index] and p not in self.idle], scope)
            first.append(SiteCode(anchor, scope, before=code, entry=True))
        for head, names in starts.values():        # every lane entering the region, each pass
            first.append(SiteCode(head, k.scope(), before=self.low.run_starts(names)))
        deferred = self.deferrals(groups, blocks)
        made = [self.site(group, exits, runs, deferred.get(key)) for key, group in groups.items()]
        held_before, held_after = self.held(deferred)
        fold(made, instructions, blocks, k.keeps_guard, lambda i: _is_call(k, i))
        self.low.bounds = self.bounds(code, made, blocks)
        for c, group in zip(made, groups.values()):
            if group.exit:                     # the flush, once the bounds are known
                c.site.exit = self.gated(c.site.exit + self.flush(c.site.scope), c.guard, None)
        # nothing is inserted until here: folding and bounds read the kernel's own basic blocks
        # (those matching and runs built, not remade with the entry code in), and the entry
        # code, which only precedes the kernel's first statement, changes no block of it
        for site in first + held_before + [c.site for c in made] + held_after:
            k.emit(site)

        finished = k.finish()
        self.occupancy = finished.occupancy
        positions = _places(program, lambda p: len(found[p.index]))
        file, line = self.where
        self.diagnostics += [Diagnostic(WARNING, w, file, line, 1)
                             for w in finished.warnings + self.warnings]
        self.unmatched = [p for p in program.probes
                          if p.origin is None and not positions[p.label]]
        shown = _kernel_list([k.name])
        warnings = finished.warnings + [f"{label} matched nothing in {shown}"
                                        for label, n in positions.items() if n == 0] \
            + [_left_out(p, shown) for p in self.idle]
        return Manifest(kernel=k.name, target=self.target.name,
                        probe={"hash": program.hash, "text": program.text, "file": program.file},
                        params=self.params if finished.params is None else finished.params,
                        maps=list(self.low.specs.values()),
                        positions=positions, registers_added=finished.registers_added,
                        warnings=warnings + self.warnings, chains=self.low.chains)

    def runs(self, groups: dict[Any, _Group], block_map: Callable[[], dict[int, int]]) -> tuple[
            dict[tuple[int, int], dict[str, tuple[int, int, int]]],
            dict[int, tuple[Any, list[str]]]]:
        """Runs of saves (`lower._Ctx.run_reserve`) and where each starts. A run is the saves to
        one map that probes without a filter make before or after the instructions of one region
        (`asm.cfg.regions`: entered at its head only, without cycles; not after a terminator),
        in layout order, which is the order any pass meets them; a save under its
        instruction's guard counts (its slot stays a hole where no lane of the warp
        runs it). A region control comes back to (`cfg.on_cycles`: a loop's body) has a run
        even of one save, whose reservations take `lower.RUN_PASSES` passes' slots. Returns,
        for each (pc, probe index) whose saves belong to one, map -> (position of its first
        save in the run, slots a reservation there takes: the most saves any path through the
        region meets from it on, passes), and, by anchor, the heads' first instructions with
        the maps whose runs of one pass start there (`Lowerer.run_starts`). `block_map`:
        id(instruction) -> its basic block (the map folding and bounds read too)."""
        maps = self.low.runs
        if not maps:
            return {}, {}
        k = self.kernel
        places: list[tuple[tuple, tuple[int, int], str, int, Any]] = []
        for group in groups.values():
            for n, (probe, m) in enumerate(group.pairs):
                ins = m.instruction
                saves = self.reads.saves.get(probe.index)
                if not saves or ins is None or (m.where == "after" and k.is_terminator(ins)) \
                        or self.once(ins):
                    continue
                for name, count in saves.items():
                    if name in maps:
                        places.append(((m.pc, m.where == "after", n), (m.pc, probe.index),
                                       name, count, ins))
        if not places:
            return {}, {}
        succs = k.successors()
        if succs is None:
            return {}, {}
        blocks = k.blocks()
        heads = cfg.regions(succs)
        block_of = block_map()
        by_run: dict[tuple[str, int], list[tuple[tuple[int, int], int, int]]] = {}
        for _, pair, name, count, ins in sorted(places, key=lambda p: p[0]):
            b = block_of.get(id(ins))
            if b is not None:
                by_run.setdefault((name, heads[b]), []).append((pair, count, b))
        out: dict[tuple[int, int], dict[str, tuple[int, int, int]]] = {}
        starts: dict[int, tuple[Any, list[str]]] = {}
        cyclic = cfg.on_cycles(succs)
        for (name, head), run in by_run.items():
            passes = lower.RUN_PASSES if head in cyclic else 1
            ahead = _saves_ahead(run, heads, succs)
            if max(ahead) < 2 and passes == 1:
                continue
            self.run_lists[name, head] = run, passes
            at = 0
            for (pair, count, _), slots in zip(run, ahead):
                out.setdefault(pair, {})[name] = (at, slots, passes)
                at += count
            if passes == 1:      # a pass of a region entered again resumes the last one's slots
                anchor = blocks[head][0]
                starts.setdefault(id(anchor), (anchor, []))[1].append(name)
        self.region_heads, self.region_succs = heads, succs
        self.low.credit = frozenset(name for (name, _), (_, passes) in self.run_lists.items()
                                    if passes > 1)
        return out, starts

    def split_runs(self, cuts: set[tuple[tuple[int, int], str]]
                   ) -> dict[tuple[int, int], dict[str, tuple[int, int, int]]]:
        """The places (`runs`) of the saves of every run that `cuts` ((pc, probe), map) split:
        a cut (a chain's first past a run's start) reserves afresh, as a run's first save does,
        for the saves up to the next cut, and the saves before it reserve no slot past it. A
        chain's covered followers take no slot (the reader makes their records) and its
        passed-over ones none either, but a reservation made before the chain could not know
        which those would be: in softmax_kernel's corpus rows (CPU simulator) 98 of the 118
        slots reserved were holes, a reservation before the load chain holding the stores'
        too."""
        out: dict[tuple[int, int], dict[str, tuple[int, int, int]]] = {}
        for (name, head), (run, passes) in self.run_lists.items():
            at_cut = frozenset(i for i, (pair, _, _) in enumerate(run) if (pair, name) in cuts)
            if not at_cut:
                continue
            ahead = _saves_ahead(run, self.region_heads, self.region_succs, at_cut)
            at = 0
            for i, ((pair, count, _), slots) in enumerate(zip(run, ahead)):
                at = 0 if i in at_cut else at
                out.setdefault(pair, {})[name] = (at, slots, passes)
                at += count
        return out

    def deferrals(self, groups: dict[Any, _Group],
                  block_map: Callable[[], dict[int, int]]) -> dict[Any, _Deferred]:
        """The instruction sites held back to a sink later in their basic block (`_Deferred`),
        by group key; only the blocks holding such a site are walked (`block_map`: id of an
        instruction -> its block). None in a kernel with marks: their code lies between
        instructions, at a place in a block this does not follow."""
        k, movable = self.kernel, self.low.movable
        if not self.target.defer_saves or not movable or \
                any(g.first.instruction is None and not g.first.block for g in groups.values()):
            return {}
        holding: dict[int, Any] = {}        # id(instruction) -> key of the group held back there
        other: set[int] = set()             # id(anchor) of code that is not held back
        for key, g in groups.items():
            ins = g.first.instruction
            if ins is not None and not g.exit and not k.is_terminator(ins) \
                    and not _is_call(k, ins) and all(p.index in movable for p, _ in g.pairs):
                holding[id(ins)] = key
            else:
                other.add(id(g.first.anchor))
        out: dict[Any, _Deferred] = {}
        if not holding:
            return out
        where, blocks = block_map(), k.blocks()
        for b in sorted({where[i] for i in holding if i in where}):
            block = blocks[b]
            d, written, sites = None, set(), 0
            for ins in block:
                if d is not None and (id(ins) in other or k.is_terminator(ins)
                                      or _is_call(k, ins) or k.reads_any(ins, written)):
                    d.sink, d = ins, None
                key = holding.get(id(ins))
                if key is None:
                    continue
                if d is None:
                    d, written, sites = _Deferred(k.scope()), set(), 0
                out[key] = d
                written |= k.writes(ins)
                sites += 1
                if sites == MAX_DEFERRED:
                    d.sink, d.after, d = ins, True, None
            if d is not None:
                d.sink, d.after = block[-1], True
        return out

    def hold(self, group: _Group, defer: _Deferred,
             runs: dict[tuple[int, int], dict[str, tuple[int, int, int]]]) -> Candidate:
        """A site held back (`_Deferred`): here only its captures, and its guard's value, into
        the deferral's scope; its probes' bodies wait for the sink (`held`)."""
        ins = group.first.instruction
        guard = self.kernel.guard(ins)
        before: list[Stmt] = []
        kept = None
        if guard is not None:
            kept = defer.scope.tmp("pred")
            before.append(ops.Move(kept, guard.cond))
        for probe, m in group.pairs:
            operands = self.bind(probe, ins, m.pc, defer.scope, before, [])
            defer.bodies.append(_Held(m.pc, probe, operands, m.block,
                                      runs.get((m.pc, probe.index)), guard, kept, ins, before))
        return Candidate(SiteCode(group.first.anchor, defer.scope, before), group.first.pc, guard,
                         False)

    def held(self, deferred: dict[Any, _Deferred]) -> tuple[list[SiteCode], list[SiteCode]]:
        """The bodies of held-back sites at their sinks, in program order (by pc; the probes at
        one instruction in their order there), each gated by its instruction's guard as it was
        at the instruction: (code before sink anchors, code after them). A chain of them
        (`chains`) is saved by its first where its lanes allow, and each follower's own code
        then skipped (`lower.Chain`); where it runs, its ADDR is the first's plus its delta, so
        nothing reads the register its capture kept, and the capture leaves the follower's
        site: one 64-bit register held for the chain instead of one per access."""
        before: list[SiteCode] = []
        after: list[SiteCode] = []
        groups = []
        for d in {id(d): d for d in deferred.values()}.values():
            bodies = sorted(d.bodies, key=lambda h: h.pc)
            groups.append((d, bodies, self.chains(bodies)))
        cuts = {((h.pc, h.probe.index), h.probe.body[0].map) for _, bodies, chains in groups
                for h in (bodies[n] for n in chains)
                if SPLIT_RUNS and h.places[h.probe.body[0].map][0] > 0}
        places = self.split_runs(cuts) if cuts else {}
        for d, bodies, chains in groups:
            covered = {n: d.scope.tmp("u32") for n in chains}
            # follower -> (its chain's first, its place among the followers)
            follows = {n + 1 + k: (n, k) for n, deltas in chains.items()
                       for k in range(len(deltas))}
            for n, h in enumerate(bodies):
                scope = d.scope.above()
                chain, code, operands = None, [], h.operands
                pair = (h.pc, h.probe.index)
                if n in chains:
                    deltas = chains[n]
                    chain, code = self.chain(bodies[n:n + len(deltas) + 1], deltas, covered[n],
                                             scope)
                    # a cut: no save after it resumes a reservation made before it
                    code = self.low.run_starts([m for p, m in cuts if p == pair]) + code
                elif n in follows:
                    first, k = follows[n]
                    addr = scope.tmp("u64")
                    code = [ops.Binary(addr, "add", bodies[first].operands["ADDR"],
                                       Imm(chains[first][k], "u64"))]
                    h.captures[:] = [c for c in h.captures
                                     if getattr(c, "dst", None) != operands["ADDR"]]
                    operands = {**operands, "ADDR": addr}
                body = code + self.gated(self.lower(h.probe, operands, h.block, scope,
                                                   places.get(pair, h.places), chain,
                                                   n in follows), h.guard, h.kept)
                if n in follows:
                    on, test = bit_set(covered[follows[n][0]], follows[n][1], scope)
                    body = [*test, ops.If(on, tuple(body), negate=True)]
                if d.after:
                    after.append(SiteCode(d.sink, scope, after=body))
                else:
                    before.append(SiteCode(d.sink, scope, before=body))
        return before, after

    def chains(self, bodies: list[_Held]) -> dict[int, tuple[int, ...]]:
        """Chains of held-back bodies (`lower.Chain`), by the index of their first: each
        follower's ADDR less the first's. A chain's members are bodies of one probe without a
        filter whose one statement saves to a map with runs, one `lanes` field taking ADDR
        (which no other field reads); consecutive in its run; all guarded the same way or all
        unguarded; each ADDR the first's plus a constant (`TargetKernel.address_delta`)."""
        out: dict[int, tuple[int, ...]] = {}
        n = 0
        while n < len(bodies):
            deltas: list[int] = []
            if self.leads(bodies[n]):
                while n + len(deltas) + 1 < len(bodies) and len(deltas) + 1 < MAX_CHAIN:
                    delta = self.follows(bodies[n], bodies[n + len(deltas) + 1], len(deltas) + 1)
                    if delta is None:
                        break
                    deltas.append(delta)
            if deltas:
                out[n] = tuple(deltas)
            n += len(deltas) + 1
        return out

    def leads(self, first: _Held) -> bool:
        """Whether `first` can lead a chain (`chains`): its probe's one statement saves, in a
        run, to a map whose one `lanes` field takes ADDR and no other field reads it (a
        follower's ADDR is then the first's plus its delta, and its own capture is dropped)."""
        probe = first.probe
        if probe.filter is not None or len(probe.body) != 1 \
                or not isinstance(probe.body[0], ast.Save) or not first.places:
            return False
        save = probe.body[0]
        fields = self.program.maps[save.map].fields
        lanes = [a for f, a in zip(fields, save.args) if f.lanes]
        others = [n for f, a in zip(fields, save.args) if not f.lanes for n in walk(a)]
        return save.map in first.places and len(lanes) == 1 and \
            isinstance(lanes[0], ast.Operand) and lanes[0].name == "ADDR" and \
            not any(isinstance(n, ast.Operand) and n.name == "ADDR" for n in others)

    def follows(self, first: _Held, h: _Held, k: int) -> int | None:
        """How far the ADDR of `h` is from that of `first`, which leads a chain (`leads`),
        where `h` can be its `k`-th follower; None where it cannot."""
        save = first.probe.body[0]
        if h.probe is not first.probe or not h.places or save.map not in h.places \
                or h.places[save.map][0] != first.places[save.map][0] + k:
            return None
        if (first.guard is None) != (h.guard is None) or \
                first.guard is not None and first.guard.negated != h.guard.negated:
            return None
        return self.kernel.address_delta(first.ins, h.ins)

    def chain(self, members: list[_Held], deltas: tuple[int, ...], covered: Any,
              scope: Any) -> tuple[Chain, list[Stmt]]:
        """The chain of `members` (`deltas`: the followers' from `chains`; `covered`: its
        register; its `index` from `Lowerer.chain_index`), and the code before its first's
        body, which every lane runs: it clears `covered`; each lane sets a bit for each
        follower guarded by another predicate where that guard holds, and where it parts from
        the first's; one vote says whether any lane has such a bit, and only then one `WarpOr`
        each gathers them (`Chain`). A `VoteAny` per follower and bit took 12 votes in each of
        softmax_kernel's chains; a predicate per follower, xor'd with the first's, then set
        the bits again behind the vote (CPU simulator, that kernel's corpus rows: 285.5 probe
        instructions per warp, 265.5 with these bits)."""
        first = members[0]
        followers = tuple(Follower(tuple(h.operands.items()), delta)
                          for h, delta in zip(members[1:], deltas))
        index = self.low.chain_index(first.probe.body[0], followers)
        code: list[Stmt] = [ops.Move(covered, Imm(0, "u32"))]
        own = first.kept or (first.guard and first.guard.cond)
        conds = [h.kept or (h.guard and h.guard.cond) for h in members[1:]]
        if first.guard is None or all(c == own for c in conds):
            return Chain(followers, covered, index=index), code
        mask, any_apart = scope.tmp("u32"), scope.tmp("pred")
        apart, runs = scope.tmp("u32"), scope.tmp("u32")
        mine_apart, mine_runs, some = scope.tmp("u32"), scope.tmp("u32"), scope.tmp("pred")
        code += [ops.ReadSpecial(mask, "activemask"), ops.Move(apart, Imm(0, "u32")),
                 ops.Move(runs, Imm(0, "u32")), ops.Move(mine_runs, Imm(0, "u32"))]
        negated = first.guard.negated
        others = 0
        for k, cond in enumerate(conds):
            if cond != own:
                others |= 1 << k
                bit = Imm(1 << k, "u32")
                code.append(ops.If(cond, (ops.Binary(mine_runs, "or", mine_runs, bit),),
                                   negate=negated))
        # a follower guarded by another predicate parts from the first in a lane where exactly
        # one of them holds: its bit of mine_runs where the first's guard fails, else its bit
        # clear
        code += [ops.Move(mine_apart, mine_runs),
                 ops.If(own, (ops.Binary(mine_apart, "xor", mine_runs, Imm(others, "u32")),),
                        negate=negated),
                 ops.Compare(some, "ne", mine_apart, Imm(0, "u32")),
                 ops.VoteAny(any_apart, some, mask),
                 ops.If(any_apart, (ops.WarpOr(apart, mine_apart, mask),
                                    ops.WarpOr(runs, mine_runs, mask)))]
        return Chain(followers, covered, apart, runs, index), code

    def once(self, ins: Any) -> bool:
        """Whether probes attached to `ins` run once per warp whatever lanes are active, as it
        does (the kernel's `runs_once`: GCN's scalar memory runs once per wave, EXEC 0
        included); their code is then the kernel's `once(code)`, and none of their saves joins
        a run (a run's reservation is made by the lanes entering its region)."""
        return ins is not None and self.kernel.runs_once(ins)

    def site(self, group: _Group, exits: list[ast.Probe],
             runs: dict[tuple[int, int], dict[str, tuple[int, int, int]]],
             defer: _Deferred | None = None) -> Candidate:
        """All probes at one anchor: captures and `before` bodies, then `after` bodies; at an
        exit, the exit probes and the flush of counters (rendered once `merge.fold` has seen
        every site). A site held back (`defer`) keeps only its captures here (`hold`)."""
        if defer is not None:
            return self.hold(group, defer, runs)
        k = self.kernel
        scope = k.scope()
        # the instruction at the anchor, whichever probe matched it first (on targets with
        # shared sites a block start can come first and has none)
        ins = next((m.instruction for _, m in group.pairs if m.instruction is not None),
                   group.first.instruction)
        before: list[Stmt] = []
        after: list[Stmt] = []
        guard = None if ins is None else k.guard(ins)
        after_guard = None
        if group.pairs and guard is not None and guard.overwritten:
            after_guard = scope.tmp("pred")
            before.append(ops.Move(after_guard, guard.cond))
        for probe, m in group.pairs:
            captured: list[Stmt] = []
            late: list[Stmt] = []
            operands = {"PC": Imm(m.pc, "u32")} if m.instruction is None else self.bind(
                probe, m.instruction, m.pc, scope, captured, late)
            body = self.lower(probe, operands, m.block, scope, runs.get((m.pc, probe.index)))
            one = k.once if self.once(m.instruction) else list   # captures too: one lane's
            if m.where == "before":
                before += self.gated(one(captured + body), guard, None)
            elif ins is not None and k.is_terminator(ins):
                before += one(captured)        # after a guarded branch: only lanes not taking
                after += one(late + body)      # it get here, the guard already decided
            else:
                before += one(captured)
                after += self.gated(one(late + body), guard, after_guard)
        code: list[Stmt] = []
        if group.exit:                          # gated with the flush by `run`
            pc = {"PC": Imm(group.first.pc, "u32")}
            code = [s for p in exits for s in self.lower(p, pc, None, scope)]
        plain = all(m.instruction is not None and m.where == "before" for _, m in group.pairs)
        return Candidate(SiteCode(group.first.anchor, scope, before, after, code),
                         group.first.pc, guard, plain and bool(group.pairs) and not group.exit)

    def bounds(self, entry: list[Stmt], made: list[Candidate],
               blocks: Callable[[], dict[int, int]]) -> dict[tuple[str, str], int]:
        """Bounds of the counters the flush sums over a warp (`splice.bounds`), from the entry
        code and every site's code at its anchor's basic block (None for a site anchored at no
        instruction, such as a mark: its code's place in the CFG is not known here)."""
        counters = self.low.summed_counters
        if not counters:
            return {}
        at = blocks()
        sites = [(at.get(id(c.site.anchor)), c.site.before + c.site.after + c.site.exit)
                 for c in made]
        return counter_bounds(counters, entry, sites, self.kernel.successors())

    def lower(self, probe: ast.Probe, operands: dict[str, Value], block: tuple | None,
              scope: Any, runs: dict[str, tuple[int, int, int]] | None = None,
              chain: Chain | None = None, follower: bool = False) -> list[Stmt]:
        """`probe`'s body lowered at a site with these operand values, (for `count`) these
        block instructions, its saves' places in runs (`runs`), the chain it leads or whether
        it follows one, and whether its filter was decided at entry. The ops depend on nothing
        else but the scope's scratch numbering, so they are kept by these and reused (`kept`):
        sites repeat the same operands (ADDR in the same scratch register, BYTES 4) at every
        access of every kernel. The block is tallied only for a probe that counts."""
        tally = None if block is None or probe.index not in self.reads.counting else \
            Counter(map(self.kernel.pattern, block))
        count = None if tally is None else functools.partial(self.reads.count, tally)
        site = Site(operands, count, runs or {}, chain, follower)
        counts = None if tally is None else tuple(sorted(tally.items()))
        return self.kept((probe.index, probe.index in self.low.hoisted, tuple(operands.items()),
                          counts, tuple(site.runs.items()), chain, follower),
                         scope, lambda: self.low.probe(probe, site, scope))

    def flush(self, scope: Any) -> list[Stmt]:
        """The exit's flush of counters and record counts (`Lowerer.flush`), kept like a
        lowered probe: it depends on nothing but the live counters, their bounds and the
        scratch numbering, and the kernels of a module repeat those (opcode_mix on 420 kernels
        lowered the same flush 420 times)."""
        live = self.low.live_counters
        return self.kept(("flush", None if live is None else frozenset(live),
                          tuple(sorted(self.low.bounds.items()))),
                         scope, lambda: self.low.flush(scope))

    def kept(self, key: tuple, scope: Any, lower: Callable[[], list[Stmt]]) -> list[Stmt]:
        """`lower()`'s ops, made once per `key` and scratch state on targets whose scope tells
        its state (`state`/`restore`), and the scope left as making them leaves it."""
        state = getattr(scope, "state", None)
        if state is None:
            return lower()
        key += (state(),)
        hit = self.reads.lowered.get(key)
        if hit is not None:
            ops, after = hit
            scope.restore(after)
            return list(ops)
        ops = lower()
        self.reads.lowered[key] = (ops, scope.state())
        return list(ops)

    def bind(self, probe: ast.Probe, ins: Any, pc: int, scope: Any, before: list[Stmt],
             after: list[Stmt]) -> dict[str, Value]:
        """The probe's operand helpers at `ins`; one without a value is refused where the probe
        reads it."""
        names = self.operands[probe.index]
        missing: dict[str, str | None] = {}
        try:
            values = bind(self.kernel, ins, pc, names, scope, before, after, missing)
            k = self.kernel
            self.reads.tally(probe, names, missing,
                             lambda: (k.pattern(ins)[0], k.name, k.file, ins.line))
            return values
        except Unreadable as err:
            k = self.kernel
            raise _unreadable(self.program, probe, err.name, names[err.name],
                             f"`{k.pattern(ins)[0]}` (in {k.name}, {k.file}:{ins.line})",
                             err.reason) from None

    @staticmethod
    def gated(code: list[Stmt], guard: Guard | None, copy_of_guard) -> list[Stmt]:
        """`code` run only where the instruction executes (its guard predicate holds)."""
        if not code or guard is None:
            return code
        return [ops.If(copy_of_guard or guard.cond, tuple(code), negate=guard.negated)]

    def check_after(self, probe: ast.Probe, found: list[Match]) -> list[Match]:
        """The places of `probe` where code can run: `after` an instruction control never
        passes (an unguarded branch or `ret`) is refused where an opcode pattern names it, and
        left out of a line range, which selects every instruction of its lines (after an
        unguarded branch is where no lane goes on, as after a guarded one is where it is not
        taken)."""
        if probe.position.when != "after":
            return found
        kept = []
        for m in found:
            refusal = None if m.instruction is None else self.kernel.after_refusal(m.instruction)
            if refusal is None:
                kept.append(m)
            elif not isinstance(probe.position.target, ast.Lines):
                spelling, hint = refusal
                span = probe.position.span
                raise SourceError(
                    f"`after` cannot follow `{spelling}` (in {self.kernel.name}, "
                    f"{self.kernel.file}:{m.instruction.line}): control never reaches the next "
                    f"instruction", file=self.program.file, line=span.line, col=span.col,
                    source=self.program.text, hint=hint, width=span.width)
        return kept
