"""What the C shims and the Python side say to each other (contracts §6, hook/shim_core.c).

A message on the engine's socket is a u32 header length, the header text (a verb line, then
`key value` lines), a u64 payload length and the payload, all little-endian. An `instrument` reply
carries one `map` line per map with its sizing rule (both shims, CUDA and HIP, read it); the
`arch` of a request is a compute capability (90) or an AMD target (gfx942). The messages' fields (`SPECS`: Python reads them typed,
the C shim gets their printf formats), the environment the shim reads and the names it writes are
defined here once; the C header (`contract.cheader`) carries them, and the sizes and limits, to
the shims. Socket I/O is the hook's (`hook.protocol`).
"""
from __future__ import annotations

import struct
from dataclasses import dataclass

from neutrino_py.contract.manifest import MapSpec

HEADER_LENGTH = struct.Struct("<I")       # bytes of the header text
PAYLOAD_LENGTH = struct.Struct("<Q")      # bytes of the payload after it

# Environment `neutrino trace` gives the traced program (read once by the shim at load).
ENV = {"SOCKET": "NEUTRINO_SOCKET", "HOOK_CACHE": "NEUTRINO_HOOK_CACHE", "RUN": "NEUTRINO_TRACE_RUN",
       "LAUNCHES": "NEUTRINO_LAUNCHES", "EVERY": "NEUTRINO_EVERY", "MAX_BYTES": "NEUTRINO_MAX_BYTES",
       "MIN_FREE": "NEUTRINO_MIN_FREE", "STAGING": "NEUTRINO_STAGING", "RING_FULL": "NEUTRINO_RING_FULL",
       "GRAPH_MAPS": "NEUTRINO_GRAPH_MAPS", "LAUNCH_TIMES": "NEUTRINO_LAUNCH_TIMES"}

# Names in the trace directory the shim writes (tracedir.layout takes them from here). Each shim
# appends to its own data file under procs/<pid>/ (CUDA's maps.bin, HIP's maps.hip.bin): a process
# driving both runtimes has two writer threads, and a launch event names the file its maps are in.
TRACE = {"PROCS": "procs", "DATA": "maps.bin", "DATA_HIP": "maps.hip.bin", "BUDGET": "budget"}
TRACE_ALIGN = 64          # a map's bytes start at a multiple of this in maps.bin
MAP_ALIGN = 256           # a map's buffer starts at a multiple of this on the device

# Keys of the `instrument` reply (hook.engine writes it, shim.c reads it). `param_layout END O1 ..
# ON`: the bytes the kernel's own parameters take and each one's offset, so that the shim can
# read a launch whose arguments come packed in `extra` (CU_LAUNCH_PARAM_BUFFER_POINTER) as
# kernelParams; absent (older caches, GCN) such launches run the original kernel. `var W NAME`,
# one per module variable the kernel reaches (asm.reach): the shim copies the program's into
# the twin before its launch and, where W is 1, the twin's back after it.
REPLY = {"SKIP": "skip", "KEY": "key", "CUBIN": "cubin", "NPARAMS": "nparams", "SOURCE": "source",
         "MAP": "map", "LAYOUT": "param_layout", "VAR": "var"}


@dataclass(frozen=True)
class Field:
    """One `key value` line: `c` is the shim's printf conversion, `kind` how Python reads it."""

    key: str
    c: str
    kind: str = "int"        # int | float | str | dim3 | ints (several numbers on one line)


@dataclass(frozen=True)
class Spec:
    """A message: its verb, its fields in order, and a line that may repeat (`seg`)."""

    verb: str
    fields: tuple[Field, ...]
    repeated: Field | None = None

    def c_format(self) -> str:
        return self.verb + "\\n" + "".join(f"{f.key} {f.c}\\n" for f in self.fields)


_NAME, _DASH = "%s", "str"
INSTRUMENT = Spec("instrument", (
    Field("kernel", _NAME, _DASH), Field("image", "%016llx", _DASH), Field("size", "%zu"),
    Field("arch", _NAME, _DASH), Field("meta", _NAME, _DASH), Field("pid", "%d"), Field("origin", _NAME, _DASH)))
LAUNCH = Spec("launch", (
    Field("seq", "%llu"), Field("kernel", _NAME, _DASH), Field("key", _NAME, _DASH),
    Field("grid", "%u %u %u", "dim3"), Field("block", "%u %u %u", "dim3"), Field("shm", "%u"),
    Field("stream", "%llu"), Field("start_ns", "%lld"), Field("end_ns", "%lld"),
    Field("duration_ms", "%.6f", "float"), Field("instrumented", "%d"), Field("pid", "%d"),
    Field("device", "%d"), Field("context", "%llu"), Field("rank", _NAME, _DASH),
    Field("local_rank", _NAME, _DASH), Field("scope", _NAME, _DASH), Field("reason", _NAME, _DASH),
    Field("fallback", _NAME, _DASH), Field("lost", _NAME, _DASH), Field("source", _NAME, _DASH),
    Field("data", _NAME, _DASH),
    # 1: a replay of a CUDA graph the kernel was captured into (untimed: the graph ran it)
    Field("graph", "%d")),
    # one per map, in map order: offset in maps.bin, bytes, header cursor and dropped, and the
    # fixed-capacity records kept (sum of min(count, capacity); -1 for other kinds)
    Field("seg", "%llu %llu %llu %llu %lld", "ints"))
ALLOC = Spec("alloc", (Field("op", _NAME, _DASH), Field("ptr", "%llu"), Field("bytes", "%llu"),
                       Field("t_ns", "%lld"), Field("pid", "%d")))
STATS = Spec("stats", (
    Field("pid", "%d"), Field("ring_bytes", "%llu"), Field("ring_full", _NAME, _DASH),
    Field("ring_waits", "%lu"), Field("ring_wait_s", "%.6f", "float"), Field("ring_native", "%lu"),
    Field("bytes_written", "%llu"), Field("max_bytes", "%llu"), Field("stopped", _NAME, _DASH),
    Field("driver_errors", "%lu"),
    # the process's goodbye: sent once, at exit (exit code -1: not known, e.g. through atexit)
    Field("exit_code", "%d"), Field("rank", _NAME, _DASH), Field("local_rank", _NAME, _DASH),
    Field("world_size", _NAME, _DASH)))
SPECS = {s.verb: s for s in (INSTRUMENT, LAUNCH, ALLOC, STATS)}


def map_line(spec: MapSpec) -> str:
    """An `instrument` reply's line for one map: `map <unit> <per_unit> <fixed> <pool_item> <slot>
    <capacity>`; `capacity` is a fixed-capacity record map's records per unit (the shim counts the
    records kept from the u32 counts closing its buffer), 0 for other kinds."""
    rule = spec.size_rule()
    capacity = spec.capacity if spec.kind == "record" and spec.capacity is not None else 0
    return f"map {rule.unit} {rule.per_unit} {rule.fixed} {rule.pool_item} {spec.header_slot} {capacity}"

