"""The runner's access to the `mvomp` command's modules (openmp/runtime/tools/mvomp/mvomp_tools):
one implementation of reading, analysing and drawing MVOMP's files for the command and the
benchmarks."""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "openmp",
                                "runtime", "tools", "mvomp"))

from mvomp_tools import files, plots  # noqa: E402,F401
from mvomp_tools.files import InputError  # noqa: E402,F401


def run(fn, *args):
    """Calls fn, turning bad input into a one-line message and exit status 2."""
    try:
        fn(*args)
    except (InputError, plots.MissingDependency) as e:
        sys.exit(f"{os.path.basename(sys.argv[0])}: {e}")
