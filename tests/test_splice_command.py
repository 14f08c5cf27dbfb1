"""`neutrino instrument`: output files, the per-kernel summary, warnings and exit codes."""
from __future__ import annotations

import json

import pytest
from conftest import CORPUS
from neutrino_py.cli import main
from neutrino_py.paths import probes_dir

VECTOR_ADD = CORPUS / "cuda" / "vector_add.sm_90.ptx"


def test_writes_ptx_and_manifests(tmp_path, capsys):
    out = tmp_path / "va.ptx"
    rc = main(["instrument", "--probe", str(probes_dir() / "gmem_bytes.probe"), str(VECTOR_ADD),
               "-o", str(out)])
    stdout = capsys.readouterr().out
    assert rc == 0
    assert "__nt_map_gmem" in out.read_text()
    manifests = json.loads((tmp_path / "va.manifest.json").read_text())
    assert list(manifests) == ["vector_add"]
    m = manifests["vector_add"]
    assert m["positions"] == {"probe 0 (before ld.global)": 2, "probe 1 (before st.global)": 1,
                              "probe 2 (before atom.global, red.global)": 0}
    assert "vector_add: 3 positions matched, virtual registers added:" in stdout
    assert "probe 0 (before ld.global): 2" in stdout


def test_zero_matches_warns_but_succeeds(tmp_path, capsys):
    rc = main(["instrument", "--probe", str(probes_dir() / "time_range.probe"), str(VECTOR_ADD),
               "-o", str(tmp_path / "o.ptx")])
    err = capsys.readouterr().err
    assert rc == 0
    assert 'warning: probe 0 (before mark("mma_begin")) matched nothing in vector_add' in err


def test_kernel_filter_matching_nothing_is_an_error(tmp_path, capsys):
    rc = main(["instrument", "--probe", str(probes_dir() / "dmat.probe"), "-k", "^nothing$",
               str(VECTOR_ADD), "-o", str(tmp_path / "o.ptx")])
    err = capsys.readouterr().err
    assert rc == 2
    assert err.startswith(f"no kernel matching -k '^nothing$' in {VECTOR_ADD} (kernels: vector_add)")
    assert list(tmp_path.iterdir()) == []


def test_invalid_kernel_regex_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["instrument", "--probe", str(probes_dir() / "dmat.probe"), "-k", "(",
              str(VECTOR_ADD), "-o", str(tmp_path / "o.ptx")])
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert "argument -k/--kernels: invalid regular expression '('" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("where, why", [
    ("missing/o.ptx", "No such file or directory\n  fix: check that the folder exists, is writable"),
    (".", "it is a directory\n  fix: give a file path")])
def test_unwritable_output_is_a_tool_error(tmp_path, capsys, where, why):
    out = tmp_path / where
    rc = main(["instrument", "--probe", str(probes_dir() / "dmat.probe"), str(VECTOR_ADD),
               "-o", str(out)])
    err = capsys.readouterr().err
    assert rc == 2
    assert err.startswith(f"cannot write {out}: {why}")
    assert sorted(p.name for p in tmp_path.iterdir()) == []      # no temporary file left behind


def test_probe_that_is_a_directory(tmp_path, capsys):
    rc = main(["instrument", "--probe", str(tmp_path), str(VECTOR_ADD), "-o", str(tmp_path / "o.ptx")])
    assert rc == 2 and capsys.readouterr().err.startswith(f"cannot read {tmp_path}: it is a directory")


def test_bad_probe_is_a_located_error(tmp_path, capsys):
    probe = tmp_path / "bad.probe"
    probe.write_text("map m[thread]: counter { u64 n; }\nentry { m.n += ADDR; }\n")
    rc = main(["instrument", "--probe", str(probe), str(VECTOR_ADD), "-o", str(tmp_path / "o.ptx")])
    err = capsys.readouterr().err
    assert rc == 2
    assert err.startswith(f"{probe}:2:")
    assert "Traceback" not in err and "^" in err


def test_bad_ptx_is_a_located_error(tmp_path, capsys):
    ptx = tmp_path / "bad.ptx"
    ptx.write_text(VECTOR_ADD.read_text().replace("ld.global.f32", "ld.global.f32 %%", 1))
    rc = main(["instrument", "--probe", str(probes_dir() / "dmat.probe"), str(ptx),
               "-o", str(tmp_path / "o.ptx")])
    err = capsys.readouterr().err
    assert rc == 2 and err.startswith(f"{ptx}:") and "Traceback" not in err


def test_after_an_unguarded_exit_is_refused(tmp_path, capsys):
    probe = tmp_path / "after_bra.probe"
    probe.write_text("map c[thread]: counter { u64 n; }\nafter * { c.n += 1; }\n")
    rc = main(["instrument", "--probe", str(probe), str(VECTOR_ADD), "-o", str(tmp_path / "o.ptx")])
    err = capsys.readouterr().err
    assert rc == 2 and err.startswith(f"{probe}:2:1: error: `after` cannot follow `ret`")
    assert "hint: use `before`" in err


def test_an_instrumented_module_is_instrumented_with_names_of_its_own(tmp_path):
    """Its `%nt_` registers and `__nt_` params are the kernel's own now: the second probe's take
    `%nt1_` and `__nt1_`, and its manifest names those (tests/test_ptx_reserved_names.py)."""
    once, twice = tmp_path / "once.ptx", tmp_path / "twice.ptx"
    assert main(["instrument", "--probe", str(probes_dir() / "dmat.probe"), str(VECTOR_ADD),
                 "-o", str(once)]) == 0
    assert main(["instrument", "--probe", str(probes_dir() / "gmem_bytes.probe"), str(once),
                 "-o", str(twice)]) == 0
    m = json.loads((tmp_path / "twice.manifest.json").read_text())["vector_add"]
    assert [p["name"] for p in m["params"]] == ["__nt1_hdr", "__nt1_map_gmem"]
    assert ".param .u64 __nt_map_dmat,\n\t.param .u64 __nt1_hdr,\n\t.param .u64 __nt1_map_gmem\n)" \
        in twice.read_text()
