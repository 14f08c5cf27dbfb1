from neutrino_py.cli import entry

entry()
