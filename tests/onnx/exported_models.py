"""Small networks shaped the way real exporters write them (issue 39), built with onnx.helper.

Each reproduces one failure class of shipped networks, at a size cheap enough for the quick
subset: shapes computed inside the graph from symbolic axes (`symbolic_conv_model`, a detector's
Flatten and grid; `symbolic_attention_model`, GPT-2's head split), `-1` input dimensions
(`minus_one_model`), an exporter's `value_info` that ONNX's strict inference contradicts and
onnxruntime ignores (`stale_value_info_model`)."""

from __future__ import annotations

import numpy as np


def _tensor(inits: list, name: str, array, dtype=np.float32) -> str:
    from onnx import numpy_helper

    inits.append(numpy_helper.from_array(np.asarray(array, dtype), name))
    return name


def _as_exported(model):
    """The model checked, with the `value_info` an exporter writes: every intermediate's type,
    its symbolic axes as ONNX's inference names them (`unk__0`, ...), as `torch.onnx.export` does."""
    import onnx

    onnx.checker.check_model(model)
    return onnx.shape_inference.infer_shapes(model)


def _unsqueeze(name: str, data: str, out: str, opset: int, inits: list):
    """Unsqueeze on axis 0: an attribute before opset 13, an input from 13 on."""
    from onnx import helper

    if opset < 13:
        return helper.make_node("Unsqueeze", [data], [out], name=name, axes=[0])
    return helper.make_node("Unsqueeze", [data, _tensor(inits, f"{name}_axes", [0], np.int64)], [out], name=name)


def symbolic_conv_model(opset: int = 17, seed: int = 0, channels: int = 4, size: int = 8):
    """A YOLO-style block on an input of symbolic shape `[N, 3, H, W]`: Conv, Relu, MaxPool, an
    upsampling Resize whose `sizes` are computed the way older PyTorch exports `Upsample`
    (`Cast(Floor(Cast(Slice(Shape(p), 2, 4)) * 2))`), Concat with the Conv's output, a 1x1 Conv;
    then (a) a Flatten written as `Reshape(q, Concat(Gather(Shape(q), 0), -1))` into a MatMul of
    the fixed width `channels * size^2`, and (b) a grid `q + Cast(Range(0, Gather(Shape(q), 3)))`
    broadcast along the width. Unfolded, torch-mlir types the Resize `[N, C, ?, ?]`; it loads
    with static shapes only when `input_shapes` makes `H = W = size` and the arithmetic folds."""
    import onnx
    from onnx import TensorProto, helper

    rng = np.random.default_rng(seed)
    inits: list = []
    c, flat = channels, channels * size ** 2
    assert opset >= 11, "Resize with sizes needs opset 11"
    # opset 11's Resize needs roi and scales inputs, empty when sizes are given
    unused = (["", ""] if opset >= 13 else [_tensor(inits, "roi", np.zeros(0)), _tensor(inits, "scales", np.zeros(0))])
    nodes = [
        helper.make_node("Conv", ["x", _tensor(inits, "w", rng.normal(0, 0.3, (c, 3, 3, 3))),
                                  _tensor(inits, "b", rng.normal(0, 0.1, c))], ["c"], name="conv", pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c"], ["r"], name="relu"),
        helper.make_node("MaxPool", ["r"], ["p"], name="pool", kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Shape", ["p"], ["p_shape"], name="p_shape"),
        helper.make_node("Slice", ["p_shape", _tensor(inits, "hw_from", [2], np.int64),
                                   _tensor(inits, "hw_to", [4], np.int64)], ["hw"], name="hw"),
        helper.make_node("Slice", ["p_shape", _tensor(inits, "nc_from", [0], np.int64), "hw_from"], ["nc"], name="nc"),
        helper.make_node("Cast", ["hw"], ["hw_f"], name="hw_float", to=TensorProto.FLOAT),
        helper.make_node("Mul", ["hw_f", _tensor(inits, "scale", [2.0, 2.0])], ["hw2_f"], name="hw_scaled"),
        helper.make_node("Floor", ["hw2_f"], ["hw2_floor"], name="hw_floor"),
        helper.make_node("Cast", ["hw2_floor"], ["hw2"], name="hw_int", to=TensorProto.INT64),
        helper.make_node("Concat", ["nc", "hw2"], ["sizes"],
                         name="sizes", axis=0),
        helper.make_node("Resize", ["p", *unused, "sizes"], ["u"], name="upsample", mode="nearest"),
        helper.make_node("Concat", ["u", "c"], ["cat"], name="concat", axis=1),
        helper.make_node("Conv", ["cat", _tensor(inits, "w2", rng.normal(0, 0.3, (c, 2 * c, 1, 1)))], ["q"],
                         name="conv2"),
        helper.make_node("Shape", ["q"], ["q_shape"], name="q_shape"),
        helper.make_node("Gather", ["q_shape", _tensor(inits, "zero", 0, np.int64)], ["n"], name="batch", axis=0),
        _unsqueeze("batch_1d", "n", "n1", opset, inits),
        helper.make_node("Concat", ["n1", _tensor(inits, "minus_one", [-1], np.int64)], ["flat_shape"],
                         name="flat_shape", axis=0),
        helper.make_node("Reshape", ["q", "flat_shape"], ["flat"], name="flatten"),
        helper.make_node("MatMul", ["flat", _tensor(inits, "fc", rng.normal(0, 0.1, (flat, 10)))], ["logits"],
                         name="fc"),
        helper.make_node("Gather", ["q_shape", _tensor(inits, "three", 3, np.int64)], ["w_size"], name="width",
                         axis=0),
        helper.make_node("Range", [_tensor(inits, "start", 0, np.int64), "w_size", _tensor(inits, "step", 1, np.int64)],
                         ["columns"], name="range"),
        helper.make_node("Cast", ["columns"], ["columns_f"], name="cast", to=TensorProto.FLOAT),
        helper.make_node("Add", ["q", "columns_f"], ["gridded"], name="grid_add"),
    ]
    graph = helper.make_graph(
        nodes, "symbolic_conv",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3, "H", "W"])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["N", 10]),
         helper.make_tensor_value_info("gridded", TensorProto.FLOAT, ["N", c, "H", "W"])],
        initializer=inits)
    return _as_exported(helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)]))


