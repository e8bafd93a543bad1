"""The micro-kernel schedule run on a large function in parts (xfuse/backends/schedules/in_parts.py):
the parts keep together what the schedule fuses, `inline` puts them back after the interpreter,
and the lowered module has the same ops as when the function is scheduled whole."""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from pathlib import Path


from xdsl.ir import OpResult

from xfuse.backends import runner
from xfuse.backends.schedules import in_parts as schedule_in_parts
from xfuse.backends.pipelines import PIPELINES
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.parsing import parse
from xfuse.passes import apply_passes
from xfuse.testing.differential import assert_same_results

NETWORK = Path(__file__).parent.parent / "filecheck" / "transforms" / "network" / "Inputs" / "residual_block.mlir"


def _network():
    """A residual block in NHWC: convolutions fused op by op with their chains, padded inputs."""
    module = parse(NETWORK.read_text(), name=str(NETWORK))
    apply_passes(module, "xfuse-nhwc")
    return module


def _lowered_ops(monkeypatch, text) -> tuple[object, Counter, str]:
    """Compile `text` uncached; the compiled module, the op names of mlir-opt's output, and the
    pass pipeline mlir-opt ran."""
    seen: dict[str, str] = {}
    original = runner._run_tool

    def keep(command, work, stage, stdin=None):
        result = original(command, work, stage, stdin)
        if stage == "mlir-opt" and "lowered" not in seen:
            as_text = [str(runner.tool_path("mlir-opt")), str(work / runner.LOWERED_BYTECODE)]
            seen["lowered"] = subprocess.run(as_text, check=True, capture_output=True, text=True).stdout
            seen["spec"] = next(c for c in command if c.startswith("--pass-pipeline="))
        return result

    monkeypatch.setattr(runner, "_run_tool", keep)
    compiled = compile_module(text, cache=False)
    monkeypatch.setattr(runner, "_run_tool", original)
    ops = Counter(re.findall(r"= (llvm\.[a-z_.]+)", seen["lowered"]))
    return compiled, ops, seen["spec"]


def test_in_parts_lowers_to_the_same_ops_and_results(monkeypatch):
    text = _network()
    monkeypatch.setattr(schedule_in_parts, "MIN_FUNCTION_OPS", 10**9)
    whole, whole_ops, whole_spec = _lowered_ops(monkeypatch, text.clone())
    assert schedule_in_parts.INLINE_PARTS not in whole_spec

    made: list[int] = []
    split = schedule_in_parts.split_for_schedule
    monkeypatch.setattr(schedule_in_parts, "split_for_schedule", lambda m: made.append(split(m)) or made[-1])
    monkeypatch.setattr(schedule_in_parts, "MIN_FUNCTION_OPS", 20)
    monkeypatch.setattr(schedule_in_parts, "PART_OPS", 1)
    parts, parts_ops, parts_spec = _lowered_ops(monkeypatch, text.clone())
    assert made and made[0] >= 2, "the function was cut"
    interpreter = parts_spec.index("transform-interpreter")
    assert parts_spec.index(schedule_in_parts.INLINE_PARTS) > interpreter
    assert parts_spec.index(schedule_in_parts.INLINE_PARTS) < parts_spec.index("one-shot-bufferize")
    # the parts are scheduled each on its own, in parallel; a whole function at module level
    assert "func.func(transform-interpreter)" in parts_spec and "func.func(transform-interpreter)" not in whole_spec
    assert parts_ops == whole_ops
    assert_same_results(whole, parts, random_inputs(whole.signature, seed=7), "residual block scheduled in parts")


def test_parts_never_separate_what_the_schedule_fuses(monkeypatch):
    """Every use `_fused_edge` names (a destination, a fused producer's result, an operand of a
    greedily fused contraction) is in its producer's part; other values cross (as arguments)."""
    from xdsl.dialects import func

    from xfuse.transforms.outline_groups import _plan, _top_level

    module = _network()
    monkeypatch.setattr(schedule_in_parts, "MIN_FUNCTION_OPS", 10**9)
    PIPELINES["microkernel"].for_module(module)  # the plans mark the module
    function = next(op for op in module.ops if isinstance(op, func.FuncOp))
    block = function.body.block
    plan = _plan(block, 1, schedule_in_parts._fused_edge)
    assert len(plan) >= 2
    part_of = {op: i for i, ops in enumerate(plan) for op in ops}
    kept = crossing = 0
    for op in block.ops:
        for nested in op.walk():
            for index, operand in enumerate(nested.operands):
                producer = _top_level(operand, block)
                if producer is None or producer is op or producer not in part_of or op not in part_of:
                    continue
                if schedule_in_parts._fused_edge(producer, nested, index):
                    kept += 1
                    assert part_of[producer] == part_of[op], f"{producer.name} -> {nested.name} cut apart"
                elif part_of[producer] != part_of[op]:
                    crossing += 1
    assert kept > 0 and crossing > 0


