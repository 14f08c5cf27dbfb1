"""Every option of every subcommand against hostile or mistaken values.

The options are read from the parsers themselves, so an option added later is covered the day
it is added: it needs a sample value (`SAMPLES`, by its type) and, when it is a number, a word on
what 0 means (`ZERO`). Each bad value must end in exit status 2 with a usage error naming the
option and saying what to write, never a traceback.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from neutrino_py.assemble.command import arch_name, block_dims, dims
from neutrino_py.cli import COMMANDS, build_parser, main
from neutrino_py.errors import count, size
from neutrino_py.hook.command import budget, positive, staging
from neutrino_py.splice import kernel_regex
from tests.synthetic import standard

ROOT = Path(__file__).resolve().parent.parent
PTX = str(ROOT / "examples" / "vector_add.ptx")

# A command line per subcommand that gets past parsing without running anything costly; a
# trace's program does not exist, so an accepted value ends in "cannot run".
BASE: dict[str, list[str]] = {
    "inspect": ["inspect", PTX],
    "check": ["check", "dmat"],
    "instrument": ["instrument", "--probe", "dmat", PTX, "-o", "{d}/out.ptx", "--no-cost"],
    "trace": ["trace", "--probe", "dmat", "--tracedir", "{d}/t", "--", "{d}/nope"],
    "report": ["report", "--no-progress", "{run}"],
    "export": ["export", "{run}", "-o", "{d}/exp", "--no-progress"],
    "doctor": ["doctor", "--no-build"],
}

# A valid value for each option type (two, to give an option twice with different values)
SAMPLES: dict[object, tuple[str, str]] = {
    None: ("a", "b"), Path: ("a", "b"), size: ("1G", "2G"), staging: ("1G", "2G"),
    budget: ("1G", "2G"), positive: ("3", "4"), count: ("3", "4"), dims: ("64", "32"),
    block_dims: ("64", "32"), arch_name: ("sm_90", "sm_80"), kernel_regex: ("add", "mul"),
}

# What 0 means for each number option; one where it means nothing is refused
ZERO = {"--min-free": "no free space kept", "--graph-maps": "no maps for captured kernels",
        "--perfetto-warps": "no warp slices, launches only"}

REFUSED_ZERO = {"--launches", "--every", "--max-bytes", "--staging", "--grid", "--block"}

NUMBERS = {size, staging, budget, positive, count, dims, block_dims}
SIZES = {size, staging, budget}


def actions() -> list[tuple[str, argparse.Action]]:
    """(subcommand, action) for every option and positional that takes a value."""
    return [(name, a) for name, sub in build_parser().commands.items() for a in sub._actions
            if a.nargs != 0 and a.nargs != argparse.REMAINDER]


def options(kind: set | None = None) -> list[tuple[str, argparse.Action]]:
    """The options (not positionals) among `actions`, of a type in `kind` if given."""
    return [(name, a) for name, a in actions()
            if a.option_strings and (kind is None or a.type in kind)]


def label(item: tuple[str, argparse.Action]) -> str:
    name, action = item
    return f"{name} {action.option_strings[-1] if action.option_strings else action.dest}"


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory) -> Path:
    return standard(tmp_path_factory.mktemp("trace"))


@pytest.fixture
def call(tmp_path, run_dir, capsys, monkeypatch):
    """Run `neutrino` in process from a scratch folder: (exit status, stdout, stderr)."""
    monkeypatch.chdir(tmp_path)

    def run(argv: list[str]) -> tuple[int, str, str]:
        argv = [a.replace("{d}", str(tmp_path)).replace("{run}", str(run_dir)) for a in argv]
        try:
            rc = main(argv)
        except SystemExit as exit_:
            rc = exit_.code
        out, err = capsys.readouterr()
        assert "Traceback" not in err
        return rc, out, err
    return run


def with_option(name: str, action: argparse.Action, *values: str, help: bool = False) -> list[str]:
    """`name`'s base command line without `action`'s option, then the option with each value
    (then --help, which ends parsing with status 0 if nothing before it was refused)."""
    base = list(BASE[name])
    for flag in action.option_strings:
        while flag in base:
            del base[base.index(flag):base.index(flag) + 2]
    given = [w for value in values for w in (action.option_strings[-1], value)]
    return [base[0], *given, *(["--help"] if help else []), *base[1:]]


def usage_error(err: str, action: argparse.Action, said: str) -> None:
    """A usage error: the usage, then one line naming the option with `said` in it."""
    last = err.rstrip("\n").splitlines()[-1]
    assert err.startswith("usage: neutrino"), err
    assert last.startswith("neutrino ") and \
        f"error: argument {argparse._get_action_name(action)}: " in last, err
    assert said in last, err
    assert len(last) < 400


def test_every_command_and_option_type_is_covered():
    assert set(BASE) == set(COMMANDS)
    for item in options():
        _, action = item
        assert action.choices or action.type in SAMPLES, f"{label(item)}: add a sample value"
    numbers = [a.option_strings[-1] for _, a in options(NUMBERS)]
    assert numbers and all(flag in ZERO or flag in REFUSED_ZERO for flag in numbers), numbers


# ---- every value option: empty, given twice, a value that starts with '-' ---------------------

@pytest.mark.parametrize("item", actions(), ids=label)
def test_an_empty_value_is_refused(item, call):
    """An unset shell variable ($OUT) must not become '.', all kernels, or no --plots at all."""
    name, action = item
    if action.option_strings:
        argv = with_option(name, action, "")
    else:                                   # the word of the base command line it takes
        given = getattr(build_parser(name).parse_args(BASE[name]), action.dest)
        word = given[0] if isinstance(given, list) else given
        argv = ["" if w == word else w for w in BASE[name]]
    rc, _, err = call(argv)
    assert rc == 2
    usage_error(err, action, "")
    last = err.splitlines()[-1]            # said so, or the option's own check quotes it
    assert last.endswith(": the value is empty (an unset shell variable?)") or "''" in last, err


def _samples(action: argparse.Action) -> tuple[str, str]:
    return tuple(action.choices[:2]) if action.choices else SAMPLES[action.type]


@pytest.mark.parametrize("item", options(), ids=label)
def test_an_option_given_twice(item, call):
    """Two different values for a single-value option are refused, naming both (the last one
    won silently); an option meant to repeat keeps both; the same value twice is harmless."""
    name, action = item
    first, second = _samples(action)
    rc, _, err = call(with_option(name, action, first, second, help=True))
    if isinstance(action, argparse._AppendAction):
        assert rc == 0
        args = build_parser(name).parse_args(with_option(name, action, first, second))
        assert len(getattr(args, action.dest)) == 2
        return
    assert rc == 2
    usage_error(err, action, f"given twice ({first!r}, then {second!r}): give it once")
    rc, _, err = call(with_option(name, action, first, first, help=True))
    assert rc == 0, err


@pytest.mark.parametrize("item", options(), ids=label)
def test_a_value_that_starts_with_a_dash_reaches_the_option(item, call):
    """`--staging -1G` said "expected one argument"; such a value now reaches the option's own
    check (or is taken, for a name), and `--opt=-x` always works."""
    name, action = item
    for value in ("-1G", "-inf", "-.5"):
        rc, _, err = call(with_option(name, action, value, help=True))
        assert "expected one argument" not in err
        assert rc == 0 or repr(value) in err.splitlines()[-1], err
    rc, _, err = call(with_option(name, action, "-x"))
    assert rc == 2
    flag = max(action.option_strings, key=len)
    assert f"(a value that starts with '-' is written {flag}=VALUE)" in err


# ---- numbers ---------------------------------------------------------------------------------

HOSTILE = ["-1", "-1G", "1.5", "nan", "inf", "-inf", "NaN", "1e3", "0x10", "1_000", "+5", "²", "١٢",
           "abc", "1Q", "1GG", "1 G B", "9" * 20, "9" * 5000, " ", "\udcff", "1,2,3,4"]


@pytest.mark.parametrize("item", options(NUMBERS), ids=label)
@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: ascii(v[:12]))
def test_a_number_option_refuses_what_is_no_number(item, value, call):
    name, action = item
    if value == "1.5" and action.type in SIZES:
        value = "1.5B"                 # 1.5G is a size; a fraction of a byte is not
    rc, _, err = call(with_option(name, action, value))
    assert rc == 2
    usage_error(err, action, "")
    assert any(what in err.splitlines()[-1] for what in ("write", "2**63", "at most", "expected")), err


@pytest.mark.parametrize("item", options(NUMBERS), ids=label)
def test_zero_where_it_means_nothing(item, call):
    name, action = item
    flag = action.option_strings[-1]
    rc, _, err = call(with_option(name, action, "0", help=True))
    assert (rc == 0) == (flag in ZERO), err
    if flag not in ZERO:
        usage_error(err, action, "'0'")


@pytest.mark.parametrize("item", options(NUMBERS - SIZES - {dims, block_dims}), ids=label)
def test_counts_stop_below_2_63(item):
    _, action = item
    assert action.type(str(2**63 - 1)) == 2**63 - 1
    for value in (str(2**63), "0" * 30 + str(2**63)):
        with pytest.raises(argparse.ArgumentTypeError, match=r"2\*\*63"):
            action.type(value)


@pytest.mark.parametrize("text, bytes_", [
    ("4096", 4096), ("512M", 512 << 20), ("1G", 1 << 30), ("1GB", 1 << 30), ("1 G", 1 << 30),
    ("1g", 1 << 30), ("1GiB", 1 << 30), ("1Gi", 1 << 30), ("2 kb", 2048), ("1.5G", 3 << 29),
    ("0.5K", 512), ("1.1T", 1209462790553), (" 64M ", 64 << 20), ("8388607T", (2**23 - 1) << 40),
    ("1.", 1)])
def test_sizes_read_as_powers_of_1024(text, bytes_):
    assert size(text) == bytes_


@pytest.mark.parametrize("text, said", [
    ("8388608T", "is more bytes than any machine holds"), ("8E", "not a size: '8E'"),
    ("1.5", "'1.5' is not a whole number of bytes"), ("1.0000000001", "not a whole number of bytes"),
    ("-1G", "'-1G' is negative"), ("1e9", "not a size"), ("9" * 5000, "'" + "9" * 80 + "'..."),
    ("", "not a size: ''")])
def test_sizes_refused(text, said):
    with pytest.raises(argparse.ArgumentTypeError) as err:
        size(text)
    assert said in str(err.value)


def test_one_reading_of_sizes_and_counts():
    """The size and count checks are one helper's, wherever an option takes one."""
    from neutrino_py.hook import command as trace
    from neutrino_py.tools import command as report
    assert trace.size is size and trace.count is count and report.count is count


