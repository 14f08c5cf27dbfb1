"""Every example in README.md, probes/README.md and docs/*.md is true, and stays true.

A fenced block says what it is in its info string: the first word is its language, the words
after it how it is checked. A block without an info string, or with words not listed here, fails.

  probe              a whole probe: it loads, `neutrino check` takes it, and it instruments
                     examples/vector_add.ptx (`ptx=PATH` for another) into PTX that ptxas
                     assembles (where ptxas is found). One headed `// NAME.probe:` with NAME a
                     stock probe holds that file's code, comments aside.
  probe error        a probe the checker refuses (`file=NAME` is its file name); the next block
                     (`text`) is the exact message, from `load` and from `neutrino check`.
  probe syntax       the language's forms, with placeholders: not checked.
  bash               shell lines: every `neutrino ...` command is accepted by the CLI's parser and,
                     where it can run on a CPU (check, inspect, instrument, report, export on
                     shipped files), runs with exit 0; `pip install` extras exist.
  console            `$ neutrino ...` and its output, compared exactly (`nvjitlink=V`: output of
                     that nvJitLink version; with another the command runs but is not compared).
  python             runs on a CPU, in a folder where `neutrino-trace` is the shipped trace
                     (docs/examples/torch_trace); it skips where a third-party import is missing.
  python gpu         runs up to its first launch (a `launch(...)` or `trace(...)` call): what comes
                     before it runs, the launch's receiver is evaluated, and every dotted name
                     rooted at a module resolves. `nt` is `neutrino_py` in every snippet.
  python sketch      an interface's shape: its imports run, dotted names rooted at them resolve.
  json manifest      a manifest: equal to the one `instrument` makes (`ptx=PATH`); a string
                     holding "…" matches any value.
  text               not checked.

Inline code spans are checked too: `neutrino ...` commands as in bash (a span without a
positional argument or `--`, such as `neutrino instrument --no-cost`, is a fragment: only
missing required arguments are forgiven; `[...]` and `a|b` in a synopsis are expanded), and probe
snippets: a whole program (declarations and probes) must load, a single probe must parse.
Every `neutrino <command> --help` example (and `neutrino --help`'s) is parsed, and run where it
can be, the same way. Commands run in `python -m neutrino_py`, in a folder of their own whose
`probes`, `examples`, `tests`, `docs` are the checkout's and whose absolute output paths are
moved inside it; nothing after `--` runs.
"""
from __future__ import annotations

import ast
import contextlib
import functools
import glob
import importlib.util
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import neutrino_py
from neutrino_py import paths, toolchain
from neutrino_py.cli import COMMANDS, EPILOG, EXAMPLES, build_parser, main
from neutrino_py.errors import SourceError

