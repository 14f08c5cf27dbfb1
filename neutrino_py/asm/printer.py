"""`ir.Module` → PTX text, in nvcc's layout. Printing a parsed module is a fixed point, and an
unparsed function body (or a ``.section`` body) is copied from the original text unchanged."""
from __future__ import annotations

from typing import Iterator, Sequence

from neutrino_py.asm import ir


def print_module(module: ir.Module) -> str:
    """PTX text for `module`; function bodies nobody parsed are copied verbatim, so kernels a
    probe does not touch reach ptxas as the compiler wrote them."""
    return "".join(module_pieces(module))


def module_pieces(module: ir.Module, lines: int | None = None) -> Iterator[str]:
    """`print_module`'s text in pieces of about `lines` lines (None: one piece, every line
    joined once), for writing a large module without holding its whole text: an instrumented
    module is several times its input, and its text and encoded bytes cost a module of 420
    kernels 0.01-0.03 s of page faults."""
    out: list[str] = []
    bodies = _Bodies()
    for item in module.items:
        if lines is not None and len(out) >= lines:
            yield "\n".join(out) + "\n"
            out.clear()
        if isinstance(item, ir.Function):
            _function_lines(item, out, bodies)
        elif isinstance(item, ir.Section):
            out.append(f"\t.section\t.{item.name}\n\t{{{item.text}}}")
        elif isinstance(item, ir.Version):
            out.append(f".version {item.text}")
        elif isinstance(item, ir.Target):
            out.append(f".target {', '.join(item.names)}")
        elif isinstance(item, ir.AddressSize):
            out.append(f".address_size {item.bits}")
        elif isinstance(item, ir.File):
            extra = f", {item.extra}" if item.extra else ""
            out.append(f"\t.file\t{item.index} \"{item.path}\"{extra}")
        else:
            out.append(item.to_text())
    out.append("")
    yield "\n".join(out)


def print_function(fn: ir.Function) -> str:
    """One function's PTX (header, directives, body) in nvcc's layout."""
    lines: list[str] = []
    _function_lines(fn, lines, _Bodies())
    return "\n".join(lines)


class _Nested(Exception):
    """Inserted code stands in a nested block of the function being printed."""


def _function_lines(fn: ir.Function, lines: list[str], bodies: "_Bodies") -> None:
    """Append `fn`'s lines to `lines`. `bodies` keeps the text of inserted code across the
    functions of a module, indented one level: a function whose inserted code all stands at the
    top of its body prints it from there (the kernels of a module share those nodes: 420
    kernels printed 72,000 lines of the same block_sched code each anew); one with some in a
    nested block is printed again node by node (`_print_statements`)."""
    head = " ".join([*(f".{l}" for l in fn.linkage), f".{fn.kind}"])
    if fn.returns:
        head += " (" + ", ".join(p.to_text(terminated=False) for p in fn.returns) + ")"
    head += f" {fn.name}"
    if fn.params:
        head += "(\n" + ",\n".join("\t" + p.to_text(terminated=False) for p in fn.params) + "\n)"
    else:
        head += "()"
    lines.append(head)
    # performance directives take numbers and no `;`; an entry-scope `.pragma "...";` ends with one
    lines += [d.to_text() if d.args.startswith('"') else f".{d.name} {d.args}" if d.args
              else f".{d.name}" for d in fn.directives]
    if not fn.has_body:
        lines[-1] += ";"
    elif not fn.parsed:
        lines.append("{" + (fn._body_text or "") + "}")
    else:
        lines.append("{")
        start = len(lines)
        try:
            if fn._pending and fn._body is not None:
                bodies.print(fn._body, fn._pending, lines)
            else:
                _print_statements(fn.body, lines, 1, bodies.flat, bodies.inserted, nested=False)
        except _Nested:
            del lines[start:]
            _print_statements(fn.body, lines, 1, {}, bodies.inserted)
        lines.append("}")


