"""Where the files that ship with the package live, from a checkout or an installed wheel."""
from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

from neutrino_py.errors import ToolError, did_you_mean

_PKG = Path(__file__).resolve().parent


def _shipped(name: str) -> Path:
    """A top-level folder of the repo (checkout) or its copy inside the package (wheel)."""
    checkout = _PKG.parent / name
    if checkout.is_dir():
        return checkout
    return _PKG / name


def grammar(name: str) -> Path:
    """Path of `grammars/<name>` (e.g. ``grammar("ptx.lark")``)."""
    return _shipped("grammars") / name


def probes_dir() -> Path:
    return _shipped("probes")


def probe_file(spec: str | os.PathLike) -> Path:
    """The probe a user named: a path as given, or, when no such file exists and `spec` is a
    bare name (``dmat``, ``dmat.probe``), the stock probe of that name. A bare name that is
    neither, but close to a stock probe's (``dmta``), is refused with that name (ToolError)."""
    path = Path(spec)
    stock = probes_dir() / f"{path.name.removesuffix('.probe')}.probe"
    try:
        if not path.exists() and len(path.parts) == 1:
            if stock.is_file():
                return stock
            close = did_you_mean(path.name.removesuffix(".probe"), stock_probes())
            if close:
                raise ToolError(f"no probe file {str(path)!r}{close}",
                                f"give a path, or one of: {', '.join(stock_probes())}")
    except (OSError, ValueError):    # a name the system refuses (too long, a NUL byte)
        pass
    return path


def exists(path: Path) -> bool:
    """`path.exists()`, False where the system refuses the name itself (too long, a NUL byte)
    instead of raising: such a path is a file that is not there, said in the caller's words."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def stock_probes() -> list[str]:
    """Names of the probes that ship with the package."""
    return sorted(p.stem for p in probes_dir().glob("*.probe"))


def source_digest(names: tuple[str, ...]) -> str:
    """sha256 (hex) of the package's source under `names` (subpackages or modules of
    ``neutrino_py``, missing ones skipped) and of the grammars: what a cache of their output must
    be keyed by, so that a changed splicer never reuses what the old one made."""
    h = hashlib.sha256()
    files = [p for name in names for p in ([_PKG / f"{name}.py"] if (_PKG / f"{name}.py").is_file()
             else sorted(q for q in (_PKG / name).rglob("*") if q.suffix in (".py", ".j2")))]
    for p in files + sorted(_shipped("grammars").glob("*.lark")):
        h.update(p.relative_to(p.parents[1]).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def cache_usage(folder: Path) -> tuple[int, int]:
    """(files, bytes) in a cache folder."""
    sizes = [e.stat().st_size for e in os.scandir(folder) if e.is_file()]
    return len(sizes), sum(sizes)


def prune_cache(folder: Path, max_bytes: int) -> int:
    """Keep a cache folder under `max_bytes`: least recently used files (oldest modification
    time; readers touch what they use) are deleted down to 3/4 of it. Returns files deleted."""
    entries = []
    for e in os.scandir(folder):
        if e.is_file():
            st = e.stat()
            entries.append((st.st_mtime, st.st_size, e.path))
    total = sum(size for _, size, _ in entries)
    if total <= max_bytes:
        return 0
    removed = 0
    for _, size, path in sorted(entries):
        if total <= max_bytes * 3 // 4:
            break
        try:
            os.unlink(path)
        except OSError:
            continue
        total -= size
        removed += 1
    return removed


_stand_ins: dict[str, Path] = {}


def cache_dir(kind: str) -> Path:
    """Per-user cache folder for `kind` (parse, cubin, shim, hook/<key>...); NEUTRINO_CACHE
    overrides the root.
    Where it cannot be made (a file in its place, no permission) a folder of this process's
    stands in, with one warning: a cache only saves time, and no command should fail for it."""
    root = os.environ.get("NEUTRINO_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "neutrino_py")
    path = Path(root) / kind
    try:
        path.mkdir(parents=True, exist_ok=True)
        return path
    except OSError as err:
        return _stand_in(kind, path, err)


def _stand_in(kind: str, path: Path, err: OSError) -> Path:
    if kind not in _stand_ins:
        _stand_ins[kind] = Path(tempfile.mkdtemp(prefix=f"neutrino-{kind.replace('/', '-')}-"))
        atexit.register(shutil.rmtree, _stand_ins[kind], True)
        print(f"neutrino: warning: the cache folder {path} cannot be used ({err.strerror or err}): "
              "a temporary one stands in for this run (set NEUTRINO_CACHE to a folder you can write)",
              file=sys.stderr)
    return _stand_ins[kind]
