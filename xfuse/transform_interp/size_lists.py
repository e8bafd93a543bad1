"""Reading the mixed size lists of the structured tiling ops (`tile_sizes [%sz, 8]`,
`num_threads [...]`, `interchange [...]`): each entry is an integer, a `transform.param`, or an
op handle standing for the single index result of its payload op.

MLIR 22 reads them by three different rules, kept here as it has them:

- `tile_using_for` (`per_target_sizes`): a handle entry holds one op (or param) *per target*,
  the n-th for the n-th target;
- `tile_using_forall` (`single_sizes`, `packed_sizes`): each handle entry holds exactly one op
  (or one param) used for every target; a packed `*(%h)` handle holds the whole list;
- `structured.fuse` (`constant_sizes`): a handle must map to one constant-like op, read as its
  integer (MLIR's reifyMixedParamAndHandleResults).

The result is OpFoldResult-like (an int, or the payload SSA value), what the tiling driver
takes. Whether that value dominates the loops is the driver's check (transforms/tile_sizes.py).
The messages are MLIR's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import DYNAMIC_INDEX, IndexType, IntegerAttr
from xdsl.ir import Operation, SSAValue

from xfuse.interfaces.tiling import OpFoldResult, constant_value
from xfuse.transform_interp.interpreter import Interpreter
from xfuse.transform_interp.state import TransformFailure, definite, silenceable

__all__ = ["constant_sizes", "packed_sizes", "per_target_sizes", "single_sizes"]


def _handle_note(handle: SSAValue, text: str) -> tuple[Operation | None, str]:
    """A note at the transform op defining `handle` (MLIR's note at the handle's location)."""
    owner = handle.owner
    return (owner if isinstance(owner, Operation) else None, text)


def _single_index_result(op: Operation) -> SSAValue | None:
    if len(op.results) == 1 and isinstance(op.results[0].type, IndexType):
        return op.results[0]
    return None


def _entries(static: Sequence[int], dynamic: Sequence[SSAValue]):
    """(static int or None, dynamic handle or None) per entry of a mixed list."""
    remaining = iter(dynamic)
    for entry in static:
        yield (None, next(remaining)) if entry == DYNAMIC_INDEX else (entry, None)


def per_target_sizes(
    interp: Interpreter,
    op: Operation,
    static: Sequence[int],
    dynamic: Sequence[SSAValue],
    num_targets: int,
) -> list[list[OpFoldResult]]:
    """The sizes of each of the `num_targets` targets (MLIR's TileUsingForOp): a param or op
    handle entry must hold one value per target."""
    per_entry: list[list[OpFoldResult]] = []
    for value, handle in _entries(static, dynamic):
        if handle is None:
            assert value is not None
            per_entry.append([value] * num_targets)
        elif handle in interp.state.params:
            params = interp.state.payload_params(op, handle)
            if len(params) != num_targets:
                raise silenceable(
                    op,
                    f"expected as many parameter values ({len(params)}) as target ops "
                    f"({num_targets})",
                    notes=[_handle_note(handle, "for this parameter")],
                )
            per_entry.append([_integer(op, p) for p in params])
        else:
            producers = interp.state.payload_ops(op, handle)
            if len(producers) != num_targets:
                raise silenceable(
                    op,
                    f"expected as many dynamic size-producing operations ({len(producers)}) "
                    f"as target ops ({num_targets})",
                    notes=[_handle_note(handle, "for this handle")],
                )
            results: list[OpFoldResult] = []
            for producer in producers:
                result = _single_index_result(producer)
                if result is None:
                    raise silenceable(
                        op,
                        "expected sizes to be produced by ops with a single index-type result",
                        notes=[(producer, "size producer op"), _handle_note(handle, "for this handle")],
                    )
                results.append(result)
            per_entry.append(results)
    return [[entry[target] for entry in per_entry] for target in range(num_targets)]


def _one_per_entry(
    interp: Interpreter,
    op: Operation,
    static: Sequence[int],
    dynamic: Sequence[SSAValue],
    wrong_param_count: Callable[[int], TransformFailure],
    wrong_op_count: Callable[[int, SSAValue], TransformFailure],
) -> list[int | Operation]:
    """Each entry as an int (static, or the one param of a param handle) or the one payload op
    of an op handle; a handle holding another number of params or ops fails as told."""
    entries: list[int | Operation] = []
    for value, handle in _entries(static, dynamic):
        if handle is None:
            assert value is not None
            entries.append(value)
        elif handle in interp.state.params:
            params = interp.state.payload_params(op, handle)
            if len(params) != 1:
                raise wrong_param_count(len(params))
            entries.append(_integer(op, params[0]))
        else:
            producers = interp.state.payload_ops(op, handle)
            if len(producers) != 1:
                raise wrong_op_count(len(producers), handle)
            entries.append(producers[0])
    return entries


def single_sizes(
    interp: Interpreter, op: Operation, static: Sequence[int], dynamic: Sequence[SSAValue]
) -> list[OpFoldResult]:
    """The sizes used for every target (MLIR's TileUsingForallOp): a param handle holds exactly
    one param, an op handle exactly one op with one index result."""
    entries = _one_per_entry(
        interp, op, static, dynamic,
        lambda _: definite(op, "requires exactly one parameter associated"),
        lambda count, handle: silenceable(
            op,
            "handle must be mapped to exactly one payload op",
            notes=[_handle_note(handle, f"mapped to {count} payload ops")],
        ),
    )
    return [e if isinstance(e, int) else _index_result(op, e) for e in entries]


def packed_sizes(interp: Interpreter, op: Operation, handle: SSAValue) -> list[OpFoldResult]:
    """A packed `*(%h)` list: every param of a param handle, or the index result of every op
    of an op handle."""
    if handle in interp.state.params:
        return [_integer(op, p) for p in interp.state.payload_params(op, handle)]
    return [_index_result(op, producer) for producer in interp.state.payload_ops(op, handle)]


def constant_sizes(
    interp: Interpreter, op: Operation, static: Sequence[int], dynamic: Sequence[SSAValue]
) -> list[int]:
    """Integers only (MLIR's FuseOp): a param handle holds one param, an op handle one op whose
    single index result is a constant."""
    entries = _one_per_entry(
        interp, op, static, dynamic,
        lambda _: silenceable(op, "expected a single param"),
        lambda _count, _handle: silenceable(
            op, "requires param or handle that is mapped to 1 payload op"
        ),
    )
    return [e if isinstance(e, int) else _constant(op, e) for e in entries]


def _constant(op: Operation, producer: Operation) -> int:
    result = _single_index_result(producer)
    if result is None:
        raise silenceable(op, "requires param or handle to be result of op with 1 index result")
    constant = constant_value(result)
    if constant is None:
        raise silenceable(
            op,
            "requires param or handle to be the result of a constant like op",
            notes=[(producer, "size producer op")],
        )
    return constant


def _integer(op: Operation, param: object) -> int:
    if not isinstance(param, IntegerAttr):
        raise definite(op, f"expected the parameter to be associated with an integer attribute, got {param}")
    return param.value.data


def _index_result(op: Operation, producer: Operation) -> SSAValue:
    result = _single_index_result(producer)
    if result is None:
        raise silenceable(
            op,
            "payload op must have exactly 1 index result",
            notes=[(producer, f"has {len(producer.results)} results")],
        )
    return result
