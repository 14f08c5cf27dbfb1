"""Several processes and several devices under the shim, against the fake libcuda (tests/fakes):
forked and spawned children hooked and served, a kernel instrumented once for all of them, each
launch tagged with its pid, device, context and rank, maps on the launch's device, each process's
end (exited with its code, or killed) in the trace; NCCL kernels timed only."""
from __future__ import annotations

import socket
import subprocess
import threading
import time

import numpy as np
import pytest

from neutrino_py import probe, toolchain
from neutrino_py.hook import protocol
from neutrino_py.hook.engine import NCCL_REASON, Engine, KernelEntry
from neutrino_py.hook.server import Server
from neutrino_py.tracedir import TraceWriter
from tests.test_hook_engine import ROOT, fake_program, trace_fake  # noqa: F401 (fixture)
from tests.test_hook_shim import FakeInstrumenter, binaries, traced  # noqa: F401 (fixture)


def by_pid(trace) -> dict[int, list]:
    out: dict[int, list] = {}
    for launch in trace.launches:
        out.setdefault(launch.pid, []).append(launch)
    return out


def test_a_forked_child_is_hooked_served_and_shares_the_instrumented_kernel(binaries, tmp_path):
    log, counts, trace, inst = traced(binaries, tmp_path, "fork")
    assert inst.calls == ["add"]                           # instrumented once for both processes
    launches = by_pid(trace)
    assert sorted(len(v) for v in launches.values()) == [2, 3]
    for launch in trace.launches:
        assert launch.instrumented and launch.device == 0 and launch.rank is None
        np.testing.assert_array_equal(launch.maps["m"]["tid"], np.arange(4096))
    parent, child = sorted(launches, key=lambda pid: len(launches[pid]), reverse=True)
    states = {p.pid: (p.state, p.exit_code, p.launches) for p in trace.processes}
    assert states == {parent: ("exited", None, 3), child: ("exited", 7, 2)}   # child: _exit(7)
    assert [label for label, _ in trace.parts()] == [f"pid {pid}" for pid in sorted(launches)]


def test_a_killed_child_leaves_its_part_readable_and_the_parent_complete(binaries, tmp_path):
    log, counts, trace, inst = traced(binaries, tmp_path, "fork-kill")
    launches = by_pid(trace)
    parent, child = sorted(launches, key=lambda pid: len(launches[pid]), reverse=True)
    assert len(launches[parent]) == 3 and len(launches[child]) == 2   # sent before the kill
    for launch in trace.launches:
        np.testing.assert_array_equal(launch.maps["m"]["tid"], np.arange(4096))
    states = {p.pid: p.state for p in trace.processes}
    assert states == {parent: "exited", child: "killed"}
    files = {x.info["data"] for x in trace.launches}
    rec = trace.summary["recording"]           # the child never reported its figure: its launches do
    assert len(files) == 2 and rec["counted_from_launches"] == 1
    assert rec["bytes_written"] == sum((trace.dir / rel).stat().st_size for rel in files)


def test_a_spawned_child_inherits_the_shim(binaries, tmp_path):
    log, counts, trace, inst = traced(binaries, tmp_path, "spawn")
    assert inst.calls == ["add"]
    launches = by_pid(trace)
    assert sorted(len(v) for v in launches.values()) == [2, 3]
    assert all(x.instrumented for x in trace.launches)
    assert sorted(p.state for p in trace.processes) == ["exited", "exited"]


def test_a_program_that_execs_keeps_the_launches_of_both_images(binaries, tmp_path):
    """`loop` twice, then execl() of `loop` 3 times in the same process: the launches queued
    before the exec are written first, and the new image writes a data file of its own instead
    of cutting the first one back to nothing (procs/<pid>/ was opened O_TRUNC)."""
    log, counts, trace, inst = traced(binaries, tmp_path, "exec")
    assert len(trace.launches) == 5 and len({x.pid for x in trace.launches}) == 1
    for launch in trace.launches:
        assert launch.instrumented
        np.testing.assert_array_equal(launch.maps["m"]["tid"], np.arange(4096))
    pid = trace.launches[0].pid
    files = sorted(x.info["data"] for x in trace.launches)       # two connections: any order
    assert files == [f"procs/{pid}-1/maps.bin"] * 3 + [f"procs/{pid}/maps.bin"] * 2
    (p,) = trace.processes
    assert (p.pid, p.state, p.launches) == (pid, "exited", 5)


