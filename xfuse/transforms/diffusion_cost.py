"""Cost models of `xfuse-diffusion`: the policy that chooses where (and whether) to fuse.

The diffusion driver (`xfuse/transforms/diffusion.py`) never decides profitability: for each
producer or consumer it may fuse, it collects the candidate slices (the chain of
`tensor.extract_slice` from the central op's operand out to the producer, or of
`tensor.insert_slice` / `tensor.parallel_insert_slice` from the central op's result out to the
loop nest result) and asks a *cost model*, a callable

    model(op, candidates, nest) -> FusionCandidate | None

- `op`: the producer or consumer being considered (the original op, outside the loops);
- `candidates`: the `FusionCandidate`s not tried yet, inner to outer;
- `nest`: the loops enclosing the central op, outermost first.

It returns the candidate to try, or None to leave `op` unfused. When the fusion at the chosen
candidate is refused (the fusion functions' legality is the ground truth: a reduction cut, an
inner tile of a pack cut, an accumulation loop, ...), the driver asks again without it, so a model
that orders candidates gets "best legal candidate" for free.

Shipped models (by name, for the pass option `cost-model=NAME`):
- `smallest` (`SmallestSliceCostModel`): the candidate with the fewest elements; ties go to the
  innermost. The RFC's default.
- `cache-fit` (`CacheFitCostModel(TargetDescription(cache_sizes=...))`): the smallest candidate
  whose estimated working set fits in a cache level; None when none fits.
- `no-recompute` (`NoRecomputeCostModel`): `smallest`, but a producer is only fused where each
  of its tiles is computed once (its slice moves with every enclosing loop): the packs of a
  data-tiled contraction stay outside the nest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from xdsl.dialects.builtin import DYNAMIC_INDEX, IndexType, IntegerType, ShapedType, TensorType
from xdsl.ir import Attribute, Operation, OpResult, SSAValue

__all__ = [
    "COST_MODELS",
    "CacheFitCostModel",
    "CostModel",
    "FusionCandidate",
    "NoRecomputeCostModel",
    "SmallestSliceCostModel",
    "TargetDescription",
    "cost_model_by_name",
    "register_cost_model",
    "tensor_bytes",
]


@dataclass(frozen=True)
class FusionCandidate:
    """One place where `op` could be fused next to the central op.

    - `kind`: `"producer"` (pre-op fusion: the tile of `op` replaces `slice_op`, a
      `tensor.extract_slice`) or `"consumer"` (post-op fusion: the tile of `op` is computed where
      `slice_op`, a `tensor.insert_slice` / `tensor.parallel_insert_slice`, writes the central
      op's tile into its loop);
    - `central`: the tiled op the fusion happens next to;
    - `depth`: index in the chain, 0 = innermost slice;
    - `loops`: the loops the fused tile would be inside, outermost first;
    - `tile_type`: the type of the slice (extract: its result; insert: its source).
    """

    kind: Literal["producer", "consumer"]
    op: Operation
    central: Operation
    slice_op: Operation
    depth: int
    loops: tuple[Operation, ...]
    tile_type: Attribute

    @property
    def shape(self) -> tuple[int | None, ...]:
        """Static sizes of the tile, None for a dynamic size."""
        assert isinstance(self.tile_type, ShapedType)
        return tuple(None if s == DYNAMIC_INDEX else s for s in self.tile_type.get_shape())

    @property
    def num_elements(self) -> int | None:
        """Elements of the tile (None when a size is dynamic)."""
        total = 1
        for size in self.shape:
            if size is None:
                return None
            total *= size
        return total

    @property
    def tile_bytes(self) -> int | None:
        return tensor_bytes(self.tile_type)

    def describe(self) -> str:
        """`16x32` (dynamic sizes as `?`)."""
        return "x".join("?" if s is None else str(s) for s in self.shape) or "scalar"


class CostModel(Protocol):
    """Chooses the candidate to try (see the module docstring), or None: do not fuse `op`."""

    def __call__(
        self, op: Operation, candidates: Sequence[FusionCandidate], nest: Sequence[Operation]
    ) -> FusionCandidate | None: ...


def tensor_bytes(type_: Attribute) -> int | None:
    """Bytes of a statically shaped tensor (None: dynamic shape or unknown element width)."""
    if not isinstance(type_, TensorType):
        return None
    width = getattr(type_.element_type, "bitwidth", None)
    if width is None:
        width = getattr(getattr(type_.element_type, "width", None), "data", None)
    if width is None:
        return None
    total = (int(width) + 7) // 8
    for size in type_.get_shape():
        if size == DYNAMIC_INDEX:
            return None
        total *= size
    return total


def _size_key(candidate: FusionCandidate) -> tuple[float, int]:
    elements = candidate.num_elements
    return (float("inf") if elements is None else float(elements), candidate.depth)


@dataclass(frozen=True)
class SmallestSliceCostModel:
    """The RFC's default: the candidate with the fewest elements (dynamic sizes last), the
    innermost on ties."""

    def __call__(
        self, op: Operation, candidates: Sequence[FusionCandidate], nest: Sequence[Operation]
    ) -> FusionCandidate | None:
        return min(candidates, key=_size_key, default=None)


def _values_read(value: SSAValue) -> set[SSAValue]:
    """`value` and every index/integer SSA value it is computed from (index arithmetic only: a
    `tensor.dim` stops at its tensor, which does not move with a loop)."""
    seen: set[SSAValue] = set()
    work = [value]
    while work:
        current = work.pop()
        if current in seen or not isinstance(current.type, IndexType | IntegerType):
            continue
        seen.add(current)
        if isinstance(current, OpResult):
            work.extend(current.op.operands)
    return seen


def _induction_variables(loop: Operation) -> tuple[SSAValue, ...]:
    body = loop.regions[0].blocks[0] if loop.regions and loop.regions[0].blocks else None
    if body is None:
        return ()
    if loop.name == "scf.for":
        return (body.args[0],)
    if loop.name == "scf.forall":
        return tuple(body.args[: len(body.args) - len(loop.results)])
    return ()


def recomputed_across(candidate: FusionCandidate) -> tuple[Operation, ...]:
    """The loops of `candidate` with an induction variable its slice does not depend on (a
    `scf.forall` has one per dimension): a producer fused there computes the same tile in every
    iteration along that variable."""
    read: set[SSAValue] = set()
    for operand in candidate.slice_op.operands[1:]:
        read |= _values_read(operand)
    return tuple(loop for loop in candidate.loops
                 if any(iv not in read for iv in _induction_variables(loop)))


@dataclass(frozen=True)
class NoRecomputeCostModel:
    """`smallest` among the candidates where a fused producer computes each of its tiles once:
    a producer whose slice does not move with some enclosing loop (say, the packed rows of A in
    a nest over M and N tiles) stays outside the nest, computed once, as IREE's data tiling keeps
    packs in their own dispatches. Consumers are always fused where `smallest` fuses them (each
    tile of a consumer is written once)."""

    def __call__(
        self, op: Operation, candidates: Sequence[FusionCandidate], nest: Sequence[Operation]
    ) -> FusionCandidate | None:
        once = [c for c in candidates if c.kind == "consumer" or not recomputed_across(c)]
        return min(once, key=_size_key, default=None)


@dataclass(frozen=True)
class TargetDescription:
    """What a cost model may know of the target: the data cache sizes in bytes, L1 first."""

    cache_sizes: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.cache_sizes or any(size <= 0 for size in self.cache_sizes):
            raise ValueError(f"cache sizes must be positive byte counts, got {self.cache_sizes}")


def _tensor_operand_bytes(op: Operation) -> int | None:
    total = 0
    for value in (*op.operands, *op.results):
        if isinstance(value.type, TensorType):
            size = tensor_bytes(value.type)
            if size is None:
                return None
            total += size
    return total


@dataclass(frozen=True)
class CacheFitCostModel:
    """The smallest candidate whose working set fits in cache level `level` of `target`
    (default: the last, largest level); None when no candidate fits.

    The working set of a candidate is estimated as what one iteration of the innermost loop
    touches once the fusion is done: every tensor the central op's tile reads or writes, plus
    the fused op's tile for each of its tensor operands and results (its tile is assumed no
    larger than the slice, which holds for elementwise ops, broadcasts and fills; a reduction's
    inputs are larger, which this estimate does not see). Unknown (dynamic) sizes never fit."""

    target: TargetDescription
    level: int = -1

    @property
    def budget(self) -> int:
        return self.target.cache_sizes[self.level]

    def working_set(self, candidate: FusionCandidate) -> int | None:
        central = _tensor_operand_bytes(candidate.central)
        tile = candidate.tile_bytes
        if central is None or tile is None:
            return None
        tensors = sum(
            1
            for value in (*candidate.op.operands, *candidate.op.results)
            if isinstance(value.type, TensorType)
        )
        return central + tile * max(tensors, 1)

    def __call__(
        self, op: Operation, candidates: Sequence[FusionCandidate], nest: Sequence[Operation]
    ) -> FusionCandidate | None:
        fitting = [
            c for c in candidates if (ws := self.working_set(c)) is not None and ws <= self.budget
        ]
        return min(fitting, key=_size_key, default=None)


CostModelFactory = Callable[..., CostModel]

COST_MODELS: dict[str, CostModelFactory] = {}
"""Registered cost models, by name: a factory taking keyword options (`target=` for models that
need a `TargetDescription`)."""


def register_cost_model(name: str, factory: CostModelFactory) -> None:
    """Make `factory` available as `cost-model=<name>` of `xfuse-diffusion`."""
    COST_MODELS[name] = factory


def cost_model_by_name(name: str, target: TargetDescription | None = None) -> CostModel:
    """The registered cost model `name`; `ValueError` naming the known ones otherwise."""
    if name not in COST_MODELS:
        raise ValueError(
            f"unknown cost model '{name}' (registered: {', '.join(sorted(COST_MODELS))})"
        )
    return COST_MODELS[name](target=target)


def _smallest(target: TargetDescription | None = None) -> CostModel:
    return SmallestSliceCostModel()


def _cache_fit(target: TargetDescription | None = None) -> CostModel:
    if target is None:
        raise ValueError("the 'cache-fit' cost model needs cache sizes (cache-sizes=32768,1048576)")
    return CacheFitCostModel(target)


register_cost_model("smallest", _smallest)
register_cost_model("cache-fit", _cache_fit)
register_cost_model("no-recompute", lambda target=None: NoRecomputeCostModel())

