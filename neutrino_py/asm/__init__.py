"""Assembly IR: parse PTX into `ir.Module`, edit it, print it back (see `ir` for the node types)."""
from neutrino_py.asm.ir import Module
from neutrino_py.asm.parser import parse_ptx, parse_statements

__all__ = ["Module", "parse_ptx", "parse_statements"]
