"""What a `#rock.transform_map` means: coordinates, validity, composition, inversion, builders.

A transform map takes *upper* coordinates (the view's) to *lower* coordinates (the underlying
buffer's). Each kind's index arithmetic is written once, in `apply_transform`, against a small
`Arith` protocol, and interpreted three ways:

- `IntArith`: Python ints (`apply`, the unit tests, the verifier's semantic check);
- `AffineArith`: `AffineExpr`s (`make_transform_map` derives the map's affine map from its
  transformations, so a hand-written map can be checked against them);
- `xfuse.transforms.rock.lower.IRArith`: `arith` ops (the `rock-to-loops` lowering).

Validity follows rocMLIR: a Pad or an Embed can produce a coordinate outside the lower bounds;
reads of invalid coordinates give 0 and writes to them are dropped.

A *stack* (a tuple of maps, outermost first: `stack[0].upper` is the view the user indexes,
`stack[-1].lower` the buffer) is what rocMLIR's `extraViews` and chains of `rock.transform`
are; composition concatenates stacks. `invert` follows rocMLIR's invertTransformMap:
PassThrough, Merge <-> Unmerge, AddDim{1} <-> ConstDim{0, 1}; anything else refuses.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from xdsl.dialects.builtin import AffineMapAttr
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.rock_attrs import TransformAttr, TransformMapAttr

T = TypeVar("T")
B = TypeVar("B")

TransformStack = tuple[TransformMapAttr, ...]
"""Maps applied in order: `stack[0]` takes the outermost view's coordinates."""


class Arith(Protocol, Generic[T, B]):
    """The arithmetic the transformations need (index values `T`, conditions `B`)."""

    def const(self, value: int) -> T: ...
    def add(self, a: T, b: T) -> T: ...
    def sub(self, a: T, b: T) -> T: ...
    def mul(self, a: T, b: T) -> T: ...
    def floordiv(self, a: T, b: T) -> T: ...
    def mod(self, a: T, b: T) -> T: ...
    def in_range(self, a: T, size: int) -> B | None: ...


class IntArith:
    """Transform arithmetic on Python ints."""

    def const(self, value: int) -> int:
        return value

    def add(self, a: int, b: int) -> int:
        return a + b

    def sub(self, a: int, b: int) -> int:
        return a - b

    def mul(self, a: int, b: int) -> int:
        return a * b

    def floordiv(self, a: int, b: int) -> int:
        return a // b

    def mod(self, a: int, b: int) -> int:
        return a % b

    def in_range(self, a: int, size: int) -> bool:
        return 0 <= a < size


class AffineArith:
    """Transform arithmetic building `AffineExpr`s (validity is not expressible: None)."""

    def const(self, value: int) -> AffineExpr:
        return AffineExpr.constant(value)

    def add(self, a: AffineExpr, b: AffineExpr) -> AffineExpr:
        return a + b

    def sub(self, a: AffineExpr, b: AffineExpr) -> AffineExpr:
        return a - b

    def mul(self, a: AffineExpr, b: AffineExpr) -> AffineExpr:
        return a * b

    def floordiv(self, a: AffineExpr, b: AffineExpr) -> AffineExpr:
        return a // b

    def mod(self, a: AffineExpr, b: AffineExpr) -> AffineExpr:
        return a % b

    def in_range(self, a: AffineExpr, size: int) -> None:
        return None