def symbolic_attention_model(seed: int = 0, hidden: int = 32, heads: int = 4, max_positions: int = 64):
    """GPT-2's causal self-attention as Hugging Face's exporter writes it, on `x: [B, S, hidden]`
    with symbolic `B` and `S`: Q, K, V by MatMul, split into heads by a Reshape to
    `Concat(Slice(Shape(x), 0, -1), [heads, hidden/heads])`, scores scaled, the causal mask
    sliced from a `max_positions` square buffer at `Sub(Gather(Shape(k), -1), Gather(Shape(q), -2))`
    (`Slice` with computed starts and ends) and applied by `Where`, Softmax, and the heads merged
    by a Reshape to `Concat(Slice(Shape(context), 0, -2), [hidden])`."""
    from onnx import TensorProto, helper

    rng = np.random.default_rng(seed)
    inits: list = []
    dh = hidden // heads
    i64 = np.int64
    causal = np.tril(np.ones((max_positions, max_positions), bool))[None, None]
    nodes = [
        helper.make_node("Shape", ["x"], ["x_shape"], name="x_shape"),
        helper.make_node("Slice", ["x_shape", _tensor(inits, "zero_1d", [0], i64), _tensor(inits, "minus_one_1d", [-1], i64)],
                         ["leading"], name="leading"),
        helper.make_node("Concat", ["leading", _tensor(inits, "head_dims", [heads, dh], i64)], ["split_shape"],
                         name="split_shape", axis=0),
    ]
    for name in ("q", "k", "v"):
        weight = _tensor(inits, f"w{name}", rng.normal(0, hidden ** -0.5, (hidden, hidden)))
        nodes += [helper.make_node("MatMul", ["x", weight], [f"{name}_flat"], name=f"{name}_proj"),
                  helper.make_node("Reshape", [f"{name}_flat", "split_shape"], [f"{name}_heads"], name=f"{name}_split"),
                  helper.make_node("Transpose", [f"{name}_heads"], [name], name=f"{name}_transpose",
                                   perm=[0, 2, 3, 1] if name == "k" else [0, 2, 1, 3])]
    nodes += [
        helper.make_node("MatMul", ["q", "k"], ["scores"], name="scores"),
        helper.make_node("Mul", ["scores", _tensor(inits, "scale", dh ** -0.5)], ["scaled"], name="scale"),
        helper.make_node("Shape", ["q"], ["q_shape"], name="q_shape"),
        helper.make_node("Shape", ["k"], ["k_shape"], name="k_shape"),
        helper.make_node("Gather", ["q_shape", _tensor(inits, "minus_two", -2, i64)], ["query_length"],
                         name="query_length", axis=0),
        helper.make_node("Gather", ["k_shape", _tensor(inits, "minus_one", -1, i64)], ["key_length"],
                         name="key_length", axis=0),
        helper.make_node("Sub", ["key_length", "query_length"], ["mask_start"], name="mask_start"),
        _unsqueeze("mask_start_1d", "mask_start", "mask_starts", 17, inits),
        _unsqueeze("key_length_1d", "key_length", "mask_ends", 17, inits),
        helper.make_node("Slice", [_tensor(inits, "causal", causal, bool), "mask_starts", "mask_ends",
                                   _tensor(inits, "row_axis", [2], i64)], ["rows"], name="mask_rows"),
        helper.make_node("Slice", ["rows", _tensor(inits, "zero_start", [0], i64), "mask_ends",
                                   _tensor(inits, "column_axis", [3], i64)], ["mask"], name="mask_columns"),
        helper.make_node("Where", ["mask", "scaled", _tensor(inits, "masked", np.float32(-1e4))], ["masked_scores"],
                         name="apply_mask"),
        helper.make_node("Softmax", ["masked_scores"], ["attention"], name="softmax", axis=-1),
        helper.make_node("MatMul", ["attention", "v"], ["context"], name="context"),
        helper.make_node("Transpose", ["context"], ["context_t"], name="context_transpose", perm=[0, 2, 1, 3]),
        helper.make_node("Shape", ["context_t"], ["context_shape"], name="context_shape"),
        helper.make_node("Slice", ["context_shape", "zero_1d", _tensor(inits, "minus_two_1d", [-2], i64)], ["outer"],
                         name="outer"),
        helper.make_node("Concat", ["outer", _tensor(inits, "merged", [hidden], i64)], ["merge_shape"],
                         name="merge_shape", axis=0),
        helper.make_node("Reshape", ["context_t", "merge_shape"], ["y"], name="merge"),
    ]
    graph = helper.make_graph(
        nodes, "symbolic_attention",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", "sequence", hidden])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", "sequence", hidden])],
        initializer=inits)
    return _as_exported(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))