# ---- paths -----------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, said", [
    (["inspect", "{d}"], "cannot read {d}: it is a directory, not a PTX or GCN assembly file"),
    (["check", "{d}"], "error: cannot read {d}: it is a directory, not a .probe file"),
    (["instrument", "--probe", "{d}", PTX, "-o", "{d}/o.ptx"], "cannot read {d}: it is a directory"),
    (["instrument", "--probe", "dmat", PTX, "-o", "{d}"], "cannot write {d}: it is a directory"),
    (["trace", "--probe", "dmat", "--gcn-asm", "{d}/f", "--", "{d}/nope"],
     "--gcn-asm {d}/f is a file, not a folder\n  fix: give the folder"),
    (["trace", "--probe", "dmat", "--gcn-asm", "{d}/none", "--", "{d}/nope"],
     "--gcn-asm {d}/none does not exist"),
    (["trace", "--probe", "dmat", "--gcn-asm", "{d}/" + "x" * 5000, "--", "{d}/nope"],
     "cannot be looked up: File name too long"),
    (["report", "--plots", "{d}/f", "{run}"], "--plots {d}/f is a file, not a folder"),
    (["report", "--plots", "{d}/" + "x" * 5000, "{run}"], "cannot be looked up: File name too long"),
    (["report", "--perfetto", "{d}", "{run}"], "--perfetto {d} is a folder"),
    (["report", "--perfetto", "{d}/" + "x" * 5000, "{run}"], "cannot be looked up"),
    (["report", "--perfetto", "{d}/a\0b.json", "{run}"], "a\\x00b.json cannot hold a NUL byte"),
    (["report", "--plots", "{d}/a\0b", "{run}"], "a\\x00b cannot hold a NUL byte"),
    (["export", "{run}", "-o", "{d}/f"], "{d}/f exists and is not an empty folder"),
    (["export", "{run}", "-o", "{d}/a\0b"], "a path cannot hold a NUL byte"),
    (["instrument", "--probe", "dmat", PTX, "-o", "{d}/a\0b.ptx"], "a path cannot hold a NUL byte"),
])
def test_a_path_that_cannot_be_what_the_option_wants(argv, said, call, tmp_path):
    (tmp_path / "f").write_text("x")
    if argv[0] == "export":
        pytest.importorskip("pyarrow")
    rc, out, err = call(argv)
    assert rc == 2 and out == ""
    assert said.replace("{d}", str(tmp_path)) in err
    assert len(err.splitlines()) <= 2


