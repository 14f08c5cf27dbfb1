"""The engine server: answers the shim's `instrument` requests and turns its `launch`/`alloc`/`stats`
events into the trace directory through `TraceWriter`. Map bytes never come here: the shim wrote
them to its `procs/<pid>/maps.bin` and a launch event says where (`seg` lines); the server only
counts the records in them. One thread per connection (each traced process opens two: requests,
and its writer thread's events)."""
from __future__ import annotations

import hashlib
import json
import os
import re
import select
import socket
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

from neutrino_py.contract.manifest import SHARD_SLOT_BYTES
from neutrino_py.contract.wire import REPLY, TRACE_ALIGN
from neutrino_py.errors import ToolError
from neutrino_py.files import atomic_write
from neutrino_py.hook import protocol
from neutrino_py.hook.engine import Instrumenter, KernelEntry, skipped
from neutrino_py.maps.layout import MapLayout, layout
from neutrino_py.maps.lanes import lanes_fields
from neutrino_py.maps.read import by_shard, is_pool, sharded_pool_counts, whole_pool_counts
from neutrino_py.tracedir import TraceWriter
from neutrino_py.tracedir.writer import StoredMaps

def _arch(text: str) -> int | str:
    """The device a request is for: a CUDA compute capability (90) or an AMD target (gfx942;
    `-` when the HIP shim could not tell)."""
    return int(text) if text.isdigit() else text


@dataclass
class Flight:
    """One kernel being instrumented for whichever process asked first."""

    done: threading.Event = field(default_factory=threading.Event)
    kernel: KernelEntry | None = None


FLUSH_S = 0.05        # launch events go to events.jsonl at least this often while they come in

