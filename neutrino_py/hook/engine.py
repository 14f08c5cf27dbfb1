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
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from neutrino_py import image
from neutrino_py.maps.layout import layout
from neutrino_py.trace.writer import kernel_hash

# (threads, warps) of three probe geometries: two to solve `bytes = per_unit * units + fixed`, one to check
_GEOMETRIES = [((1, 1, 1), (32, 1, 1)), ((2, 1, 1), (32, 1, 1)), ((3, 1, 1), (96, 1, 1))]


@dataclass
class Kernel:
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
    sizes: list[tuple[str, int, int, int, int]] = field(default_factory=list)   # see map_sizes

    @property
    def instrumented(self) -> bool:
        return self.reason is None

    def reply(self, cubin_path: str | None) -> str:
        """The text the shim reads (shim.c apply_reply), also stored as the cache's .meta file."""
        if not self.instrumented:
            return f"skip {self.reason}\nsource {self.source}\n"
        maps = "".join(f"map {' '.join(map(str, row))}\n" for row in self.sizes)
        return (f"ok\nkey {self.key}\ncubin {cubin_path}\nnparams {self.nparams}\n"
                f"source {self.source}\n{maps}")


Instrumenter = Callable[[bytes, str, int, str | None], Kernel]


def skipped(name: str, reason: str, source: str = "unknown") -> Kernel:
    return Kernel(name, kernel_hash(name), source, reason)


def map_sizes(manifest: dict) -> list[tuple[str, int, int, int, int]] | None:
    """Per map, `(unit, per_unit, fixed, pool_item, header_slot)` so the shim sizes buffers without
    asking (None if a map's size is not affine in the launch's threads or warps); `pool_item` is
    the record size of an unbounded record pool, which the shim copies back only up to its cursor."""
    rows = [layout(manifest, g, b) for g, b in _GEOMETRIES]
    out = []
    for i, first in enumerate(rows[0]):
        unit = first.level if first.level in ("thread", "warp") and first.kind != "hist" else "none"
        counts = [lays[i].units if unit != "none" else 0 for lays in rows]
        sizes = [lays[i].nbytes for lays in rows]
        per = (sizes[1] - sizes[0]) // (counts[1] - counts[0]) if counts[1] != counts[0] else 0
        fixed = sizes[0] - per * counts[0]
        if any(per * c + fixed != s for c, s in zip(counts, sizes)):
            return None
        pool_item = first.dtype.itemsize if first.kind == "record" and first.capacity is None else 0
        out.append((unit, per, fixed, pool_item, first.header_slot))
    return out


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


def ptx_from_compiler_caches(cubin: bytes, dirs: list[Path]) -> str | None:
    """The PTX saved beside a byte-identical cubin in a compiler cache."""
    for root in dirs:
        for path in root.rglob("*.cubin"):
            try:
                if path.stat().st_size == len(cubin) and path.read_bytes() == cubin:
                    ptx = path.with_suffix(".ptx")
                    return ptx.read_text() if ptx.exists() else None
            except OSError:
                continue
    return None


def _beside(path: str | None, suffix: str) -> str | None:
    """Text of the file next to `path` with `suffix` (Triton keeps kernel.ptx by kernel.cubin)."""
    if not path:
        return None
    other = Path(path).with_suffix(suffix)
    try:
        return other.read_text() if other.is_file() else None
    except OSError:
        return None


class Engine:
    """Callable instrumenter with running totals (`instrument_s`, `assemble_s`) for the summary."""

    def __init__(self, program: Any, pattern: str | None = None,
                 cache_dirs: Callable[[], list[Path]] = compiler_cache_dirs) -> None:
        self.program, self.pattern = program, re.compile(pattern) if pattern else None
        self.cache_dirs = cache_dirs
        self.instrument_s = 0.0       # all of it, per kernel, serialized
        self.splice_s = 0.0           # parse_ptx + splice.instrument + printing
        self.assemble_s = 0.0         # nvJitLink / ptxas
        self._images: dict[bytes, image.Image] = {}     # parsed, by content; kernels share them

    def _image(self, data: bytes) -> image.Image:
        key = hashlib.blake2b(data, digest_size=16).digest()
        if key not in self._images:
            if len(self._images) >= 16:
                self._images.pop(next(iter(self._images)))
            self._images[key] = image.load(data)
        return self._images[key]

    def __call__(self, data: bytes, name: str, arch: int, origin: str | None = None) -> Kernel:
        start = time.perf_counter()
        try:
            return self._instrument(data, name, arch, origin)
        finally:
            self.instrument_s += time.perf_counter() - start

    def _instrument(self, data: bytes, name: str, arch: int, origin: str | None) -> Kernel:
        from neutrino_py import assemble
        from neutrino_py.asm import parse_ptx
        from neutrino_py.splice import instrument

        try:
            img = self._image(data)
        except (image.ImageError, ValueError) as err:
            return skipped(name, f"unreadable image: {err}", guess_source(origin, None, None))
        try:
            ptx = img.ptx_for(name, arch)
            source = guess_source(origin, img, ptx)
        except image.NotInstrumentable as err:
            ptx = None
            if img.kind == "cubin":
                ptx = _beside(origin, ".ptx") or ptx_from_compiler_caches(data, self.cache_dirs())
            if ptx is None:
                return skipped(name, err.reason, guess_source(origin, img, None))
            source = "triton"
        if self.pattern and not self.pattern.search(name):
            return skipped(name, f"not selected by -k {self.pattern.pattern}", source)
        key = kernel_hash(name, ptx)
        try:
            t0 = time.perf_counter()
            try:
                module = parse_ptx(ptx)
                nparams = len(module.function(name).params)
                result = instrument(module, self.program, kernels=f"^{re.escape(name)}$")
                manifest = result.manifests[name]
                manifest = manifest.to_json() if hasattr(manifest, "to_json") else dict(manifest)
                text = result.module.to_text()
            finally:
                self.splice_s += time.perf_counter() - t0
            target = module.arch if module.arch and module.arch.startswith(f"sm_{arch}") else f"sm_{arch}"
            t0 = time.perf_counter()
            try:
                cubin = assemble.ptx_to_cubin(text, arch=target)
            finally:
                self.assemble_s += time.perf_counter() - t0
        except Exception as err:  # noqa: BLE001 — any failure means: run the original, say why
            first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
            return Kernel(name, key, source, f"instrumenting failed: {first}", ptx=ptx)
        sizes = map_sizes(manifest)
        if sizes is None:
            return Kernel(name, key, source, "map sizes are not linear in the launch geometry", ptx=ptx)
        return Kernel(name, key, source, None, ptx, text, manifest, cubin, nparams, sizes)