# ---- subcommands, unknown options, `--` ------------------------------------------------------

@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_misspelt_command_is_named(command, call):
    typo = command[:-2] + command[-1] + command[-2]
    rc, _, err = call([typo, "x"])
    assert rc == 2 and f"no command {typo!r} (did you mean {command!r}?)" in err


FLAGS = [(name, a) for name, sub in build_parser().commands.items() for a in sub._actions
         if a.option_strings and a.dest != "help"]


@pytest.mark.parametrize("item", FLAGS, ids=label)
def test_a_misspelt_option_is_named(item, call):
    name, action = item
    flag = max(action.option_strings, key=len)
    typo = "--" + flag[3:]                                  # its first letter left out
    rc, _, err = call([*BASE[name][:1], typo, *BASE[name][1:]])
    assert rc == 2
    assert err.endswith(f"error: unrecognized arguments: {typo} (did you mean {flag!r}?)\n"), err


@pytest.mark.parametrize("item", FLAGS, ids=label)
def test_an_option_is_never_abbreviated(item, call):
    name, action = item
    flag = max(action.option_strings, key=len)
    if not flag.startswith("--") or len(flag) < 5:
        pytest.skip("no prefix of it is an option's abbreviation")
    cut = flag[:-1]
    argv = [*BASE[name][:1], cut, *([] if action.nargs == 0 else ["x"]), *BASE[name][1:]]
    rc, _, err = call(argv)
    assert rc == 2, err
    assert f"error: unrecognized arguments: {cut}" in err or f"; {cut} is no option" in err, err


