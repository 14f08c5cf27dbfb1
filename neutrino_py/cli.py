"""The `neutrino` command: one subcommand per job, each implemented beside the stage it drives."""
from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import os
import re
import sys
from typing import IO, Iterator, NoReturn

from neutrino_py import __version__, codecache

# name -> (module with `configure(parser)` and `run(args) -> int`, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "inspect": ("neutrino_py.asm.inspect", "summarize the kernels of a PTX or GCN file"),
    "check": ("neutrino_py.probe.check", "check a .probe file and summarize it"),
    "instrument": ("neutrino_py.assemble.command",
                   "splice a probe into a PTX/GCN file and predict its cost"),
    "trace": ("neutrino_py.hook.command", "run a program with its kernels instrumented"),
    "report": ("neutrino_py.tools.command", "analyze a trace directory"),
    "export": ("neutrino_py.tools.export", "write a trace as Parquet or Arrow files"),
    "doctor": ("neutrino_py.hook.doctor", "check driver, GPU, toolchain and shim"),
}

EPILOG = """examples:
  neutrino inspect tests/corpus/cuda/vector_add.sm_90.ptx
  neutrino check probes/dmat.probe
  neutrino instrument --probe probes/block_sched.probe in.ptx -o out.ptx
  neutrino trace --probe probes/dmat.probe -- python train.py
  neutrino report ./neutrino-trace --tool block_sched --plots plots/
"""

# Commands that build one module's IR, print and exit. Python's cycle collector finds nothing to
# free in that IR (reference counts free what dies) yet walks all of it again each time enough
# objects were made: a third of a large module's splice (memtrace, 40 Triton kernels: 0.71 s
# -> 0.45 s CPU without it). They run with it off from before their imports (creating a stage's
# classes and templates triggered collections: 5 ms) and the caller's setting is restored after.
ONE_SHOT = {"inspect", "check", "instrument"}

# name -> the examples ending that subcommand's --help
EXAMPLES: dict[str, list[str]] = {
    "inspect": ["neutrino inspect examples/vector_add.ptx",
                "neutrino inspect --kernel vector_add --json examples/vector_add.ptx",
                "neutrino inspect tests/corpus_gcn/kernels.gfx942.s"],
    "check": ["neutrino check probes/block_sched.probe",
              "neutrino check -q probes/*.probe"],
    "instrument": ["neutrino instrument --probe probes/block_sched.probe examples/vector_add.ptx"
                   " -o /tmp/va.ptx",
                   "neutrino instrument --probe probes/dmat.probe -k 'add|softmax' in.ptx -o out.ptx"],
    "trace": ["neutrino trace --probe probes/block_sched.probe -- python train.py",
              "neutrino trace --probe probes/dmat.probe -k 'add|softmax' --tracedir traces"
              " -- ./my_cuda_app args",
              "neutrino trace --probe dmat --launches 10 -- ./app       # first 10 launches of each kernel",
              "neutrino trace --probe dmat --every 100 --max-bytes 2G -- ./app   # 1 launch in 100, 2 GiB at most",
              "neutrino trace --probe block_sched --staging 1G --ring-full native -- python train.py",
              "neutrino trace --probe gmem_bytes --launches 20 --graph-maps 8G -- python serve.py"
              "   # CUDA graph replays recorded too",
              "neutrino trace --probe dmat -k softmax --launches 5 --launch-times recorded -- python serve.py"
              "   # other launches untimed: cheaper"],
    "report": ["neutrino report neutrino-trace",
               "neutrino report neutrino-trace --tool block_sched --plots plots/",
               "neutrino report neutrino-trace --format json > report.json",
               "neutrino report --list"],
    "export": ["neutrino export neutrino-trace -o trace-parquet",
               "neutrino export neutrino-trace --format arrow -o trace-arrow"],
    "doctor": ["neutrino doctor", "neutrino doctor --no-build"],
}


# Values that look like negative numbers ('-1G', '-inf', '-.5'): argparse takes only '-1' and
# '-1.5' for values and reads the rest as unknown options ("--staging: expected one argument").
NEGATIVE = re.compile(r"^-([0-9]|\.[0-9]|inf|nan)", re.IGNORECASE)


