"""Reading user files with a size bound, writing every file the project writes atomically, and
reading a cache's pickles back (`cache_load`: a damaged one is a miss).

A write goes to a temporary file in the destination's folder, is fsynced, then renamed over the
destination: the path holds the old contents or the new ones, never a truncated mix (a full disk,
a crash, Ctrl-C). A failed write removes its temporary file and names the real path.
"""
from __future__ import annotations

import os
import pickle
import stat
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterator

from neutrino_py.errors import ToolError, format_bytes

# Largest input read into memory: PTX of the biggest real images is tens of MB; probes are tiny.
MAX_ASM_BYTES = 1 << 30
MAX_PROBE_BYTES = 1 << 20
# A trace's JSON: trace.json lists every launch (a few hundred bytes each); a kernel's manifest is
# small. Past these a file is damage, never read into memory whole.
MAX_TRACE_JSON_BYTES = 1 << 30
MAX_MANIFEST_BYTES = 64 << 20


@contextmanager
def atomic_file(path: str | os.PathLike, mode: str = "wb", *, durable: bool = True) -> Iterator[IO]:
    """A file object whose contents replace `path` when the block ends without an exception; a
    folder, device, FIFO or socket at `path` is refused before anything is written.
    Text modes write UTF-8, with ``surrogateescape`` so bytes read that way come back unchanged.
    ``durable=False`` skips the fsync: for cache entries, which a crash may lose (a reader that
    finds one unreadable makes it again) but never sees half-written."""
    path = Path(path)
    try:                                 # before anything is written (or renamed beside it)
        kind = path.stat().st_mode
    except (OSError, ValueError):
        kind = stat.S_IFREG              # not there yet (or unusable: said when opened)
    if stat.S_ISDIR(kind):
        raise ToolError(f"cannot write {path}: it is a directory", "give a file path")
    if not stat.S_ISREG(kind):           # renaming over /dev/null as root leaves a regular file
        raise ToolError(f"cannot write {path}: not a regular file (a device, FIFO or socket)",
                        "give the path of a file")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    text = "b" not in mode
    try:
        with open(tmp, mode, **({"encoding": "utf-8", "errors": "surrogateescape"} if text else {})) as f:
            yield f
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as err:
        _unlink(tmp)
        raise ToolError(f"cannot write {path}: {err.strerror or err}",
                        "check that the folder exists, is writable and has free space") from None
    except BaseException:
        _unlink(tmp)
        raise


def atomic_write(path: str | os.PathLike, data: bytes | str, *, durable: bool = True) -> None:
    """Replace `path` by `data` (str is written as UTF-8 with ``surrogateescape``), whole or not
    at all; see `atomic_file`."""
    with atomic_file(path, "wb", durable=durable) as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8", "surrogateescape"))


def cache_load(path: Path | None):
    """The object pickled at `path` (touched: recently used), or None when there is none."""
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            value = pickle.load(f)
        os.utime(path)                                # recently used: the last to be pruned
        return value
    except Exception:                 # a damaged or foreign file (ValueError: a newer protocol,
        return None                   # UnpicklingError, EOFError, ...) is a miss, never a crash


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


# What a path can be besides a regular file, in a user's words. None of them is an input: a FIFO
# or a terminal waits for a writer or a typist (forever, under a batch job), a character device
# such as /dev/zero or /dev/urandom never ends, a block device is a whole disk.
_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISCHR, "a character device"))
# Descriptors the process holds open already, whose pipe has its writer (`... | neutrino check
# /dev/stdin`): a pipe there is read; a terminal there is not (it would wait for typing)
_OPEN_FDS = ("/dev/fd", "/proc/self/fd")


def kind_of(mode: int) -> str | None:
    """What a file of `st_mode` is when it is not a regular file (`_KINDS`), else None."""
    if stat.S_ISREG(mode):
        return None
    return next((what for test, what in _KINDS if test(mode)), "not a regular file")


def _held_pipe(path: Path) -> bool:
    """True for a path naming a descriptor this process holds (`/dev/stdin`, `/dev/fd/N`)."""
    return str(path) in ("/dev/stdin", "/dev/fd/0") or str(path.parent) in _OPEN_FDS


def _refusal(path: Path, mode: int, what: str, fd: int | None = None) -> ToolError | None:
    """The error for reading `path` (of `st_mode`; `fd` where it is open) as a `what`, or None
    when it may be read: a regular file, or a pipe this process holds."""
    kind = kind_of(mode)
    if kind is None or (stat.S_ISFIFO(mode) and _held_pipe(path)):
        return None
    if stat.S_ISCHR(mode) and fd is not None and os.isatty(fd):
        kind = "a terminal"
    return ToolError(f"cannot read {path}: it is {kind}, not a {what}",
                     f"give the path of a {what}" + (
                         " (a pipe given as /dev/stdin is read; a terminal is not)"
                         if _held_pipe(path) else ""))