MISSPELT = "required: --probe; --prob is no option (did you mean '--probe'?)"
AFTER = ("required: --probe; the options of neutrino trace go before the program: everything "
         "after it is the program's own")


@pytest.mark.parametrize("argv, said", [
    (["instrument", "--prob", "dmat", PTX, "-o", "{d}/o.ptx"], MISSPELT),
    (["trace", "--prob=dmat", "--", "app"], MISSPELT),
    (["trace", "-k", "x", "app", "--prob"], AFTER),
])
def test_a_misspelt_required_option_is_named(argv, said, call):
    rc, _, err = call(argv)
    assert rc == 2 and err.rstrip().endswith(said), err


def test_a_stray_argument_is_refused_by_its_subcommand(call):
    rc, _, err = call(["inspect", PTX, "extra"])
    assert rc == 2 and err.startswith("usage: neutrino inspect")
    assert err.endswith("neutrino inspect: error: unrecognized arguments: extra\n")
    rc, _, err = call(["check", "-1G.probe"])        # looks negative: a file, not an option
    assert rc == 2 and "no probe file '-1G.probe'" in err
    rc, _, err = call(["check", "dmat", "-x.probe"])
    assert rc == 2 and err.endswith("error: unrecognized arguments: -x.probe (a path that starts "
                                    "with '-' goes after --)\n")


