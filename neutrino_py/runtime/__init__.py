"""In-process launches for notebooks: load a cubin, pack arguments, run, read the maps back."""
from neutrino_py.runtime.args import ParamType
from neutrino_py.runtime.cuda import Buffer, Device, Module, current, device
from neutrino_py.runtime.launch import Launched, launch

__all__ = ["Buffer", "Device", "Launched", "Module", "ParamType", "current", "device", "launch"]
