"""GPU images → PTX per kernel: fatbins (plain and compressed), ELF cubins, PTX text."""
from neutrino_py.image.fatbin import Entry, ImageError
from neutrino_py.image.image import Image, NotInstrumentable, load

__all__ = ["Entry", "Image", "ImageError", "NotInstrumentable", "load"]