def test_options_after_the_program_are_the_programs():
    parse = build_parser("trace").parse_args
    args = parse(["trace", "--probe", "dmat", "--every", "2", "--", "app", "--every", "3", "-k"])
    assert args.every == 2 and args.cmd == ["--", "app", "--every", "3", "-k"]
    args = parse(["trace", "--probe", "dmat", "app", "--staging", "-1G", ""])
    assert args.staging == 256 << 20 and args.cmd == ["app", "--staging", "-1G", ""]


@pytest.mark.parametrize("argv, said", [
    (["trace", "app", "--probe", "dmat"], "the following arguments are required: --probe; the "
                                          "options of neutrino trace go before the program"),
    (["trace", "--probe", "dmat", "--"], "no program to trace\n  fix: put it after --"),
    (["trace", "--probe", "dmat", "--", ""], "cannot run '': an empty program name"),
    (["trace", "--probe", "dmat", "--", "--every", "3"], "cannot run --every: not found"),
])
def test_trace_and_its_program(argv, said, call):
    rc, _, err = call(argv)
    assert rc == 2 and said in err


# ---- options of report that depend on each other ---------------------------------------------

def test_report_refuses_what_it_would_ignore(call):
    rc, _, err = call(["report", "--no-progress", "--perfetto-warps", "10", "{run}"])
    assert rc == 2 and err == ("--perfetto-warps has no effect without --perfetto\n"
                               "  fix: add --perfetto OUT.json, or leave --perfetto-warps out\n")
    rc, _, err = call(["report", "--no-progress", "-t", "launches", "-O", "top=3", "-O", "top=5", "{run}"])
    assert rc == 2 and err.startswith("-O top given twice ('3', then '5')")
    rc, out, _ = call(["report", "--no-progress", "-t", "launches", "-t", "launches", "{run}"])
    assert rc == 0 and out.count("launches per kernel") == 1


# ---- bytes that are not UTF-8 (a file name from another system) -------------------------------

def neutrino(*argv: bytes, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"}
    return subprocess.run([sys.executable, "-m", "neutrino_py", *argv], cwd=cwd, env=env,
                          capture_output=True)


def test_names_that_are_not_utf8(tmp_path):
    ptx = os.fsencode(PTX)
    out = neutrino(b"instrument", b"--probe", b"dmat", ptx, b"-o", b"o\xff.ptx", b"--no-cost",
                   cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.endswith(b"wrote o\xff.ptx and o\xff.manifest.json\n")     # as given
    (tmp_path / os.fsdecode(b"\xff.ptx")).write_bytes(Path(PTX).read_bytes())
    for argv in ([b"inspect"], [b"instrument", b"--probe", b"dmat", b"-o", b"p.ptx", b"--no-cost"]):
        got = neutrino(*argv, b"\xff.ptx", cwd=tmp_path)      # the parse cache's key takes it
        assert got.returncode == 0, got.stderr
    assert got.stdout.endswith(b"wrote p.ptx and p.manifest.json\n")
    assert b"\xff.ptx: PTX" in neutrino(b"inspect", b"\xff.ptx", cwd=tmp_path).stdout
    bad = neutrino(b"trace", b"--probe", b"dmat", b"--staging", b"1\xff", b"--", b"true", cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.endswith(
        b"error: argument --staging: not a size: '1\\udcff' (write e.g. 4096, 512M, 16G: digits, "
        b"then B, K, M, G or T for powers of 1024)\n")
