#!/usr/bin/env bash
# The main job: install xfuse (first run only) and compile + run the shipped MLP example,
# checked against numpy, with its time.
source "$(dirname "$0")/setup-env.sh"
python examples/mlp.py "$@"