ROOT = Path(__file__).resolve().parent.parent
DOCS = ["README.md", "probes/README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))]
SHIPPED_TRACE = ROOT / "docs" / "examples" / "torch_trace"
DEFAULT_PTX = "examples/vector_add.ptx"
RUNNABLE = {"check", "inspect", "instrument", "report", "export"}   # CPU only, shipped inputs
FLAGS = {"probe": {"error", "syntax", "file", "ptx"}, "python": {"gpu", "sketch"},
         "bash": set(), "console": {"nvjitlink"}, "json": {"manifest", "ptx"}, "text": set()}
PTXAS = toolchain.find_tool("ptxas")

# Examples that show the docs right and the code wrong: id -> why (xfail, strict).
CODE_BUGS: dict[str, str] = {}


# ---------------------------------------------------------------------------------------------
# Reading the docs


@dataclass(frozen=True)
class Block:
    doc: str
    line: int            # of the opening fence
    lang: str
    flags: tuple[tuple[str, str], ...]
    text: str

    @property
    def id(self) -> str:
        return f"{self.doc}:{self.line}"

    def has(self, name: str) -> bool:
        return any(k == name for k, _ in self.flags)

    def flag(self, name: str, default: str | None = None) -> str | None:
        return next((v for k, v in self.flags if k == name), default)


@functools.lru_cache(maxsize=None)
def blocks(doc: str) -> tuple[Block, ...]:
    lines = (ROOT / doc).read_text().splitlines()
    out, i = [], 0
    while i < len(lines):
        m = re.match(r"^( *)```(.*)$", lines[i])
        if m:
            indent, words = len(m.group(1)), m.group(2).split()
            j = i + 1
            while not re.match(r"^ *```\s*$", lines[j]):
                j += 1
            text = "\n".join(line[indent:] for line in lines[i + 1:j]) + "\n"
            flags = tuple((w.split("=", 1)[0], w.split("=", 1)[1] if "=" in w else "")
                          for w in words[1:])
            out.append(Block(doc, i + 1, words[0] if words else "", flags, text))
            i = j
        i += 1
    return tuple(out)


@functools.lru_cache(maxsize=None)
def spans(doc: str) -> tuple[tuple[int, str], ...]:
    """Inline code spans outside fenced blocks, as (line, text); a span may wrap one line."""
    text = (ROOT / doc).read_text()
    for b in blocks(doc):                     # blank the fenced blocks, keeping line numbers
        lines = text.split("\n")
        end = b.line + b.text.count("\n")
        lines[b.line - 1:end + 1] = [""] * (end - b.line + 2)
        text = "\n".join(lines)
    return tuple((text.count("\n", 0, m.start()) + 1, " ".join(m.group(1).split()))
                 for m in re.finditer(r"(?<!`)`([^`\n]+(?:\n[^`\n]+)?)`(?!`)", text))


def all_blocks(lang: str | None = None) -> list[Block]:
    return [b for doc in DOCS for b in blocks(doc) if lang is None or b.lang == lang]


# ---------------------------------------------------------------------------------------------
# Commands


@functools.lru_cache(maxsize=1)
def parser():
    return build_parser()


def sub_parser(name: str):
    return parser()._subparsers._group_actions[0].choices[name]


def shell_words(line: str) -> list[str]:
    lex = shlex.shlex(line, posix=True, punctuation_chars=True)
    lex.whitespace_split = True
    return list(lex)


def shell_commands(line: str) -> list[list[str]]:
    """The simple commands of one shell line (split at `&&`, `||`, `;`, `|`), comments dropped."""
    out, words = [], []
    for w in shell_words(line):
        if w in ("&&", "||", ";", "|", "&"):
            out.append(words)
            words = []
        else:
            words.append(w)
    return [c for c in out + [words] if c]


@dataclass
class Command:
    where: str                    # doc:line, or "neutrino X --help:N"
    shown: str                    # the line as the reader sees it
    argv: list[str]               # after `neutrino`
    stdout: str | None = None     # `> FILE`
    problem: str | None = None    # not a command a shell runs as shown
    fragment: bool = False        # an inline span naming options, not a whole command line
    output: str | None = None     # console: what it prints
    nvjitlink: str | None = None
    namespace: object = field(default=None, repr=False)
    parse_error: str | None = None

    @property
    def id(self) -> str:
        return f"{self.where} {self.shown}"


def command(where: str, shown: str, words: list[str], fragment: bool = False) -> Command:
    cmd = Command(where, shown, words[1:], fragment=fragment)
    if "<" in cmd.argv:
        cmd.problem = f"`<` would be read by a shell as an input redirection in {shown!r}"
    if ">" in cmd.argv:
        at = cmd.argv.index(">")
        if at != len(cmd.argv) - 2:
            cmd.problem = f"`>` is not a final `> FILE` redirection in {shown!r}"
        else:
            cmd.stdout = cmd.argv[-1]
        cmd.argv = cmd.argv[:at]
    return cmd


def has_positional(argv: list[str]) -> bool:
    if "--" in argv:
        return True
    if not argv or argv[0] not in COMMANDS:
        return False
    options = sub_parser(argv[0])._option_string_actions
    words = iter(argv[1:])
    for w in words:
        if not w.startswith("-"):
            return True
        action = options.get(w.split("=", 1)[0])
        if action is not None and action.nargs != 0 and "=" not in w:
            next(words, None)
    return False


def synopsis(text: str) -> list[str]:
    """`neutrino export RUN -o DIR [--format parquet|arrow]` -> one line per alternative."""
    text = re.sub(r"\[([^\]]*)\]", r"\1", text)
    words = text.split()
    alt = next((i for i, w in enumerate(words) if "|" in w), None)
    if alt is None:
        return [text]
    return [s for choice in words[alt].split("|")
            for s in synopsis(" ".join(words[:alt] + [choice] + words[alt + 1:]))]


def doc_commands() -> list[Command]:
    out = []
    for b in all_blocks():
        if b.lang == "bash":
            for n, line in enumerate(b.text.splitlines()):
                for words in shell_commands(line):
                    if words[0] == "neutrino":
                        out.append(command(f"{b.doc}:{b.line + 1 + n}", line.split("#")[0].strip(), words))
        elif b.lang == "console":
            lines = b.text.splitlines()
            starts = [i for i, line in enumerate(lines) if line.startswith("$ ")]
            for k, i in enumerate(starts):
                end = starts[k + 1] if k + 1 < len(starts) else len(lines)
                (words,) = shell_commands(lines[i][2:])
                cmd = command(f"{b.doc}:{b.line + 1 + i}", lines[i][2:], words)
                cmd.output = "\n".join(lines[i + 1:end]) + "\n"
                cmd.nvjitlink = b.flag("nvjitlink")
                out.append(cmd)
    for doc in DOCS:
        for line, text in spans(doc):
            if not re.match(r"neutrino \S", text) or text.split()[1].startswith(("<", "...")):
                continue
            for variant in synopsis(text):
                words = shell_words(variant)
                out.append(command(f"{doc}:{line}", variant, words, fragment=not has_positional(words[1:])))
    return out


def epilog_commands() -> list[Command]:
    out = []
    lines = [("neutrino --help", line.strip()) for line in EPILOG.splitlines()[1:] if line.strip()]
    lines += [(f"neutrino {name} --help", line) for name, lines_ in EXAMPLES.items() for line in lines_]
    seen: dict[str, int] = {}
    for where, line in lines:
        seen[where] = seen.get(where, 0) + 1
        (words,) = shell_commands(line)
        out.append(command(f"{where}:{seen[where]}", line, words))
    return out


def parse(cmd: Command) -> Command:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            cmd.namespace = parser().parse_args(cmd.argv)
        except SystemExit:
            cmd.parse_error = err.getvalue().strip().splitlines()[-1] if err.getvalue() else "exit"
    return cmd


def shipped(path: str) -> bool:
    """A file the command reads that exists in a command's folder (the checkout, or the trace)."""
    p = Path(path)
    if p.is_absolute() or ".." in p.parts:
        return False
    if p.parts and p.parts[0] == "neutrino-trace":
        return True
    return bool(glob.glob(str(ROOT / p))) if any(c in path for c in "*?") else (ROOT / p).exists()


def runnable(cmd: Command) -> bool:
    ns = cmd.namespace
    if cmd.problem or ns is None or cmd.fragment or ns.command not in RUNNABLE:
        return False
    if ns.command == "check":
        return all(shipped(p) or (paths.probes_dir() / f"{p.removesuffix('.probe')}.probe").is_file()
                   for p in ns.probes)
    if ns.command == "inspect":
        return shipped(ns.file)
    if ns.command == "instrument":
        return shipped(ns.input) and (shipped(ns.probe) or paths.probe_file(ns.probe).is_file())
    if ns.command == "report":
        return ns.list or (ns.trace is not None and shipped(ns.trace))
    return shipped(ns.trace)                                    # export


COMMAND_LIST = [parse(c) for c in doc_commands() + epilog_commands()]
RUN_LIST = [c for c in COMMAND_LIST if runnable(c)]


# ---------------------------------------------------------------------------------------------
# A folder per command or snippet


def sandbox(where: Path, trace: Path) -> Path:
    """`where` with the checkout's probes, examples, tests, benchmarks and docs, and
    `neutrino-trace` (and docs/examples/torch_trace) a copy of the shipped trace."""
    where.mkdir(parents=True, exist_ok=True)
    for name in ("probes", "examples", "tests", "benchmarks"):
        (where / name).symlink_to(ROOT / name)
    (where / "docs" / "examples").mkdir(parents=True)
    for entry in (ROOT / "docs").iterdir():
        if entry.name != "examples":
            (where / "docs" / entry.name).symlink_to(entry)
    for entry in (ROOT / "docs" / "examples").iterdir():
        (where / "docs" / "examples" / entry.name).symlink_to(trace if entry == SHIPPED_TRACE else entry)
    (where / "neutrino-trace").symlink_to(trace)
    return where


@pytest.fixture(scope="module")
def trace_copy(tmp_path_factory) -> Path:
    """The shipped trace, copied: nothing a command does can touch the checkout's."""
    copy = tmp_path_factory.mktemp("trace") / "torch_trace"
    shutil.copytree(SHIPPED_TRACE, copy)
    return copy


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
            "MPLBACKEND": "Agg"}


