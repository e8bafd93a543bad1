"""Partial-reduction tiling from Python (`xfuse.transforms.tile_reduction`): what the functions
return (MLIR's result handles), and their refusals. Executed comparisons with mlir-opt are the
tile_reduction_* cases of test_differential.py."""

import pytest
from xdsl.dialects import scf
from xdsl.dialects.linalg import ops as linalg

from xfuse.dialects.scf import ForallOp
from xfuse.parsing import parse
from xfuse.transforms.tile_reduction import (
    PartialReductionRefused,
    tile_reduction_using_for,
    tile_reduction_using_forall,
)

TWO_INITS = """
func.func @f(%arg0: tensor<8x30x20xf32>, %o: tensor<8xf32>, %o2: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0)>],
   iterator_types = ["parallel", "reduction", "reduction"]}
   ins(%arg0 : tensor<8x30x20xf32>) outs(%o, %o2 : tensor<8xf32>, tensor<8xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %2 = arith.addf %a, %b : f32
      %3 = arith.minimumf %a, %c : f32
      linalg.yield %2, %3 : f32, f32
    } -> (tensor<8xf32>, tensor<8xf32>)
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}
"""


def _target(text: str, name: str = "linalg.generic"):
    module = parse(text)
    return module, next(op for op in module.walk() if op.name == name)


def test_for_two_loops_two_inits():
    module, op = _target(TWO_INITS)
    result = tile_reduction_using_for(op, [0, 7, 5])
    module.verify()
    assert [f.results[0].type.get_shape() for f in result.fill_ops] == [(8, 7, 5), (8, 7, 5)]
    assert isinstance(result.split_op, linalg.GenericOp)
    assert [m.dimensions.get_values() for m in result.merge_ops] == [(1, 2), (1, 2)]
    assert isinstance(result.loop, scf.ForOp)
    # The outermost loop, holding the second one.
    assert any(isinstance(inner, scf.ForOp) for inner in result.loop.body.block.ops)
    assert result.handles == [*result.fill_ops, result.split_op, *result.merge_ops, result.loop]
    assert op.parent is None


def test_for_reduction_dims_order():
    module, op = _target(TWO_INITS)
    result = tile_reduction_using_for(op, [0, 7, 5], reduction_dims=[2, 1])
    module.verify()
    assert result.fill_ops[0].results[0].type.get_shape() == (8, 5, 7)


def test_repeated_reduction_dims_count_once():
    # MLIR keeps reduction_dims in a SetVector: [2, 2, 1] is [2, 1].
    module, op = _target(TWO_INITS)
    result = tile_reduction_using_for(op, [0, 7, 5], reduction_dims=[2, 2, 1])
    module.verify()
    assert result.fill_ops[0].results[0].type.get_shape() == (8, 5, 7)


def test_forall_tile_sizes_steps_by_the_tile():
    module, op = _target(TWO_INITS)
    result = tile_reduction_using_forall(op, tile_sizes=[0, 0, 6])
    module.verify()
    assert isinstance(result.loop, ForallOp)
    # ceil(20 / 6) = 4 slots per init.
    assert result.fill_ops[1].results[0].type.get_shape() == (8, 4)
    assert result.split_op.name == "linalg.generic"


@pytest.mark.parametrize(
    ("sizes", "dims", "forall", "reason"),
    [
        ([2, 7], None, False, "loop d0 is parallel"),
        ([0, 0, 0], None, False, "no reduction loop has a non-zero tile size"),
        ([0, 7, 5, 1], None, False, "4 tile sizes for 3 loops"),
        ([0, 7, 5], [3], False, "reduction_dims: d3 is not a loop of the op"),
        ([0, 7, 5], [2], True, "loop d1 is tiled but not in reduction_dims"),
    ],
)
def test_refusals_leave_the_op(sizes, dims, forall, reason):
    module, op = _target(TWO_INITS)
    before = str(module)
    with pytest.raises(PartialReductionRefused, match=reason):
        if forall:
            tile_reduction_using_forall(op, sizes, reduction_dims=dims)
        else:
            tile_reduction_using_for(op, sizes, reduction_dims=dims)
    assert str(module) == before


@pytest.mark.parametrize(
    ("combiner", "element", "expected"),
    [
        ("addf", "f32", 0.0),
        ("maximumf", "f32", float("-inf")),
        ("minimumf", "f64", float("inf")),
        ("maxsi", "i32", -(2**31)),
        ("minsi", "i8", 127),
        ("minui", "i16", -1),  # all ones, signless
        ("andi", "i32", -1),
    ],
)
def test_neutral_elements(combiner, element, expected):
    """The partial results start at the combiner's neutral element (MLIR's getNeutralElement)."""
    module, op = _target(f"""
func.func @f(%x: tensor<4x6x{element}>, %o: tensor<4x{element}>) -> tensor<4x{element}> {{
  %r = linalg.reduce ins(%x : tensor<4x6x{element}>) outs(%o : tensor<4x{element}>) dimensions = [1]
    (%in: {element}, %init: {element}) {{
      %0 = arith.{combiner} %in, %init : {element}
      linalg.yield %0 : {element}
    }}
  return %r : tensor<4x{element}>
}}""", "linalg.reduce")
    result = tile_reduction_using_for(op, [0, 4])
    module.verify()
    neutral = result.fill_ops[0].operands[0].owner.value
    assert neutral.value.data == expected


def test_index_elements_are_refused():
    module, op = _target("""
func.func @f(%x: tensor<4x6xindex>, %o: tensor<4xindex>) -> tensor<4xindex> {
  %r = linalg.reduce ins(%x : tensor<4x6xindex>) outs(%o : tensor<4xindex>) dimensions = [1]
    (%in: index, %init: index) {
      %0 = arith.addi %in, %init : index
      linalg.yield %0 : index
    }
  return %r : tensor<4xindex>
}""", "linalg.reduce")
    with pytest.raises(PartialReductionRefused, match="elements of type index"):
        tile_reduction_using_for(op, [0, 4])
