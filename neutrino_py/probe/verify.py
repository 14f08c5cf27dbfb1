"""The checker: syntax nodes → the typed, checked `ProbeProgram`, as passes in order over one
`Diagnostics` list (bpftrace's shape):

1. resolve (`probe.resolve`): declarations → maps and registers, names not taken twice, map
   shapes and capacities (constant expressions folded by `probe.fold`);
2. type (`probe.typecheck`): probes → typed statements; names, operands at their position,
   types, constants folded;
3. resources (`probe.resources`): limits on the whole program, maps never written.

An error stops at once as a `SourceError` pointing into the text (later passes rely on what the
earlier ones checked); warnings are kept in `ProbeProgram.diagnostics` with their place.
"""
from __future__ import annotations

import hashlib
from dataclasses import replace

from neutrino_py.errors import Diagnostics
from neutrino_py.probe import ast, syntax
from neutrino_py.probe.resolve import Resolve
from neutrino_py.probe.resources import Resources
from neutrino_py.probe.typecheck import TypeCheck


def verify(items: list[syntax.Item], text: str, file: str) -> ast.ProbeProgram:
    """Resolve names, types and operands of parsed `items`; the first problem is a SourceError
    pointing into `text`."""
    diagnostics = Diagnostics(file, text)
    scope = Resolve(diagnostics, text).run(items)
    probes = TypeCheck(diagnostics, text, scope).run(
        [p for p in items if isinstance(p, syntax.ProbeSyntax)])
    digest = hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()
    program = ast.ProbeProgram(text, file, digest,
                               dict(scope.maps), dict(scope.regs), probes)
    Resources(diagnostics, text).run(program)
    return replace(program, diagnostics=tuple(diagnostics))
