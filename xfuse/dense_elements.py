"""Dense element attributes that stay compact: a splat holds one element, not one per position.

xDSL 0.74 expands `dense<0> : tensor<100x64x220x220xi32>` into 310 million packed elements (a
Python list of them first), which takes minutes and gigabytes. MLIR keeps a splat as one value,
and so does xfuse: the parser (xfuse/parsing.py) builds a `DenseIntOrFPElementsAttr` whose data
is a single element while its type has the full shape. xDSL's printer already prints such an
attribute as MLIR does (`dense<0>`), in custom and generic form alike, so no text grows either.

Code that needs the values reads them through `dense_values` (which expands a splat on demand),
never through `get_values()` on an attribute that may be compact.
"""

from __future__ import annotations

from math import prod

from xdsl.dialects.builtin import BytesAttr, DenseIntOrFPElementsAttr


def compact_splat(type: object, element_bytes: bytes) -> DenseIntOrFPElementsAttr:
    """The splat of `type` (a ranked tensor, vector or memref type) whose every element is the
    one element packed in `element_bytes`."""
    return DenseIntOrFPElementsAttr(type, BytesAttr(element_bytes))  # pyright: ignore[reportArgumentType]


def num_elements(attr: DenseIntOrFPElementsAttr) -> int:
    """The number of elements the attribute's type holds (not the number stored)."""
    return prod(attr.get_shape())


def is_compact_splat(attr: DenseIntOrFPElementsAttr) -> bool:
    """Whether `attr` stores one element for a type of several (a splat kept compact)."""
    return len(attr) == 1 and num_elements(attr) != 1


def dense_values(attr: DenseIntOrFPElementsAttr) -> tuple[object, ...]:
    """Every element of `attr`, in row-major order, a compact splat expanded (so call it only
    where the element count is small, e.g. strides or dilations)."""
    values = attr.get_values()
    if is_compact_splat(attr):
        return values * num_elements(attr)
    return values
