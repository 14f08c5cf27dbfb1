"""The contract package: buffer sizing rules, the wire lines built from them, and the generated C
header the shims include (it must match the generator, and C must see the Python values)."""
from __future__ import annotations

import subprocess

import pytest

from neutrino_py.contract import MapSpec, SizeRule, cheader, wire
from neutrino_py.contract.manifest import MAX_MAPS, SM_ROWS, item_dtype, item_layout, units
from neutrino_py.hook import build

RECORD = [["clock", "<u8"], ["addr", "<u8"], ["bytes", "<u4"]]          # 24 B aligned
SPECS = {
    "fixed_thread": MapSpec("a", "record", "thread", RECORD, capacity=64),
    "fixed_warp": MapSpec("b", "record", "warp", [["t", "<u8"]], capacity=3, header_slot=1),
    "pool": MapSpec("c", "record", "thread", RECORD, pool=1000, header_slot=2),
    "pool_sharded": MapSpec("d", "record", "warp", RECORD, pool=1 << 14, shards=64, header_slot=3),
    "counter": MapSpec("e", "counter", "warp", [["n", "<u8"], ["m", "<u4"]]),
    "hist": MapSpec("f", "hist", "thread", [["count", "<u4"]], capacity=1 << 16),
    "counter_block": MapSpec("g", "counter", "block", [["n", "<u8"]]),
    "counter_sm": MapSpec("h", "counter", "sm", [["n", "<u8"], ["m", "<u8"]]),
    "counter_kernel": MapSpec("i", "counter", "kernel", [["n", "<u4"]]),
}
GEOMETRIES = [((1, 1, 1), (1, 1, 1)), ((5, 3, 1), (100, 1, 1)), ((64, 2, 2), (16, 16, 4)),
              ((7, 1, 1), (33, 1, 1))]


@pytest.mark.parametrize("name, rule", [
    ("fixed_thread", SizeRule("thread", 64 * 24 + 4, 0)),
    ("fixed_warp", SizeRule("warp", 3 * 8 + 4, 0)),
    ("pool", SizeRule("thread", 0, 1000 * 24, 24)),
    ("pool_sharded", SizeRule("warp", 0, (-(-64 * 128 // 24) + (1 << 14)) * 24, 24)),
    ("counter", SizeRule("warp", 16, 0)),
    ("hist", SizeRule("none", 0, (1 << 16) * 4)),
    ("counter_block", SizeRule("block", 8, 0)),
    ("counter_sm", SizeRule("none", 0, SM_ROWS * 16)),
    ("counter_kernel", SizeRule("none", 0, 4)),
])
def test_size_rules(name, rule):
    assert SPECS[name].size_rule() == rule


@pytest.mark.parametrize("name", SPECS)
def test_size_rule_gives_items_plus_counts(name):
    """nbytes from the rule equals the layout's items and per-unit counts, at odd geometries too."""
    spec = SPECS[name]
    for grid, block in GEOMETRIES:
        counts = 4 * units(spec.level, grid, block) if spec.counts_offset(grid, block) is not None else 0
        assert spec.nbytes(grid, block) == spec.items(grid, block) * spec.itemsize + counts


def test_wire_lines():
    assert wire.map_line(SPECS["fixed_warp"]) == "map warp 28 0 0 1 3"
    assert wire.map_line(SPECS["pool"]) == "map thread 0 24000 24 2 0"
    assert wire.map_line(SPECS["hist"]) == "map none 0 262144 0 0 0"


def test_generated_header_is_current():
    assert cheader.PATH.read_text() == cheader.header_text()


def test_c_sees_the_contract_values(tmp_path):
    cc = build.compiler()
    if cc is None:
        pytest.skip("no C compiler")
    names = [name for name, _, _ in cheader.CONSTANTS]
    src = tmp_path / "values.c"
    src.write_text('#include <stdio.h>\n#include "neutrino_contract.h"\nint main(void) {\n'
                   + "".join(f'    printf("%d\\n", {n});\n' for n in names) + "    return 0;\n}\n")
    subprocess.run([cc, "-I", str(cheader.PATH.parent), "-o", str(tmp_path / "values"), str(src)],
                   check=True)
    out = subprocess.run([str(tmp_path / "values")], capture_output=True, text=True, check=True)
    assert [int(v) for v in out.stdout.split()] == [value for _, value, _ in cheader.CONSTANTS]
    assert dict(zip(names, map(int, out.stdout.split())))["NT_MAX_MAPS"] == MAX_MAPS


def test_bytes_per_launch_in_words():
    from neutrino_py.contract import Manifest
    from neutrino_py.contract.manifest import params_for
    from neutrino_py.errors import format_bytes
    maps = [SPECS["fixed_thread"], SPECS["hist"]]
    m = Manifest("k", {"hash": "", "text": "", "file": "p"}, params_for(maps), maps)
    assert m.bytes_per_launch((2, 1, 1), (128, 1, 1)) == [
        ("a", 256 * 1540, "threads x (64 x 24 B) + threads x 4 B counts"),
        ("f", 262144, "65536 x 4 B")]
    assert [format_bytes(n) for n in (512, 1536, 24 << 20, 3 << 40)] == \
        ["512 B", "1.5 KiB", "24 MiB", "3 TiB"]


@pytest.mark.parametrize("fields", [
    RECORD, [["a", "<u4"], ["b", "<u8"], ["c", "<u4"]], [["a", "<u2"], ["b", "<u4"]],
    [["x", "<f4"]], [["a", "<u4"], ["b", "<i8"], ["c", "<f8"], ["d", "<u2"]],
] + [spec.dtype for spec in SPECS.values()])
def test_item_layout_is_numpys_aligned_struct(fields):
    """The contract sizes items without NumPy (so instrumenting need not import it); readers
    view them through NumPy: both must agree on every offset and the item size."""
    dtype = item_dtype(fields)
    offsets, size = item_layout(fields)
    assert size == dtype.itemsize
    assert offsets == {name: dtype.fields[name][1] for name, _ in fields}