class Parser(argparse.ArgumentParser):
    """argparse, stricter where a mistake would otherwise pass unsaid: an empty value (an unset
    shell variable) and an option that keeps one value given twice with two values (the last
    won) are usage errors, a value that looks negative reaches the option's own check, and
    errors say what to write instead. Options are never abbreviated: a script that wrote
    `--launch` would otherwise change meaning the day a second option starts with it."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = NEGATIVE
        self.commands: dict[str, Parser] = {}        # the subcommands' parsers, by name
        self._given: dict[str, str] = {}            # single-value option -> its text, this parse
        self._args: list[str] = []                  # what this parse was given

    def parse_known_args(self, args=None, namespace=None):
        self._given = {}
        self._args = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def parse_args(self, args=None, namespace=None):
        """As argparse's, with leftover arguments reported by the subcommand they follow,
        with the closest option's name."""
        namespace, extras = self.parse_known_args(args, namespace)
        if extras:
            parser = self.commands.get(getattr(namespace, "command", None), self)
            parser.error(f"unrecognized arguments: {' '.join(extras)}{parser.suggestion(extras)}")
        return namespace

    def _get_value(self, action: argparse.Action, text: str):
        """Each value as given, before its type reads it (a subcommand's arguments are checked
        by its parser, and the arguments of `trace`'s program are the program's business)."""
        if action.nargs in (argparse.REMAINDER, argparse.PARSER):
            return super()._get_value(action, text)
        if _keeps_one(action):
            from neutrino_py.errors import shown
            first = self._given.setdefault(action.dest, text)
            if first != text:
                raise argparse.ArgumentError(action, f"given twice ({shown(first)}, then "
                                                     f"{shown(text)}): give it once")
        value = super()._get_value(action, text)      # a type that refuses '' says why itself
        if not text:
            raise argparse.ArgumentError(action, "the value is empty (an unset shell variable?)")
        return value

    def suggestion(self, extras: list[str]) -> str:
        """What an unrecognized argument was probably meant to be."""
        option = next((e.partition("=")[0] for e in extras if e.startswith("-")), None)
        if option is None:
            return ""
        from neutrino_py.errors import closest
        close = closest(option, self._option_string_actions)
        return (f" (did you mean {close!r}?)" if close else
                " (a path that starts with '-' goes after --)")

    def error(self, message: str) -> NoReturn:
        super().error(message + self._hint(message))

    def _hint(self, message: str) -> str:
        """How to write what argparse could not read."""
        missing = re.fullmatch(r"argument (\S+): expected one argument", message)
        if missing:
            option = max(missing[1].split("/"), key=len)
            return f" (a value that starts with '-' is written {option}=VALUE)"
        if not message.startswith("the following arguments are required"):
            return ""
        unknown = [a for a in self._options_given() if a.partition("=")[0]
                   not in self._option_string_actions]
        if unknown:
            return f"; {unknown[0].partition('=')[0]} is no option{self.suggestion(unknown)}"
        if any(a.nargs == argparse.REMAINDER for a in self._actions):
            return (f"; the options of {self.prog} go before the program: everything after "
                    "it is the program's own")
        return ""

    def _options_given(self) -> list[str]:
        """The arguments of this parse that look like options, up to `--` or, where the
        parser takes a program (`trace`), up to the program's name."""
        takes_program = any(a.nargs == argparse.REMAINDER for a in self._actions)
        options, args = [], iter(self._args)
        for arg in args:
            if arg == "--" or (takes_program and not arg.startswith("-")):
                break
            if not arg.startswith("-") or NEGATIVE.match(arg) or arg == "-":
                continue
            options.append(arg)
            action = self._option_string_actions.get(arg)
            if action is not None and action.nargs != 0 and "=" not in arg:
                next(args, None)                     # its value
        return options