def apply_transform(
    transform: TransformAttr,
    upper: Sequence[T],
    lower: list[T | None],
    lower_bounds: Sequence[int],
    arith: Arith[T, B],
) -> list[B]:
    """Write `transform`'s lower coordinates into `lower`; return its validity conditions."""
    kind, params = transform.kind_name, transform.param_values
    ups = [upper[d] for d in transform.uppers]
    lows = transform.lowers
    conditions: list[B | None] = []
    if kind == "PassThrough":
        for low, value in zip(lows, ups, strict=True):
            lower[low] = value
    elif kind == "Pad":
        for i, (low, value) in enumerate(zip(lows, ups, strict=True)):
            left = params[2 * i]
            lower[low] = arith.sub(value, arith.const(left)) if left else value
            if left or params[2 * i + 1]:
                conditions.append(arith.in_range(lower[low], lower_bounds[low]))  # type: ignore[arg-type]
    elif kind == "Slice":
        for i, (low, value) in enumerate(zip(lows, ups, strict=True)):
            begin = params[2 * i]
            lower[low] = arith.add(value, arith.const(begin)) if begin else value
    elif kind == "Embed":
        total = _weighted_sum(ups, params, arith)
        lower[lows[0]] = total
        conditions.append(arith.in_range(total, lower_bounds[lows[0]]))
    elif kind == "Unmerge":
        total = ups[0]
        for value, size in zip(ups[1:], params[1:], strict=True):
            total = arith.add(arith.mul(total, arith.const(size)), value)
        lower[lows[0]] = total
    elif kind == "Merge":
        value = ups[0]
        for i, low in enumerate(lows):
            stride = math.prod(params[i + 1 :])
            part = arith.floordiv(value, arith.const(stride)) if stride != 1 else value
            lower[low] = part if i == 0 else arith.mod(part, arith.const(params[i]))
    elif kind == "AddDim":
        pass
    elif kind == "Broadcast":
        for low, value, size in zip(lows, ups, params, strict=True):
            lower[low] = arith.const(0) if size == 1 else arith.mod(value, arith.const(size))
    elif kind == "ConstDim":
        for i, low in enumerate(lows):
            lower[low] = arith.const(params[2 * i])
    else:  # pragma: no cover - the attribute verifier rejects other kinds
        raise ValueError(f"unknown transformation type {kind}")
    return [c for c in conditions if c is not None]


def _weighted_sum(values: Sequence[T], coefficients: Sequence[int], arith: Arith[T, B]) -> T:
    terms = [
        value if c == 1 else arith.mul(value, arith.const(c))
        for value, c in zip(values, coefficients, strict=True)
        if c != 0
    ]
    if not terms:
        return arith.const(0)
    total = terms[0]
    for term in terms[1:]:
        total = arith.add(total, term)
    return total


def apply_map(tmap: TransformMapAttr, upper: Sequence[T], arith: Arith[T, B]) -> tuple[list[T], list[B]]:
    """Lower coordinates of `upper` through one map, and the validity conditions met on the way."""
    if len(upper) != len(tmap.upper):
        raise ValueError(f"expected {len(tmap.upper)} coordinates, got {len(upper)}")
    return apply_transforms(tuple(tmap.ops), upper, tmap.lower, arith)


def apply_transforms(
    transforms: Sequence[TransformAttr], upper: Sequence[T], lower_bounds: Sequence[int], arith: Arith[T, B]
) -> tuple[list[T], list[B]]:
    """`apply_map` on transformations not yet packaged in a map."""
    lower: list[T | None] = [None] * len(lower_bounds)
    conditions: list[B] = []
    for transform in transforms:
        conditions += apply_transform(transform, upper, lower, lower_bounds, arith)
    missing = [i for i, v in enumerate(lower) if v is None]
    if missing:
        raise ValueError(f"lower dimensions {missing} are not defined by any transformation")
    return lower, conditions  # type: ignore[return-value]


def apply(stack: TransformMapAttr | Sequence[TransformMapAttr], upper: Sequence[int]) -> tuple[tuple[int, ...], bool]:
    """Buffer coordinates of view coordinates `upper`, and whether they are valid (in bounds)."""
    maps = (stack,) if isinstance(stack, TransformMapAttr) else tuple(stack)
    coords, valid = list(upper), True
    for tmap in maps:
        coords, conditions = apply_map(tmap, coords, IntArith())
        valid = valid and all(conditions)
    return tuple(coords), valid