def minus_one_model(seed: int = 0):
    """`x: [-1, 3, -1, -1]`, the way older exporters wrote dynamic dimensions, into a Conv and a
    Flatten (`Reshape` to `[0, -1]`)."""
    import onnx
    from onnx import TensorProto, helper

    rng = np.random.default_rng(seed)
    inits: list = []
    nodes = [
        helper.make_node("Conv", ["x", _tensor(inits, "w", rng.normal(0, 0.3, (4, 3, 3, 3)))], ["c"], name="conv"),
        helper.make_node("Relu", ["c"], ["r"], name="relu"),
        helper.make_node("Reshape", ["r", _tensor(inits, "flat_shape", [0, -1], np.int64)], ["y"], name="flatten"),
    ]
    graph = helper.make_graph(nodes, "minus_one",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [-1, 3, -1, -1])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [-1, -1])], initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])
    onnx.checker.check_model(model)
    return model


def stale_value_info_model(seed: int = 0):
    """A Conv, Relu, Flatten whose `value_info` (an exporter's annotation) gives the Relu's
    output rank 2: ONNX's strict inference stops at "Inferred shape and existing shape differ
    in rank"; onnxruntime, which does not trust value_info, runs it."""
    import onnx
    from onnx import TensorProto, helper

    rng = np.random.default_rng(seed)
    inits: list = []
    nodes = [
        helper.make_node("Conv", ["x", _tensor(inits, "w", rng.normal(0, 0.3, (4, 3, 3, 3)))], ["c"], name="conv",
                         pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c"], ["r"], name="relu"),
        helper.make_node("Flatten", ["r"], ["y"], name="flatten", axis=1),
    ]
    graph = helper.make_graph(nodes, "stale_value_info",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 6, 6])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 144])], initializer=inits,
                              value_info=[helper.make_tensor_value_info("r", TensorProto.FLOAT, [1, 144])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    onnx.checker.check_model(model)
    return model


def yolo_neck_model(seed: int = 0, channels: int = 8, size: int = 16):
    """A YOLO-family neck on `[1, 3, 4*size, 4*size]`: two strided Conv+SiLU, an SPPF (two 5x5
    stride-1 max poolings concatenated with their input), a 1x1 Conv, a nearest 2x Resize
    (`scales`) concatenated with the first Conv's output, a 3x3 Conv. MLIR's vectorizer refuses
    the Resize (a gather whose index goes through floor and select): it runs as loops."""
    from onnx import TensorProto, helper

    rng = np.random.default_rng(seed)
    inits: list = []
    c = channels

    def conv_silu(source: str, name: str, cin: int, cout: int, k: int = 1, stride: int = 1) -> list:
        weight = _tensor(inits, f"{name}_w", rng.normal(0, (2 / (cin * k * k)) ** 0.5, (cout, cin, k, k)))
        return [helper.make_node("Conv", [source, weight, _tensor(inits, f"{name}_b", rng.normal(0, 0.1, cout))],
                                 [f"{name}_conv"], name=name, kernel_shape=[k, k], strides=[stride, stride],
                                 pads=[k // 2] * 4),
                helper.make_node("Sigmoid", [f"{name}_conv"], [f"{name}_sigmoid"], name=f"{name}_sigmoid"),
                helper.make_node("Mul", [f"{name}_conv", f"{name}_sigmoid"], [name], name=f"{name}_silu")]

    pool = {"kernel_shape": [5, 5], "strides": [1, 1], "pads": [2, 2, 2, 2]}
    nodes = [*conv_silu("x", "a", 3, c, 3, 2), *conv_silu("a", "b", c, c, 3, 2),
             helper.make_node("MaxPool", ["b"], ["m1"], name="sppf_pool1", **pool),
             helper.make_node("MaxPool", ["m1"], ["m2"], name="sppf_pool2", **pool),
             helper.make_node("Concat", ["b", "m1", "m2"], ["spp"], name="sppf_concat", axis=1),
             *conv_silu("spp", "d", 3 * c, c),
             helper.make_node("Resize", ["d", "", _tensor(inits, "scales", [1, 1, 2, 2])], ["up"], name="upsample",
                              mode="nearest"),
             helper.make_node("Concat", ["up", "a"], ["cat"], name="concat", axis=1),
             *conv_silu("cat", "y", 2 * c, c, 3)]
    graph = helper.make_graph(nodes, "yolo_neck",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 4 * size, 4 * size])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, c, 2 * size, 2 * size])],
                              initializer=inits)
    return _as_exported(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))


