"""CUDA graphs built with the driver API (tests/gpu/programs/graphs_driver.py) under `neutrino trace`
with dmat and gmem_bytes: a clone of a graph holding a child graph (the child's kernel node given
new arguments in the exec and in the clone), IF and WHILE conditional nodes, an exec updated from
new captures (other arguments, another kernel), a kernel node given new parameters or another
kernel (in the exec and in the graph), an exec launched into a capture, an exec's child graph
node given another graph, one node of two given another grid in an exec, captured nodes edited in
their graph, and a clone (and a child graph node) of graphs holding conditional nodes.
Outputs must stay bit-identical; every replay of every kernel node must be a launch that records
what the eager launch of the same kernel on the same buffers records (dmat's (address, bytes)
pairs, gmem_bytes' bytes loaded and stored), times the iterations a WHILE body ran (none for an IF
body that did not run), and what the kernel's source says it touches; where the shim cannot know
which twins run, the replay must say why."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from neutrino_py.tracedir import Trace

PROGRAM = Path(__file__).resolve().parent / "programs" / "graphs_driver.py"
pytestmark = pytest.mark.gpu
KERNELS = ("axpy", "square", "decide", "tick")
CASES = ("clone", "conditional", "update", "exec_set", "capture_exec", "child_set", "one_switched", "captured_edit")


@pytest.fixture(scope="module")
def native(tmp_path_factory) -> dict:
    pytest.importorskip("cuda.bindings")
    out = tmp_path_factory.mktemp("native") / "native.npz"
    run = subprocess.run([sys.executable, str(PROGRAM), str(out)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    return dict(np.load(out))


@pytest.fixture(scope="module", params=["dmat", "gmem_bytes"])
def traced(request, tmp_path_factory, native) -> dict:
    """The program traced with a stock probe: its outputs, facts and steps, each with the launches
    of the trace it made."""
    tmp = tmp_path_factory.mktemp(request.param)
    env = {**os.environ, "NEUTRINO_CACHE": str(tmp / "cache")}
    run = subprocess.run([sys.executable, "-m", "neutrino_py", "trace", "--probe", request.param, "--launches", "64",
                          "--tracedir", str(tmp / "tr"), "--", sys.executable, str(PROGRAM), str(tmp / "traced.npz")],
                         env=env, capture_output=True, text=True, timeout=600)
    print(run.stdout[-3000:] + run.stderr[-3000:])
    assert run.returncode == 0, run.stderr[-4000:]
    facts = json.loads((tmp / "traced.npz.json").read_text())
    return {"probe": request.param, "outputs": dict(np.load(tmp / "traced.npz")), "facts": facts,
            "steps": _steps(facts, Trace(tmp / "tr"))}


def _steps(facts: dict, trace: Trace) -> list[tuple[dict, list]]:
    """Each step of the program with its launches in the trace (in order: a graph launch's
    replays are listed together, after the launch), matched to the step's by kernel name."""
    launches = sorted((x for x in trace.launches if x.kernel in KERNELS), key=lambda x: x.seq)
    assert len(launches) == sum(len(s["launches"]) for s in facts["steps"]), \
        [(x.kernel, x.graph, x.info.get("fallback")) for x in launches]
    out, at = [], 0
    for step in facts["steps"]:
        mine = sorted(launches[at:at + len(step["launches"])], key=lambda x: x.kernel)
        at += len(mine)
        expected = sorted(step["launches"], key=lambda x: x["kernel"])
        assert [x.kernel for x in mine] == [x["kernel"] for x in expected], (step, [x.kernel for x in mine])
        out.append((step, list(zip(expected, mine))))
    return out


def _pairs(rows) -> np.ndarray:
    pairs = np.stack([rows["addr"].astype(np.uint64), rows["bytes"].astype(np.uint64)], axis=1)
    return pairs[np.lexsort((pairs[:, 1], pairs[:, 0]))]


def _observed(launch, probe: str) -> np.ndarray:
    """What a launch recorded: dmat's sorted (address, bytes) pairs, or gmem_bytes' bytes loaded
    and stored over all rows."""
    if probe == "dmat":
        return _pairs(launch.maps["dmat"])
    rows = launch.maps["gmem"]
    return np.array([int(rows["loaded"].sum()), int(rows["stored"].sum())], np.uint64)


def _source_says(expected: dict, facts: dict, probe: str) -> np.ndarray:
    """What the kernel's source touches on these buffers: each element of each buffer as often as
    it is accessed per run (4 bytes each), times the runs; for gmem_bytes the bytes loaded and
    stored (axpy loads x and y and stores y; square loads x and stores y; decide loads its flag;
    tick loads and stores its count)."""
    if probe == "gmem_bytes":
        n = facts["n"]
        loaded, stored = {"axpy": (8 * n, 4 * n), "square": (4 * n, 4 * n), "decide": (4, 0),
                          "tick": (4, 4)}[expected["kernel"]]
        return np.array([loaded, stored], np.uint64) * np.uint64(expected["times"])
    addrs = [np.repeat(np.uint64(facts["buffers"][name]) + 4 * np.arange(count, dtype=np.uint64),
                       each * expected["times"]) for name, count, each in expected["accesses"]]
    addrs = np.concatenate(addrs) if addrs else np.zeros(0, np.uint64)
    return _pairs({"addr": addrs, "bytes": np.full(len(addrs), 4, np.uint64)})