def make_transform_map(
    transforms: Sequence[TransformAttr], upper_bounds: Sequence[int], lower_bounds: Sequence[int]
) -> TransformMapAttr:
    """A transform_map of `transforms`, with its affine map derived from them."""
    dims = [AffineExpr.dimension(i) for i in range(len(upper_bounds))]
    exprs, _ = apply_transforms(transforms, dims, lower_bounds, AffineArith())
    return TransformMapAttr(
        transforms, AffineMapAttr(AffineMap(len(upper_bounds), 0, tuple(exprs))), upper_bounds, lower_bounds
    )


# ---------------------------------------------------------------------------------------------
# Verification (called by TransformMapAttr.verify)
# ---------------------------------------------------------------------------------------------


def verify_transform_map(tmap: TransformMapAttr) -> None:
    """Arity, coverage, size relations, and the affine map agreeing with the transformations."""
    affine = tmap.map.data
    upper, lower = tmap.upper, tmap.lower
    if affine.num_dims != len(upper):
        raise VerifyException(
            f"Affine map has {affine.num_dims} inputs but there are {len(upper)} input dimensions"
        )
    if len(affine.results) != len(lower):
        raise VerifyException(
            f"Affine map has {len(affine.results)} outputs but there are {len(lower)} output dimensions"
        )
    if any(v < 0 for v in upper):
        raise VerifyException("Upper bound/shape component less than 0")
    if any(v < 0 for v in lower):
        raise VerifyException("Lower bound/shape component less than 0")
    _verify_coverage(tmap)
    known = all(v > 0 for v in (*upper, *lower))  # rocMLIR writes 0 bounds for "unknown"
    if known:
        for transform in tmap.ops:
            _verify_sizes(transform, upper, lower)
    _verify_affine_map_agrees(tmap, known)


def _verify_coverage(tmap: TransformMapAttr) -> None:
    for side, count, dims_of in (
        ("upper", len(tmap.upper), lambda t: t.uppers),
        ("lower", len(tmap.lower), lambda t: t.lowers),
    ):
        seen: dict[int, int] = {}
        for transform in tmap.ops:
            for d in dims_of(transform):
                if d >= count:
                    raise VerifyException(
                        f"{transform.kind_name} uses {side} dimension {d}, but there are only {count}"
                    )
                if d in seen:
                    raise VerifyException(f"{side} dimension {d} is defined by more than one transformation")
                seen[d] = 1
        missing = sorted(set(range(count)) - set(seen))
        if missing:
            raise VerifyException(
                f"{side} dimension{'s' if len(missing) > 1 else ''} {missing} "
                f"{'are' if len(missing) > 1 else 'is'} not covered by any transformation"
            )


def _verify_sizes(transform: TransformAttr, upper: Sequence[int], lower: Sequence[int]) -> None:
    kind, params = transform.kind_name, transform.param_values
    ups = [upper[d] for d in transform.uppers]
    lows = [lower[d] for d in transform.lowers]

    def fail(message: str) -> None:
        raise VerifyException(f"{kind}: {message}")

    if kind == "PassThrough" and ups != lows:
        fail(f"upper sizes {ups} differ from lower sizes {lows}")
    elif kind == "Pad":
        for i, (u, low) in enumerate(zip(ups, lows, strict=True)):
            if u != low + params[2 * i] + params[2 * i + 1]:
                fail(f"upper size {u} is not lower size {low} + {params[2 * i]} + {params[2 * i + 1]}")
    elif kind == "Slice":
        for i, (u, low) in enumerate(zip(ups, lows, strict=True)):
            begin, end = params[2 * i], params[2 * i + 1]
            if u != end - begin or end > low:
                fail(f"slice [{begin}, {end}) of a dimension of size {low} cannot have size {u}")
    elif kind == "Unmerge":
        if list(params) != ups or math.prod(params) != lows[0]:
            fail(f"parameters {list(params)} must be the upper sizes {ups}, whose product is the lower size {lows[0]}")
    elif kind == "Merge":
        if list(params) != lows or math.prod(params) != ups[0]:
            fail(f"parameters {list(params)} must be the lower sizes {lows}, whose product is the upper size {ups[0]}")
    elif kind == "AddDim" and ups[0] != params[0]:
        fail(f"upper size {ups[0]} differs from the parameter {params[0]}")
    elif kind == "Broadcast" and list(params) != lows:
        fail(f"parameters {list(params)} must be the lower sizes {lows}")
    elif kind == "ConstDim" and list(params[1::2]) != lows:
        fail(f"lengths {list(params[1::2])} must be the lower sizes {lows}")


