"""Assembly → loadable code: PTX → cubin (nvJitLink in process, ptxas fallback), cached on disk."""
from neutrino_py.assemble.ptx import AssembleError, available, ptx_to_cubin

__all__ = ["AssembleError", "available", "ptx_to_cubin"]
