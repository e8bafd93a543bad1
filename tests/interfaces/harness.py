"""The harness shared by the tests of the tiling models (test_tiling_linalg.py,
test_tiling_pack.py): a parsed function holding the op to tile, IR checks (xDSL and mlir-opt 22),
running it through xfuse's runner, and comparing a tile with the numpy slice of the full result.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence

import numpy as np
from xdsl.builder import Builder
from xdsl.dialects import affine, func
from xdsl.dialects.builtin import FunctionType, ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint

from xfuse.backends import toolchain
from xfuse.backends.mlir_text import emit_mlir_text
from xfuse.interfaces.tiling import OpFoldResult, TilingInterface, require_tiling_model
from xfuse.parsing import parse

try:
    MLIR_OPT = toolchain.find_tool("mlir-opt")
except toolchain.ToolchainError:  # pragma: no cover - the wheels are dependencies
    MLIR_OPT = None


class Case:
    """A parsed function `@f` holding one op to tile, its args, and a builder before the op."""

    def __init__(self, text: str, op_name: str):
        self.module: ModuleOp = parse(text)
        self.func = next(o for o in self.module.walk() if isinstance(o, func.FuncOp))
        self.op: Operation = next(o for o in self.module.walk() if o.name == op_name)
        self.model: TilingInterface = require_tiling_model(self.op)
        self.builder = Builder(InsertPoint.before(self.op))

    def arg(self, name: str) -> SSAValue:
        return next(a for a in self.func.body.block.args if a.name_hint == name)

    def return_values(self, *values: SSAValue) -> None:
        """Make `@f` return `values` (the tile first, then the full result)."""
        ret = self.func.body.block.last_op
        assert isinstance(ret, func.ReturnOp)
        ret.detach()
        ret.erase()
        self.func.body.block.add_op(func.ReturnOp(*values))
        inputs = self.func.function_type.inputs.data
        self.func.function_type = FunctionType.from_lists(inputs, [v.type for v in values])

    def check_ir(self) -> str:
        """Verifies in xDSL and is accepted (parsed and verified) by mlir-opt 22."""
        self.module.verify()
        text = emit_mlir_text(self.module, locations=False)
        if MLIR_OPT is not None:
            done = subprocess.run(
                [str(MLIR_OPT), "-"], input=text, capture_output=True, text=True, check=False
            )
            assert done.returncode == 0, done.stderr + "\n" + text
        return text

    def run(self, *args) -> list[np.ndarray]:
        """Run `@f` with the scalar `default` lowering: a tile and the full result are then
        computed in the same order, so `check_tile` can compare them exactly (the `microkernel`
        lowering register-tiles the full op and may round differently)."""
        from xfuse.backends.runner import run

        return run(self.module, *args, entry="f", pipeline="default")

    def run_with_index_args(
        self, inputs: Sequence[np.ndarray], index_args: Sequence[int]
    ) -> tuple[list[np.ndarray], dict[SSAValue, int]]:
        """Run `@f` on `inputs` then `index_args` (its trailing index args): (its results, the
        bindings of those args for `as_ints`)."""
        args = self.func.body.block.args[len(inputs) :]
        bindings = {a: v for a, v in zip(args, index_args, strict=True)}
        return self.run(*inputs, *index_args), bindings


def as_ints(
    values: Sequence[OpFoldResult],
    bindings: dict[SSAValue, int],
    kinds: tuple[type[Operation], ...] = (affine.ApplyOp, affine.MinOp),
) -> list[int]:
    """Evaluate offsets/sizes that are ints, bound args, or ops of `kinds` (`affine.apply`,
    `affine.min`) of those."""
    out = []
    for v in values:
        if isinstance(v, int):
            out.append(v)
        elif v in bindings:
            out.append(bindings[v])
        else:
            owner = v.owner
            assert isinstance(owner, kinds), owner
            operands = as_ints(list(owner.operands), bindings, kinds)
            out.append(min(owner.map.data.eval(operands, [])))
    return out


def check_tile(
    full: np.ndarray,
    tile: np.ndarray,
    offsets: Sequence[int],
    sizes: Sequence[int],
    tolerance: float | None = None,
):
    """`tile` is the slice (`offsets`, `sizes`) of `full`: exactly, or within `tolerance`
    (relative and absolute) when given."""
    index = tuple(slice(o, o + s) for o, s in zip(offsets, sizes, strict=True))
    assert tile.shape == tuple(sizes)
    if tolerance is None:
        np.testing.assert_array_equal(tile, full[index])
    else:
        np.testing.assert_allclose(tile, full[index], rtol=tolerance, atol=tolerance)


def rand(*shape: int, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed + len(shape)).uniform(-1, 1, shape).astype(np.float32)