def execute(cmd: Command, where: Path) -> tuple[int, str, str]:
    outside = where / "root"                    # absolute paths land under here
    argv = []
    for word in cmd.argv:
        if word.startswith(os.sep):
            moved = outside / word.lstrip(os.sep)
            moved.parent.mkdir(parents=True, exist_ok=True)
            word = str(moved)
        matches = sorted(glob.glob(word, root_dir=where)) if any(c in word for c in "*?") else []
        argv += matches or [word]
    done = subprocess.run([sys.executable, "-m", "neutrino_py", *argv], cwd=where, env=_env(),
                          capture_output=True, text=True, timeout=300)
    if cmd.stdout:
        (where / cmd.stdout).write_text(done.stdout)
    return done.returncode, done.stdout.replace(str(outside), ""), done.stderr


@pytest.fixture(scope="module")
def ran(request, tmp_path_factory, trace_copy):
    """The selected runnable commands, run once each, two at a time (the CPUs there are)."""
    wanted = {item.callspec.params["cmd"].id for item in request.session.items
              if item.module is request.module and hasattr(item, "callspec")
              and isinstance(item.callspec.params.get("cmd"), Command)}
    todo = [c for c in RUN_LIST if c.id in wanted]
    base = tmp_path_factory.mktemp("commands")

    def one(k_cmd):
        k, cmd = k_cmd
        return cmd.id, execute(cmd, sandbox(base / f"c{k}", trace_copy))

    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        return dict(pool.map(one, enumerate(todo)))


