"""Run a transform script three ways and compare the compiled results.

- reference: the payload with the schedule erased (nothing transformed);
- xfuse: `apply_transform_script` (xfuse's interpreter and drivers);
- mlir-opt: `mlir-opt --transform-interpreter` on the same payload with the same script
  (MLIR 22's implementation), lowered and compiled from mlir-opt's text.

Each is compiled by xfuse's backend (mlir-opt 22 + LLVM) and called on the same seeded random
inputs; every result must agree.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

import numpy as np
from xdsl.dialects.builtin import ModuleOp, UnitAttr

from xfuse.backends.mlir_text import emit_mlir_text, prepare_for_execution
from xfuse.backends.runner import CompiledModule, build_shared_object, compile_module, random_inputs
from xfuse.backends.toolchain import find_tool
from xfuse.parsing import parse
from xfuse.transform_interp.interpreter import WITH_NAMED_SEQUENCE, erase_schedule
from xfuse.transform_interp.interpreter_pass import apply_transform_script

CASES_DIR = Path(__file__).parent / "cases"


def has_mlir_equivalent(text: str) -> bool:
    """Scripts using xfuse's own transform ops have no mlir-opt counterpart; a case marked
    `// NO-MLIR-OPT: reason` is one mlir-opt 22.1.8 cannot run."""
    return "transform.xfuse." not in text and "// NO-MLIR-OPT:" not in text


def compiled_with_mlir_opt(text: str, name: str, reference: CompiledModule) -> CompiledModule:
    """The payload transformed by MLIR 22's transform interpreter and compiled without going back
    through xDSL (mlir-opt's tiling emits ops xDSL cannot parse: affine.max, tensor.generate).

    The payload (prepared for execution by xfuse, schedule erased) and the script go to mlir-opt
    separately, the script as a preloaded library, so its output holds no transform op."""
    module = parse(text, name=name)
    schedules = [op for op in module.body.block.ops if WITH_NAMED_SEQUENCE in op.attributes]
    assert len(schedules) == 1, f"{name}: expected one schedule module"
    library = ModuleOp([])
    library.attributes[WITH_NAMED_SEQUENCE] = UnitAttr()
    for op in list(schedules[0].body.block.ops):
        op.detach()
        library.body.block.add_op(op)
    payload = prepare_for_execution(module)
    with tempfile.TemporaryDirectory() as work:
        library_path = Path(work) / "schedule.mlir"
        library_path.write_text(emit_mlir_text(library, locations=False))
        completed = subprocess.run(
            [str(find_tool("mlir-opt")),
             f"--transform-preload-library=transform-library-paths={library_path}",
             "--transform-interpreter", "--mlir-print-op-generic", "-"],
            input=emit_mlir_text(payload), capture_output=True, text=True, check=False,
        )
    assert completed.returncode == 0, f"mlir-opt --transform-interpreter failed on {name}:\n{completed.stderr}"
    shared_object = build_shared_object(completed.stdout, reference.pipeline)
    return CompiledModule(shared_object, reference.signatures, reference.entry, completed.stdout, reference.pipeline)


def untransformed(text: str, name: str):
    module = parse(text, name=name)
    erase_schedule(module)
    return module


def with_xfuse(text: str, name: str):
    module = parse(text, name=name)
    apply_transform_script(module)
    return module


def tolerance(text: str) -> float:
    """The absolute tolerance of a case: `// TOLERANCE: 1e-3` for long float reductions that
    a transformation reassociates (the rounding grows with the number of terms), else 1e-5."""
    marker = re.search(r"^// TOLERANCE: (\S+)", text, re.MULTILINE)
    return float(marker.group(1)) if marker else 1e-5


def check_case(path: Path, seeds=(0, 1)) -> None:
    text = path.read_text()
    atol = tolerance(text)
    name = str(path)
    variants = {"reference": untransformed(text, name), "xfuse": with_xfuse(text, name)}
    compiled = {what: compile_module(module) for what, module in variants.items()}
    reference = compiled["reference"]
    if has_mlir_equivalent(text):
        compiled["mlir-opt"] = compiled_with_mlir_opt(text, name, reference)
    for seed in seeds:
        inputs = random_inputs(reference.signature, seed=seed)
        expected, expected_args = _call(reference, inputs)
        for what, candidate in compiled.items():
            if what == "reference":
                continue
            got, got_args = _call(candidate, inputs)
            assert len(got) == len(expected)
            # Results, and the arguments after the call: functions on memrefs write their
            # outputs into them.
            for index, (g, e) in enumerate(zip([*got, *got_args], [*expected, *expected_args], strict=True)):
                np.testing.assert_allclose(
                    g, e, rtol=1e-5, atol=atol,
                    err_msg=f"{path.name}: {what} output #{index} differs from the untransformed input (seed {seed})",
                )


def _call(compiled: CompiledModule, inputs):
    """Results and the (possibly written) argument arrays of one call on copies of `inputs`."""
    arguments = [np.copy(x) if isinstance(x, np.ndarray) else x for x in inputs]
    results = compiled(*arguments)
    return list(results), [a for a in arguments if isinstance(a, np.ndarray)]