def _sample_points(bounds: Sequence[int], known: bool, count: int = 64) -> list[tuple[int, ...]]:
    ranges = [range(b) if known else range(3) for b in bounds]
    total = math.prod(len(r) for r in ranges)
    if total <= count:
        return list(itertools.product(*ranges))
    rng = random.Random(0)
    corners = [tuple(r[0] for r in ranges), tuple(r[-1] for r in ranges)]
    return corners + [tuple(rng.choice(r) for r in ranges) for _ in range(count)]


def _verify_affine_map_agrees(tmap: TransformMapAttr, known: bool) -> None:
    affine = tmap.map.data
    if affine.num_symbols:
        raise VerifyException("the affine map of a transform_map cannot have symbols")
    for point in _sample_points(tmap.upper, known):
        from_transforms, _ = apply_map(tmap, point, IntArith())
        from_map = affine.eval(point, [])
        if tuple(from_transforms) != tuple(from_map):
            raise VerifyException(
                f"the affine map {affine} disagrees with the transformations at {list(point)}: "
                f"it gives {list(from_map)}, the transformations give {list(from_transforms)}"
            )


# ---------------------------------------------------------------------------------------------
# Composition and inversion
# ---------------------------------------------------------------------------------------------


def compose(*stacks: TransformMapAttr | Sequence[TransformMapAttr]) -> TransformStack:
    """The stack applying `stacks` in order (each one's lower space is the next one's upper)."""
    result: list[TransformMapAttr] = []
    for stack in stacks:
        for tmap in (stack,) if isinstance(stack, TransformMapAttr) else stack:
            if result and result[-1].lower != tmap.upper:
                raise ValueError(
                    f"cannot compose: a map to bounds {list(result[-1].lower)} "
                    f"then a map from bounds {list(tmap.upper)}"
                )
            result.append(tmap)
    return tuple(result)


class NotInvertible(Exception):
    """A view that has no inverse view (the message says which transformation and why)."""


_WHY_NOT_INVERTIBLE = {
    "Pad": "it adds coordinates that exist in no buffer",
    "Slice": "it hides part of the buffer",
    "Embed": "its coordinates may overlap or leave holes",
    "Broadcast": "several coordinates read one element",
}


def invert_transform(transform: TransformAttr) -> list[TransformAttr]:
    """The transformations undoing `transform` (upper and lower swapped)."""
    kind, params = transform.kind_name, transform.param_values
    up_names = [n.data for n in transform.upper_names]
    low_names = [n.data for n in transform.lower_names]
    ups, lows = transform.uppers, transform.lowers
    if kind == "PassThrough":
        return [TransformAttr("PassThrough", [], low_names, lows, up_names, ups)]
    if kind == "Merge":
        return [TransformAttr("Unmerge", params, low_names, lows, up_names, ups)]
    if kind == "Unmerge":
        return [TransformAttr("Merge", params, low_names, lows, up_names, ups)]
    if kind == "AddDim" and params == (1,):
        return [TransformAttr("ConstDim", [0, 1], [], [], up_names, ups)]
    if kind == "ConstDim" and all(params[i] == 0 and params[i + 1] == 1 for i in range(0, len(params), 2)):
        return [TransformAttr("AddDim", [1], [name], [d], [], []) for name, d in zip(low_names, lows, strict=True)]
    if kind == "AddDim":
        reason = f"it adds a dimension of size {params[0]} that no buffer coordinate determines"
    elif kind == "ConstDim":
        reason = "it reads only one index of a dimension longer than 1"
    else:
        reason = _WHY_NOT_INVERTIBLE[kind]
    raise NotInvertible(f"{transform.body_text()} cannot be inverted: {reason}")