def mean_pool_classifier_model(seed: int = 0, channels: int = 1280, classes: int = 1000, size: int = 7):
    """A MobileNet-style classifier head on `[1, 32, size, size]`: a 1x1 Conv to `channels`,
    Clip(0, 6), the global mean as timm exports it (`ReduceMean(axes=[2, 3], keepdims=0)`), a
    Gemm to `classes`. The mean over `channels x size x size` must not be one vector."""
    from onnx import TensorProto, helper

    rng = np.random.default_rng(seed)
    inits: list = []
    nodes = [
        helper.make_node("Conv", ["x", _tensor(inits, "w", rng.normal(0, 0.25, (channels, 32, 1, 1)))], ["c"],
                         name="conv"),
        helper.make_node("Clip", ["c", _tensor(inits, "low", 0.0), _tensor(inits, "high", 6.0)], ["r"], name="relu6"),
        helper.make_node("ReduceMean", ["r", _tensor(inits, "axes", [2, 3], np.int64)], ["pooled"], name="mean",
                         keepdims=0),
        helper.make_node("Gemm", ["pooled", _tensor(inits, "fc", rng.normal(0, 0.05, (classes, channels))),
                                  _tensor(inits, "fc_bias", rng.normal(0, 0.05, classes))], ["logits"], name="fc",
                         transB=1),
    ]
    graph = helper.make_graph(nodes, "mean_pool_classifier",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 32, size, size])],
                              [helper.make_tensor_value_info("logits", TensorProto.FLOAT, [1, classes])],
                              initializer=inits)
    return _as_exported(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)]))


