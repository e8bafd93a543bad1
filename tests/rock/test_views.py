"""The TransformMap API: apply (with validity), compose, invert (and refusals), builders."""

import itertools

import numpy as np
import pytest
from xdsl.ir.affine import AffineMap
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.rock_attrs import TransformAttr
from xfuse.transforms.rock.views import (
    NotInvertible,
    apply,
    collapse_shape_view,
    compose,
    expand_shape_view,
    identity_map,
    indexing_map_view,
    invert,
    invert_stack,
    make_transform_map,
    permutation_map,
    reshape_view,
)


def points(bounds):
    return itertools.product(*(range(b) for b in bounds))


def test_passthrough_permutation():
    tmap = permutation_map([3, 4], [1, 0])  # view 4x3 of a 3x4 buffer
    assert tmap.upper == (4, 3) and tmap.lower == (3, 4)
    assert apply(tmap, [2, 1]) == ((1, 2), True)


def test_merge_and_unmerge_match_numpy_reshape():
    merge = collapse_shape_view([[0, 1, 2]], [2, 3, 4], [24])
    unmerge = expand_shape_view([[0, 1, 2]], [24], [2, 3, 4])
    buf = np.arange(24).reshape(2, 3, 4)
    for flat in range(24):
        coords, valid = apply(merge, [flat])
        assert valid and buf[coords] == flat
    for coords in points((2, 3, 4)):
        (flat,), valid = apply(unmerge, coords)
        assert valid and flat == buf[coords]


def test_pad_validity():
    pad = make_transform_map([TransformAttr("Pad", [1, 2], ["p"], [0], ["x"], [0])], [7], [4])
    results = [apply(pad, [i]) for i in range(7)]
    assert [valid for _, valid in results] == [False, True, True, True, True, False, False]
    assert results[1][0] == (0,)


def test_embed_validity():
    embed = make_transform_map([TransformAttr("Embed", [1, 1], ["y", "h"], [0, 1], ["x"], [0])], [3, 4], [5])
    assert apply(embed, [2, 2]) == ((4,), True)
    assert apply(embed, [2, 3]) == ((5,), False)


def test_broadcast_and_constdim():
    bcast = make_transform_map([TransformAttr("Broadcast", [1], ["b"], [0], ["x"], [0])], [6], [1])
    assert apply(bcast, [5]) == ((0,), True)
    const = make_transform_map(
        [TransformAttr("ConstDim", [0, 1], [], [], ["u"], [0]), TransformAttr("PassThrough", [], ["x"], [0], ["x"], [1])],
        [8], [1, 8],
    )
    assert apply(const, [3]) == ((0, 3), True)


def test_compose_applies_in_order_and_checks_bounds():
    unmerge = expand_shape_view([[0, 1]], [32], [4, 8])
    transpose = permutation_map([4, 8], [1, 0])  # 8x4 view of the 4x8 view
    stack = compose(transpose, unmerge)
    assert apply(stack, [5, 3]) == ((3 * 8 + 5,), True)
    with pytest.raises(ValueError, match="cannot compose"):
        compose(unmerge, transpose)


@pytest.mark.parametrize(
    "tmap",
    [
        permutation_map([2, 3, 4], [2, 0, 1]),
        collapse_shape_view([[0, 1], [2]], [4, 8, 3], [32, 3]),
        expand_shape_view([[0], [1, 2]], [3, 32], [3, 4, 8]),
        make_transform_map(
            [TransformAttr("AddDim", [1], ["g"], [0], [], []), TransformAttr("PassThrough", [], ["m", "n"], [1, 2], ["m", "n"], [0, 1])],
            [1, 4, 5], [4, 5],
        ),
    ],
    ids=["transpose", "merge", "unmerge", "add_batch"],
)
def test_invert_round_trips(tmap):
    inverse = invert(tmap)
    assert inverse.upper == tmap.lower and inverse.lower == tmap.upper
    for coords in points(tmap.upper):
        lower, valid = apply(tmap, coords)
        assert valid
        assert apply(inverse, lower) == (tuple(coords), True)
    assert invert(inverse) == tmap or all(
        apply(invert(inverse), c) == apply(tmap, c) for c in points(tmap.upper)
    )


def test_invert_stack_reverses():
    stack = compose(permutation_map([4, 8], [1, 0]), expand_shape_view([[0, 1]], [32], [4, 8]))
    inverse = invert_stack(stack)
    for flat in range(32):
        upper, _ = apply(inverse, [flat])
        assert apply(stack, upper) == ((flat,), True)


