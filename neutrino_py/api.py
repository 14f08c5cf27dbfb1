"""The notebook API: `Probe`, `Kernel`, `Run`, and `trace` for Triton kernels launched in a block.

    probe = nt.Probe.from_file("time_range")               # a stock probe, a path, or nt.Probe(text)
    k = nt.Kernel.from_ptx(ptx_text, "matmul")
    run = k.instrument(probe).launch(grid=(64, 1, 1), block=(128, 1, 1), args=[a, b, c, n])
    run.maps["ranges"]["cycles"].mean()
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from neutrino_py import paths, tracedir
from neutrino_py.errors import ToolError
from neutrino_py.maps import Maps


class Probe:
    """A checked probe program; errors surface here, before anything touches a GPU."""

    def __init__(self, text: str, file: str = "<probe>") -> None:
        from neutrino_py.probe import load

        self.program = load(text, file=file)
        self.text, self.file = text, file

    @classmethod
    def from_file(cls, path: str | Path) -> Probe:
        """A `.probe` file, or a stock probe by name (``"dmat"``, ``"block_sched"``...)."""
        from neutrino_py.probe import load_file

        probe = cls.__new__(cls)                      # checked once, by load_file
        probe.program = load_file(path)
        probe.text, probe.file = probe.program.text, probe.program.file
        return probe

    @property
    def hash(self) -> str:
        return self.program.hash

    def __repr__(self) -> str:
        return f"Probe({self.file!r}, maps={list(self.program.maps)})"


stock_probes = paths.stock_probes


@dataclass
class Run:
    """One launch: the maps it wrote (structured arrays), its manifest, and its kernel time."""

    kernel: str
    grid: tuple[int, int, int]
    block: tuple[int, int, int]
    maps: Maps
    manifest: Any
    elapsed_ms: float

    @property
    def dropped(self) -> dict[str, int]:
        return self.maps.dropped

    def __repr__(self) -> str:
        return (f"Run({self.kernel}, grid={self.grid}, block={self.block}, "
                f"{self.elapsed_ms:.3f} ms, {self.maps!r})")


@functools.cache
def _loaded(cubin: bytes) -> Any:
    from neutrino_py.runtime import Module

    return Module(cubin)


def _arch_for(module_arch: str | None) -> str:
    """The device's arch, unless the PTX needs an arch-specific target (sm_90a)."""
    from neutrino_py.runtime import device

    if module_arch and not module_arch[-1].isdigit():
        return module_arch
    return device().arch


class _Launchable:
    name: str
    ptx: str
    manifest: Any = None

    @functools.cached_property
    def _module(self) -> Any:
        """The PTX parsed once for the param types, the arch and an instrumented kernel's
        register cap."""
        from neutrino_py.asm import parse_ptx

        return parse_ptx(self.ptx)

    @functools.cached_property
    def param_types(self) -> list[Any]:
        """Types of the kernel's own parameters (map pointers excluded), from the PTX."""
        from neutrino_py.runtime import ParamType

        function = self._module.function(self.name)
        params = function.params[:len(function.params) - (0 if self.manifest is None else
                                                             len(self.manifest.params))]
        return [ParamType.parse(f"{p.type}[{p.array[0]}]" if p.array else p.type) for p in params]

    @functools.cached_property
    def _function(self) -> Any:
        from neutrino_py.assemble import ptx_to_cubin

        cubin = ptx_to_cubin(self.ptx, _arch_for(self._module.arch))
        return _loaded(cubin).function(self.name)

    def launch(self, grid: Any, block: Any, args: Sequence[Any], shared_mem: int = 0,
               stream: Any = None, read_maps: bool = True,
               ready: Callable[[int], None] | None = None) -> Run:
        """Run once; host NumPy arrays in `args` are copied back, maps read and trimmed.
        `ready(stream)` runs right before the kernel, after its maps are zeroed."""
        from neutrino_py.maps import launch_shape
        from neutrino_py.runtime import launch

        grid, block = launch_shape(grid, block)          # refused before the GPU is touched
        done = launch(self._function, self.param_types, grid, block, args, manifest=self.manifest,
                      shared_mem=shared_mem, stream=stream, read_maps=read_maps, ready=ready)
        return Run(self.name, grid, block, done.maps, self.manifest, done.elapsed_ms)


