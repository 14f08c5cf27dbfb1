"""Memory forms whose bytes are a count operand, not a type (`st.bulk`, PTX 8.6; the bulk copies;
`discard`/`applypriority`): `inspect` counts those bytes and a probe's BYTES is that count. A
count held in a register is read only at run time: such a form has no static width, and BYTES
there is the register's value, read before the instruction."""
from __future__ import annotations

import json
import re
import subprocess

import pytest
from neutrino_py import toolchain
from neutrino_py.asm import parse_ptx
from neutrino_py.cli import main

PTXAS = toolchain.find_tool("ptxas")

BULK = """.version 9.0
.target sm_100a
.address_size 64
.visible .entry k(
\t.param .u64 p,
\t.param .u64 n
)
{
\t.reg .b32 \t%r<4>;
\t.reg .b64 \t%rd<4>;
\t.shared .align 16 .b8 buf[4096];
\tld.param.u64 \t%rd1, [p];
\tld.param.u64 \t%rd3, [n];
\tmov.u32 \t%r1, buf;
\tst.bulk.weak.shared::cta \t[%r1], 4096, 0;
\tst.bulk.weak.shared::cta \t[%r1], %rd3, 0;
\tmov.u64 \t%rd2, buf;
\tcvta.shared.u64 \t%rd2, %rd2;
\tst.bulk \t[%rd2], 0x100, 0;
\tst.global.u32 \t[%rd1], %r1;
\tret;
}
"""


def kernel(body: str) -> str:
    return (".version 9.0\n.target sm_100a\n.address_size 64\n.visible .entry k(.param .u64 p)\n"
            "{\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n" + body + "ret;\n}\n")


@pytest.mark.parametrize("line,space,width,size", [
    ("st.bulk.weak.shared::cta [%r1], 4096, 0;", "shared", 4096, "4096"),
    ("st.bulk.weak.shared::cta [%r1], %rd2, 0;", "shared", None, "%rd2"),
    ("st.bulk.weak [%rd1+8], 64, 0;", "generic", 64, "64"),
    ("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 1024, "
     "[%r2];", "shared", 1024, "1024"),
    ("cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r1], %r3;", "global", None, "%r3"),
    ("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%rd1], [%r1], 512;", "global",
     512, "512"),
    ("cp.async.bulk.prefetch.L2.global [%rd1], 2048;", "global", 2048, "2048"),
    ("cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
     ".L2::cache_hint [%r1], [%rd1, {%r3}], [%r2], %rd2;", "shared", None, None),
    ("cp.async.ca.shared.global [%r1], [%rd1], 16;", "shared", 16, "16"),
    ("discard.global.L2 [%rd1], 128;", "global", 128, "128"),
    ("ld.global.v4.u32 {%r0, %r1, %r2, %r3}, [%rd1];", "global", 16, None),
])
def test_the_width_of_a_sized_form_is_its_count_operand(line, space, width, size):
    (ins, _) = parse_ptx(kernel(line + "\n"), cache=False).function("k").instructions()
    assert (ins.space, ins.width) == (space, width)
    assert (None if ins.size_operand is None else str(ins.size_operand)) == size


def test_inspect_counts_the_bytes_of_bulk_stores(tmp_path, capsys):
    src = tmp_path / "bulk.ptx"
    src.write_text(BULK)
    assert main(["inspect", "--json", str(src)]) == 0
    memory = json.loads(capsys.readouterr().out)["functions"][0]["memory"]
    assert memory["shared"] == {"ops": 2, "bytes": 4096}      # the register-sized one: 0
    assert memory["generic"] == {"ops": 1, "bytes": 256}


def test_a_probes_bytes_at_a_bulk_store_is_its_count(tmp_path):
    probe = tmp_path / "bulk.probe"
    probe.write_text("map b[thread]: record { u64 addr; u32 bytes; } pool 1 << 10\n"
                     "before st { b.save(ADDR, BYTES); }\n")
    src, out = tmp_path / "bulk.ptx", tmp_path / "out.ptx"
    src.write_text(BULK)
    assert main(["instrument", "--probe", str(probe), str(src), "-o", str(out), "--no-cost"]) == 0
    text = out.read_text()
    saved = [line.split(",")[-1].strip() for line in text.splitlines()
             if line.strip().startswith("st.global.u32") and "%nt_" in line]
    assert len(saved) == 4 and {"4096;", "256;", "4;"} <= set(saved)
    # the count in %rd3, as u32: moved out before the store, converted, saved
    (moved,) = re.findall(r"mov\.b64\s+(%nt_rd\d+), %rd3;", text)
    (count,) = re.findall(rf"cvt\.u32\.u64\s+(%nt_r\d+), {moved};", text)
    assert f"{count};" in saved
    assert text.index(f"mov.b64 \t{moved}, %rd3;") < text.index("st.bulk.weak.shared::cta \t[%r1], %rd3, 0;")
    if PTXAS is None:
        pytest.skip("ptxas not found")
    run = subprocess.run([PTXAS, "-arch=sm_100a", str(out), "-o", str(tmp_path / "o.cubin")],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
