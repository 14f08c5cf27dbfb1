import sys

from neutrino_py.cli import main

sys.exit(main())