def _repeated(once: np.ndarray, times: int, probe: str) -> np.ndarray:
    """An eager launch's record as a replay that ran the kernel `times` times records it."""
    if probe == "gmem_bytes":
        return once * np.uint64(times)
    return _pairs({"addr": np.tile(once[:, 0], times), "bytes": np.tile(once[:, 1], times)})


def _key(expected: dict) -> tuple:
    return expected["kernel"], json.dumps(expected["accesses"])


def test_outputs_are_bit_identical(native, traced):
    assert traced["outputs"].keys() == native.keys()
    for key, value in native.items():
        np.testing.assert_array_equal(traced["outputs"][key], value, err_msg=key)


@pytest.mark.parametrize("case", CASES)
def test_replays_record_what_eager_launches_record(traced, case):
    """Every launch of the case: eager ones record what the source says they touch, and each
    replay the same as the eager launch of its kernel on its buffers (times its runs); where the
    shim documents a fallback (a node given another kernel or child graph), the replay says why."""
    facts, probe = traced["facts"], traced["probe"]
    if facts["refused"].get(case):
        pytest.skip(f"the driver refused it: {facts['refused'][case]}")
    eager, replays = {}, 0
    for step, launches in traced["steps"]:
        for expected, launch in launches:
            assert launch.graph == step["graph"], (step, launch.info)
            if step["case"] != case:
                continue
            if "fallback" in expected:
                assert not launch.instrumented and expected["fallback"] in launch.info["fallback"], launch.info
                replays += 1
                continue
            assert launch.instrumented and not any(launch.dropped.values()), (step, launch.info)
            seen = _observed(launch, probe)
            assert np.array_equal(seen, _source_says(expected, facts, probe)), (step, expected, seen[:4])
            if not step["graph"]:
                eager[_key(expected)] = seen
            elif _key(expected) in eager:
                replays += 1
                assert np.array_equal(seen, _repeated(eager[_key(expected)], expected["times"], probe)), expected
    assert replays >= 3, case


def test_a_node_given_another_kernel_is_listed_as_that_kernel(traced):
    """A twin's node given square (cuGraphExecKernelNodeSetParams, cuGraphExecNodeSetParams, and
    cuGraphKernelNodeSetParams before an instantiation): each replay is listed as square, the
    kernel that ran, saying its maps were not kept; none as the axpy twin it replaced."""
    switched = [launch for step, launches in traced["steps"] if step["case"] == "exec_set" and step["graph"]
                for expected, launch in launches if "fallback" in expected]
    assert [(x.kernel, x.instrumented) for x in switched] == [("square", False)] * 3
    assert all("parameters were set" in x.info["fallback"] for x in switched)


def test_a_child_graphs_node_is_followed_into_the_exec_and_the_clone(traced):
    """The child's axpy node given other buffers in the parent's exec and in the clone (found where
    the driver finds it): every replay of it is the twin, recording those buffers."""
    buffers = traced["facts"]["buffers"]
    moved = [launch for step, launches in traced["steps"] if step["case"] == "clone" and step["graph"]
             for expected, launch in launches if expected["accesses"] and expected["accesses"][0][0] in ("x11", "x12")]
    assert len(moved) == 4 and all(x.instrumented for x in moved)
    if traced["probe"] == "dmat":
        seen = {int(a) for x in moved for a in x.maps["dmat"]["addr"]}
        assert {buffers["x11"], buffers["x12"]} <= seen


def _graph_launches(traced, case: str) -> list[tuple[str, bool, str | None]]:
    """The case's graph replays as (kernel, instrumented, fallback)."""
    return [(x.kernel, x.instrumented, x.info.get("fallback")) for step, launches in traced["steps"]
            if step["case"] == case and step["graph"] for _, x in launches]


def test_one_switched_node_leaves_the_other_twin_its_maps(traced):
    """square's node given half the grid runs the original there, saying its maps were not kept;
    the exec's axpy twin still records every replay (its records checked against the eager
    launch's by test_replays_record_what_eager_launches_record); square's node destroyed, an
    exec's replays list axpy alone, with its maps."""
    replays = _graph_launches(traced, "one_switched")
    assert sorted(replays[:4]) == sorted([("axpy", True, None), ("square", False, EDITED)] * 2)
    assert replays[4:] == [("axpy", True, None)] * 2


def test_captured_nodes_edited_in_their_graph_are_followed(traced):
    """A captured node found with cuGraphGetNodes: given other buffers it stays the twin,
    recording them; given another grid its replays say their maps were not kept."""
    assert _graph_launches(traced, "captured_edit") == [("axpy", True, None)] * 2 + [("square", False, EDITED)] * 2


def test_a_graph_holding_conditional_nodes_is_not_cloned_or_nested(traced):
    """CUDA 13 documents cuGraphClone and cuGraphAddChildGraphNode of a graph holding conditional
    nodes as not supported: so no clone's bodies are there to follow. Where a driver does clone
    one, its replays are checked with the IF case's (test_replays_record_what_eager_launches_record)."""
    refused = traced["facts"]["refused"]
    if refused["conditional"]:
        pytest.skip(f"the driver refused conditional nodes: {refused['conditional']}")
    print("clone:", refused["clone_conditional"], "child:", refused["child_conditional"])
    assert refused["child_conditional"] and refused["child_conditional"].startswith("cuGraphAddChildGraphNode: ")
    clones = [step for step, _ in traced["steps"] if step["case"] == "conditional" and step["graph"]]
    assert len(clones) == 3 + 2 + (0 if refused["clone_conditional"] else 2)


EDITED = "a kernel node's parameters were set after its twin was made: maps not kept"