def _print_statements(stmts: Sequence[ir.Statement], out: list[str], depth: int,
                      shared: dict[ir.Instruction, str] | None = None,
                      inserted: dict[ir.Instruction, str] | None = None,
                      nested: bool = True) -> None:
    """`shared` keeps the text of inserted instructions (line 0) by node, indented where the
    node first stands in this function: instrumentation shares one node among all the sites
    that render the same code, so it is printed once. `inserted` keeps their text without the
    indent for every function of the module (the kernels share those nodes too). Without
    `nested`, inserted instructions in a nested block raise `_Nested` (all others stand at
    depth 1, so `shared` may hold their text for every function). Both are keyed by the node
    itself (an instruction hashes by identity: cheaper than calling `id`, 9 ms of memtrace's
    250,000 lines)."""
    shared = {} if shared is None else shared
    inserted = {} if inserted is None else inserted
    indent = "\t" * depth
    instruction, label, block = ir.Instruction, ir.Label, ir.Block
    append, known = out.append, shared.get
    for s in stmts:
        kind = type(s)
        if kind is instruction:
            if s.line:                 # the function's own: printed once, nothing to look up
                append(indent + s.to_text())
                continue
            text = known(s)            # inserted code printed before: most lines of a module
            if text is None:           # instrumented at every access
                body = inserted.get(s)
                if body is None:
                    body = inserted[s] = s.to_text()
                text = shared[s] = indent + body
            append(text)
        elif kind is label:
            append(f"{s.name}:")
        elif kind is block:
            if not nested and any(type(t) is instruction and not t.line for t in ir.walk(s.body)):
                raise _Nested
            out.append(indent + "{")
            _print_statements(s.body, out, depth + 1, shared, inserted, nested)
            out.append(indent + "}")
        else:
            out.append(indent + s.to_text())


class _Bodies:
    """The text of inserted code, kept across the functions of a module: by node (`inserted`:
    without the indent; `flat`: indented one level), and by queued sequence. A body whose
    inserted code is still queued (`ir.Function.insert_before`) is printed a sequence at a
    time, each sequence printed once: a renderer hands the same sequence to every site whose
    code it repeats (the kernels of a module repeat sites: 7 of the 8 copies of each kernel of
    the generated Triton module), so most inserted lines are not visited one by one."""

    def __init__(self) -> None:
        self.inserted: dict[ir.Instruction, str] = {}
        self.flat: dict[ir.Instruction, str] = {}
        self.texts: dict[int, tuple] = {}              # id(sequence) -> (sequence, its text)

    def print(self, stmts: list[ir.Statement], pending: dict, out: list[str]) -> None:
        """Append the lines of a function's `stmts` with the code `pending` queues around them
        (by anchor, as `ir.Function` keeps it); `_Nested` where some stands in a nested block."""
        start = 0
        for n, s in enumerate(stmts):
            if type(s) is ir.Block and _holds_queued(s.body, pending):
                raise _Nested
            edit = pending.get(id(s))
            if edit is None:
                continue
            _print_statements(stmts[start:n], out, 1, self.flat, self.inserted, nested=False)
            self.sequences(edit[0], out)
            _print_statements([s], out, 1, self.flat, self.inserted, nested=False)
            self.sequences(edit[1], out)
            start = n + 1
        _print_statements(stmts[start:], out, 1, self.flat, self.inserted, nested=False)

    def sequences(self, queued: list, out: list[str]) -> None:
        """Append the text of each queued sequence (kept by its identity)."""
        for seq in queued:
            if not seq:
                continue
            kept = self.texts.get(id(seq))
            if kept is None or kept[0] is not seq:
                lines: list[str] = []
                _print_statements(seq, lines, 1, self.flat, self.inserted, nested=False)
                kept = self.texts[id(seq)] = (seq, "\n".join(lines))
            out.append(kept[1])


def _holds_queued(stmts: list[ir.Statement], pending: dict) -> bool:
    """Whether code is queued at some statement of `stmts` (nested blocks included)."""
    return any(id(s) in pending or (type(s) is ir.Block and _holds_queued(s.body, pending))
               for s in stmts)


def print_statements(stmts: list[ir.Statement]) -> str:
    """Statements as body text (one per line), e.g. to show what a probe inserts."""
    out: list[str] = []
    _print_statements(stmts, out, 1)
    return "\n".join(out)