def test_small_functions_stay_whole():
    module = parse(NETWORK.read_text(), name=str(NETWORK))
    assert schedule_in_parts.split_for_schedule(module) == 0


RESHAPED_WEIGHT = """
func.func @f(%x: tensor<4x8xf32>, %w: tensor<8x2x2xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %weight = tensor.collapse_shape %w [[0], [1, 2]] : tensor<8x2x2xf32> into tensor<8x4xf32>
  %again = tensor.expand_shape %weight [[0], [1, 2]] output_shape [8, 4, 1] : tensor<8x4xf32> into tensor<8x4x1xf32>
  %flat = tensor.collapse_shape %again [[0], [1, 2]] : tensor<8x4x1xf32> into tensor<8x4xf32>
  %y = linalg.matmul ins(%x, %flat : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
  %z = linalg.matmul ins(%x, %weight : tensor<4x8xf32>, tensor<8x4xf32>) outs(%y : tensor<4x4xf32>) -> tensor<4x4xf32>
  func.return %z : tensor<4x4xf32>
}
"""


def test_a_reshaped_argument_may_cross_a_cut():
    """The importer hoists weight reshapes to the top of the function; a greedily tiled op far
    below reads them. Were they kept with their readers, ShuffleNet's depthwise filters would have
    held the whole network in one part. Any other producer of such an op stays with it."""
    from xdsl.dialects.builtin import IntegerAttr, IntegerType

    from xfuse.backends.schedules.matmul import ROOT_ATTR

    module = parse(RESHAPED_WEIGHT)
    ops = {op.results[0].name_hint: op for op in module.walk() if op.results}
    for name in ("y", "z"):
        ops[name].attributes[ROOT_ATTR] = IntegerAttr(0, IntegerType(64))
    weight, again, flat, y, z = (ops[n] for n in ("weight", "again", "flat", "y", "z"))
    assert schedule_in_parts._reshapes_an_argument(flat)  # through reshapes of reshapes
    assert not schedule_in_parts._fused_edge(weight, z, 1)
    assert not schedule_in_parts._fused_edge(flat, y, 1)
    assert schedule_in_parts._fused_edge(y, z, 2)  # the destination
    assert not schedule_in_parts._reshapes_an_argument(y)


def _chain_with_an_early_empty(length: int) -> str:
    """An empty at the top of the function, its only user at the bottom, `length` elementwise
    ops (each with an empty of its own, right before it) in between."""
    lines = ["func.func @f(%x: tensor<64xf32>) -> tensor<64xf32> {",
             "  %early = tensor.empty() : tensor<64xf32>"]
    value = "%x"
    for i in range(length):
        lines += [f"  %e{i} = tensor.empty() : tensor<64xf32>",
                  f"  %v{i} = linalg.exp ins({value} : tensor<64xf32>) outs(%e{i} : tensor<64xf32>) -> tensor<64xf32>"]
        value = f"%v{i}"
    lines += [f"  %last = linalg.exp ins({value} : tensor<64xf32>) outs(%early : tensor<64xf32>) -> tensor<64xf32>",
              "  func.return %last : tensor<64xf32>", "}"]
    return "\n".join(lines)


def test_an_empty_lands_in_its_first_users_part(monkeypatch):
    """An empty far ahead of its user is cut with the user, not left in an earlier part that
    returns it: inlined back, its buffer would be allocated where that part ends (ShuffleNet held
    19 such buffers at once)."""
    from xdsl.dialects import func

    monkeypatch.setattr(schedule_in_parts, "MIN_FUNCTION_OPS", 20)
    monkeypatch.setattr(schedule_in_parts, "PART_OPS", 10)
    module = parse(_chain_with_an_early_empty(30))
    assert schedule_in_parts.split_for_schedule(module) >= 2
    parts = [op for op in module.ops if isinstance(op, func.FuncOp) and op.sym_name.data != "f"]
    for part in parts:
        returned = part.body.block.last_op.operands
        assert not any(isinstance(v, OpResult) and v.op.name == "tensor.empty" for v in returned), \
            f"@{part.sym_name.data} returns an empty"
    last = parts[-1].body.block
    user = last.last_op.operands[0].op  # the exp writing into `%early`, which the part returns
    assert user.name == "linalg.exp"
    destination = user.operands[-1]
    assert isinstance(destination, OpResult) and destination.op.name == "tensor.empty"
    assert destination.op.parent_block() is user.parent_block()
