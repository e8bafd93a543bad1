# Sourced by the other scripts: make (once) and activate the project's virtual environment,
# with xfuse installed editable together with the pinned MLIR 22.1.8 toolchain wheels.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${XFUSE_VENV:-$ROOT/.venv}"
PYTHON="${PYTHON:-python3}"
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
# shellcheck disable=SC1091
. "$VENV/bin/activate"
stamp="$VENV/.xfuse-installed"
if [ ! -f "$stamp" ] || [ "$ROOT/pyproject.toml" -nt "$stamp" ]; then
  python -m pip install --quiet --disable-pip-version-check -e "$ROOT[test]"
  python -c "import xfuse, xdsl" && touch "$stamp"
fi
cd "$ROOT"
