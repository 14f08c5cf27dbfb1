"""The engine's route for AMD images (what the HIP shim sends): code object or offload bundle →
the kernel's GCN assembly → probes spliced (the GCN target) → llvm-mc + ld.lld → code object.

A code object carries no assembly (unlike a fatbin's PTX), so the assembly is looked for the way
Triton's PTX is found beside its cubin: `.s` files (clang -S output) beside the image's file and
in the `--gcn-asm` folders; the one whose assembled and linked code object is byte for byte the
loaded one is instrumented, so the twin is the code the program would have run. The reply lists
the module variables the kernel reaches (asm.gcn_reach), which the HIP shim shares with the twin.
AMD execution is untested on hardware: this route is exercised only against a fake libamdhip64.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from neutrino_py.hook.engine import KernelEntry, skipped
from neutrino_py.image import offload
from neutrino_py.names import selects
from neutrino_py.tracedir.writer import kernel_hash

SOURCE = "hip"
NO_ASM = ("no GCN assembly found for this code object (pass --gcn-asm DIR holding the clang -S "
          "output it was built from)")


def _candidates(origin: str | None, folders: Iterable[Path]) -> Iterator[Path]:
    """`.s` files beside `origin` (a loaded file or the binary holding a fat binary), then in
    `folders`, each once."""
    seen: set[Path] = set()
    places = [Path(origin).parent] if origin else []
    for folder in [*places, *folders]:
        files = sorted(folder.glob("*.s")) if folder.is_dir() else []
        if origin:
            files.sort(key=lambda f: f.stem != Path(origin).stem)     # its namesake first
        for f in files:
            if f not in seen:
                seen.add(f)
                yield f


def find_assembly(code: offload.CodeObject, name: str, origin: str | None,
                  folders: Iterable[Path]) -> str | None:
    """The assembly text that assembles and links to exactly `code`, among the candidates that
    define kernel `name`."""
    from neutrino_py.asm.gcn_parse import parse_gcn
    from neutrino_py.assemble.gcn import gcn_to_hsaco

    marker = re.compile(rf"^\s*\.amdhsa_kernel\s+{re.escape(name)}\s*$", re.M)
    for path in _candidates(origin, folders):
        try:
            text = path.read_text()
            if not marker.search(text):
                continue
            if gcn_to_hsaco(text, parse_gcn(text, str(path)).target, str(path)) == code.data:
                return text
        except Exception:  # noqa: BLE001 — a candidate that does not read or assemble is not the one
            continue
    return None


def _code_object(data: bytes, name: str, arch: int | str) -> offload.CodeObject | str:
    """The code object holding kernel `name` for `arch` (any target when the shim could not
    tell), or why there is none."""
    codes = offload.code_objects(data)
    if not codes:
        return "no AMDGPU code object in the image"
    holding = [c for c in codes if name in c.kernels()]
    if not holding:
        targets = ", ".join(sorted({c.target or "code object" for c in codes}))
        return f"kernel not in the image ({targets})"
    wanted = [c for c in holding if isinstance(arch, str) and c.target.split(":")[0] == arch]
    return (wanted or holding)[0]


def instrument(program, pattern: re.Pattern | None, data: bytes, name: str, arch: int | str,
               origin: str | None, folders: Iterable[Path],
               timed: Callable[[str], object]) -> KernelEntry:
    """The twin of kernel `name` from a GCN image, or the skipped entry saying why there is
    none. `timed(phase)` is the engine's phase timer."""
    with timed("image"):
        if pattern and not selects(pattern, name):
            return skipped(name, f"not selected by -k {pattern.pattern}", SOURCE)
        try:
            code = _code_object(data, name, arch)
        except (offload.BundleError, ValueError) as err:
            return skipped(name, f"unreadable image: {err}", SOURCE)
        if isinstance(code, str):
            return skipped(name, code, SOURCE)
        text = find_assembly(code, name, origin, folders)
    if text is None:
        return skipped(name, NO_ASM, SOURCE)
    key = kernel_hash(name, text)
    try:
        from neutrino_py.asm.gcn_parse import parse_gcn
        from neutrino_py.asm.gcn_reach import reached
        from neutrino_py.assemble.gcn import gcn_to_hsaco
        from neutrino_py.splice import instrument as splice

        with timed("parse"):
            module = parse_gcn(text)
            variables = tuple((v.name, v.writable) for v in reached(module, name))
            args = (module.kernel(name).metadata or {}).get(".args", [])
            explicit = [a for a in args if not a[".value_kind"].startswith("hidden_")]
            nparams = len(explicit)
            end = max((a[".offset"] + a[".size"] for a in explicit), default=0)
        with timed("splice"):
            result = splice(module, program, kernels=f"^{re.escape(name)}$")
            manifest = result.manifests[name].to_json()
        with timed("print"):
            out = result.module.to_text()
        with timed("assemble"):
            hsaco = gcn_to_hsaco(out, module.target)
    except Exception as err:  # noqa: BLE001 — any failure means: run the original, say why
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        return KernelEntry(name, key, SOURCE, f"instrumenting failed: {first}", ptx=text)
    return KernelEntry(name, key, SOURCE, None, text, out, manifest, hsaco, nparams, None,
                       (end, *(a[".offset"] for a in explicit)), variables)