def _marks(cmd: Command):
    where = cmd.where
    return [pytest.mark.xfail(strict=True, reason=CODE_BUGS[where])] if where in CODE_BUGS else []


def _params(cmds: list[Command]):
    return [pytest.param(c, id=c.id, marks=_marks(c)) for c in cmds]


# ---------------------------------------------------------------------------------------------
# Fenced blocks


def test_docs_have_examples():
    """The extraction finds what is there (a rename of a marker would silently check nothing)."""
    assert len(all_blocks("probe")) >= 4 and len(all_blocks("python")) >= 5
    assert len(COMMAND_LIST) >= 40 and len(RUN_LIST) >= 15


@pytest.mark.parametrize("block", all_blocks(), ids=lambda b: b.id)
def test_every_fenced_block_says_what_it_is(block):
    assert block.lang in FLAGS, f"{block.id}: info string {block.lang!r} is none of {sorted(FLAGS)}"
    unknown = {k for k, _ in block.flags} - FLAGS[block.lang]
    assert not unknown, f"{block.id}: unknown words {sorted(unknown)} after {block.lang!r}"


PROBES = [b for b in all_blocks("probe") if not b.has("error") and not b.has("syntax")]
ERRORS = [b for b in all_blocks("probe") if b.has("error")]


def _probe_file_name(block: Block) -> str:
    if block.flag("file"):
        return block.flag("file")
    m = re.match(r"// (\w+\.probe):", block.text)
    return m.group(1) if m else "example.probe"


