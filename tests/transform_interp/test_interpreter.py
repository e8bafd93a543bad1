"""The transform interpreter from Python: handles, invalidation, failures, the pass registry."""

import pytest

from xfuse.parsing import parse
from xfuse.transform_interp.interpreter import find_entry_point, interpret
from xfuse.transform_interp.interpreter_pass import apply_transform_script
from xfuse.transform_interp.state import TransformFailure
from xfuse.transforms import get_all_passes

PAYLOAD = """
func.func @f(%a: tensor<16x8xf32>, %b: tensor<8x12xf32>, %c: tensor<16x12xf32>) -> tensor<16x12xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x12xf32>) outs(%c : tensor<16x12xf32>) -> tensor<16x12xf32>
  return %0 : tensor<16x12xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
SCRIPT
    transform.yield
  }
}
"""


def _run(script: str):
    module = parse(PAYLOAD.replace("SCRIPT", script))
    return module, apply_transform_script(module, keep_schedule=True)


def _handle(state, module, name: str):
    """The payload of the script's value printed as `%name`."""
    entry = find_entry_point(module)
    for op in entry.body.block.ops:
        for result in op.results:
            if result.name_hint == name:
                return state.ops.get(result), state.invalidated.get(result)
    raise KeyError(name)


def test_registered():
    assert "xfuse-transform-interpreter" in get_all_passes()


def test_results_are_grouped_loop_handles():
    module, state = _run(
        """
    %mm = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %t, %i, %j = transform.structured.tile_using_for %mm tile_sizes [4, 6] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %f = transform.get_parent_op %t {op_name = "func.func"} : (!transform.any_op) -> !transform.any_op
"""
    )
    (tiled,), _ = _handle(state, module, "t")
    (outer,), _ = _handle(state, module, "i")
    (inner,), _ = _handle(state, module, "j")
    assert tiled.name == "linalg.matmul" and outer.name == inner.name == "scf.for"
    assert inner.parent_op() is outer and tiled.parent_op() is inner
    # The consumed handle is invalidated; the handle to the function (an ancestor) is not.
    _, invalidation = _handle(state, module, "mm")
    assert invalidation is not None and invalidation.by.name == "transform.structured.tile_using_for"
    (function,), valid = _handle(state, module, "f")
    assert function.name == "func.func" and valid is None


def test_consuming_invalidates_handles_to_nested_ops():
    module, state = _run(
        """
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_forall %0 tile_sizes [4, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %inner = transform.structured.match ops{["linalg.matmul"]} in %l : (!transform.any_op) -> !transform.any_op
    %loop2 = transform.cast %l : !transform.any_op to !transform.op<"scf.forall">
    %u, %m = transform.structured.tile_using_for %inner tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
"""
    )
    # %t points to the same matmul as %inner: invalidated; the loop handles are ancestors: valid.
    assert _handle(state, module, "t")[1] is not None
    assert _handle(state, module, "l")[1] is None
    assert _handle(state, module, "loop2")[1] is None


def test_failures_are_silenceable_or_definite():
    silenceable_script = """
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %p = transform.get_parent_op %0 {op_name = "scf.for"} : (!transform.any_op) -> !transform.any_op
"""
    with pytest.raises(TransformFailure) as failure:
        _run(silenceable_script)
    assert failure.value.silenceable and failure.value.payload.name == "linalg.matmul"

    definite_script = """
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_forall %0 tile_sizes [4, 4, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
"""
    with pytest.raises(TransformFailure) as failure:
        _run(definite_script)
    assert not failure.value.silenceable
    assert "loop d2 is a reduction" in str(failure.value)


def test_a_failed_transform_leaves_the_payload_unchanged():
    module = parse(
        PAYLOAD.replace(
            "SCRIPT",
            """
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_forall %0 tile_sizes [4, 4, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
""",
        )
    )
    before = str(module)
    with pytest.raises(TransformFailure):
        interpret(module, find_entry_point(module))
    assert str(module) == before