@pytest.mark.parametrize(
    ("transform", "upper", "lower", "reason"),
    [
        (TransformAttr("Pad", [0, 2], ["p"], [0], ["x"], [0]), [6], [4], "adds coordinates that exist in no buffer"),
        (TransformAttr("Slice", [1, 3], ["s"], [0], ["x"], [0]), [2], [4], "hides part of the buffer"),
        (TransformAttr("Embed", [1, 1], ["a", "b"], [0, 1], ["x"], [0]), [2, 3], [4], "overlap"),
        (TransformAttr("Broadcast", [1], ["b"], [0], ["x"], [0]), [4], [1], "several coordinates read one element"),
    ],
)
def test_invert_refuses_with_reason(transform, upper, lower, reason):
    with pytest.raises(NotInvertible, match=reason):
        invert(make_transform_map([transform], upper, lower))


def test_invert_refuses_big_adddim():
    tmap = make_transform_map(
        [TransformAttr("AddDim", [4], ["b"], [0], [], []), TransformAttr("PassThrough", [], ["x"], [1], ["x"], [0])], [4, 8], [8]
    )
    with pytest.raises(NotInvertible, match="AddDim"):
        invert(tmap)


def test_indexing_map_view_transpose_and_broadcast():
    # linalg operand read as A[d1, d0] in a 4x3 domain, bias read as b[d1] (broadcast along d0)
    transposed = indexing_map_view(AffineMap.from_callable(lambda d0, d1: (d1, d0)), [4, 3], [3, 4])
    for d0, d1 in points((4, 3)):
        assert apply(transposed, [d0, d1]) == ((d1, d0), True)
    bias = indexing_map_view(AffineMap.from_callable(lambda d0, d1: (d1,)), [4, 3], [3])
    for d0, d1 in points((4, 3)):
        assert apply(bias, [d0, d1]) == ((d1,), True)
    unit = indexing_map_view(AffineMap.from_callable(lambda d0, d1: (0, d1)), [4, 3], [1, 3])
    assert apply(unit, [2, 1]) == ((0, 1), True)
    with pytest.raises(NotInvertible, match="neither a loop dimension"):
        indexing_map_view(AffineMap.from_callable(lambda d0, d1: (d0 + d1,)), [4, 3], [7])


def test_map_verifier_is_semantic():
    identity = identity_map([4, 5])
    # an equivalent but differently spelled affine map is accepted
    from xdsl.dialects.builtin import AffineMapAttr
    from xfuse.dialects.rock_attrs import TransformMapAttr

    spelled = AffineMap.from_callable(lambda d0, d1: (d0 + 0, d1 * 1))
    TransformMapAttr(list(identity.ops), AffineMapAttr(spelled), [4, 5], [4, 5])
    with pytest.raises(VerifyException, match="disagrees"):
        TransformMapAttr(list(identity.ops), AffineMapAttr(AffineMap.from_callable(lambda d0, d1: (d0, 0))), [4, 5], [4, 5])


def test_reshape_view_from_ops():
    import xfuse
    from xdsl.dialects import memref

    module = xfuse.parse("""
    func.func @f(%x: memref<6x4xf32>) {
      %e = memref.expand_shape %x [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
      %c = memref.collapse_shape %e [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
      return
    }""")
    expand, collapse = [op for op in module.walk() if isinstance(op, memref.ExpandShapeOp | memref.CollapseShapeOp)]
    buf = np.arange(24).reshape(6, 4)
    for coords in points((2, 3, 4)):
        lower, valid = apply(reshape_view(expand), coords)
        assert valid and buf[lower] == buf.reshape(2, 3, 4)[coords]
    flat = np.arange(24).reshape(2, 3, 4)
    for i in range(24):
        lower, valid = apply(reshape_view(collapse), [i])
        assert valid and flat[lower] == i


def test_simplify_cancels_a_map_and_its_inverse_only():
    from xfuse.transforms.rock.views import are_inverses, simplify_stack

    transpose = permutation_map([4, 8], [1, 0])
    split = expand_shape_view([[0, 1]], [32], [4, 8])
    assert are_inverses(transpose, invert(transpose)) and are_inverses(invert(transpose), transpose)
    assert simplify_stack((transpose, invert(transpose))) == ()
    assert simplify_stack((invert(split), transpose, invert(transpose), split)) == ()
    assert simplify_stack((transpose, split)) == (transpose, split)
    # The check is structural (one map is the other's `invert`), so it is conservative: a square
    # transpose written twice is not recognised, and nothing wrong ever cancels.
    square = permutation_map([4, 4], [1, 0])
    assert are_inverses(square, invert(square))
    assert not are_inverses(identity_map([4, 4]), square)