# The cache's `<key>.json` sidecar: bumped when what it holds changes. It names the digest of its
# cubin, so a sidecar and a cubin that were not written together are told apart.
SIDECAR_VERSION = 2       # 2: module variables (KernelEntry.variables)
# the head of a .meta file (KernelEntry.reply): a skip, or the key and the cubin of a twin
_SKIP_META = re.compile(rf"{REPLY['SKIP']} [^\n]+\n{REPLY['SOURCE']} \S+\n")
_OK_META = re.compile(rf"ok\n{REPLY['KEY']} (\w+)\n{REPLY['CUBIN']} ([^\n]+)\n")


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class Server:
    """Serve `socket_path` until `stop()`; `cache` (or None) holds cubins and .meta files."""

    def __init__(self, socket_path: str | os.PathLike, writer: TraceWriter,
                 instrumenter: Instrumenter, cache: Path | None, scratch: Path) -> None:
        self.path, self.writer, self.instrumenter = str(socket_path), writer, instrumenter
        writer.flush_s = FLUSH_S          # flushed too when a traced process's connection ends
        self.cache, self.scratch = cache, scratch
        self.cache_writable = cache is not None   # cleared, with one warning, when writing fails
        self.images: dict[str, bytes] = {}
        self.kernels: dict[str, KernelEntry] = {}           # by key
        self.checked: dict[str, KernelEntry] = {}           # cache entries read whole at start
        self.registered: set[str] = set()
        self.fallbacks: Counter = Counter()
        self.not_recorded: Counter = Counter()     # twin ran, maps not kept: why
        self.stats: list[dict] = []                # per shim of each process (a process may run
                                                   # CUDA's and HIP's): ring and budget figures
        self.procs: dict[int, dict] = {}           # per process: rank, devices, launches, connections
        self.flights: dict[tuple, Flight] = {}     # instrument requests by (image, kernel, arch)
        self.shared_requests = 0                   # answered with another process's result
        self.shapes: dict[str, tuple] = {}         # kernel key -> (grid, block) of its first launch
        self.launches = 0
        self.requests = 0             # instrument requests, and seconds spent on them in all,
        self.request_s = 0.0          # of which receiving them and writing the cache
        self.receive_s = 0.0
        self.cache_write_s = 0.0
        self.lock = threading.Lock()
        self.connections: set[threading.Thread] = set()
        self.errors: list[str] = []
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.bind(self.path)
        self._sock.listen(64)
        self._sock.setblocking(False)          # accepted only when select says one waits
        self._accept = threading.Thread(target=self._serve, name="neutrino-accept", daemon=True)

    def start(self) -> "Server":
        self.check_cache()
        self._accept.start()
        return self

    def check_cache(self) -> None:
        """Before any traced process reads the cache: an unusable cache folder is given up with
        one warning, and every `.meta` file the shim would load without asking is checked against
        its entry (sidecar, PTX, cubin); a damaged or disagreeing one is removed, so the kernel is
        instrumented again instead of run from a bad entry."""
        if self.cache is None:
            return
        if not self.cache.is_dir():
            why = "it is not a folder" if self.cache.exists() else "it does not exist"
            self._cache_unusable(why)
            self.cache = None
            return
        if not os.access(self.cache, os.W_OK | os.X_OK):
            self._cache_unusable("it is read-only")
        try:
            metas = sorted(self.cache.glob("*.meta"))
        except OSError as err:
            self._cache_unusable(f"it cannot be listed: {err.strerror or err}")
            self.cache = None
            return
        for meta in metas:
            if self._meta_problem(meta) is not None:
                self._drop(meta)

    def _meta_problem(self, meta: Path) -> str | None:
        """Why a `.meta` file must not be loaded by the shim, or None."""
        try:
            text = meta.read_text("utf-8")
        except (OSError, ValueError) as err:
            return f"unreadable: {getattr(err, 'strerror', None) or err}"
        if _SKIP_META.fullmatch(text):
            return None
        found = _OK_META.match(text)
        if found is None:
            return "not a reply of the engine"
        key, cubin = found.groups()
        try:         # the whole entry: a launch it names keeps its maps only where it is sound
            kernel = self._cached(key)
            same = kernel.reply(cubin) == text
        except (ValueError, KeyError, TypeError, ToolError) as err:    # a manifest that does not parse
            return str(err)
        if not same or Path(cubin) != self.cache / f"{key}.cubin":
            return "it disagrees with its entry"
        self.checked[key] = kernel          # read once: the first launch naming it takes it here
        return None

    def _drop(self, path: Path) -> None:
        try:
            path.unlink()
        except IsADirectoryError:          # the shim reads no reply from a folder either
            return
        except OSError as err:
            self._cache_unusable(f"a damaged entry cannot be removed: {err.strerror or err}")

    def _cache_unusable(self, why: str) -> None:
        """Stop writing the cache, saying so once (in the trace and on stderr): kernels are then
        instrumented for this run only; entries already there are still checked before use."""
        with self.lock:
            was, self.cache_writable = self.cache_writable, False
        if not was:
            return
        text = (f"the kernel cache {self.cache} cannot be used ({why}): kernels are instrumented "
                "for this run only (fix the folder, or pass --no-cache)")
        self.writer.warn(text)
        print(f"neutrino: warning: {text}", file=sys.stderr)

    def _serve(self) -> None:
        """Accept connections. A connection is taken off the backlog and its thread registered
        under `lock`, in one step: `wait_idle` (which looks at both under the lock) then never
        sees a connection that is neither pending nor served. A process that connected, sent its
        last events and exited before we got to it (a short program traced from a warm cache
        connects only once, late, while the engine's warm-up holds the GIL) is not lost."""
        while True:
            try:
                ready = select.select([self._sock], [], [], 0.2)[0]
            except (OSError, ValueError):        # stop() closed the socket
                return
            if not ready:
                continue
            with self.lock:
                try:
                    conn, _ = self._sock.accept()
                except BlockingIOError:
                    continue
                except OSError:
                    return
                conn.setblocking(True)
                t = threading.Thread(target=self._connection, args=(conn,), daemon=True)
                t.start()
                self.connections.add(t)

    def wait_idle(self, timeout: float = 10.0) -> None:
        """Wait, `timeout` seconds in all, for open connections to finish (traced processes close
        them when they exit; a daemon the program left behind may never). A connection still in
        the listen backlog (a process that sent everything and exited before we accepted it) is
        accepted and read first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:                      # the accept thread moves a connection under it
                pending = bool(select.select([self._sock], [], [], 0)[0])
                threads = [t for t in self.connections if t.is_alive()]
            if not pending and not threads:
                return
            for t in threads:
                t.join(max(0.0, deadline - time.monotonic()))
            if pending:
                time.sleep(0.005)

    def stop(self) -> None:
        try:
            self._sock.close()
        finally:
            Path(self.path).unlink(missing_ok=True)

    # -- one connection --------------------------------------------------------------------------

    def _connection(self, conn: socket.socket) -> None:
        pids: set[int] = set()
        reader = conn.makefile("rb", buffering=1 << 16)
        try:
            while True:
                msg = protocol.read_message(reader)
                if msg is None:
                    return
                pid = msg.get("pid")
                if pid and pid.isdigit() and int(pid) not in pids:
                    pids.add(int(pid))
                    with self.lock:
                        self._proc(int(pid))["connections"] += 1
                try:
                    reply = getattr(self, f"_on_{msg.verb}")(msg)
                except Exception as err:  # noqa: BLE001 — a bad event must not stop the trace
                    self.errors.append(f"{msg.verb}: {type(err).__name__}: {err}")
                    reply = f"skip engine error: {type(err).__name__}: {err}\n" if msg.verb == "instrument" else None
                if reply is not None:
                    protocol.send_message(conn, reply)
        finally:
            reader.close()
            conn.close()
            self.writer.flush()
            with self.lock:
                self.connections.discard(threading.current_thread())
                for pid in pids:
                    self.procs[pid]["connections"] -= 1

    def _proc(self, pid: int) -> dict:
        """The registry entry of process `pid` (caller holds the lock)."""
        return self.procs.setdefault(pid, {"pid": pid, "rank": None, "local_rank": None,
                                           "world_size": None, "devices": set(), "launches": 0,
                                           "connections": 0, "goodbye": None, "stored_bytes": 0})

    def processes(self) -> list[dict]:
        """The run's traced processes for trace.json (docs/contracts.md §6): a process that said
        goodbye exited; one whose connections all closed without it was killed or crashed; one
        still connected is running."""
        out = []
        with self.lock:
            for pid, p in sorted(self.procs.items()):
                bye = p["goodbye"]
                state = "exited" if bye else "killed" if p["connections"] <= 0 else "running"
                code = bye["exit_code"] if bye and (bye["exit_code"] or 0) >= 0 else None
                out.append({"pid": pid, "rank": p["rank"], "local_rank": p["local_rank"],
                            "world_size": p["world_size"], "devices": sorted(p["devices"]),
                            "launches": p["launches"], "state": state, "exit_code": code})
        return out

    def _on_instrument(self, msg: protocol.Message) -> str:
        start = time.perf_counter()
        try:
            return self._instrument(msg)
        finally:
            with self.lock:
                self.requests += 1
                self.request_s += msg.read_s + time.perf_counter() - start
                self.receive_s += msg.read_s

    def _instrument(self, msg: protocol.Message) -> str:
        name, image_hash = msg.fields["kernel"], msg.fields["image"]
        if msg.payload:
            self.images[image_hash] = msg.payload
        data = self.images.get(image_hash)
        if data is None:
            return "skip the engine server never received this image\n"
        kernel = self._once((image_hash, name, msg.fields["arch"]),
                            lambda: self.instrumenter(data, name, _arch(msg.fields["arch"]), msg.get("origin")))
        start = time.perf_counter()
        cubin_path = None
        if kernel.instrumented:
            cubin_path = self._store(kernel)
        with self.lock:
            self.kernels.setdefault(kernel.key, kernel)
        reply = kernel.reply(str(cubin_path) if cubin_path else None)
        meta = msg.get("meta")
        if meta and self.cache is not None and Path(meta).parent == self.cache \
                and meta.endswith(".meta"):
            self._cache_write(Path(meta), reply.encode())
        with self.lock:
            self.cache_write_s += time.perf_counter() - start
        return reply

    def _once(self, key: tuple, instrument: Callable[[], KernelEntry]) -> KernelEntry:
        """A kernel is instrumented once per run however many processes ask: the first request
        does the work, requests that come meanwhile wait for it, later ones get it at once (ranks
        of a torchrun job load the same images at the same moment)."""
        with self.lock:
            flight = self.flights.get(key)
            first = flight is None
            if first:
                flight = self.flights[key] = Flight()
            else:
                self.shared_requests += 1
        if first:
            try:
                flight.kernel = instrument()
            finally:
                flight.done.set()
        flight.done.wait()
        if flight.kernel is None:
            raise RuntimeError("instrumenting failed in the request this one waited for")
        return flight.kernel

    def _store(self, kernel: KernelEntry) -> Path:
        """The cubin (loaded by the shim) and, in the cache, what a later run needs for its
        trace: the sidecar last, naming its cubin's digest. Where the cache cannot be written
        the cubin goes to the run's scratch folder."""
        cubin = kernel.cubin or b""
        if self.cache is not None and self.cache_writable:
            entry = {".cubin": cubin, ".ptx": (kernel.ptx or "").encode(),
                     ".instrumented.ptx": (kernel.instrumented_ptx or "").encode()}
            info = {"version": SIDECAR_VERSION, "key": kernel.key, "name": kernel.name,
                    "source": kernel.source, "nparams": kernel.nparams,
                    "manifest": kernel.manifest, "register_cap": kernel.register_cap,
                    "param_layout": list(kernel.param_layout),
                    "variables": [list(v) for v in kernel.variables],
                    "digests": {suffix: _digest(data) for suffix, data in entry.items()}}
            entry[".json"] = json.dumps(info).encode()
            if all(self._cache_write(self.cache / f"{kernel.key}{suffix}", data)
                   for suffix, data in entry.items()):
                return self.cache / f"{kernel.key}.cubin"
        path = self.scratch / f"{kernel.key}.cubin"
        atomic_write(path, cubin)
        return path

    def _cache_write(self, path: Path, data: bytes) -> bool:
        """Write one cache file; False, with the cache given up, where it cannot be written."""
        if not self.cache_writable:
            return False
        try:
            atomic_write(path, data, durable=False)
            return True
        except (ToolError, OSError) as err:
            self._cache_unusable(getattr(err, "message", None) or str(err))
            return False

    def _sidecar(self, key: str) -> dict:
        """The cache's `<key>.json`, of this format and for this key (ValueError saying why)."""
        try:
            info = json.loads((self.cache / f"{key}.json").read_text("utf-8"))
        except (OSError, ValueError, RecursionError) as err:
            raise ValueError(f"unreadable: {getattr(err, 'strerror', None) or err}") from None
        if not isinstance(info, dict) or info.get("version") != SIDECAR_VERSION:
            raise ValueError("its sidecar is of another format")
        if info.get("key") != key:
            raise ValueError("its sidecar does not describe its files")
        return info

    @staticmethod
    def _entry(key: str, info: dict, ptx: bytes = b"", text: bytes = b"") -> KernelEntry:
        """The kernel a sidecar describes (ValueError where it is damaged)."""
        try:
            kernel = KernelEntry(info["name"], key, str(info["source"]), None, ptx.decode(), text.decode(),
                                 info["manifest"], None, int(info["nparams"]), info.get("register_cap"),
                                 tuple(int(v) for v in info.get("param_layout") or ()),
                                 tuple((str(n), bool(w)) for n, w in info["variables"]))
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"its sidecar is damaged ({type(err).__name__}: {err})") from None
        if not isinstance(kernel.manifest, dict) or not isinstance(kernel.name, str):
            raise ValueError("its sidecar is damaged (no manifest or name)")
        return kernel

    def _cached(self, key: str) -> KernelEntry:
        """The cache's entry for `key`, checked whole: ValueError saying why where a file of it
        is missing, unreadable or of another format, or its sidecar was written for other
        files (a cubin, PTX or key of another kernel, or one cut short)."""
        info = self._sidecar(key)
        try:
            data = {s: (self.cache / f"{key}{s}").read_bytes() for s in (".cubin", ".ptx", ".instrumented.ptx")}
        except OSError as err:
            raise ValueError(f"unreadable: {err.strerror or err}") from None
        if info.get("digests") != {s: _digest(d) for s, d in data.items()}:
            raise ValueError("its sidecar does not describe its files")
        return self._entry(key, info, data[".ptx"], data[".instrumented.ptx"])

    def _kernel(self, key: str | None, msg: protocol.Message) -> KernelEntry:
        """The kernel a launch names: known from a request, from the cache (checked: a bad entry
        is reported as the kernel's reason, its maps not read), or skipped."""
        name = msg.fields["kernel"]
        with self.lock:
            if key and key in self.kernels:
                return self.kernels[key]
        reason = msg.get("reason") or msg.get("fallback") or "not instrumented"
        kernel = None
        if key and self.cache is not None:
            try:
                kernel = self.checked.pop(key, None) or self._cached(key)
            except ValueError as err:
                reason = f"kernel cache entry {key} not used ({err}): its maps are not read"
        if kernel is None or kernel.name != name:
            kernel = skipped(name, reason, msg.get("source") or "unknown")
        with self.lock:
            return self.kernels.setdefault(kernel.key, kernel)

    def _register(self, kernel: KernelEntry) -> str:
        with self.lock:
            if kernel.key in self.registered:
                return kernel.key
            self.registered.add(kernel.key)
        if kernel.instrumented:
            return self.writer.kernel(kernel.name, ptx=kernel.ptx, instrumented_ptx=kernel.instrumented_ptx,
                                      manifest=kernel.manifest, source=kernel.source, hash=kernel.key)
        return self.writer.kernel(kernel.name, ptx=kernel.ptx, instrumented=False, reason=kernel.reason,
                                  source=kernel.source, hash=kernel.key)

    def _on_launch(self, msg: protocol.Message) -> None:
        m = msg.typed()
        kernel = self._kernel(m["key"], msg)
        khash = self._register(kernel)
        if kernel.instrumented and m["fallback"] == "not instrumentable" and m["reason"]:
            m["fallback"] = m["reason"]          # the engine made a twin the shim could not use: say why
        stored = None
        if m["instrumented"] and m["data"] and kernel.manifest:
            try:
                stored = self._stored(kernel, m)
            except (ToolError, ValueError, KeyError, TypeError, OSError) as err:
                self.errors.append(f"launch of {kernel.name}: maps not kept: "
                                   f"{type(err).__name__}: {err}")   # the launch itself is kept
        with self.lock:
            self.launches += 1
            if kernel.instrumented:
                self.shapes.setdefault(kernel.key, (tuple(m["grid"]), tuple(m["block"])))
            if m["fallback"]:
                self.fallbacks[m["fallback"]] += 1
            if m["lost"]:
                self.not_recorded[m["lost"]] += 1
        start = m["start_ns"] or None
        extra = {k: m[k] for k in ("pid", "device", "context") if m[k] is not None}
        extra.update({k: int(m[k]) for k in ("rank", "local_rank") if (m[k] or "").isdigit()})
        if m["graph"]:
            extra["graph"] = True
        if m["pid"] is not None:
            with self.lock:
                proc = self._proc(m["pid"])
                proc["launches"] += 1
                if stored is not None:
                    proc["stored_bytes"] += sum(-(-seg["nbytes"] // TRACE_ALIGN) * TRACE_ALIGN
                                                for seg in stored.segments.values())
                proc.update({k: extra[k] for k in ("rank", "local_rank") if k in extra})
                if m["device"] is not None and m["device"] >= 0:
                    proc["devices"].add(m["device"])
        self.writer.launch(khash, grid=m["grid"], block=m["block"], shared_mem=m["shm"] or 0,
                           stream=m["stream"] or 0, start_ns=start, end_ns=m["end_ns"] if start else None,
                           duration_ms=m["duration_ms"] if (m["duration_ms"] or -1) >= 0 else None,
                           stored=stored, operator=m["scope"], instrumented=stored is not None,
                           fallback=m["fallback"], not_recorded=m["lost"], **extra)

    def _stored(self, kernel: KernelEntry, m: dict) -> StoredMaps:
        """Where the shim put a launch's maps, with the records and dropped counts in them."""
        lays = layout(kernel.spec, m["grid"], m["block"])
        segments, records, dropped = {}, {}, {}
        for lay, (offset, nbytes, cursor, lost, valid) in zip(lays, m["seg"]):
            segments[lay.name] = {"offset": offset, "nbytes": nbytes, "cursor": cursor, "dropped": lost}
            records[lay.name], dropped[lay.name] = self._counts(lay, m["data"], offset, nbytes, cursor,
                                                                 lost, valid)
        return StoredMaps(m["data"], segments, records, dropped)

    def _counts(self, lay: MapLayout, data: str, offset: int, nbytes: int, cursor: int, lost: int,
                valid: int) -> tuple[int, int]:
        """(records, dropped) of one map, from the header slot, the shim's count of fixed records
        kept, and a sharded pool's cursors (read from the file: at most 64 x 128 bytes). A pool
        whose saves share reservations (runs: a `lanes` field) is counted as `maps.read` reads
        it, from its masks and `_at`s: the holes among the slots left out and the chains'
        followers counted (contracts §4)."""
        if lay.kind == "record" and lay.capacity is not None:
            return valid, lost
        if not is_pool(lay):
            return lay.items, lost
        if not by_shard(lay):
            return whole_pool_counts(lay, cursor, lost)
        path = self.writer.dir / data
        if lanes_fields(lay.dtype) and nbytes and path.stat().st_size >= offset + nbytes:
            return sharded_pool_counts(lay, np.memmap(path, np.uint8, "r", offset, (nbytes,)))
        per, want = (lay.items - lay.first) // lay.shards, lay.shards * SHARD_SLOT_BYTES
        if nbytes < want:                    # nothing was reserved: the pool came back empty (the
            return 0, 0                      # bytes past it are the next launch's)
        with open(path, "rb") as f:
            f.seek(offset)
            head = f.read(want)
        if len(head) < want:
            return 0, 0
        shards = np.frombuffer(head, "<u8")[::SHARD_SLOT_BYTES // 8].astype(np.int64)
        return int(np.minimum(shards, per).sum()), int(np.maximum(shards - per, 0).sum())

    def _on_stats(self, msg: protocol.Message) -> None:
        m = msg.typed()
        with self.lock:
            self.stats.append(m)
            proc = self._proc(m["pid"])
            proc["goodbye"] = m
            proc.update({k: int(m[k]) for k in ("rank", "local_rank", "world_size")
                         if (m[k] or "").isdigit()})

    def _on_alloc(self, msg: protocol.Message) -> None:
        m = msg.typed()
        self.writer.allocation(m["op"], ptr=m["ptr"], nbytes=m["bytes"], t_ns=m["t_ns"], pid=m["pid"])

    def summary(self) -> dict[str, Any]:
        with self.lock:
            kernels = [k for k in self.kernels.values() if k.key in self.registered]
            stats = list(self.stats)
            silent = [p["stored_bytes"] for p in self.procs.values() if not p["goodbye"] and p["stored_bytes"]]
        per_launch = {}
        for key, (grid, block) in self.shapes.items():
            kernel = self.kernels[key]
            per_launch[kernel.name] = {"grid": list(grid), "block": list(block), "maps": {
                name: n for name, n, _ in kernel.spec.bytes_per_launch(grid, block)}}
        stopped = sorted({s["stopped"] for s in stats if s["stopped"]})
        return {"kernels_instrumented": sorted(k.name for k in kernels if k.instrumented),
                "register_caps": {k.name: k.register_cap for k in kernels if k.register_cap},
                "kernels_skipped": {k.name: k.reason for k in kernels if not k.instrumented},
                "fallbacks": dict(self.fallbacks), "not_recorded": dict(self.not_recorded),
                "bytes_per_launch": per_launch,
                "recording": {"bytes_written": sum(s["bytes_written"] or 0 for s in stats) + sum(silent),
                              "counted_from_launches": len(silent),
                              "max_bytes": max((s["max_bytes"] or 0 for s in stats), default=0),
                              "stopped": stopped[0] if stopped else None,
                              "budget_reached": any("budget" in s for s in stopped)},
                "ring": {"bytes": max((s["ring_bytes"] or 0 for s in stats), default=0),
                         "when_full": stats[0]["ring_full"] if stats else None,
                         "waits": sum(s["ring_waits"] or 0 for s in stats),
                         "wait_s": round(sum(s["ring_wait_s"] or 0 for s in stats), 6),
                         "ran_native": sum(s["ring_native"] or 0 for s in stats)},
                "driver_errors": sum(s["driver_errors"] or 0 for s in stats),
                "server_errors": list(self.errors)}
