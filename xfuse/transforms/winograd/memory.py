"""Winograd's temporaries under the function's peak of activations: the arena does not grow.

A rewritten convolution holds its transformed input `V` (16 x tiles x C) and its products `M`
(16 x tiles x K) while it runs: four times its input and four times its output. Unchecked, the
per-call arena (`xfuse-share-buffers`) grew by them: VGG-19's 24.5 MiB became 70.4 and
Inception-v2's 3.8 became 13.2, above onnxruntime's own peak (issue 40's bound).

The arena is at least the largest `input + output` of any op of the function: both buffers are
live while the op runs (`activation_floor`; function arguments are the caller's, not the
arena's, and a `tensor.pad` is left out: `conv_borders` and `pool_borders` read the largest pads
unpadded). A convolution is rewritten only where its own input and output plus its temporaries
stay at or under that floor (`fits`): VGG-19's peak is at its 224 x 224 x 64 layers, where a
28 x 28 x 512 layer's `V` and `M` fit; its 56 x 56 x 256 layers' do not. Whatever else is live
beside the convolution (a residual) is not counted, so this is a rule measured to hold
(`benchmarks/memory.py`: every arena at or under onnxruntime's per-tensor peak), not a proof;
the floor itself never overestimates the arena. A better estimate of what is live (bufferization's
in-place results, the schedules' fusions) would let more layers in; blocking the rewrite over
tile rows would shrink `V` and `M` to a block's.
"""

from __future__ import annotations

import math

from xdsl.dialects import func
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation, OpResult, SSAValue


def tensor_bytes(type_) -> int:
    """Bytes of a static tensor type; 0 for anything else."""
    if not isinstance(type_, TensorType) or not type_.has_static_shape():
        return 0
    return math.prod(type_.get_shape()) * max(1, type_.get_element_type().bitwidth // 8)


def _activation(value: SSAValue) -> int:
    """Bytes of `value` when it is an activation the arena holds (an op's result; a pad counts as
    its source)."""
    while isinstance(value, OpResult) and value.op.name == "tensor.pad":
        value = value.op.operands[0]
    return tensor_bytes(value.type) if isinstance(value, OpResult) else 0


def in_and_out(op: Operation) -> int:
    """Bytes of `op`'s activation inputs and results, each value once (a destination-style op's
    inits are its results' buffers: not counted again)."""
    outputs = getattr(op, "outputs", None)
    inits = len(outputs) if outputs is not None and len(outputs) == len(op.results) else 0
    inputs = op.operands[:len(op.operands) - inits]
    return sum(_activation(v) for v in {*inputs, *op.results})


MATERIALIZING = ("linalg.conv_", "linalg.depthwise_conv_", "linalg.pooling_", "linalg.matmul", "linalg.batch_matmul")
"""The ops whose input and output are both buffers in the arena: an elementwise op between them
is fused into a register tile or computed in place, so it is no bound."""


def activation_floor(function: func.FuncOp) -> int:
    """The largest `in_and_out` over the convolutions, poolings and matrix products of
    `function`'s body: the arena is at least this."""
    return max((in_and_out(op) for op in function.body.block.ops if op.name.startswith(MATERIALIZING)),
               default=0)


def _view_source(value: SSAValue) -> SSAValue:
    while isinstance(value, OpResult) and value.op.name in VIEWS:
        value = value.op.operands[0]
    return value


EMPTY_IS_LIVE = False
"""Whether `live_across` counts a `tensor.empty` defined before the op and written after it
(the fifteenth session's bound did; kept for A/B measurements)."""

VIEWS = ("tensor.pad", "tensor.collapse_shape", "tensor.expand_shape", "tensor.extract_slice", "tensor.cast")
"""Ops counted as their source's buffer."""


def live_across(function: func.FuncOp, op: Operation) -> int:
    """Bytes of the activations defined before `op` (a top-level op of `function`) and read after
    it: what stays live beside it (a residual). Each value once, through views; a value and the
    elementwise result computed in its buffer both count (an overestimate: the safe side). A
    `tensor.empty` is no activation: it holds nothing before the op after that writes it (the
    destination of an epilogue the import placed before the convolution, 2.3 MiB beside
    Inception-v2's 56 x 56 x 64 -> 192 layer, counted until the sixteenth session)."""
    ops = list(function.body.block.ops)
    at = ops.index(op)
    position = {o: i for i, o in enumerate(ops)}
    live: set[SSAValue] = set()
    for later in ops[at + 1:]:
        for nested in later.walk():
            for operand in nested.operands:
                source = _view_source(operand)
                if isinstance(source, OpResult) and position.get(source.op, at) < at and (
                        EMPTY_IS_LIVE or source.op.name != "tensor.empty"):
                    live.add(source)
    return sum(tensor_bytes(v.type) for v in live)


def fits(floor: int, function: func.FuncOp, conv: Operation, extra: int) -> bool:
    """Whether `conv`'s own activations, what stays live beside it and `extra` bytes stay at or
    under `floor`."""
    return in_and_out(conv) + live_across(function, conv) + extra <= floor
