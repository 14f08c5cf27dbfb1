"""One loaded GPU image (what a program hands `cuModuleLoadData` / `cuLibraryLoadData`): its PTX and
machine code per architecture, and which kernel's PTX to instrument for a given GPU.

Kernel names and the ``.target`` of PTX come from `asm.parse_ptx`'s module level (bodies stay
unparsed); its disk cache makes the engine's parse of the chosen PTX, which follows, a cache hit.
"""
from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from neutrino_py.errors import SourceError
from neutrino_py.image import elf, fatbin
from neutrino_py.image.fatbin import Entry, ImageError

if TYPE_CHECKING:
    from neutrino_py.asm import ir


class NotInstrumentable(Exception):
    """The image holds no PTX for a kernel; `reason` says what it holds instead."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Image:
    """`kind` is "fatbin", "cubin" or "ptx"; `entries` every member, decompressed."""

    kind: str
    entries: list[Entry] = field(default_factory=list)

    def kernels(self) -> set[str]:
        """Every kernel named by any member (PTX `.entry` or cubin entry symbol); a PTX member the
        parser rejects raises `NotInstrumentable`."""
        return {name for e in self.entries for name in _names(e)}

    def ptx_for(self, kernel: str, arch: int) -> str:
        """PTX text holding `kernel`, for the highest virtual arch the GPU (`arch`, e.g. 90) runs;
        of two for the same arch, the arch-specific one (`.target sm_90a`): the driver runs that
        one's SASS, and its generic twin may hold only a fallback (CUTLASS's Hopper kernels trap
        with "Arch conditional MMA instruction used without targeting appropriate compute
        capability" when built without sm_90a).

        Raises `NotInstrumentable` saying precisely what the image holds when there is no such PTX.
        """
        ptx = [e for e in self.entries if e.kind == "ptx"]
        usable = [e for e in ptx if e.arch <= arch and _runs_on(e, arch)]
        # newest usable arch first, parsing members only until one holds the kernel
        for e in sorted(usable, key=lambda e: (e.arch, _specific(e) != ""), reverse=True):
            if kernel in _names(e):
                return e.ptx
        candidates = [e for e in ptx if kernel in _names(e)]
        if candidates:
            archs = ", ".join(f"compute_{e.arch}{_specific(e)}" for e in candidates)
            why = (f"newer than the GPU's sm_{arch}" if all(e.arch > arch for e in candidates) else
                   f"which the GPU's sm_{arch} cannot run (arch-specific PTX runs on its own architecture only)")
            raise NotInstrumentable(f"PTX only for {archs}, {why}")
        sass = sorted({e.arch for e in self.entries if e.kind == "elf"})
        if sass and any(kernel in _names(e) for e in self.entries if e.kind == "elf"):
            archs = ", ".join(f"sm_{a}" for a in sass)
            raise NotInstrumentable(f"SASS only: the image holds {archs} machine code and no PTX")
        raise NotInstrumentable(f"kernel {kernel!r} is not in this {self.kind}")

    @property
    def sass_only(self) -> bool:
        return bool(self.entries) and all(e.kind == "elf" for e in self.entries)


def _specific(entry: Entry) -> str:
    """"a" for PTX that targets one architecture (`sm_90a`), "f" for a family (`sm_100f`), else ""."""
    if entry._specific is None:
        _names(entry)
    return entry._specific or ""


def _suffix(targets: list[str]) -> str:
    return next((m.group(2) for name in targets
                 if (m := _ARCH.fullmatch(name)) and m.group(2) in ("a", "f")), "")


def _runs_on(entry: Entry, arch: int) -> bool:
    """Whether the GPU `arch` runs `entry`'s PTX: any newer GPU runs generic PTX, only `sm_90`
    runs `sm_90a`, and only the same major version runs `sm_100f`."""
    kind = _specific(entry)
    return kind == "" or (entry.arch == arch if kind == "a" else entry.arch // 10 == arch // 10)


def _names(entry: Entry) -> tuple[str, ...]:
    """Kernels a member holds, read once per member: the engine asks for every kernel of an
    image (libtorch's hold hundreds), and a cubin's symbol table is read in Python."""
    if entry._names is None:
        if entry.kind == "ptx":
            try:
                module = _module(entry.ptx)
            except SourceError as err:
                raise NotInstrumentable(f"its PTX does not parse: {str(err).splitlines()[0]}") from None
            except ImageError as err:
                raise NotInstrumentable(str(err)) from None
            entry._names = tuple(f.name for f in module.kernels())
            entry._specific = _suffix(module.target)
        else:
            try:
                entry._names = tuple(elf.entries(entry.data))
            except (elf.ElfError, ImageError):
                entry._names = ()
    return entry._names


def load(data: bytes) -> Image:
    """Parse image bytes: a fatbin (plain, or behind its 0x466243b1 wrapper when the wrapper's data
    follows it, as in a file), an ELF cubin, or NUL-terminated PTX text."""
    data = bytes(data)
    if len(data) >= 16 and struct.unpack_from("<I", data)[0] == fatbin.WRAPPER_MAGIC:
        data = data[16:]
    if fatbin.is_fatbin(data):
        return Image("fatbin", fatbin.entries(data))
    if data[:4] == b"\x7fELF":
        return Image("cubin", [Entry("elf", elf.arch(data), data, None, (0, 0), _data=data)])
    text = data.split(b"\0", 1)[0]
    if b".version" in text and b".target" in text:
        try:
            module = _module(text.decode("utf-8", errors="replace"))
        except SourceError as err:
            raise ImageError(f"PTX that does not parse: {str(err).splitlines()[0]}") from None
        arch = next((int(m.group(1)) for name in module.target
                     if (m := _ARCH.fullmatch(name))), 0)
        return Image("ptx", [Entry("ptx", arch, text, None, (0, 0), _data=text,
                                   _names=tuple(f.name for f in module.kernels()),
                                   _specific=_suffix(module.target))])
    raise ImageError("not a GPU image: neither a fatbin (0xBA55ED50), an ELF cubin nor PTX text")


_ARCH = re.compile(r"(?:sm|compute)_(\d+)([a-z]?)")


def _module(ptx: str) -> "ir.Module":
    """The module level of `ptx`, bodies unparsed (imported here: the hook's start-up imports this
    module and leaves the parser for the first request)."""
    from neutrino_py.asm import parse_ptx
    return parse_ptx(ptx)
