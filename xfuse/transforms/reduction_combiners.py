"""The combiner of a reduction in a structured op's body, and its neutral element.

Partial-reduction tiling (`tile_reduction.py`) starts each partial result at the combiner's
neutral element and merges the partial results with the same combiner, so it needs, per init,
the one op that folds a new value into the output block argument. This is MLIR's
`matchReduction` with a chain of exactly one combiner (what `PartialReductionOpInterface` of
linalg ops accepts) and `arith::getNeutralElement`:

    ^bb0(%in..., %out_i...):  ...  %c = <combiner> %x, %out_i  ...  linalg.yield ..., %c, ...

- `%out_i` has one use, the combiner; the combiner's result has one use, the yield at position
  `i`; its other operand does not depend on any output block argument (a value mixing several
  reductions, as an argmax's `select`, is not a single-combiner reduction);
- the combiner is one of `_NEUTRAL`'s ops (MLIR's list: `addf`, `mulf`, `maximumf`,
  `minimumf`, `maxnumf`, `minnumf`, `addi`, `muli`, `ori`, `xori`, `andi`, `maxsi`, `minsi`,
  `maxui`, `minui`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, IntegerType
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue

__all__ = ["combiner_of", "neutral_element"]


def _int_min(width: int) -> int:
    return -(1 << (width - 1))


def _int_max(width: int) -> int:
    return (1 << (width - 1)) - 1


_FloatNeutral = float
_IntNeutral = Callable[[int], int]
"""The neutral element of an integer combiner, given the bit width (signless: -1 is all ones)."""

_NEUTRAL: dict[type[Operation], _FloatNeutral | _IntNeutral] = {
    arith.AddfOp: 0.0,
    arith.MulfOp: 1.0,
    arith.MaximumfOp: -math.inf,
    arith.MinimumfOp: math.inf,
    # maxnum(NaN, x) = x: NaN is the neutral element (MLIR's too).
    arith.MaxnumfOp: math.nan,
    arith.MinnumfOp: math.nan,
    arith.AddiOp: lambda width: 0,
    arith.MuliOp: lambda width: 1,
    arith.OrIOp: lambda width: 0,
    arith.XOrIOp: lambda width: 0,
    arith.AndIOp: lambda width: -1,
    arith.MaxSIOp: _int_min,
    arith.MinSIOp: _int_max,
    arith.MaxUIOp: lambda width: 0,
    arith.MinUIOp: lambda width: -1,
}

SUPPORTED = ", ".join(sorted(op.name for op in _NEUTRAL))


def neutral_element(combiner: Operation, element: Attribute) -> Attribute:
    """The attribute `c` with `combiner(c, x) = x` for every `x` of type `element`."""
    neutral = _NEUTRAL[type(combiner)]
    if isinstance(element, IntegerType):
        assert callable(neutral)
        return IntegerAttr(neutral(element.width.data), element)
    assert isinstance(neutral, float)
    return FloatAttr(neutral, element)  # pyright: ignore[reportArgumentType]


def combiner_of(body: Block, num_inputs: int, init_index: int) -> Operation | str:
    """The combiner of init `init_index` in `body` (block arguments: inputs, then outputs), or
    the reason there is none."""
    out_arg = body.args[num_inputs + init_index]
    yielded = body.last_op
    if yielded is None or init_index >= len(yielded.operands):
        return "the body does not yield a value for this init"
    combiner = yielded.operands[init_index].owner
    if not isinstance(combiner, Operation) or type(combiner) not in _NEUTRAL:
        return f"the yielded value is not computed by a supported combiner ({SUPPORTED})"
    if out_arg not in combiner.operands or len(combiner.operands) != 2:
        return f"the combiner '{combiner.name}' does not take the output block argument"
    if any(use.operation is not combiner for use in out_arg.uses):
        return "the combiner must be the only use of the output block argument"
    uses = list(combiner.results[0].uses)
    if len(uses) != 1 or uses[0].operation is not yielded:
        return f"the result of the combiner '{combiner.name}' has uses other than the yield"
    other = combiner.operands[1] if combiner.operands[0] is out_arg else combiner.operands[0]
    outputs: set[SSAValue] = set(body.args[num_inputs:])
    if _depends_on(other, outputs, body):
        return "the value combined into the output depends on an output block argument"
    return combiner


def _depends_on(value: SSAValue, args: set[SSAValue], body: Block) -> bool:
    """Whether `value` is computed within `body` from one of `args` (ops nested in the body's
    ops included)."""
    seen: set[int] = set()
    stack = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, BlockArgument):
            if current in args:
                return True
            continue
        owner = current.owner
        if id(owner) in seen or not _is_in(owner, body):
            continue
        seen.add(id(owner))
        assert isinstance(owner, Operation)
        stack.extend(owner.operands)
        for region in owner.regions:
            for op in region.walk():
                stack.extend(op.operands)
    return False


def _is_in(op: Operation | Block, body: Block) -> bool:
    block = op.parent_block() if isinstance(op, Operation) else op
    while block is not None:
        if block is body:
            return True
        parent = block.parent_op()
        block = parent.parent_block() if parent is not None else None
    return False