def open_input(path: str | os.PathLike, what: str = "file") -> IO[bytes]:
    """`path` opened for reading (binary), refused (ToolError, with what to do) unless it is a
    regular file or a pipe this process holds (`/dev/stdin`): a directory, a FIFO, a socket, a
    terminal or other character device (/dev/zero, /dev/urandom), a block device. It is opened
    without waiting (a FIFO would block in open(), a serial line until carrier) and what was
    opened is checked, so a file swapped for a FIFO after a look is refused too."""
    path = Path(path)
    try:
        before = path.stat().st_mode            # a socket cannot be opened: say what it is
    except (OSError, ValueError):
        before = None
    if before is not None and stat.S_ISSOCK(before):
        raise _refusal(path, before, what)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as err:
        raise ToolError(f"cannot read {path}: {err.strerror or err}",
                        f"give the path of a readable {what}") from None
    except ValueError:                          # open() refuses a path holding a NUL byte
        raise ToolError(f"cannot read {str(path)!r}: a path cannot hold a NUL byte",
                        f"give the path of a {what}") from None
    try:
        err = _refusal(path, os.fstat(fd).st_mode, what, fd)
        if err is not None:
            raise err
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_input(path: str | os.PathLike, limit: int, what: str = "file") -> bytes:
    """The bytes of a user's input file (`open_input`: only a regular file or a pipe this process
    holds), refused (ToolError) when unreadable or larger than `limit` (at most `limit + 1`
    bytes are read, so a file that grows while read, or a pipe that never ends, ends too)."""
    path = Path(path)
    with open_input(path, what) as f:
        try:
            data = f.read(limit + 1)
        except OSError as err:
            raise ToolError(f"cannot read {path}: {err.strerror or err}",
                            f"give the path of a readable {what}") from None
    if len(data) > limit:
        raise ToolError(f"{path} is larger than {format_bytes(limit)}, the most a {what} may be",
                        "check the path: no real input is this large") from None
    return data


# what a binary a user may mistake for assembly starts with -> what to call it
BINARY_KINDS = ((b"\x7fELF", "an ELF file (a cubin, a code object, a library or a program)"),
                (b"\x50\xed\x55\xba", "a CUDA fatbin"),
                (b"__CLANG_OFFLOAD_BUNDLE__", "a clang offload bundle (HIP)"))


def read_source(path: str | os.PathLike, limit: int = MAX_ASM_BYTES) -> str:
    """Text of a PTX or GCN assembly file. Bytes that are not UTF-8 become lone surrogates, which
    `atomic_write` turns back into the same bytes: a round trip changes nothing. A binary (one
    of `BINARY_KINDS`, or NUL bytes near the start) is refused with how to get its assembly."""
    data = read_input(path, limit, "PTX or GCN assembly file")
    kind = next((what for magic, what in BINARY_KINDS if data.startswith(magic)), None)
    if kind or b"\0" in data[:4096]:
        raise ToolError(f"{path} is {kind or 'binary data'}, not PTX or GCN assembly text",
                        f"print the PTX a CUDA binary carries with `cuobjdump -ptx {path}` (a HIP "
                        f"one's code objects: `clang-offload-bundler --list --input={path} "
                        f"--type=o`), or run the program under `neutrino trace`, which finds each "
                        f"kernel's PTX or code object itself")
    return unwrap_listing(data.decode("utf-8", "surrogateescape"), path)


def unwrap_listing(text: str, path: str | os.PathLike) -> str:
    """The PTX module of a `cuobjdump -ptx` listing (which our own advice above, and habit, hand
    users), with every line outside it blanked so that errors keep the listing's line numbers; any
    other text unchanged. A listing of several modules, or of machine code only, is refused with
    what to do: one module is one file."""
    if not text.lstrip().startswith(("Fatbin ", "arch = ")):
        return text
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith("Fatbin ")] or [0]
    sections = []                                # (line of .version, end, arch) of each PTX module
    for start, end in zip(starts, starts[1:] + [len(lines)]):
        version = next((i for i in range(start, end) if lines[i].startswith(".version")), None)
        arch = next((line.split("=", 1)[1].strip() for line in lines[start:end] if line.startswith("arch = ")), "?")
        if version is not None:
            sections.append((version, end, arch))
    if not sections:
        raise ToolError(f"{path} is a `cuobjdump` listing of machine code only: the binary carries no PTX",
                        "a kernel without PTX can be traced as a launch but not instrumented; rebuild it "
                        "with PTX (nvcc -gencode arch=compute_XX,code=compute_XX)")
    if len(sections) > 1:
        listed = ", ".join(f"{arch} at line {version + 1}" for version, _, arch in sections)
        raise ToolError(f"{path} is a `cuobjdump -ptx` listing of {len(sections)} PTX modules ({listed})",
                        f"pass one module: `cuobjdump -xptx all BINARY` writes each to a .ptx file")
    version, end, _ = sections[0]
    return "\n".join(line if version <= i < end else "" for i, line in enumerate(lines))