def _code(text: str) -> list[str]:
    """A probe's lines without comments and blank lines, spaces collapsed."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    lines = (" ".join(line.split("//")[0].split()) for line in text.splitlines())
    return [line for line in lines if line]


@functools.lru_cache(maxsize=None)
def _instrumented(text: str, file: str, ptx: str) -> tuple[str, dict[str, int]]:
    """(instrumented PTX, positions per kernel) of a probe on a shipped module, once per probe."""
    from neutrino_py.asm import parse_ptx
    from neutrino_py.probe import load
    from neutrino_py.splice import instrument
    module = parse_ptx((ROOT / ptx).read_text(), file=ptx, cache=False)
    result = instrument(module, load(text, file))
    return result.module.to_text(), {k: sum(m.positions.values()) for k, m in result.manifests.items()}


@pytest.mark.parametrize("block", PROBES, ids=lambda b: b.id)
def test_probe_example_loads_checks_and_instruments(block, tmp_path, monkeypatch, capsys):
    from neutrino_py.probe import load
    name = _probe_file_name(block)
    program = load(block.text, name)
    assert program.probes, f"{block.id}: no probes"
    stock = paths.probes_dir() / name
    if re.match(rf"// {re.escape(name)}:", block.text) and stock.is_file():
        assert _code(block.text) == _code(stock.read_text()), \
            f"{block.id} shows {name}, but not its current code"
    (tmp_path / name).write_text(block.text)
    monkeypatch.chdir(tmp_path)
    assert main(["check", name]) == 0, capsys.readouterr().err
    assert "maps" in capsys.readouterr().out
    ptx = block.flag("ptx", DEFAULT_PTX)
    text, positions = _instrumented(block.text, name, ptx)
    assert any(positions.values()), f"{block.id} matched nothing in {ptx}"
    if PTXAS is not None:
        cubin = toolchain.run_ptxas(text, filename=f"{name}+{Path(ptx).name}")
        assert cubin[:4] == b"\x7fELF"


@pytest.mark.parametrize("block", ERRORS, ids=lambda b: b.id)
def test_probe_error_example_is_refused_with_the_message_shown(block, tmp_path, monkeypatch, capsys):
    from neutrino_py.probe import load
    following = blocks(block.doc)[blocks(block.doc).index(block) + 1]
    assert following.lang == "text", f"{block.id}: the message must follow in a `text` block"
    expected = following.text.rstrip("\n")
    name = _probe_file_name(block)
    with pytest.raises(SourceError) as err:
        load(block.text, name)
    assert str(err.value) == expected
    (tmp_path / name).write_text(block.text)
    monkeypatch.chdir(tmp_path)
    assert main(["check", name]) == 2
    assert capsys.readouterr().err.rstrip("\n") == expected


PLACEHOLDERS = {"NAME": "m", "LEVEL": "warp", "TYPE": "u64", "N": "16"}


@pytest.mark.parametrize("block", [b for b in all_blocks("probe") if b.has("syntax")], ids=lambda b: b.id)
def test_probe_syntax_forms_parse(block):
    """Each line of a form block, its placeholders (NAME, LEVEL, TYPE, N) filled in, parses: a
    declaration as it is, a statement inside a probe. Lines of other placeholders are prose."""
    from neutrino_py.probe import parse
    checked = 0
    for line in block.text.splitlines():
        code = line.split("//")[0].strip().replace("[pool N]", "pool N").replace("; ... }", "; }")
        code = re.sub(r"\b[A-Z]+\b", lambda m: PLACEHOLDERS.get(m.group(0), m.group(0)), code)
        if not code or re.search(r"\b(POSITION|FILTER|STATEMENTS)\b", code):
            continue
        text = f"{code}\nentry {{ }}" if code.startswith("map ") else f"reg u64 t0;\nentry {{ {code} }}"
        parse.parse(text, f"{block.id}: {line.strip()}")
        checked += 1
    if not checked:
        pytest.skip("only placeholders")


PROBE_SPAN = re.compile(r"^(map \w+(\[\w+\])?:|reg [usf](32|64) \w+;|(entry|exit|block|before|after)\b.*\{.*\}$)")
PROBE_SPANS = [(doc, line, text) for doc in DOCS for line, text in spans(doc) if PROBE_SPAN.match(text)]


@pytest.mark.parametrize("doc, line, text", PROBE_SPANS, ids=[f"{d}:{n} {t}" for d, n, t in PROBE_SPANS])
def test_inline_probe_snippet(doc, line, text):
    """A whole program (declarations and probes) loads; a lone probe or declaration parses."""
    from neutrino_py.probe import load, parse
    whole = re.search(r"\b(map|reg)\b", text) and "{" in text and re.search(
        r"(^|;|\})\s*(entry|exit|block|before|after)\b", text)
    if whole:
        load(text, f"{doc}:{line}")
    elif "..." in text:
        pytest.skip("a form with `...` in it: not a program")
    else:
        parse.parse(text, f"{doc}:{line}")


# ---------------------------------------------------------------------------------------------
# Commands: parsed, and run where a CPU can


@pytest.mark.parametrize("cmd", _params(COMMAND_LIST))
def test_command_is_accepted_by_the_parser(cmd):
    assert cmd.problem is None, cmd.problem
    assert cmd.argv and cmd.argv[0] in COMMANDS, f"{cmd.id}: no command {cmd.argv[:1]}"
    if cmd.fragment and len(cmd.argv) == 1:
        return                                   # `neutrino report`: the command's name
    if cmd.fragment and cmd.parse_error and "the following arguments are required" in cmd.parse_error:
        return                                   # options shown without the whole command line
    assert cmd.parse_error is None, f"{cmd.id}: {cmd.parse_error}"


@pytest.mark.parametrize("cmd", _params(RUN_LIST))
def test_command_runs_on_a_cpu(cmd, ran):
    rc, out, err = ran[cmd.id]
    assert rc == 0, f"{cmd.id}: exit {rc}\n{err[-3000:]}"
    assert "Traceback" not in err
    if cmd.stdout and "json" in cmd.argv:
        json.loads(out)
    if cmd.output is not None:
        if cmd.nvjitlink and cmd.nvjitlink != toolchain.nvjitlink_version():
            pytest.skip(f"output shown for nvJitLink {cmd.nvjitlink}, here {toolchain.nvjitlink_version()}")
        assert out == cmd.output


def test_readme_top_commands_are_what_ci_runs():
    """README's first block: the set-up and the test command are .ci/run's; the main job between
    them runs on a CPU, here (.ci/run runs this test)."""
    first = blocks("README.md")[0]
    assert first.lang == "bash"
    lines = [line for line in first.text.splitlines() if line.strip() and not line.startswith("#")]
    assert len(lines) == 2, "README's first block: the set-up and main job, then the test command"
    setup, *job = shell_commands(lines[0])
    (tests,) = shell_commands(lines[1])

    def norm(words):
        return [{"python3": "python"}.get(w, w) for w in words if w != "-q" or words[:3] != ["python", "-m", "pip"]]

    ci = [norm(c) for line in (ROOT / ".ci" / "run").read_text().splitlines()
          if line.strip() and not line.lstrip().startswith("#") for c in shell_commands(line)]
    assert [w for w in norm(setup) if w != "-q"] in [[w for w in c if w != "-q"] for c in ci]
    assert norm(tests) in ci
    assert job and job[0][0] == "neutrino"
    assert any(c.shown == lines[0].split("#")[0].strip() and c.argv == job[0][1:] for c in RUN_LIST)


@pytest.mark.parametrize("block", [b for b in all_blocks("bash")], ids=lambda b: b.id)
def test_pip_extras_exist(block):
    import tomllib
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for line in block.text.splitlines():
        for words in shell_commands(line):
            for w in words:
                m = re.fullmatch(r"(?:neutrino_py|\.)\[([\w,-]+)\]", w)
                if m:
                    assert set(m.group(1).split(",")) <= set(extras), f"{block.id}: {w}"


# ---------------------------------------------------------------------------------------------
# Python snippets


def _missing_imports(tree: ast.AST) -> list[str]:
    roots = {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    roots |= {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    return sorted(r for r in roots if importlib.util.find_spec(r) is None)


def _resolve_dotted(tree: ast.AST, namespace: dict, where: str) -> None:
    """Every `a.b.c` whose root is a module (or a class from one) bound in `namespace` exists."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        chain, base = [], node
        while isinstance(base, ast.Attribute):
            chain.append(base.attr)
            base = base.value
        if not isinstance(base, ast.Name) or base.id not in namespace:
            continue
        value = namespace[base.id]
        if not (isinstance(value, type) or type(value).__name__ == "module"
                or getattr(value, "__module__", "").startswith("neutrino_py")):
            continue
        for attr in reversed(chain):
            assert hasattr(value, attr), f"{where}: {base.id}...{attr} does not exist"
            value = getattr(value, attr)