def _keeps_one(action: argparse.Action) -> bool:
    """An option that stores one value (not one meant to repeat, like --tool)."""
    return bool(action.option_strings) and action.nargs is None and \
        not isinstance(action, argparse._AppendAction)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The full parser, or (``only``) one with just that subcommand's module imported, so that
    `neutrino trace` does not pay for importing every stage at start-up."""
    parser = Parser(
        prog="neutrino", description="GPU kernel instrumentation with eBPF-like probes.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"neutrino_py {__version__}")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        if only is not None and name != only:
            subs.add_parser(name, help=help_text)
            continue
        examples = "".join(f"  {line}\n" for line in EXAMPLES[name])
        sub = subs.add_parser(name, help=help_text, description=help_text,
                              epilog=f"examples:\n{examples}",
                              formatter_class=argparse.RawDescriptionHelpFormatter)
        sub.set_defaults(_module=module)
        importlib.import_module(module).configure(sub)
        parser.commands[name] = sub
    return parser


def main(argv: list[str] | None = None) -> int:
    """`neutrino` with `argv` (default: the process's), returning the exit status: 2 for every
    mistake in what was asked (a usage error, a bad input, an unusable name), said on stderr in
    a line or a few, never a traceback."""
    argv = sys.argv[1:] if argv is None else argv
    collecting = gc.isenabled()
    one_shot = bool(argv) and argv[0] in ONE_SHOT
    if one_shot:
        gc.disable()
        codecache.install()
    from neutrino_py.errors import SourceError, ToolError

    try:
        with _names_as_given(sys.stdout):
            return _run(argv)
    except (SourceError, ToolError) as err:
        print(err, file=sys.stderr)
        return 2
    except ValueError as err:                # UnicodeEncodeError among them
        said = _unusable(argv, err)
        if said is None:
            raise
        print(said, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("neutrino: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:                  # `neutrino inspect x.ptx | head`: the reader left
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    finally:
        if one_shot:
            codecache.remove()
        if collecting:       # what the command made is left out of later collections: enabling
            gc.freeze()      # alone made exit collect it all (0.1-0.2 s on a large module)
            gc.enable()


def _run(argv: list[str]) -> int:
    """Parse `argv` and run its subcommand; an unknown subcommand is named with the closest one."""
    if argv and argv[0] not in COMMANDS and not argv[0].startswith("-"):
        from neutrino_py.errors import did_you_mean
        build_parser("").print_usage(sys.stderr)
        print(f"neutrino: error: no command {argv[0]!r}{did_you_mean(argv[0], COMMANDS)}; "
              f"the commands are {', '.join(COMMANDS)}", file=sys.stderr)
        return 2
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    if not getattr(args, "_module", None):
        parser.print_help()
        return 2
    rc = int(importlib.import_module(args._module).run(args) or 0)
    sys.stdout.flush()                   # inside the try: a closed pipe surfaces here
    return rc


@contextlib.contextmanager
def _names_as_given(stream: IO[str]) -> Iterator[None]:
    """Print a name that is not UTF-8 (a file name, read from argv with surrogateescape) as the
    bytes it was given as, as `ls` does, instead of ending in UnicodeEncodeError; the stream's
    own setting is restored for a caller that runs `main` in process."""
    errors = getattr(stream, "errors", None)
    if errors is None or not hasattr(stream, "reconfigure"):
        yield
        return
    stream.reconfigure(errors="surrogateescape")
    try:
        yield
    finally:
        with contextlib.suppress(OSError, ValueError):
            stream.reconfigure(errors=errors)


def _utf8(text: str) -> bool:
    """Whether `text` has no byte that surrogateescape kept from a non-UTF-8 argument."""
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _unusable(argv: list[str], err: ValueError) -> str | None:
    """The error for an argument the system or a library refused deep inside a command: a name
    whose bytes are not UTF-8 where only UTF-8 goes (pyarrow's file names), or a NUL byte (only
    a caller of `main` can pass one; a shell cannot). None for any other ValueError."""
    if isinstance(err, UnicodeEncodeError):
        bad = next((a for a in argv if not _utf8(a)), None)
        if bad is None:
            return None
        as_given = os.fsencode(bad).decode("utf-8", "backslashreplace")
        return (f"neutrino: error: '{as_given}' is not UTF-8, which {argv[0]} cannot handle here "
                f"({err.reason})\n  fix: rename it (or copy it) to a name that is UTF-8")
    bad = next((a for a in argv if "\0" in a), None)
    if bad is None or "null byte" not in str(err):
        return None
    return f"neutrino: error: {bad!r}: a path cannot hold a NUL byte\n  fix: leave it out"


def entry() -> None:
    """The `neutrino` program: `main`, then exit. A one-shot command exits without freeing its
    objects one by one (`os._exit` once its output is flushed): taking a large module's IR apart
    cost 0.04-0.06 s CPU after the work was done."""
    rc = main()
    if len(sys.argv) > 1 and sys.argv[1] in ONE_SHOT:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (BrokenPipeError, ValueError):  # a reader that left, or a closed stream
            pass
        os._exit(rc)
    sys.exit(rc)


if __name__ == "__main__":
    entry()