class Kernel(_Launchable):
    """One kernel of a PTX module, launchable as is or instrumented with a probe."""

    def __init__(self, ptx: str, name: str) -> None:
        self.ptx, self.name = ptx, name

    @classmethod
    def from_ptx(cls, ptx: str, name: str | None = None) -> Kernel:
        from neutrino_py.asm import parse_ptx

        names = [f.name for f in parse_ptx(ptx).kernels()]
        if name is None and len(names) == 1:
            name = names[0]
        if name not in names:
            raise ToolError(f"no kernel {name!r} in this PTX (it has: {', '.join(names) or 'none'})",
                            "pass the .entry name as it appears in the PTX")
        return cls(ptx, name)

    @classmethod
    def from_cubin(cls, data: bytes, name: str, arch: int | None = None) -> Kernel:
        """A kernel of a fatbin or cubin, through the PTX it embeds for `arch` (default: this GPU's).

        Machine code alone cannot be instrumented; the error says what the image holds instead.
        """
        from neutrino_py.image import NotInstrumentable, load

        if arch is None:
            from neutrino_py.runtime import device
            arch = int(device().arch[3:].rstrip("af"))
        try:
            ptx = load(data).ptx_for(name, arch)
        except NotInstrumentable as err:
            raise ToolError(f"cannot use {name!r}: {err.reason}",
                            "pass its PTX (nt.Kernel.from_ptx), or embed it when compiling:"
                            " nvcc -gencode arch=compute_90,code=[compute_90,sm_90]") from None
        return cls.from_ptx(ptx, name)

    @classmethod
    def from_triton(cls, compiled: Any) -> Kernel:
        """The PTX a Triton `CompiledKernel` was built from (`kernel[grid](...)` returns one)."""
        return cls.from_ptx(compiled.asm["ptx"], compiled.metadata.name)

    def instrument(self, probe: Probe | str) -> InstrumentedKernel:
        return InstrumentedKernel.build(self, probe if isinstance(probe, Probe) else Probe.from_file(probe))

    def __repr__(self) -> str:
        return f"Kernel({self.name!r})"


class InstrumentedKernel(_Launchable):
    """A kernel with a probe spliced in: `.ptx` is the instrumented text, `.manifest` its maps."""

    def __init__(self, kernel: Kernel, probe: Probe, ptx: str, manifest: Any) -> None:
        self.kernel, self.probe, self.ptx, self.manifest = kernel, probe, ptx, manifest
        self.name = kernel.name

    @classmethod
    def build(cls, kernel: Kernel, probe: Probe) -> InstrumentedKernel:
        return _instrumented(kernel.ptx, kernel.name, probe)

    @functools.cached_property
    def _assembled(self) -> tuple[str, int | None]:
        """The text assembled for this GPU (`ptx` with a register cap where it pays,
        `assemble.registers`) and that cap."""
        from neutrino_py.assemble.registers import cap_registers

        # `_module` is this kernel's own (parse_ptx unpickles a fresh one): the cap it may get
        # changes nothing the parameter types or the arch are read from
        module = self._module
        text, caps = cap_registers(module, [self.name], _arch_for(module.arch), self.ptx)
        return text, caps.get(self.name)

    @property
    def register_cap(self) -> int | None:
        """The ``.maxnreg`` the kernel was assembled under (None: as ptxas gave it)."""
        return self._assembled[1]

    @functools.cached_property
    def _function(self) -> Any:
        from neutrino_py.assemble import ptx_to_cubin

        cubin = ptx_to_cubin(self._assembled[0], _arch_for(self._module.arch))
        return _loaded(cubin).function(self.name)

    def __repr__(self) -> str:
        return f"InstrumentedKernel({self.name!r}, probe={self.probe.file!r})"


