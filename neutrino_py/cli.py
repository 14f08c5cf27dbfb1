"""The `neutrino` command: one subcommand per job, each implemented beside the stage it drives."""
from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys

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


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The full parser, or (``only``) one with just that subcommand's module imported, so that
    `neutrino trace` does not pay for importing every stage at start-up."""
    parser = argparse.ArgumentParser(
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
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    collecting = gc.isenabled()
    one_shot = bool(argv) and argv[0] in ONE_SHOT
    if one_shot:
        gc.disable()
        codecache.install()
    from neutrino_py.errors import SourceError, ToolError

    try:
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
    except (SourceError, ToolError) as err:
        print(err, file=sys.stderr)
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