def _launch(stmt: ast.stmt) -> ast.Call | None:
    for node in ast.walk(stmt):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("launch", "trace"):
                return node
    return None


PYTHON = all_blocks("python")


@pytest.mark.parametrize("block", PYTHON, ids=lambda b: b.id)
def test_python_example(block, tmp_path, monkeypatch, trace_copy):
    namespace = {"__name__": "__docs__", "nt": neutrino_py}
    if block.has("sketch"):                      # not Python as it stands (`…`, `a | b`)
        imports = "\n".join(line for line in block.text.splitlines()
                            if re.match(r"(from \S+ )?import ", line))
        exec(compile(imports, block.id, "exec"), namespace)
        dotted = " ".join(m.group(0) for m in re.finditer(r"(?<![\w.])[A-Za-z_]\w*(\.[A-Za-z_]\w*)+", block.text))
        _resolve_dotted(ast.parse(dotted.replace(" ", "\n")), namespace, block.id)
        return
    tree = ast.parse(block.text, block.id)
    missing = _missing_imports(tree)
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed")
    where = sandbox(tmp_path / "run", trace_copy)
    monkeypatch.chdir(where)
    with contextlib.suppress(ImportError):
        import matplotlib
        matplotlib.use("Agg")
    if "trace-parquet" in block.text:             # the export README shows before it
        assert main(["export", "neutrino-trace", "-o", "trace-parquet", "--no-progress"]) == 0
    body, launch = tree.body, None
    if block.has("gpu"):
        at = next((i for i, s in enumerate(tree.body) if _launch(s)), len(tree.body))
        body, launch = tree.body[:at], (_launch(tree.body[at]) if at < len(tree.body) else None)
    exec(compile(ast.Module(body, []), block.id, "exec"), namespace)
    if launch is not None and isinstance(launch.func, ast.Attribute):
        eval(compile(ast.Expression(launch.func.value), block.id, "eval"), namespace)
    _resolve_dotted(tree, namespace, block.id)