def test_ranks_come_from_the_environment(binaries, tmp_path):
    env = {"RANK": "1", "LOCAL_RANK": "1", "WORLD_SIZE": "2"}
    log, counts, trace, inst = traced(binaries, tmp_path, "loop 2", env_extra=env)
    assert [(x.rank, x.info.get("local_rank")) for x in trace.launches] == [(1, 1), (1, 1)]
    assert trace.ranks == [1]
    p, = trace.processes
    assert (p.rank, p.local_rank, p.world_size, p.state, p.launches) == (1, 1, 2, "exited", 2)


def test_one_process_two_devices_maps_on_the_launch_device(binaries, tmp_path):
    """add alternates between device 0 and 1: every twin launch finds its maps allocated on its
    own device, the shared-memory attribute is set on device 1 before the twin first runs there,
    and every launch records its device and context."""
    log, counts, trace, inst = traced(binaries, tmp_path, "devices", env_extra={"FAKE_DEVICES": "2"})
    assert [(x.device, x.context, x.grid[0]) for x in trace.launches] == [
        (0, 0xC0, 1), (1, 0xC1, 2), (0, 0xC0, 3), (1, 0xC1, 4)]
    for launch in trace.launches:
        np.testing.assert_array_equal(launch.maps["m"]["tid"], np.arange(64 * launch.grid[0]))
    twins = [line for line in log if line.startswith("twin add on device")]
    assert twins == [f"twin add on device {d}, its maps on device {d}" for d in (0, 1, 0, 1)]
    first_on_1 = log.index(twins[1])
    assert "attribute 8=65536 of add twin on device 1" in log[:first_on_1]
    assert "attribute 8=65536 of add twin on device 0" in log
    p, = trace.processes
    assert p.devices == (0, 1) and p.launches == 4
    assert inst.calls == ["add"]


