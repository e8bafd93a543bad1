"""`Resize` modes torch-mlir does not lower (right), decomposed into a weighted gather per axis
(xfuse/onnx/resize_taps.py), and `AffineGrid` (xfuse/onnx/affine_grid.py): the same results as
onnxruntime on random inputs (every mode, one axis and several, down and up, uint8 with ONNX's
rounding and saturation); on the modes torch-mlir lowers, the decomposition and torch-mlir's
lowering agree; what is not constant stays refused by name. One model per check: each load
compiles once."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx", reason="xfuse.onnx needs onnx (pip install 'xfuse[onnx]')")
pytest.importorskip("torch_mlir", reason="xfuse.onnx needs torch-mlir (pip install 'xfuse[onnx]')")
ort = pytest.importorskip("onnxruntime")

import numpy as np  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import xfuse.onnx  # noqa: E402
from xfuse.onnx import OnnxError  # noqa: E402
from xfuse.onnx.affine_grid import base_grid, decompose_affine_grids  # noqa: E402
from xfuse.onnx.prepare import prepare_for_import  # noqa: E402
from xfuse.onnx.graph import initializer_arrays, static_types  # noqa: E402
from xfuse.onnx.resize_taps import axis_taps, decompose_resizes, resize_plan  # noqa: E402

X_SHAPE = (1, 2, 6, 7)

TAPPED = (  # attributes, roi, scales, sizes (None: absent), output shape: torch-mlir has no (right) lowering
    ({"mode": "linear", "antialias": 1}, None, [1, 1, 0.5, 0.6], None, (1, 2, 3, 4)),
    ({"mode": "cubic", "antialias": 1, "coordinate_transformation_mode": "half_pixel_symmetric"}, None, None,
     [1, 2, 4, 3], (1, 2, 4, 3)),
    ({"mode": "cubic", "exclude_outside": 1, "cubic_coeff_a": -0.5}, None, [1, 1, 1.5, 0.7], None, (1, 2, 9, 4)),
    ({"mode": "linear", "coordinate_transformation_mode": "tf_crop_and_resize", "extrapolation_value": 7.0},
     [0, 0, -0.2, 0.1, 1, 1, 0.9, 1.3], None, [1, 2, 5, 8], (1, 2, 5, 8)),
    ({"mode": "nearest", "coordinate_transformation_mode": "tf_crop_and_resize", "axes": [3, 2]},
     [0.65, 0.15, 1.2, 0.8], None, [3, 4], (1, 2, 4, 3)),
    ({"mode": "nearest", "axes": [3], "nearest_mode": "round_prefer_ceil", "coordinate_transformation_mode":
      "asymmetric"}, None, [2.5], None, (1, 2, 6, 17)),
    ({"mode": "nearest", "nearest_mode": "floor", "coordinate_transformation_mode": "align_corners"}, None, None,
     [1, 2, 11, 5], (1, 2, 11, 5)),
    ({"mode": "linear", "coordinate_transformation_mode": "align_corners"}, None, None, [1, 2, 3, 5], (1, 2, 3, 5)),
    ({"mode": "cubic", "keep_aspect_ratio_policy": "not_smaller", "axes": [2, 3]}, None, None, [4, 4],
     (1, 2, 4, 5)),
    # ONNX maps align_corners with the float length 7 * 0.75 = 5.25, onnxruntime with 5: the reference decides
    ({"mode": "linear", "coordinate_transformation_mode": "align_corners"}, None, [1, 1, 0.5, 0.75], None,
     (1, 2, 3, 5)),
)
REFERENCE_ONLY = 1
"""The last cases of TAPPED, where onnxruntime and ONNX's reference disagree (the conformance
case `test_resize_downsample_scales_linear_align_corners`): compared with the reference."""

LOWERED = (  # modes torch-mlir lowers: both paths must agree
    ({"mode": "linear"}, None, [1, 1, 2, 2], None, (1, 2, 12, 14)),
    ({"mode": "cubic"}, None, [1, 1, 0.5, 1.5], None, (1, 2, 3, 10)),
    ({"mode": "nearest"}, None, None, [1, 2, 3, 9], (1, 2, 3, 9)),
)


def resize_model(resizes, element=TensorProto.FLOAT, opset=19):
    nodes, outputs, initializers = [], [], []
    for index, (attributes, roi, scales, sizes, shape) in enumerate(resizes):
        inputs = ["x"]
        for name, values, dtype in (("roi", roi, np.float32), ("scales", scales, np.float32),
                                    ("sizes", sizes, np.int64)):
            if values is None:
                inputs.append("")
                continue
            initializers.append(numpy_helper.from_array(np.array(values, dtype), f"{name}{index}"))
            inputs.append(f"{name}{index}")
        nodes.append(helper.make_node("Resize", inputs, [f"y{index}"], name=f"resize{index}", **attributes))
        outputs.append(helper.make_tensor_value_info(f"y{index}", element, shape))
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", element, X_SHAPE)], outputs,
                              initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def onnxruntime_outputs(model, feeds):
    return ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)


def test_every_mode_agrees_with_onnxruntime():
    model = resize_model(TAPPED)
    assert decompose_resizes(prepare_for_import(model).model)[1] == len(TAPPED)
    x = np.random.default_rng(3).standard_normal(X_SHAPE).astype(np.float32)
    got = xfuse.onnx.load(model).run({"x": x})
    expected = onnxruntime_outputs(model, {"x": x})[:-REFERENCE_ONLY]
    expected += ReferenceEvaluator(model).run(None, {"x": x})[-REFERENCE_ONLY:]
    for index, want in enumerate(expected):
        assert got[f"y{index}"].shape == want.shape, TAPPED[index]
        np.testing.assert_allclose(got[f"y{index}"], want, rtol=1e-5, atol=1e-5, err_msg=str(TAPPED[index]))


def test_uint8_images_are_rounded_and_saturated_as_onnx_does():
    # cubic overshoots past 0 and 255 at sharp edges; 300 saturates to 255
    resizes = [TAPPED[0], TAPPED[2], ({**TAPPED[3][0], "extrapolation_value": 300.0}, *TAPPED[3][1:])]
    model = resize_model(resizes, TensorProto.UINT8)
    x = np.random.default_rng(5).choice(np.array([0, 1, 128, 254, 255], np.uint8), X_SHAPE)
    got = xfuse.onnx.load(model).run({"x": x})
    # onnxruntime has no uint8 cubic: ONNX's reference
    for index, want in enumerate(ReferenceEvaluator(model).run(None, {"x": x})):
        assert got[f"y{index}"].dtype == np.uint8
        np.testing.assert_array_equal(got[f"y{index}"], want, err_msg=str(resizes[index]))


def test_the_decomposition_agrees_with_torch_mlirs_lowering():
    model = resize_model(LOWERED)
    prepared = prepare_for_import(model).model
    assert decompose_resizes(prepared)[1] == 0  # these stay on torch-mlir's path
    decomposed, count = decompose_resizes(prepared, every=True)
    assert count == len(LOWERED)
    x = np.random.default_rng(7).standard_normal(X_SHAPE).astype(np.float32)
    lowered, tapped = xfuse.onnx.load(model).run({"x": x}), xfuse.onnx.load(decomposed).run({"x": x})
    for index in range(len(LOWERED)):
        np.testing.assert_allclose(tapped[f"y{index}"], lowered[f"y{index}"], rtol=1e-5, atol=1e-5,
                                   err_msg=str(LOWERED[index]))


def apply_taps(plan, x):
    """The plan run in numpy (float64), axis by axis."""
    y = x.astype(np.float64)
    for axis, taps in plan.axes:
        trailing = (1,) * (y.ndim - axis - 1)
        if taps.weights is None:
            y = np.take(y, taps.indices, axis=axis)
        else:
            y = (np.take(y, taps.indices, axis=axis) * taps.weights.reshape(taps.weights.shape + trailing)).sum(axis + 1)
        if taps.outside is not None:
            y = np.where(taps.outside.reshape((-1,) + trailing), plan.extrapolation, y)
    return y


@pytest.mark.parametrize("mode", ["nearest", "linear", "cubic"])
def test_taps_match_onnx_reference_in_every_mode(mode):
    # every coordinate transformation, nearest_mode, antialias, exclude_outside and A, on random sizes
    # and scales (down, up, 1) and crop boxes reaching outside: no compilation, numpy against numpy
    rng = np.random.default_rng(len(mode))
    variants = ([{"nearest_mode": m} for m in ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil")]
                if mode == "nearest" else [{"antialias": aa, "exclude_outside": ex, "cubic_coeff_a": a}
                                           for aa in (0, 1) for ex in (0, 1) for a in (-0.75, -0.5)])
    checked = 0
    for variant in variants:
        for transform in ("half_pixel", "asymmetric", "align_corners", "pytorch_half_pixel", "half_pixel_symmetric",
                          "tf_crop_and_resize"):
            sizes = [1, 2, *rng.integers(1, 12, 2)] if checked % 2 else None
            # scales whose coordinates miss the integers: where float rounding puts one a few ulps off an
            # integer, ONNX's reference takes its window from the rounded `c + pad` and the other neighbour
            scales = None if sizes else [1, 1, *rng.choice([0.37, 0.63, 0.81, 1.0, 1.37, 2.21], 2)]
            roi = [0, 0, *rng.uniform(-0.3, 0.5, 2), 1, 1, *rng.uniform(0.6, 1.3, 2)]
            attributes = {"mode": mode, "coordinate_transformation_mode": transform, "extrapolation_value": -3.0,
                          **variant}
            model = resize_model([(attributes, roi if transform == "tf_crop_and_resize" else None, scales, sizes,
                                   ("a", "b", "c", "d"))])
            x = rng.standard_normal(X_SHAPE).astype(np.float32)
            want = ReferenceEvaluator(model).run(None, {"x": x})[0]
            plan = resize_plan(model.graph.node[0], static_types(model), initializer_arrays(model))
            got = apply_taps(plan, x).astype(np.float32)
            assert got.shape == want.shape, attributes
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5, err_msg=f"{attributes} {scales} {sizes}")
            checked += 1


def test_taps_of_weight_zero_are_dropped():
    # a scale-1 cubic axis at integer coordinates: one tap of weight 1 (the identity); linear upsampling: two
    attributes = {"mode": "cubic", "coordinate_transformation_mode": "asymmetric"}
    identity = axis_taps(attributes, 5, 5, 1.0, (0.0, 1.0))
    assert identity.is_identity() and identity.indices.shape == (5, 1)
    doubled = axis_taps({"mode": "linear"}, 5, 10, 2.0, (0.0, 1.0))
    assert doubled.indices.shape == (10, 2) and np.allclose(doubled.weights.sum(axis=1), 1)


def test_a_run_time_roi_stays_refused_by_name():
    model = resize_model([TAPPED[3]])
    roi = model.graph.initializer[0]
    model.graph.input.append(helper.make_tensor_value_info(roi.name, TensorProto.FLOAT, [8]))
    del model.graph.initializer[0]
    with pytest.raises(OnnxError, match=r"node 'resize0' \(Resize\)"):
        xfuse.onnx.load(model)


def affine_grid_model(size, align_corners):
    spatial = len(size) - 2
    node = helper.make_node("AffineGrid", ["theta", "size"], ["grid"], name="affine", align_corners=align_corners)
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("theta", TensorProto.FLOAT,
                                                                          [size[0], spatial, spatial + 1])],
                              [helper.make_tensor_value_info("grid", TensorProto.FLOAT, [size[0], *size[2:], spatial])],
                              [numpy_helper.from_array(np.array(size, np.int64), "size")])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])


@pytest.mark.parametrize("size, align_corners", [((2, 3, 4, 5), 0), ((2, 1, 3, 2, 4), 1)])
def test_affine_grid_agrees_with_onnxruntime(size, align_corners):
    model = affine_grid_model(size, align_corners)
    assert decompose_affine_grids(model)[1] == 1
    theta = np.random.default_rng(2).standard_normal((size[0], len(size) - 2, len(size) - 1)).astype(np.float32)
    got = xfuse.onnx.load(model).run({"theta": theta})["grid"]
    np.testing.assert_allclose(got, onnxruntime_outputs(model, {"theta": theta})[0], rtol=1e-5, atol=1e-6)


def test_base_grid_single_point_with_align_corners_is_minus_one():
    np.testing.assert_array_equal(base_grid([1, 2], True), [[-1, -1, 1], [1, -1, 1]])
    np.testing.assert_array_equal(base_grid([1, 2], False), [[-0.5, 0, 1], [0.5, 0, 1]])


def test_affine_grid_of_one_point_with_align_corners_is_refused():
    with pytest.raises(OnnxError, match=r"node 'affine' \(AffineGrid\): align_corners with a spatial size of 1"):
        xfuse.onnx.load(affine_grid_model((1, 1, 3, 1, 4), 1))


def test_affine_grid_with_a_run_time_size_stays_refused_by_name():
    model = affine_grid_model((1, 1, 2, 3), 0)
    model.graph.input.append(helper.make_tensor_value_info("size", TensorProto.INT64, [4]))
    del model.graph.initializer[0]
    with pytest.raises(OnnxError, match=r"node 'affine' \(AffineGrid\)"):
        xfuse.onnx.load(model)
