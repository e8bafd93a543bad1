"""scf ops xDSL 0.74 lacks (filled in by the dialect work)."""

from xdsl.ir import Dialect

SCF_EXTENSION = Dialect("scf", [], [])
