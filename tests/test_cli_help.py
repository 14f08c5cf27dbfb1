"""`neutrino` itself: every subcommand's --help ends with examples; a bad -k is a usage error; a
closed pipe is quiet."""
from __future__ import annotations

import subprocess
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
