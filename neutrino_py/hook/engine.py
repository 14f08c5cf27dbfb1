"""The instrumenting step the server runs for a kernel's first launch:
image → PTX (image/) → IR (asm.parse_ptx) → probes spliced (splice.instrument) → cubin (assemble).

Cubins loaded without PTX (Triton, torch.compile) are matched byte for byte against the cubins of
the compiler caches those tools keep beside their PTX; what has no PTX anywhere is reported with
the reason `image/` gives (most ATen and cuBLAS kernels: SASS only).
"""
from __future__ import annotations

import getpass
import hashlib
import os
import re
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterator

from neutrino_py import image
from neutrino_py.image import offload
from neutrino_py.contract import wire
from neutrino_py.contract.manifest import Manifest
from neutrino_py.hook.protocol import REPLY
from neutrino_py.names import selects
from neutrino_py.tracedir.writer import kernel_hash

# NCCL's communication kernels wait on the other ranks: a probe in them measures the peers, and
# slowing one rank's side of a collective holds up all of them. Timed only, unless -k names them.
NCCL = re.compile(r"nccl(Dev)?Kernel")
NCCL_REASON = "NCCL communication kernel: timed only (select it with -k to instrument it)"

# Where a request's time goes (trace.json summary `instrument_phases_s`): finding the kernel's PTX
# in its image or a compiler cache, parsing it, splicing, printing, assembling (nvJitLink/ptxas);
# the server adds receiving the request, writing the cache and `other` (the rest).
PHASES = ("image", "parse", "splice", "print", "assemble")

# A kernel with a load, a store, a branch and an exit: instrumenting it once with the run's probe
# (`Engine.warm_up`) builds the PTX parser and compiles the probe's templates while the traced
# program starts, instead of during its first kernel's launch.
_WARM_UP_PTX = """.version 8.0
.target sm_90
.address_size 64
.visible .entry warm_up(.param .u64 p)
{
.reg .pred %p<2>;
.reg .b32 %r<4>;
.reg .b64 %rd<3>;
ld.param.u64 %rd1, [p];
mov.u32 %r1, %tid.x;
setp.ge.u32 %p1, %r1, 32;
@%p1 bra $L__done;
ld.global.u32 %r2, [%rd1];
add.s32 %r3, %r2, %r1;
st.global.u32 [%rd1], %r3;
$L__done:
ret;
}
"""


@dataclass
class KernelEntry:
    """What the server knows about one kernel; `reason` is None when it was instrumented."""

    name: str
    key: str
    source: str = "unknown"
    reason: str | None = None
    ptx: str | None = None
    instrumented_ptx: str | None = None
    manifest: dict | None = None
    cubin: bytes | None = None
    nparams: int = 0
    register_cap: int | None = None    # the .maxnreg it was assembled under (assemble.registers)
    param_layout: tuple[int, ...] = ()  # bytes of the kernel's own params, then each one's offset
    variables: tuple[tuple[str, bool], ...] = ()   # module variables it reaches: (name, writable)

    @property
    def instrumented(self) -> bool:
        return self.reason is None

    @cached_property
    def spec(self) -> Manifest:
        """`manifest` parsed once: the server reads every launch's maps with it."""
        return Manifest.from_json(self.manifest)

    def reply(self, cubin_path: str | None) -> str:
        """The text the shim reads (shim.c apply_reply), also stored as the cache's .meta file:
        each map's sizing rule (`contract.wire.map_line`), so the shim sizes buffers unasked."""
        r = REPLY
        if not self.instrumented:
            return f"{r['SKIP']} {self.reason}\n{r['SOURCE']} {self.source}\n"
        maps = "".join(f"{wire.map_line(spec)}\n" for spec in self.spec.maps)
        layout = (f"{r['LAYOUT']} {' '.join(map(str, self.param_layout))}\n"
                  if len(self.param_layout) == self.nparams + 1 else "")
        variables = "".join(f"{r['VAR']} {int(writable)} {name}\n" for name, writable in self.variables)
        return (f"ok\n{r['KEY']} {self.key}\n{r['CUBIN']} {cubin_path}\n{r['NPARAMS']} {self.nparams}\n"
                f"{r['SOURCE']} {self.source}\n{layout}{maps}{variables}")


Instrumenter = Callable[[bytes, str, int | str, str | None], KernelEntry]


def skipped(name: str, reason: str, source: str = "unknown") -> KernelEntry:
    return KernelEntry(name, kernel_hash(name), source, reason)


def guess_source(origin: str | None, img: image.Image | None, ptx: str | None) -> str:
    """cupy | triton | nvcc | torch | unknown, from where the image lives and who wrote the PTX."""
    if origin:
        base = os.path.basename(origin)
        if "torch" in origin or base.startswith(("libc10", "libcu", "libnccl")):
            return "torch"
        if "cupy" in origin:
            return "cupy"
        return "nvcc" if ".so" not in base else "unknown"
    if ptx and "LLVM NVPTX" in ptx[:2000]:
        return "triton"
    if img is not None and img.kind == "ptx":
        return "cupy"
    return "unknown"


