#!/usr/bin/env bash
# The whole test suite: the lit/FileCheck suite (with mlir-opt 22.1.8 in the loop) and pytest.
source "$(dirname "$0")/setup-env.sh"
status=0
lit -sv tests/filecheck || status=1
# scripts/run_pytest.py: pytest, then exit with its status before native teardown (see there).
# One worker per CPU (pytest-xdist), each taking whole files (module fixtures are built once);
# XFUSE_TEST_WORKERS=0 runs in one process.
python "$ROOT/scripts/run_pytest.py" -q tests -n "${XFUSE_TEST_WORKERS:-auto}" --dist loadfile "$@" || status=1
exit $status