# ---------------------------------------------------------------------------------------------
# JSON


def _like(doc, real, where: str) -> None:
    if isinstance(doc, str) and "…" in doc:
        return
    if isinstance(doc, dict):
        assert isinstance(real, dict) and list(doc) == list(real), f"{where}: keys {list(doc)} != {list(real)}"
        for k in doc:
            _like(doc[k], real[k], f"{where}.{k}")
    elif isinstance(doc, list):
        assert isinstance(real, list) and len(doc) == len(real), f"{where}: {doc} != {real}"
        for i, (d, r) in enumerate(zip(doc, real)):
            _like(d, r, f"{where}[{i}]")
    else:
        assert doc == real, f"{where}: {doc!r} shown, {real!r} made"


@pytest.mark.parametrize("block", [b for b in all_blocks("json") if b.has("manifest")], ids=lambda b: b.id)
def test_manifest_example_is_what_instrument_writes(block, monkeypatch):
    from neutrino_py.asm import parse_ptx
    from neutrino_py.probe import load_file
    from neutrino_py.splice import instrument
    shown = json.loads(block.text)
    monkeypatch.chdir(ROOT)
    ptx = block.flag("ptx", DEFAULT_PTX)
    module = parse_ptx((ROOT / ptx).read_text(), file=ptx, cache=False)
    result = instrument(module, load_file(shown["probe"]["file"]))
    _like(shown, result.manifests[shown["kernel"]].to_json(), block.id)