def compiler_cache_dirs() -> list[Path]:
    """Where Triton and torch.compile (Inductor) keep `<kernel>.cubin` beside `<kernel>.ptx`."""
    user = getpass.getuser()
    dirs = [os.environ.get("TRITON_CACHE_DIR"), os.path.expanduser("~/.triton/cache"),
            os.path.join(tempfile.gettempdir(), f"torchinductor_{user}")]
    return [Path(d) for d in dirs if d and os.path.isdir(d)]


class CompilerCaches:
    """Cubins under the compiler caches, by size, kept across requests. A lookup re-lists only
    the folders whose mtime changed since it last looked (Triton adds one folder per kernel); a
    walk of every cache per kernel was most of the engine's own time on torch.compile programs."""

    _SETTLE_NS = 2_000_000_000     # a folder changed this recently may change again unseen

    def __init__(self, roots: Callable[[], list[Path]]) -> None:
        self.roots = roots
        self._folders: dict[str, tuple[int, list[str]]] = {}    # folder: (mtime_ns, subfolders)
        self._by_size: dict[int, set[str]] = {}
        self._lock = threading.Lock()          # requests from several processes come at once

    def ptx_for(self, cubin: bytes) -> str | None:
        """The PTX saved beside a byte-identical cubin in a compiler cache."""
        with self._lock:
            for root in self.roots():
                self._scan(str(root), time.time_ns())
            candidates = sorted(self._by_size.get(len(cubin), ()))
        for path in candidates:
            try:
                if os.path.getsize(path) == len(cubin) and Path(path).read_bytes() == cubin:
                    ptx = Path(path).with_suffix(".ptx")
                    return ptx.read_text() if ptx.exists() else None
            except (OSError, ValueError):     # gone, unreadable, or not text: not this one
                continue
        return None

    def _scan(self, folder: str, now_ns: int) -> None:
        try:
            mtime = os.stat(folder).st_mtime_ns
        except OSError:
            return
        known = self._folders.get(folder)
        if known is None or known[0] != mtime:
            subfolders = []
            try:
                with os.scandir(folder) as found:
                    for entry in found:
                        if entry.is_dir(follow_symlinks=False):
                            subfolders.append(entry.path)
                        elif entry.name.endswith(".cubin"):
                            self._by_size.setdefault(entry.stat().st_size, set()).add(entry.path)
            except OSError:
                return
            known = (mtime if now_ns - mtime > self._SETTLE_NS else -1, subfolders)
            self._folders[folder] = known
        for sub in known[1]:
            self._scan(sub, now_ns)


def _beside(path: str | None, suffix: str) -> str | None:
    """Text of the file next to `path` with `suffix` (Triton keeps kernel.ptx by kernel.cubin)."""
    if not path:
        return None
    other = Path(path).with_suffix(suffix)
    try:
        return other.read_text() if other.is_file() else None
    except (OSError, ValueError):           # unreadable, or not text (UnicodeDecodeError)
        return None


