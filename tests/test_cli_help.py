"""`neutrino` itself: every subcommand's --help ends with examples; a bad -k is a usage error; a
closed pipe is quiet."""
from __future__ import annotations

import subprocess
from pathlib import Path
import sys

import pytest
from conftest import CORPUS

from neutrino_py.cli import COMMANDS, EXAMPLES, main


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_help_ends_with_examples(command, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    out = capsys.readouterr().out
    assert exit_.value.code == 0
    examples = out.split("\nexamples:\n")[1].splitlines()
    assert examples == [f"  {line}" for line in EXAMPLES[command]]
    assert all(line.startswith(f"  neutrino {command}") for line in examples)


def test_trace_rejects_an_invalid_kernel_regex_before_running_anything(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["trace", "--probe", "probes/block_sched.probe", "-k", "a[", "--", "true"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert "argument -k/--kernels: invalid regular expression 'a['" in err


def test_closed_pipe_is_quiet():
    """`neutrino inspect big.ptx | head` must not end in a BrokenPipeError traceback."""
    reader = subprocess.Popen([sys.executable, "-m", "neutrino_py.cli", "inspect",
                               str(CORPUS / "cuda" / "vector_add.sm_90.ptx")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
    reader.stdout.close()
    err = reader.stderr.read().decode()
    reader.stderr.close()
    assert reader.wait() == 141
    assert err == ""


def test_version(capsys):
    import neutrino_py

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"neutrino_py {neutrino_py.__version__}\n"


def test_top_level_help_and_no_command(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0 and "COMMAND" in capsys.readouterr().out
    assert main([]) == 2 and "usage: neutrino" in capsys.readouterr().out


@pytest.mark.parametrize("argv, said", [
    (["reprot", "x"], "neutrino: error: no command 'reprot' (did you mean 'report'?); the commands "
                      "are inspect, check, instrument, trace, report, export, doctor"),
    (["instrumnet"], "no command 'instrumnet' (did you mean 'instrument'?)"),
    (["frobnicate"], "neutrino: error: no command 'frobnicate'; the commands are"),
    (["check", "dmta"], "error: no probe file 'dmta' (did you mean 'dmat'?)\n  fix: give a path, or "
                        "one of: block_sched,"),
    (["check", "block_shed.probe"], "no probe file 'block_shed.probe' (did you mean 'block_sched'?)"),
    (["trace", "--probe", "gmem_byte", "--", "true"], "no probe file 'gmem_byte' (did you mean "
                                                      "'gmem_bytes'?)"),
    (["report", "{run}", "-t", "dmta"], "no tool named 'dmta' (did you mean 'dmat'?)\n  fix: pick one of:"),
    (["report", "{run}", "-t", "launches", "-O", "tpo=3"], "no selected tool (launches) has option "
                                                           "'tpo' (did you mean 'top'?)"),
])
def test_a_misspelt_name_is_refused_with_the_closest_one(argv, said, capsys, tmp_path):
    from tests.synthetic import standard
    if "{run}" in argv:
        argv = [str(standard(tmp_path)) if a == "{run}" else a for a in argv]
    try:
        rc = main(argv)
    except SystemExit as exit_:
        rc = exit_.code
    err = capsys.readouterr().err
    assert rc == 2 and said in err and "Traceback" not in err


def test_a_tool_option_misspelt_in_the_api_names_the_options(tmp_path):
    from neutrino_py.errors import ToolError
    from neutrino_py.tools import get
    with pytest.raises(ToolError, match=r"tool 'operators' has no option 'deph' \(did you mean "
                                        r"'depth'\?\)\n  fix: its options: depth, per_rank"):
        get("operators", {"deph": 1})


def test_double_dash_ends_options(tmp_path, capsys, monkeypatch):
    """`--` makes a name starting with '-' a path: `neutrino check -- -p.probe`."""
    from tests.synthetic import standard
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-p.probe").write_text("map m[thread]: counter { u64 n; }\nexit { m.n += 1; }\n")
    assert main(["check", "--", "-p.probe"]) == 0 and "ok: 1 map" in capsys.readouterr().out
    run = standard(tmp_path / "t")
    assert main(["report", "--no-progress", "-t", "launches", "--", str(run)]) == 0
    assert "launches per kernel" in capsys.readouterr().out


@pytest.mark.parametrize("out", ["/proc/self/nope", "/dev/null"])
def test_export_to_where_no_folder_can_be_made_is_refused(out, tmp_path, capsys):
    """/proc/self/x: making the temporary folder beside it raised FileNotFoundError."""
    pytest.importorskip("pyarrow")
    from tests.synthetic import standard
    if not Path(out).parent.is_dir():
        pytest.skip(f"no {Path(out).parent}")
    run = standard(tmp_path)
    assert main(["export", str(run), "-o", out, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cannot write the export under {out}: " if "proc" in out
                          else f"{out} exists and is not an empty folder")
