"""The `neutrino` command: one subcommand per job, each implemented beside the stage it drives."""
from __future__ import annotations

import argparse
import importlib
import sys

# name -> (module with `configure(parser)` and `run(args) -> int`, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "inspect": ("neutrino_py.asm.inspect", "summarize the kernels of a PTX or GCN file"),
    "check": ("neutrino_py.probe.check", "check a .probe file and summarize it"),
    "instrument": ("neutrino_py.splice.command", "splice a probe into a PTX/GCN file"),
    "trace": ("neutrino_py.hook.command", "run a program with its kernels instrumented"),
    "report": ("neutrino_py.tools.command", "analyze a trace directory"),
    "doctor": ("neutrino_py.hook.doctor", "check driver, GPU, toolchain and shim"),
}

EPILOG = """examples:
  neutrino inspect tests/corpus/cuda/vector_add.sm_90.ptx
  neutrino check probes/dmat.probe
  neutrino instrument --probe probes/block_sched.probe in.ptx -o out.ptx
  neutrino trace --probe probes/dmat.probe -- python train.py
  neutrino report ./neutrino-trace/<run> --tool block_sched --plots plots/
"""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The full parser, or (``only``) one with just that subcommand's module imported, so that
    `neutrino trace` does not pay for importing every stage at start-up."""
    parser = argparse.ArgumentParser(
        prog="neutrino", description="GPU kernel instrumentation with eBPF-like probes.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    subs = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        if only is not None and name != only:
            subs.add_parser(name, help=help_text)
            continue
        sub = subs.add_parser(name, help=help_text, description=help_text,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
        sub.set_defaults(_module=module)
        importlib.import_module(module).configure(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    from neutrino_py.errors import SourceError, ToolError

    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    if not getattr(args, "_module", None):
        parser.print_help()
        return 2
    try:
        return int(importlib.import_module(args._module).run(args) or 0)
    except (SourceError, ToolError) as err:
        print(err, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("neutrino: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
