"""Map layouts as NumPy structured dtypes and reading a launch's raw buffers into arrays."""
from neutrino_py.maps.layout import MapLayout, as_manifest, dim3, header_nbytes, launch_shape, layout
from neutrino_py.maps.read import Maps, header_pairs, needed_bytes, read, read_layouts

__all__ = ["MapLayout", "Maps", "as_manifest", "dim3", "header_nbytes", "header_pairs", "launch_shape", "layout", "needed_bytes", "read",
           "read_layouts"]
