"""The copies of a concatenation as linalg ops the parallel split can cut across the CPUs.

`DECOMPOSE_CONCAT` (transform_scripts.py) turns a `tensor.concat` into one `tensor.insert_slice` per
input, and `eliminate-empty-tensors` makes an input's producer write into its slice. The inputs it
cannot place so, because they have other readers (DenseNet-121 concatenates every dense layer's
new channels to all the channels before it, which that layer's batch norm also reads), are copied
by one-shot-bufferize with a `memref.copy` on one thread (`memrefCopy`, strided_copy.py): at two
threads those copies were most of DenseNet-121's 11.5 ms outside every parallel region (issue 40;
10.2 M elements over its 58 concatenations).

`concat_copies(module, min_elements)` rewrites each static `tensor.concat` of the function bodies
into what `decompose_concat` makes (an empty tensor and an `insert_slice` per input), except that
an input of at least `min_elements` elements that has another reader, or is a function argument or
not a linalg op's result, is first copied by an identity `linalg.generic` into its slice of the
destination (`extract_slice` / generic / `insert_slice`, which one-shot-bufferize keeps in place):
a loop nest `plan_parallel_split` tiles like any other elementwise op. The other inputs keep their
plain `insert_slice`, so their producers still write into the slice.
"""

from __future__ import annotations

import math

from xdsl.builder import Builder, InsertPoint
from xdsl.dialects import tensor
from xdsl.dialects.builtin import AffineMapAttr, ModuleOp, TensorType
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, YieldOp
from xdsl.ir import Block, OpResult, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.rewriter import Rewriter

from xfuse.backends.parallel.parallel_split import function_bodies


def _placed_by_its_producer(value: SSAValue) -> bool:
    """Whether `eliminate-empty-tensors` may let `value`'s producer write into the slice: the
    concat is its only reader and it is a linalg op's result."""
    return (isinstance(value, OpResult) and value.op.name.startswith("linalg.")
            and len({use.operation for use in value.uses}) == 1)


def _identity_copy(source: SSAValue, destination: SSAValue) -> GenericOp:
    rank = source.type.get_num_dims()  # type: ignore[attr-defined]
    element = source.type.get_element_type()  # type: ignore[attr-defined]
    body = Block(arg_types=[element, element])
    body.add_op(YieldOp(body.args[0]))
    identity = AffineMapAttr(AffineMap.identity(rank))
    return GenericOp([source], [destination], Region(body), [identity, identity],
                     [IteratorTypeAttr.parallel()] * rank, [destination.type])


def concat_copies(module: ModuleOp, min_elements: int) -> int:
    """Decompose the concatenations of `module` with their large copies as linalg ops (module
    docstring); the number of copies made."""
    copies = 0
    for _, block_ops, _ in function_bodies(module):
        for concat in block_ops:
            if not isinstance(concat, tensor.ConcatOp):
                continue
            result = concat.result.type
            inputs = list(concat.inputs)
            if not (isinstance(result, TensorType) and result.has_static_shape()
                    and all(isinstance(v.type, TensorType) and v.type.has_static_shape() for v in inputs)):
                continue
            large = [math.prod(v.type.get_shape()) >= min_elements and not _placed_by_its_producer(v)
                     for v in inputs]
            if not any(large):
                continue
            builder = Builder(InsertPoint.before(concat))
            destination = builder.insert(tensor.EmptyOp([], result)).tensor
            dim, offset, shape = concat.dim.value.data, 0, result.get_shape()
            for value, copied in zip(inputs, large, strict=True):
                sizes = list(value.type.get_shape())
                offsets = [offset if d == dim else 0 for d in range(len(shape))]
                source = value
                if copied:
                    slice_ = builder.insert(tensor.ExtractSliceOp.from_static_parameters(destination, offsets, sizes))
                    source = builder.insert(_identity_copy(value, slice_.result)).res[0]
                    copies += 1
                destination = builder.insert(
                    tensor.InsertSliceOp.from_static_parameters(source, destination, offsets, sizes)).result
                offset += sizes[dim]
            Rewriter.replace_op(concat, [], [destination])
    return copies
