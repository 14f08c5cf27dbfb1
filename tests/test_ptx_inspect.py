"""`neutrino inspect`: the facts per kernel, as text and JSON, and exit 2 on malformed PTX."""
from __future__ import annotations

import json

import pytest

from neutrino_py import cli


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path / "cache"))

PTX = """.version 8.0
.target sm_80
.address_size 64
.visible .entry scale(.param .u64 scale_x, .param .u32 scale_n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<5>;
	.reg .f32 %f<3>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [scale_x];
	ld.param.u32 %r1, [scale_n];
	mov.u32 %r2, %tid.x;
	setp.ge.u32 %p1, %r2, %r1;
	@%p1 bra $L_out;
	mul.wide.u32 %rd2, %r2, 16;
	add.s64 %rd3, %rd1, %rd2;
	ld.global.v2.f32 {%f1, %f2}, [%rd3];
	add.f32 %f1, %f1, %f2;
	st.global.f32 [%rd3+8], %f1;
$L_out:
	ret;
}
"""


def test_inspect_json(tmp_path, capsys):
    path = tmp_path / "scale.ptx"
    path.write_text(PTX)
    assert cli.main(["inspect", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["isa"], out["version"], out["target"]) == ("ptx", "8.0", ["sm_80"])
    (fn,) = out["functions"]
    assert fn["name"] == "scale" and fn["kind"] == "kernel"
    assert [(p["name"], p["type"], p["size"]) for p in fn["params"]] == [
        ("scale_x", "u64", 8), ("scale_n", "u32", 4)]
    assert fn["instructions"] == 11
    assert fn["opcodes"] == {"ld": 3, "add": 2, "mov": 1, "setp": 1, "bra": 1, "mul": 1, "st": 1,
                             "ret": 1}
    assert fn["memory"] == {"global": {"ops": 2, "bytes": 12}, "param": {"ops": 2, "bytes": 12}}
    assert fn["registers"] == {"b32": 5, "b64": 4, "f32": 3, "pred": 2}
    assert [(b["labels"], b["instructions"], b["succs"]) for b in fn["blocks"]] == [
        ([], 5, [2, 1]), ([], 5, [2]), (["$L_out"], 1, [])]


def test_inspect_text(tmp_path, capsys):
    path = tmp_path / "scale.ptx"
    path.write_text(PTX)
    assert cli.main(["inspect", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path}: PTX 8.0, target sm_80, 1 kernel(s), 0 device function(s)"
    assert "  memory        global 2 ops 12 B/thread; param 2 ops 12 B/thread" in out
    assert "  blocks        3, edges 0->2 0->1 1->2" in out


def test_inspect_malformed_exits_2_without_traceback(tmp_path, capsys):
    path = tmp_path / "bad.ptx"
    path.write_text(PTX.replace("add.f32 %f1, %f1, %f2;", "add.f32 %f1 %f1, %f2;"))
    assert cli.main(["inspect", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:18:14: error: unexpected '%f1'")
    assert "Traceback" not in err and "^" in err


def test_inspect_missing_file_exits_2(tmp_path, capsys):
    assert cli.main(["inspect", str(tmp_path / "none.ptx")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_inspect_one_kernel(tmp_path, capsys):
    path = tmp_path / "scale.ptx"
    path.write_text(PTX)
    assert cli.main(["inspect", str(path), "--json", "--kernel", "scale"]) == 0
    assert [f["name"] for f in json.loads(capsys.readouterr().out)["functions"]] == ["scale"]
    assert cli.main(["inspect", str(path), "--kernel", "nope"]) == 2
    assert "no kernel or function 'nope'" in capsys.readouterr().err
