"""Run a transform script three ways and compare the compiled results.

- reference: the payload with the schedule erased (nothing transformed);
- xfuse: `apply_transform_script` (xfuse's interpreter and drivers);
- mlir-opt: `mlir-opt --transform-interpreter` on the same text (MLIR 22's implementation), its
  output parsed back by xfuse and the schedule erased.

Each is compiled by xfuse's backend (mlir-opt 22 + LLVM) and called on the same seeded random
inputs; every result must agree.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.backends.toolchain import find_tool
from xfuse.parsing import parse
from xfuse.transform_interp.interpreter import erase_schedule
from xfuse.transform_interp.interpreter_pass import apply_transform_script

CASES_DIR = Path(__file__).parent / "cases"


def has_mlir_equivalent(text: str) -> bool:
    """Scripts using xfuse's own transform ops have no mlir-opt counterpart; a case marked
    `// NO-MLIR-OPT: reason` is one mlir-opt 22.1.8 cannot run."""
    return "transform.xfuse." not in text and "// NO-MLIR-OPT:" not in text


def with_mlir_opt(text: str, name: str):
    """The payload as MLIR 22's transform interpreter leaves it (schedule erased); affine ops
    lowered to arith, since mlir-opt's tiling emits ops (affine.max) xDSL cannot parse."""
    completed = subprocess.run(
        [str(find_tool("mlir-opt")), "--transform-interpreter", "--lower-affine", "--mlir-print-op-generic", "-"],
        input=text, capture_output=True, text=True, check=False,
    )
    assert completed.returncode == 0, f"mlir-opt --transform-interpreter failed on {name}:\n{completed.stderr}"
    module = parse(completed.stdout, name=f"{name} (mlir-opt)")
    erase_schedule(module)
    return module


def untransformed(text: str, name: str):
    module = parse(text, name=name)
    erase_schedule(module)
    return module


def with_xfuse(text: str, name: str):
    module = parse(text, name=name)
    apply_transform_script(module)
    return module


def check_case(path: Path, seeds=(0, 1)) -> None:
    text = path.read_text()
    name = str(path)
    variants = {"reference": untransformed(text, name), "xfuse": with_xfuse(text, name)}
    if has_mlir_equivalent(text):
        variants["mlir-opt"] = with_mlir_opt(text, name)
    compiled = {what: compile_module(module) for what, module in variants.items()}
    reference = compiled["reference"]
    for seed in seeds:
        inputs = random_inputs(reference.signature, seed=seed)
        expected = reference(*[np.copy(x) if isinstance(x, np.ndarray) else x for x in inputs])
        for what, candidate in compiled.items():
            if what == "reference":
                continue
            got = candidate(*[np.copy(x) if isinstance(x, np.ndarray) else x for x in inputs])
            assert len(got) == len(expected)
            for index, (g, e) in enumerate(zip(got, expected, strict=True)):
                np.testing.assert_allclose(
                    g, e, rtol=1e-5, atol=1e-5,
                    err_msg=f"{path.name}: {what} result #{index} differs from the untransformed input (seed {seed})",
                )