def test_concurrent_requests_for_one_kernel_instrument_it_once(tmp_path):
    writer = TraceWriter.start(tmp_path / "t")
    calls = []

    def slow() -> KernelEntry:
        calls.append(1)
        time.sleep(0.2)
        return KernelEntry("add", "k" * 16)

    server = Server(tmp_path / "s.sock", writer, FakeInstrumenter(), None, tmp_path)
    got = []
    threads = [threading.Thread(target=lambda: got.append(server._once(("img", "add", "90"), slow)))
               for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1 and len(got) == 4 and all(k is got[0] for k in got)
    assert server.shared_requests == 3
    server.stop()
    writer.close()


def test_wait_idle_waits_for_a_connection_accepted_but_not_yet_served(tmp_path, monkeypatch):
    """A process that connects, sends its events and exits while the accept thread is between
    accept() and starting the connection's thread (the engine warming up holds the GIL; a short
    program traced from a warm cache connects only once, late): wait_idle must still wait for
    those events, or the run ends with none of its launches."""
    accept = socket.socket.accept
    accepted = threading.Event()

    def slow_accept(self):
        got = accept(self)
        accepted.set()
        time.sleep(0.5)                      # the accept thread is descheduled here
        return got

    monkeypatch.setattr(socket.socket, "accept", slow_accept)
    writer = TraceWriter.start(tmp_path / "t")
    server = Server(tmp_path / "s.sock", writer, FakeInstrumenter(), None, tmp_path).start()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        client.connect(server.path)
        protocol.send_message(client, "alloc\nop alloc\nptr 4096\nbytes 64\nt_ns 1\npid 4242\n")
    assert accepted.wait(10)
    server.wait_idle(10)
    assert 4242 in server.procs                # the event was read before wait_idle returned
    server.stop()
    writer.close()


def test_neutrino_trace_summary_lists_each_process_and_how_it_ended(fake_program, tmp_path):
    run = trace_fake(fake_program, tmp_path, "fork-kill")
    assert run.returncode == 0, run.stderr
    lines = run.stderr.splitlines()
    i = lines.index("  processes: 2")
    assert sorted(line.split(": ", 1)[1] for line in lines[i + 1:i + 3]) == [
        "device 0, 2 launches, killed", "device 0, 3 launches, exited (0)"]


NCCL_SOURCE = r"""
extern "C" __global__ void ncclDevKernel_AllReduce_Sum_f32_RING_LL(float *a) { a[threadIdx.x] += 1.0f; }
"""


def test_nccl_kernels_are_timed_only_unless_selected(tmp_path):
    nvcc = toolchain.find_tool("nvcc")
    if nvcc is None:
        pytest.skip("nvcc not found (pip install nvidia-cuda-nvcc)")
    (tmp_path / "k.cu").write_text(NCCL_SOURCE)
    subprocess.run([str(nvcc), "-fatbin", "-arch=sm_90", "-o", str(tmp_path / "k.fatbin"),
                    str(tmp_path / "k.cu")], check=True)
    data = (tmp_path / "k.fatbin").read_bytes()
    name = "ncclDevKernel_AllReduce_Sum_f32_RING_LL"
    block_sched = probe.load_file(ROOT / "probes" / "block_sched.probe")
    k = Engine(block_sched, None, cache_dirs=lambda: [])(data, name, 90, None)
    assert (k.instrumented, k.reason, k.source) == (False, NCCL_REASON, "nccl")
    k = Engine(block_sched, "nccl", cache_dirs=lambda: [])(data, name, 90, None)
    assert k.instrumented


def test_the_summary_counts_a_pool_in_blocks_as_maps_read_does(tmp_path):
    """A `lanes` companion reserved in blocks (contracts §4) is read whole up to the header
    cursor, its header counting the lanes that did not fit: the trace summary's records and
    dropped for it are those of `maps.read`, without opening the data file."""
    from neutrino_py.maps.layout import MapLayout
    writer = TraceWriter.start(tmp_path / "t")
    server = Server(tmp_path / "s.sock", writer, FakeInstrumenter(), None, tmp_path)
    lay = MapLayout("mem__addr", "record", "thread", np.dtype("<u8"), 64, None, 8192 + 32,
                    None, (8192 + 32) * 8, 1, shards=2, first=32, block=32)
    assert server._counts(lay, "absent.bin", 0, lay.nbytes, 32 + 512, 5, 0) == (32 + 512, 5)
    assert server._counts(lay, "absent.bin", 0, lay.nbytes, 1 << 40, 7, 0) == (8192 + 32, 7)
    server.stop()
    writer.close()


def test_the_summary_counts_a_pool_with_runs_and_chains_as_maps_read_does(tmp_path):
    """Saves that share a reservation (a `lanes` field, runs) leave holes where a path made
    fewer, and a chain's first stands for its followers (contracts §4): the summary's records
    of such a pool are the records `maps.read` gives back, not the slots reserved."""
    from neutrino_py.contract.manifest import LANES_AFFINE, SHARD_SLOT_BYTES, shard_item
    from neutrino_py.maps.layout import MapLayout
    from neutrino_py.maps.read import read_one
    dtype = np.dtype([("pc", "<u4"), ("bytes", "<u4"), ("addr", "<u8"), ("addr_stride", "<i8"),
                      ("addr_mask", "<u4"), ("addr_at", "<u4")], align=True)
    shards, per = 2, 4096
    first = shards * SHARD_SLOT_BYTES // dtype.itemsize
    chains = ([{"delta": 512, "values": {"pc": 11, "bytes": 4}},
               {"delta": 1024, "values": {"pc": 12, "bytes": 4}}],)
    lay = MapLayout("mem", "record", "warp", dtype, 64, None, first + shards * per, None,
                    (first + shards * per) * dtype.itemsize, 0, shards=shards, first=first,
                    chains=chains)
    pool = np.zeros(lay.items, dtype)
    cursors = np.zeros(shards * SHARD_SLOT_BYTES // 8, "<u8")
    cursors[0], cursors[SHARD_SLOT_BYTES // 8] = 3, per + 2        # shard 1 dropped 2 events
    made = {(0, 0): (10, 0xFFFFFFFF, LANES_AFFINE ^ 0b11),         # a first and 2 followers
            (0, 1): (20, 0, 0),                                   # a hole
            (0, 2): (30, 0xFFFF, LANES_AFFINE),
            **{(1, k): (40, 0x1, LANES_AFFINE) for k in range(per)}}
    for (shard, k), (pc, mask, at) in made.items():
        pool[shard_item(first, shards, shard, k)] = (pc, 4, 0x1000 + k, 4, mask, at)
    raw = bytearray(pool.tobytes())
    raw[:cursors.nbytes] = cursors.tobytes()
    writer = TraceWriter.start(tmp_path / "t")
    (writer.dir / "maps.bin").write_bytes(b"\0" * 100 + raw)
    server = Server(tmp_path / "s.sock", writer, FakeInstrumenter(), None, tmp_path)
    records, dropped = read_one(lay, bytes(raw), lay.items, 0)
    assert (len(records), dropped) == (3 + 1 + per, 2)
    assert server._counts(lay, "maps.bin", 100, len(raw), lay.items, 0, 0) == (3 + 1 + per, 2)
    server.stop()
    writer.close()


def test_the_summary_counts_an_empty_sharded_pool_as_empty_whatever_follows_it(tmp_path):
    """A launch whose sharded pool reserved nothing comes back with no bytes; the bytes after
    its offset in maps.bin are the next launch's cursors, which are not its records (an IF
    graph node whose body did not run was summarized with the next launch's count)."""
    from neutrino_py.contract.manifest import SHARD_SLOT_BYTES
    from neutrino_py.maps.layout import MapLayout
    shards, dtype = 2, np.dtype([("pc", "<u4"), ("bytes", "<u4"), ("addr", "<u8")])
    first = shards * SHARD_SLOT_BYTES // dtype.itemsize
    lay = MapLayout("mem", "record", "warp", dtype, 64, None, first + shards * 64, None,
                    (first + shards * 64) * dtype.itemsize, 0, shards=shards, first=first)
    cursors = np.zeros(shards * SHARD_SLOT_BYTES // 8, "<u8")
    cursors[0] = 5                                     # the next launch reserved five records
    writer = TraceWriter.start(tmp_path / "t")
    (writer.dir / "maps.bin").write_bytes(cursors.tobytes() + b"\0" * lay.nbytes)
    server = Server(tmp_path / "s.sock", writer, FakeInstrumenter(), None, tmp_path)
    assert server._counts(lay, "maps.bin", 0, 0, 0, 0, 0) == (0, 0)
    assert server._counts(lay, "maps.bin", 0, lay.nbytes, 0, 0, 0) == (5, 0)
    server.stop()
    writer.close()


def test_the_summary_and_the_kernel_cache_keep_each_kernels_register_cap(tmp_path):
    """A kernel assembled under a register cap (assemble/registers.py) says so in the summary,
    also when a later run finds it in the kernel cache instead of instrumenting it."""
    from types import SimpleNamespace
    manifest = {"kernel": "k", "params": [], "maps": []}
    capped = KernelEntry("k", "c" * 16, "triton", None, "// ptx", "// instrumented", manifest,
                         b"CUBIN", 2, register_cap=48)
    plain = KernelEntry("j", "d" * 16, "triton", None, "// ptx", "// instrumented", manifest,
                        b"CUBIN", 2)
    writer = TraceWriter.start(tmp_path / "t")
    server = Server(tmp_path / "s.sock", writer, FakeInstrumenter(), tmp_path / "cache", tmp_path)
    (tmp_path / "cache").mkdir()
    for kernel in (capped, plain):
        server._store(kernel)
        server.kernels[kernel.key] = kernel
        server.registered.add(kernel.key)
    assert server.summary()["register_caps"] == {"k": 48}
    later = Server(tmp_path / "s2.sock", writer, FakeInstrumenter(), tmp_path / "cache", tmp_path)
    msg = SimpleNamespace(fields={"kernel": "k"}, get=lambda key: None)
    assert later._kernel(capped.key, msg).register_cap == 48
    assert later._kernel(plain.key, SimpleNamespace(fields={"kernel": "j"}, get=lambda key: None)
                         ).register_cap is None
    server.stop()
    later.stop()
    writer.close()
