"""The engine server: answers the shim's `instrument` requests and turns its `launch`/`alloc` events
into the trace directory through `TraceWriter`. One thread per connection (each traced process
opens two: requests, and its writer thread's events)."""
from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from neutrino_py import maps as maps_mod
from neutrino_py.hook import protocol
from neutrino_py.hook.engine import Instrumenter, Kernel
from neutrino_py.trace import TraceWriter
from neutrino_py.files import atomic_write

HEADER_SLOT = 16


def split_payload(payload: bytes, sizes: list[tuple[int, int]]) -> tuple[bytes, list[Any]]:
    """(header block, one full-size buffer per map) from the shim's payload: the header, then each
    map's first `sent` bytes (an unbounded pool stops at its cursor; the rest reads as zeros)."""
    pos = HEADER_SLOT * len(sizes)
    header, buffers = payload[:pos], []
    for size, sent in sizes:
        chunk = payload[pos:pos + sent]
        pos += sent
        if sent < size:
            full = np.zeros(size, np.uint8)          # calloc'd: untouched pages cost nothing
            full[:sent] = np.frombuffer(chunk, np.uint8)
            chunk = full
        buffers.append(chunk)
    return header, buffers


class Server:
    """Serve `socket_path` until `stop()`; `cache` (or None) holds cubins and .meta files."""

    def __init__(self, socket_path: str | os.PathLike, writer: TraceWriter,
                 instrumenter: Instrumenter, cache: Path | None, scratch: Path) -> None:
        self.path, self.writer, self.instrumenter = str(socket_path), writer, instrumenter
        self.cache, self.scratch = cache, scratch
        self.images: dict[str, bytes] = {}
        self.kernels: dict[str, Kernel] = {}           # by key
        self.registered: set[str] = set()
        self.fallbacks: Counter = Counter()
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
        self._accept = threading.Thread(target=self._serve, name="neutrino-accept", daemon=True)

    def start(self) -> "Server":
        self._accept.start()
        return self

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            t = threading.Thread(target=self._connection, args=(conn,), daemon=True)
            with self.lock:
                t.start()
                self.connections.add(t)

    def wait_idle(self, timeout: float = 10.0) -> None:
        """Wait, `timeout` seconds in all, for open connections to finish (traced processes close
        them when they exit; a daemon the program left behind may never)."""
        deadline = time.monotonic() + timeout
        with self.lock:
            threads = list(self.connections)
        for t in threads:
            t.join(max(0.0, deadline - time.monotonic()))

    def stop(self) -> None:
        try:
            self._sock.close()
        finally:
            Path(self.path).unlink(missing_ok=True)

    # -- one connection --------------------------------------------------------------------------

    def _connection(self, conn: socket.socket) -> None:
        try:
            while True:
                msg = protocol.read_message(conn)
                if msg is None:
                    return
                try:
                    reply = getattr(self, f"_on_{msg.verb}")(msg)
                except Exception as err:  # noqa: BLE001 — a bad event must not stop the trace
                    self.errors.append(f"{msg.verb}: {type(err).__name__}: {err}")
                    reply = f"skip engine error: {type(err).__name__}: {err}\n" if msg.verb == "instrument" else None
                if reply is not None:
                    protocol.send_message(conn, reply)
        finally:
            conn.close()
            with self.lock:
                self.connections.discard(threading.current_thread())

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
        kernel = self.instrumenter(data, name, int(msg.fields["arch"]), msg.get("origin"))
        start = time.perf_counter()
        cubin_path = None
        if kernel.instrumented:
            cubin_path = self._store(kernel)
        with self.lock:
            self.kernels.setdefault(kernel.key, kernel)
        reply = kernel.reply(str(cubin_path) if cubin_path else None)
        meta = msg.get("meta")
        if meta and self.cache is not None:
            atomic_write(Path(meta), reply.encode())
        with self.lock:
            self.cache_write_s += time.perf_counter() - start
        return reply

    def _store(self, kernel: Kernel) -> Path:
        """The cubin (loaded by the shim) and, in the cache, what a later run needs for its trace."""
        folder = self.cache if self.cache is not None else self.scratch
        cubin = folder / f"{kernel.key}.cubin"
        atomic_write(cubin, kernel.cubin or b"")
        if self.cache is not None:
            atomic_write(folder / f"{kernel.key}.ptx", (kernel.ptx or "").encode())
            atomic_write(folder / f"{kernel.key}.instrumented.ptx", (kernel.instrumented_ptx or "").encode())
            info = {"name": kernel.name, "source": kernel.source, "nparams": kernel.nparams,
                    "manifest": kernel.manifest}
            atomic_write(folder / f"{kernel.key}.json", json.dumps(info).encode())
        return cubin

    def _kernel(self, key: str | None, msg: protocol.Message) -> Kernel:
        """The kernel a launch names: known from a request, from the cache, or skipped."""
        name = msg.fields["kernel"]
        with self.lock:
            if key and key in self.kernels:
                return self.kernels[key]
        if key and self.cache is not None and (self.cache / f"{key}.json").exists():
            info = json.loads((self.cache / f"{key}.json").read_text())
            kernel = Kernel(name, key, info["source"], None,
                            (self.cache / f"{key}.ptx").read_text(),
                            (self.cache / f"{key}.instrumented.ptx").read_text(),
                            info["manifest"], None, info["nparams"])
        else:
            from neutrino_py.hook.engine import skipped
            kernel = skipped(name, msg.get("reason") or msg.get("fallback") or "not instrumented",
                             msg.get("source") or "unknown")
        with self.lock:
            return self.kernels.setdefault(kernel.key, kernel)

    def _register(self, kernel: Kernel) -> str:
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
        kernel = self._kernel(msg.get("key"), msg)
        khash = self._register(kernel)
        grid, block = msg.ints("grid"), msg.ints("block")
        fallback = msg.get("fallback")
        arrays: dict[str, Any] = {}
        dropped: dict[str, int] = {}
        if msg.fields.get("instrumented") == "1" and msg.payload and kernel.manifest:
            sizes = [tuple(int(x) for x in (s.split() * 2)[:2]) for s in msg.lists.get("size", [])]
            header, buffers = split_payload(msg.payload, sizes)
            names = [m.name for m in kernel.spec.maps]
            got = maps_mod.read(kernel.spec, grid, block, header, dict(zip(names, buffers)))
            arrays, dropped = dict(got), dict(got.dropped)
        with self.lock:
            self.launches += 1
            if fallback:
                self.fallbacks[fallback] += 1
        duration = float(msg.fields.get("duration_ms", "-1"))
        start = int(msg.fields.get("start_ns", "0")) or None
        self.writer.launch(khash, grid=grid, block=block, shared_mem=int(msg.fields.get("shm", 0)),
                           stream=int(msg.fields.get("stream", 0)), start_ns=start,
                           end_ns=int(msg.fields["end_ns"]) if start else None,
                           duration_ms=duration if duration >= 0 else None, maps=arrays,
                           dropped=dropped, operator=msg.get("scope"),
                           instrumented=bool(arrays), pid=int(msg.fields.get("pid", 0)),
                           fallback=fallback)

    def _on_alloc(self, msg: protocol.Message) -> None:
        self.writer.allocation(msg.fields["op"], ptr=int(msg.fields["ptr"]),
                               nbytes=int(msg.fields["bytes"]), t_ns=int(msg.fields["t_ns"]),
                               pid=int(msg.fields.get("pid", 0)))

    def summary(self) -> dict[str, Any]:
        kernels = list(self.kernels.values())
        return {"kernels_instrumented": sorted(k.name for k in kernels if k.instrumented),
                "kernels_skipped": {k.name: k.reason for k in kernels if not k.instrumented},
                "fallbacks": dict(self.fallbacks), "server_errors": list(self.errors)}
