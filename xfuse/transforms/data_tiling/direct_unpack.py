"""The i8 kernel writing its result unpacked: an mmt4d whose accumulator is a zero fill and whose
only reader is a `linalg.unpack` that drops no padding becomes a kernel that writes each 16-lane
row of a tile straight to its place in the row-major `M x N` result, and the unpack goes.

    %c = linalg.fill 0 -> m1 x n1 x m0 x 16       %r = kernel(A, B, tensor.empty : M x N)
    %p = mmt4d(A, B, %c)                     =>   (rows i*m0 + r, columns j*16 .. j*16 + 15)
    %u = linalg.unpack %p -> M x N

The unpack was a pass over the whole i32 result (lowered to a transpose and a copy) between the
kernel and its epilogue (the dequantization, a bias, a ReLU; the requantization of a QDQ
convolution). The sums are the same; only where they are stored changes, so the result is
bit-identical. A row of 16 i32 is one 64-byte line of C. Left as they are: a padded unpack
(M or N not a multiple of the tile), a non-zero or non-fill accumulator, a permuted or
transposed unpack, a packed result with other readers.
"""

from __future__ import annotations

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import IntegerAttr, TensorType
from xdsl.ir import Operation, SSAValue

from xfuse.dialects.linalg import Mmt4DOp
from xfuse.dialects.linalg_pack import UnPackOp

DIRECT_UNPACK = True
"""The vpdpbusd kernel writes an unpacked result directly (module doc) when True; False keeps
the packed result and its `linalg.unpack`. On: 0.85-0.87x the time of the int8 MLP and
transformer, 0.74-0.75x the two CNNs, 259-290 of 300 interleaved rounds, two runs (nineteenth
session, docs/backend-measurements.md)."""


def _zero_fill(value: SSAValue) -> Operation | None:
    owner = value.owner
    if not isinstance(owner, Operation) or owner.name != "linalg.fill" or len(owner.operands) != 2:
        return None
    scalar = owner.operands[0].owner
    if isinstance(scalar, arith.ConstantOp) and isinstance(scalar.value, IntegerAttr) and scalar.value.value.data == 0:
        return owner
    return None


def direct_unpack(op: Mmt4DOp, enabled: bool | None = None) -> UnPackOp | None:
    """The unpack that `op`'s kernel can write directly (module doc), else None. `enabled` None:
    `DIRECT_UNPACK`."""
    if not (DIRECT_UNPACK if enabled is None else enabled) or _zero_fill(op.operands[2]) is None or op.results[0].uses.get_length() != 1:
        return None
    unpack = next(iter(op.results[0].uses)).operation
    if not isinstance(unpack, UnPackOp) or unpack.source is not op.results[0]:
        return None
    if unpack.get_outer_dims_perm() not in ((), (0, 1)) or unpack.get_inner_dims_pos() != (0, 1):
        return None
    packed, dest = op.results[0].type, unpack.dest.type
    if not (isinstance(dest, TensorType) and dest.has_static_shape() and dest.get_element_type() == packed.get_element_type()):
        return None
    m1, n1, m0, n0 = packed.get_shape()
    if tuple(unpack.get_static_inner_tiles()) != (m0, n0) or tuple(dest.get_shape()) != (m1 * m0, n1 * n0):
        return None  # padded (or dynamic) tiles
    return unpack


def empty_result(unpack: UnPackOp) -> tensor.EmptyOp:
    """The kernel's unpacked destination."""
    return tensor.EmptyOp([], unpack.dest.type)