def invert(tmap: TransformMapAttr) -> TransformMapAttr:
    """The map from `tmap`'s lower space to its upper space; `NotInvertible` if there is none."""
    try:
        transforms = [inverse for t in tmap.ops for inverse in invert_transform(t)]
    except NotInvertible as reason:
        raise NotInvertible(f"{reason}, in the map #rock.transform_map{tmap.body_text()}") from None
    return make_transform_map(transforms, tmap.lower, tmap.upper)


def _inverse_or_none(tmap: TransformMapAttr) -> TransformMapAttr | None:
    try:
        return invert(tmap)
    except NotInvertible:
        return None


def are_inverses(first: TransformMapAttr, second: TransformMapAttr) -> bool:
    """Whether applying `first` then `second` is the identity because one is the other's `invert`
    (a structural check: conservative, it never cancels maps that are not inverses)."""
    if first.upper != second.lower or first.lower != second.upper:
        return False
    return _inverse_or_none(first) == second or _inverse_or_none(second) == first


def simplify_stack(stack: Sequence[TransformMapAttr]) -> TransformStack:
    """`stack` without adjacent pairs of a map and its inverse (pulling and pushing make them)."""
    result: list[TransformMapAttr] = []
    for tmap in stack:
        if result and are_inverses(result[-1], tmap):
            result.pop()
        else:
            result.append(tmap)
    return tuple(result)


def invert_stack(stack: Sequence[TransformMapAttr]) -> TransformStack:
    """The inverse of a stack: each map inverted, in reverse order."""
    return tuple(invert(m) for m in reversed(stack))


# ---------------------------------------------------------------------------------------------
# Builders
# ---------------------------------------------------------------------------------------------


def _names(prefix: str, dims: Sequence[int]) -> list[str]:
    return [f"{prefix}{d}" for d in dims]


def identity_map(shape: Sequence[int]) -> TransformMapAttr:
    dims = list(range(len(shape)))
    return make_transform_map(
        [TransformAttr("PassThrough", [], _names("dim", dims), dims, _names("dim", dims), dims)], shape, shape
    )


def permutation_map(shape: Sequence[int], permutation: Sequence[int]) -> TransformMapAttr:
    """The view `v[i0, ..] = buf[i_{p0}, ..]`-style transpose: upper dim k is lower dim `permutation[k]`."""
    upper = [shape[p] for p in permutation]
    dims = list(range(len(shape)))
    return make_transform_map(
        [TransformAttr("PassThrough", [], _names("dim", permutation), dims, _names("dim", permutation), list(permutation))],
        upper,
        shape,
    )


def expand_shape_view(
    reassociation: Sequence[Sequence[int]], source_shape: Sequence[int], result_shape: Sequence[int]
) -> TransformMapAttr:
    """`memref.expand_shape` as a view: upper = the expanded result, lower = the source (Unmerge)."""
    transforms = []
    for low, group in enumerate(reassociation):
        group = list(group)
        if len(group) == 1:
            transforms.append(TransformAttr("PassThrough", [], _names("exp", group), group, [f"col{low}"], [low]))
        else:
            sizes = [result_shape[d] for d in group]
            transforms.append(TransformAttr("Unmerge", sizes, _names("exp", group), group, [f"col{low}"], [low]))
    return make_transform_map(transforms, result_shape, source_shape)


def collapse_shape_view(
    reassociation: Sequence[Sequence[int]], source_shape: Sequence[int], result_shape: Sequence[int]
) -> TransformMapAttr:
    """`memref.collapse_shape` as a view: upper = the collapsed result, lower = the source (Merge)."""
    transforms = []
    for up, group in enumerate(reassociation):
        group = list(group)
        if len(group) == 1:
            transforms.append(TransformAttr("PassThrough", [], [f"col{up}"], [up], _names("exp", group), group))
        else:
            sizes = [source_shape[d] for d in group]
            transforms.append(TransformAttr("Merge", sizes, [f"col{up}"], [up], _names("exp", group), group))
    return make_transform_map(transforms, result_shape, source_shape)


