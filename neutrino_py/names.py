"""Kernel names as people read them: C++ names demangled (libstdc++'s `__cxa_demangle`, which
every CUDA process has loaded), then cut to fit a table column. A CUTLASS kernel's mangled name
runs past 1,000 characters and a numba kernel's carries two ABI tags; what a reader wants first
is `cutlass::device_kernel<…>` or `__main__::axpy`. Traces and JSON keep the names as they are."""
from __future__ import annotations

import ctypes
import functools
import re

_ABI_TAG = re.compile(r"\[abi:[^\]]*\]")


@functools.lru_cache(maxsize=None)
def _cxa_demangle():
    try:
        lib = ctypes.CDLL("libstdc++.so.6")
    except OSError:
        return None
    fn = lib.__cxa_demangle
    fn.restype = ctypes.c_void_p
    fn.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_int)]
    free = ctypes.CDLL(None).free
    free.argtypes = [ctypes.c_void_p]
    return fn, free


@functools.lru_cache(maxsize=4096)
def demangle(name: str) -> str:
    """The C++ name behind an Itanium-mangled `name` (`_Z...`); any other name as it is."""
    found = _cxa_demangle() if name.startswith("_Z") else None
    if found is None:
        return name
    fn, free = found
    status = ctypes.c_int()
    out = fn(name.encode(), None, None, ctypes.byref(status))
    if not out or status.value != 0:
        return name
    try:
        return ctypes.string_at(out).decode("utf-8", errors="replace")
    finally:
        free(out)


def _bare(name: str) -> str:
    """A demangled function's qualified name alone: no return type (function templates have
    one), no parameter list and nothing after it (`const`)."""
    depth, start = 0, 0
    for i, ch in enumerate(name):
        if ch in "<[{":
            depth += 1
        elif ch in ">]}":
            depth -= 1
        elif ch == " " and depth == 0:
            start = i + 1
        elif ch == "(" and depth == 0 and i > 0:
            return name[start:i]
    return name[start:]


_FOLDABLE = re.compile(r"<(?!…>)(?:[^<>]|<…>)*>")   # an argument list holding no unfolded one


def _fold_templates(name: str, width: int) -> str:
    """Template argument lists replaced by `<…>`, innermost first, until `name` fits."""
    while len(name) > width and (m := _FOLDABLE.search(name)):
        name = name[:m.start()] + "<…>" + name[m.end():]
    return name


_LENGTH = re.compile(r"\d+")


def outline(name: str) -> str | None:
    """The qualified name an Itanium-mangled `name` starts with, its template arguments folded
    (``cutlass::device_kernel<…>``), read from the mangling itself: for the names libstdc++
    refuses (a CUTLASS Blackwell GEMM's 1,292 characters, which LLVM's demangler reads). None
    where the name does not start with plain source names. A kernel is never a class member, so
    template arguments end its name."""
    if not name.startswith("_Z"):
        return None
    i, nested = 2, name.startswith("N", 2)
    if nested:
        i += 1
        while name.startswith(("r", "V", "K"), i):
            i += 1
    parts: list[str] = []
    while True:
        if name.startswith("St", i):
            parts.append("std")
            i += 2
            continue
        m = _LENGTH.match(name, i)
        if m is None or m.end() + int(m.group()) > len(name):
            break
        parts.append(name[m.end():m.end() + int(m.group())])
        i = m.end() + int(m.group())
        if not nested:
            break
    if not parts or parts == ["std"] or nested and not name.startswith(("I", "E"), i):
        return None                  # a nested name's parts end with its arguments or its end
    return "::".join(parts) + ("<…>" if name.startswith("I", i) else "")


def short(name: str, width: int = 48) -> str:
    """`name` for a table column of `width`: demangled, without parameters or ABI tags, template
    arguments folded from the inside out, and only then cut with an ellipsis."""
    shown = name
    if name.startswith("_Z"):
        demangled = demangle(name)
        if demangled != name:
            shown = _fold_templates(_ABI_TAG.sub("", _bare(demangled)), width)
        else:
            shown = outline(name) or name
    return shown if len(shown) <= width else shown[:width - 1] + "…"


def selects(pattern: re.Pattern[str], name: str) -> bool:
    """Whether -k's `pattern` picks kernel `name`: searched in the name as the image holds it,
    in its demangled form, and in that form's bare name (no return type, parameters or ABI tags:
    `-k '^cutlass::device_kernel<'` and `-k '^__main__::axpy$'` work as well as `-k axpy`)."""
    if pattern.search(name):
        return True
    demangled = demangle(name) if name.startswith("_Z") else name
    if demangled == name:
        found = outline(name)
        return found is not None and bool(pattern.search(found))
    return bool(pattern.search(demangled) or pattern.search(_ABI_TAG.sub("", _bare(demangled))))