_CACHE: dict[tuple[str, str, str], InstrumentedKernel] = {}


def _instrumented(ptx: str, name: str, probe: Probe) -> InstrumentedKernel:
    """Instrument once per (PTX, kernel, probe) in this process."""
    key = (ptx, name, probe.hash)
    if key not in _CACHE:
        from neutrino_py.asm import parse_ptx
        from neutrino_py.splice import instrument

        result = instrument(parse_ptx(ptx), probe.program, kernels=f"^{re.escape(name)}$")
        if name not in result.manifests:
            raise ToolError(f"the probe did not instrument {name!r}", "check the kernel name")
        _CACHE[key] = InstrumentedKernel(Kernel(ptx, name), probe, result.module.to_text(),
                                         result.manifests[name])
    return _CACHE[key]


@dataclass
class Tracing:
    """What `trace()` collected: one Run per instrumented launch, and launches it left alone."""

    probe: Probe
    runs: list[Run] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)   # (kernel, reason)

    def __iter__(self) -> Iterator[Run]:
        return iter(self.runs)

    def __len__(self) -> int:
        return len(self.runs)


class trace:  # noqa: N801 — used as `with nt.trace(probe):`, like a function
    """Instrument every Triton kernel launched inside the `with` block; collect a Run each.

    Launches happen on Triton's stream with the same arguments; a kernel that cannot be
    instrumented (tensor descriptors, clusters, cooperative launches) runs natively and is
    listed in `skipped` with the reason.
    """

    def __init__(self, probe: Probe | str) -> None:
        self.result = Tracing(probe if isinstance(probe, Probe) else Probe.from_file(probe))

    def __enter__(self) -> Tracing:
        from neutrino_py.runtime import triton_hook

        self._restore = triton_hook.install(self._launch)
        return self.result

    def __exit__(self, *exc: Any) -> None:
        self._restore()

    def _launch(self, compiled: Any, grid: tuple[int, int, int], stream: int, args: list[Any],
                scratch: list[int], native: Any) -> None:
        reason = triton_unsupported(compiled)
        if reason:
            self.result.skipped.append((compiled.metadata.name, reason))
            native()
            return
        instrumented = _instrumented(compiled.asm["ptx"], compiled.metadata.name, self.result.probe)
        n_params = len(instrumented.param_types)
        if not 0 <= n_params - len(args) <= len(scratch):
            raise ToolError(f"Triton kernel {instrumented.name} has {n_params} parameters for"
                            f" {len(args)} arguments", "this Triton version is not supported by nt.trace()")
        block = (32 * compiled.metadata.num_warps, 1, 1)
        self.result.runs.append(instrumented.launch(
            grid, block, args + scratch[:n_params - len(args)],
            shared_mem=compiled.metadata.shared, stream=stream))


def triton_unsupported(compiled: Any) -> str | None:
    """Why a compiled Triton kernel cannot be launched by our runtime, or None."""
    meta = compiled.metadata
    if getattr(meta, "launch_cooperative_grid", False):
        return "cooperative grid launch"
    if getattr(meta, "launch_pdl", False):
        return "programmatic dependent launch"
    if any(d != 1 for d in getattr(meta, "cluster_dims", (1, 1, 1)) or (1, 1, 1)):
        return "thread-block clusters"
    if getattr(meta, "num_ctas", 1) != 1:
        return "multi-CTA kernel"
    if any(str(t).startswith(("tensordesc", "nvTmaDesc")) for t in compiled.src.signature.values()):
        return "tensor-descriptor arguments"
    return None


class Trace(tracedir.Trace):
    """A trace directory opened for analysis (`neutrino_py.tracedir.Trace`), with the analysis
    tools at hand: ``nt.Trace(path).report("block_sched").figure()``."""

    def report(self, tool: str, **options: Any) -> Any:
        """Run the analysis tool `tool` (see `neutrino report --list`); returns its `Report`."""
        from neutrino_py.tools import run_tool
        return run_tool(tool, self, **options)