class Engine:
    """Callable instrumenter with running totals for the summary: `instrument_s` (all of it) and
    `phases` (seconds per `PHASES` entry)."""

    def __init__(self, program: Any, pattern: str | None = None,
                 cache_dirs: Callable[[], list[Path]] = compiler_cache_dirs,
                 gcn_asm: list[Path] | None = None) -> None:
        self.program, self.pattern = program, re.compile(pattern) if pattern else None
        self.gcn_asm = list(gcn_asm or [])    # where GCN images' assembly is looked for
        self.compiler_caches = CompilerCaches(cache_dirs)
        self.instrument_s = 0.0       # all of it, per kernel, serialized
        self.phases = dict.fromkeys(PHASES, 0.0)
        self.warm_up_s = 0.0          # one-time set-up, off the request path when run early
        self._warm = threading.Lock()
        self._warmed = False
        # parsed images, by content; kernels share them. The server hands the same bytes object
        # for every kernel of an image, so identity finds it without hashing megabytes again.
        self._images: dict[bytes, tuple[bytes, image.Image]] = {}
        self._by_id: dict[int, tuple[bytes, image.Image]] = {}

    @property
    def splice_s(self) -> float:
        """Parsing, splicing and printing: the engine's own work on kernels it instruments."""
        return self.phases["parse"] + self.phases["splice"] + self.phases["print"]

    @property
    def assemble_s(self) -> float:
        return self.phases["assemble"]

    @contextmanager
    def _timed(self, phase: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.phases[phase] += time.perf_counter() - start

    def warm_up(self) -> None:
        """Import the pipeline, build the PTX parser, compile the probe's templates and load
        nvJitLink, once (`neutrino trace` runs this while the program starts; a request that
        comes first waits for it). Failures are left for the real kernels to report."""
        with self._warm:
            if self._warmed:
                return
            start = time.perf_counter()
            try:
                from neutrino_py import assemble
                from neutrino_py.asm import parse_ptx
                from neutrino_py.splice import instrument

                instrument(parse_ptx(_WARM_UP_PTX, cache=False), self.program).module.to_text()
                assemble.available()
            except Exception:  # noqa: BLE001 — the same error reaches the first kernel's reason
                pass
            finally:
                self._warmed = True
                self.warm_up_s = time.perf_counter() - start

    def _image(self, data: bytes) -> image.Image:
        known = self._by_id.get(id(data))
        if known is not None and known[0] is data:
            return known[1]
        key = hashlib.blake2b(data, digest_size=16).digest()
        if key not in self._images:
            if len(self._images) >= 16:
                old = self._images.pop(next(iter(self._images)))
                self._by_id.pop(id(old[0]), None)
            self._images[key] = (data, image.load(data))
        self._by_id[id(self._images[key][0])] = self._images[key]
        return self._images[key][1]

    def __call__(self, data: bytes, name: str, arch: int | str, origin: str | None = None) -> KernelEntry:
        """Kernel `name`'s twin: a cubin for a CUDA image (`arch` 90), a code object for an AMD
        one (code object or offload bundle, from the HIP shim; `arch` gfx942 or `-`)."""
        start = time.perf_counter()
        try:
            if offload.is_gcn_image(data):
                from neutrino_py.hook import engine_gcn

                return engine_gcn.instrument(self.program, self.pattern, data, name, arch, origin,
                                             self.gcn_asm, self._timed)
            return self._instrument(data, name, int(arch), origin)
        finally:
            self.instrument_s += time.perf_counter() - start

    def _find_ptx(self, data: bytes, name: str, arch: int,
                  origin: str | None) -> tuple[str, str] | KernelEntry:
        """(PTX, source) of kernel `name`, or the skipped KernelEntry saying why there is none."""
        try:
            img = self._image(data)
        except (image.ImageError, ValueError) as err:
            return skipped(name, f"unreadable image: {err}", guess_source(origin, None, None))
        if self.pattern and not selects(self.pattern, name):     # before any PTX is looked up or parsed
            return skipped(name, f"not selected by -k {self.pattern.pattern}", guess_source(origin, img, None))
        if not self.pattern and NCCL.search(name):
            return skipped(name, NCCL_REASON, "nccl")
        try:
            ptx = img.ptx_for(name, arch)
            source = guess_source(origin, img, ptx)
        except image.NotInstrumentable as err:
            ptx = None
            if img.kind == "cubin":
                ptx = _beside(origin, ".ptx") or self.compiler_caches.ptx_for(data)
            if ptx is None:
                return skipped(name, err.reason, guess_source(origin, img, None))
            source = "triton"
        return ptx, source

    def _instrument(self, data: bytes, name: str, arch: int, origin: str | None) -> KernelEntry:
        self.warm_up()
        from neutrino_py import assemble
        from neutrino_py.asm import ir, parse_ptx
        from neutrino_py.asm.reach import reached, twin_module
        from neutrino_py.assemble.registers import cap_registers
        from neutrino_py.splice import instrument

        with self._timed("image"):
            found = self._find_ptx(data, name, arch, origin)
        if isinstance(found, KernelEntry):
            return found
        ptx, source = found
        key = kernel_hash(name, ptx)
        try:
            with self._timed("parse"):
                module = parse_ptx(ptx)
                function = module.function(name)
                nparams = len(function.params)
                offsets, end = ir.param_layout(function.params)
                function.body              # parsed on first access: count it as parsing
                found = reached(module, name)
                variables = tuple((v.name, v.writable) for v in found.variables)
            with self._timed("splice"):
                result = instrument(module, self.program, kernels=f"^{re.escape(name)}$")
                manifest = result.manifests[name]
                manifest = manifest.to_json() if hasattr(manifest, "to_json") else dict(manifest)
            with self._timed("print"):
                twin = twin_module(result.module, found)    # the other kernels left out
                text = twin.to_text()
            target = module.arch if module.arch and module.arch.startswith(f"sm_{arch}") else f"sm_{arch}"
            with self._timed("assemble"):
                text, caps = cap_registers(twin, [name], target, text)
                cubin = assemble.ptx_to_cubin(text, arch=target)
        except Exception as err:  # noqa: BLE001 — any failure means: run the original, say why
            first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
            return KernelEntry(name, key, source, f"instrumenting failed: {first}", ptx=ptx)
        return KernelEntry(name, key, source, None, ptx, text, manifest, cubin, nparams,
                           caps.get(name), (end, *offsets), variables)