def integer_pow_model(exponent, columns: int = 120):
    """`y = Pow(x, n)` on `x: [4, columns]` with an int64 exponent `n`: a scalar (torch-mlir makes
    `math.fpowi`) or a tensor broadcast along the rows (torch-mlir makes `powf` in f64)."""
    from onnx import TensorProto, helper

    inits: list = []
    node = helper.make_node("Pow", ["x", _tensor(inits, "n", exponent, np.int64)], ["y"], name="pow")
    graph = helper.make_graph([node], "integer_pow", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, columns])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4, columns])], initializer=inits)
    return _as_exported(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))


def bert_embedding_model(seed: int = 0, hidden: int = 64, sequence: int = 16, vocabulary: int = 100):
    """BERT's input end on token ids `[1, sequence]` (int64): a word-embedding Gather plus
    position embeddings, LayerNormalization, a dense MatMul, GELU written with Erf, Softmax.
    MLIR's vectorizer refuses the Gather (a data-dependent `tensor.extract`): it runs as loops."""
    from onnx import TensorProto, helper

    rng = np.random.default_rng(seed)
    inits: list = []
    nodes = [
        helper.make_node("Gather", [_tensor(inits, "words", rng.normal(0, 1, (vocabulary, hidden))), "ids"], ["e"],
                         name="embed"),
        helper.make_node("Add", ["e", _tensor(inits, "positions", rng.normal(0, 1, (sequence, hidden)))], ["ep"],
                         name="positions"),
        helper.make_node("LayerNormalization", ["ep", _tensor(inits, "gamma", rng.uniform(0.5, 1.5, hidden)),
                                                _tensor(inits, "beta", rng.normal(0, 0.1, hidden))], ["ln"],
                         name="layer_norm", axis=-1),
        helper.make_node("MatMul", ["ln", _tensor(inits, "dense_w", rng.normal(0, 0.1, (hidden, hidden)))], ["h"],
                         name="dense"),
        helper.make_node("Mul", ["h", _tensor(inits, "inv_sqrt2", 2 ** -0.5)], ["hs"], name="gelu_scale"),
        helper.make_node("Erf", ["hs"], ["erf"], name="gelu_erf"),
        helper.make_node("Add", ["erf", _tensor(inits, "one", 1.0)], ["erf1"], name="gelu_add"),
        helper.make_node("Mul", ["h", "erf1"], ["he"], name="gelu_mul"),
        helper.make_node("Mul", ["he", _tensor(inits, "half", 0.5)], ["gelu"], name="gelu_half"),
        helper.make_node("Softmax", ["gelu"], ["y"], name="softmax", axis=-1),
    ]
    graph = helper.make_graph(nodes, "bert_embedding",
                              [helper.make_tensor_value_info("ids", TensorProto.INT64, [1, sequence])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, sequence, hidden])],
                              initializer=inits)
    return _as_exported(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))