def reshape_view(op: Operation) -> TransformMapAttr:
    """The view a `memref.expand_shape` / `memref.collapse_shape` (static shapes) stands for."""
    from xdsl.dialects import memref

    if not isinstance(op, memref.ExpandShapeOp | memref.CollapseShapeOp):
        raise TypeError(f"expected memref.expand_shape or memref.collapse_shape, got {op.name}")
    source_shape = list(op.src.type.get_shape())  # type: ignore[attr-defined]
    result_shape = list(op.result.type.get_shape())  # type: ignore[attr-defined]
    if any(d < 0 for d in (*source_shape, *result_shape)):
        raise NotInvertible(f"{op.name} with dynamic shapes has no static view")
    groups = [[d.value.data for d in group] for group in op.reassociation]  # type: ignore[attr-defined]
    build = expand_shape_view if isinstance(op, memref.ExpandShapeOp) else collapse_shape_view
    return build(groups, source_shape, result_shape)


def indexing_map_view(
    indexing_map: AffineMap, domain: Sequence[int], operand_shape: Sequence[int]
) -> TransformMapAttr:
    """A linalg operand's indexing map as a view from the iteration domain to the operand.

    Accepted: every result a distinct loop dimension (transpose, projection = broadcast along the
    missing loops) or the constant 0 on a dimension of size 1 (broadcast of a unit dimension).
    """
    if indexing_map.num_symbols:
        raise NotInvertible(f"indexing map {indexing_map} has symbols")
    transforms: list[TransformAttr] = []
    used: set[int] = set()
    from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr

    for low, expr in enumerate(indexing_map.results):
        if isinstance(expr, AffineDimExpr) and expr.position not in used:
            used.add(expr.position)
            if domain[expr.position] != operand_shape[low]:
                raise NotInvertible(
                    f"loop d{expr.position} of size {domain[expr.position]} indexes an operand dimension of size {operand_shape[low]}"
                )
            transforms.append(
                TransformAttr("PassThrough", [], [f"d{expr.position}"], [expr.position], [f"dim{low}"], [low])
            )
        elif isinstance(expr, AffineConstantExpr) and expr.value == 0 and operand_shape[low] == 1:
            transforms.append(TransformAttr("ConstDim", [0, 1], [], [], [f"dim{low}"], [low]))
        else:
            raise NotInvertible(f"indexing map result {expr} is neither a loop dimension nor 0 on a unit dimension")
    for d in range(len(domain)):
        if d not in used:
            transforms.append(TransformAttr("AddDim", [domain[d]], [f"d{d}"], [d], [], []))
    return make_transform_map(transforms, domain, operand_shape)


# ---------------------------------------------------------------------------------------------
# Chains of rock.transform in the IR
# ---------------------------------------------------------------------------------------------


def view_chain(value: SSAValue) -> tuple[SSAValue, TransformStack]:
    """The buffer under a chain of rock.transform, and the maps from `value` down to it."""
    from xfuse.dialects.rock import TransformOp

    maps: list[TransformMapAttr] = []
    while isinstance(value.owner, TransformOp):
        maps.append(value.owner.transform)
        value = value.owner.input
    return value, tuple(maps)


def build_view_chain(buffer: SSAValue, stack: Sequence[TransformMapAttr], point: InsertPoint) -> SSAValue:
    """`rock.transform` ops viewing `buffer` through `stack` (outermost map first), inserted at `point`.

    Maps are kept as given, as the seed writes them (`simplify_stack` cancels inverse pairs
    where a comparison needs it)."""
    from xfuse.dialects.rock import TransformOp

    value = buffer
    full = tuple(stack)
    for tmap in reversed(full):
        op = TransformOp(value, tmap)
        Rewriter.insert_op(op, point)
        value = op.output
    return value
