"""Handle manipulation, matching, pattern application and printing (MLIR's Transform dialect
core and `transform.structured.match`). Each function implements one op; `@implements` says
which operands it consumes. See docs/transform-dialect.md.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from xdsl.dialects import transform as xt
from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriterListener,
    PatternRewriteWalker,
)
from xdsl.printer import Printer
from xdsl.rewriter import InsertPoint
from xdsl.traits import IsolatedFromAbove
from xdsl.transforms.canonicalize import CanonicalizationRewritePattern
from xdsl.transforms.common_subexpression_elimination import cse
from xdsl.transforms.dead_code_elimination import region_dce

from xfuse.dialects import transform as ft
from xfuse.transform_interp.interpreter import Interpreter, implements
from xfuse.transform_interp.state import definite, is_in_payload, silenceable

# -- results --------------------------------------------------------------------------------


def set_op_results(interp: Interpreter, op: Operation, result: SSAValue, payload: Sequence[Operation]) -> None:
    """Bind `result` to `payload`, checking `!transform.op<"name">` result types (MLIR checks
    every handle against its type)."""
    if isinstance(result.type, xt.OperationType):
        expected = result.type.operation.data
        for payload_op in payload:
            if payload_op.name != expected:
                raise silenceable(
                    op,
                    f"incompatible payload operation name: expected '{expected}', got "
                    f"'{payload_op.name}'",
                    payload_op,
                )
    interp.state.set_ops(result, payload)


def _single_target(interp: Interpreter, op: Operation, handle: SSAValue) -> Operation:
    payload = interp.state.payload_ops(op, handle)
    if len(payload) != 1:
        raise definite(op, f"requires exactly one target handle (got {len(payload)} payload ops)")
    return payload[0]


# -- control ------------------------------------------------------------------------------------


@implements(xt.YieldOp)
def _yield(interp: Interpreter, op: xt.YieldOp) -> None:
    if op.operands:
        raise definite(op, "yielding handles from the entry point is not supported by xfuse")


@implements(ft.SequenceOp)
def _sequence(interp: Interpreter, op: ft.SequenceOp) -> None:
    block = op.body.block
    bindings = [*op.root, *op.extra_bindings]
    if not bindings:
        # A top-level sequence without a root operand applies to the payload root.
        if len(block.args) != 1:
            raise definite(op, "a sequence without operands takes exactly one block argument")
        interp.state.set_ops(block.args[0], [interp.root])
    else:
        if len(block.args) != len(bindings):
            raise definite(op, f"expected {len(bindings)} block arguments, got {len(block.args)}")
        for argument, binding in zip(block.args, bindings):
            if binding in interp.state.params:
                interp.state.set_params(argument, interp.state.payload_params(op, binding))
            else:
                interp.state.set_ops(argument, interp.state.payload_ops(op, binding))
    interp.run_block_ops(list(block.ops), suppress_silenceable=op.suppresses)


@implements(ft.IncludeOp)
def _include(interp: Interpreter, op: ft.IncludeOp) -> None:
    callee = _named_sequence(interp, op)
    block = callee.body.block
    if len(block.args) != len(op.operands_):
        raise definite(op, f"@{callee.sym_name.data} takes {len(block.args)} arguments, got {len(op.operands_)}")
    for argument, value in zip(block.args, op.operands_):
        if value in interp.state.params:
            interp.state.set_params(argument, interp.state.payload_params(op, value))
        else:
            interp.state.set_ops(argument, interp.state.payload_ops(op, value))
    body = list(block.ops)
    terminator = body[-1]
    interp.run_block_ops(body[:-1], suppress_silenceable=op.suppresses)
    if len(terminator.operands) != len(op.results_):
        raise definite(op, f"@{callee.sym_name.data} yields {len(terminator.operands)} handles, expected {len(op.results_)}")
    for result, yielded in zip(op.results_, terminator.operands):
        if yielded in interp.state.params:
            interp.state.set_params(result, interp.state.payload_params(op, yielded))
        else:
            set_op_results(interp, op, result, interp.state.payload_ops(op, yielded))


def _named_sequence(interp: Interpreter, op: ft.IncludeOp) -> xt.NamedSequenceOp:
    """The named sequence `op` includes, in the module holding `op`'s sequence (or one above)."""
    name = op.target.root_reference.data
    scope = op.parent_op()
    while scope is not None:
        for region in scope.regions:
            for candidate in region.walk():
                if isinstance(candidate, xt.NamedSequenceOp) and candidate.sym_name.data == name:
                    return candidate
        scope = scope.parent_op()
    raise definite(op, f"could not find the named sequence @{name}")


# -- matching -----------------------------------------------------------------------------------

_INTERFACES = ("LinalgOp", "TilingInterface", "LoopLikeInterface")


def _matches_interface(candidate: Operation, interface: str) -> bool:
    from xdsl.dialects import scf

    from xfuse.dialects.scf import ForallOp
    from xfuse.interfaces.tiling import tiling_model_for
    from xfuse.interfaces.tiling_linalg import structured_view

    if interface == "LinalgOp":
        return structured_view(candidate) is not None
    if interface == "TilingInterface":
        return tiling_model_for(candidate) is not None
    return isinstance(candidate, scf.ForOp | ForallOp | scf.WhileOp | scf.ParallelOp)


@implements(xt.MatchOp)
def _match(interp: Interpreter, op: xt.MatchOp) -> None:
    root = _single_target(interp, op, op.target)
    names = None if op.ops is None else {name.data for name in op.ops.data}
    interface = None
    if op.interface is not None:
        interface = _INTERFACES[op.interface.value.data]
    wanted_attrs = {} if op.op_attrs is None else dict(op.op_attrs.data)
    operand_types = None if op.filter_operand_types is None else list(op.filter_operand_types.data)

    def matches(candidate: Operation) -> bool:
        if names is not None and candidate.name not in names:
            return False
        if interface is not None and not _matches_interface(candidate, interface):
            return False
        for name, value in wanted_attrs.items():
            present = candidate.attributes.get(name, candidate.properties.get(name))
            if present is None or present != value:
                return False
        if op.filter_result_type is not None and (
            len(candidate.results) != 1 or candidate.results[0].type != op.filter_result_type
        ):
            return False
        if operand_types is not None:
            types = list(candidate.operand_types)
            if len(operand_types) == 1:
                if not all(t == operand_types[0] for t in types):
                    return False
            elif types != operand_types:
                return False
        return True

    # MLIR walks the target and its descendants in post-order, the target included.
    matched = [candidate for candidate in root.walk(region_first=True) if matches(candidate)]
    set_op_results(interp, op, op.result, matched)


@implements(ft.GetParentOp)
def _get_parent_op(interp: Interpreter, op: ft.GetParentOp) -> None:
    nth = op.nth_parent.value.data if op.nth_parent is not None else 1
    wanted = op.op_name.data if op.op_name is not None else None
    parents: list[Operation] = []
    for target in interp.state.payload_ops(op, op.target):
        current: Operation | None = target
        for _ in range(nth):
            current = current.parent_op() if current is not None else None
            while current is not None and not (
                (wanted is None or current.name == wanted)
                and (op.isolated_from_above is None or current.has_trait(IsolatedFromAbove))
            ):
                current = current.parent_op()
        if current is None:
            if op.allow_empty_results is not None:
                continue
            requirements = []
            if wanted is not None:
                requirements.append(f"op_name = \"{wanted}\"")
            if op.isolated_from_above is not None:
                requirements.append("isolated_from_above")
            raise silenceable(
                op,
                "could not find a parent op that matches all requirements"
                + (f" ({', '.join(requirements)})" if requirements else ""),
                target,
            )
        if op.deduplicate is not None and any(p is current for p in parents):
            continue
        parents.append(current)
    set_op_results(interp, op, op.parent_result, parents)


# -- handles ------------------------------------------------------------------------------------


@implements(ft.MergeHandlesOp)
def _merge_handles(interp: Interpreter, op: ft.MergeHandlesOp) -> None:
    if isinstance(op.result.type, xt.TransformParamHandleType):
        params: list[Attribute] = []
        for handle in op.handles:
            params.extend(interp.state.payload_params(op, handle))
        interp.state.set_params(op.result, params)
        return
    merged: list[Operation] = []
    for handle in op.handles:
        for payload in interp.state.payload_ops(op, handle):
            if op.deduplicate is not None and any(p is payload for p in merged):
                continue
            merged.append(payload)
    set_op_results(interp, op, op.result, merged)


@implements(ft.SplitHandleOp)
def _split_handle(interp: Interpreter, op: ft.SplitHandleOp) -> None:
    payload = interp.state.payload_ops(op, op.handle)
    n = len(op.results)
    pass_through = op.pass_through_empty_handle is None or bool(op.pass_through_empty_handle.value.data)
    fail_too_small = op.fail_on_payload_too_small is None or bool(
        op.fail_on_payload_too_small.value.data
    )
    overflow = op.overflow_result.value.data if op.overflow_result is not None else None
    parts: list[list[Operation]] = [[] for _ in range(n)]
    if not payload and pass_through:
        pass
    elif len(payload) < n and fail_too_small:
        raise silenceable(op, f"split handle expected {n} payload ops, got {len(payload)}")
    elif len(payload) > n and overflow is None:
        raise silenceable(
            op,
            f"split handle has {len(payload)} payload ops for {n} results and no overflow_result",
        )
    else:
        for index, payload_op in enumerate(payload):
            parts[index if index < n else overflow].append(payload_op)  # pyright: ignore
    for result, part in zip(op.results, parts):
        set_op_results(interp, op, result, part)


@implements(ft.ParamConstantOp)
def _param_constant(interp: Interpreter, op: ft.ParamConstantOp) -> None:
    interp.state.set_params(op.param, [op.value])


@implements(ft.CastOp)
def _cast(interp: Interpreter, op: ft.CastOp) -> None:
    set_op_results(interp, op, op.output, interp.state.payload_ops(op, op.input))


# -- rewriting the payload --------------------------------------------------------------------


class _Tracker:
    """Follows replacements and erasures during a rewrite (MLIR's TrackingListener)."""

    def __init__(self, interp: Interpreter, op: Operation):
        self.interp = interp
        self.op = op
        self.untracked: Operation | None = None

    def _tracked(self, payload: Operation) -> bool:
        return any(any(p is payload for p in ops) for ops in self.interp.state.ops.values())

    def replaced(self, old: Operation, new_values: Sequence[SSAValue | None]) -> None:
        if not self._tracked(old):
            return
        owners = {id(v.owner): v.owner for v in new_values if isinstance(v, OpResult)}
        new = next(iter(owners.values())) if len(owners) == 1 else None
        if isinstance(new, Operation) and new.name == old.name:
            self.interp.state.track_replacement(old, new)
        elif self.untracked is None:
            self.untracked = old

    def erased(self, old: Operation) -> None:
        self.interp.state.track_replacement(old, None)

    def listener(self) -> PatternRewriterListener:
        return PatternRewriterListener(
            operation_replacement_handler=[self.replaced],
            operation_removal_handler=[self.erased],
        )

    def finish(self) -> None:
        state = self.interp.state
        for handle, ops in state.ops.items():
            state.ops[handle] = [p for p in ops if is_in_payload(p, state.root)]
        if self.untracked is not None:
            raise definite(
                self.op,
                "tracking listener failed to find replacement op during application of this "
                "transform op",
                self.untracked,
            )


@implements(ft.ApplyPatternsOp)
def _apply_patterns(interp: Interpreter, op: ft.ApplyPatternsOp) -> None:
    for pattern_op in op.patterns.block.ops:
        if not isinstance(pattern_op, ft.ApplyCanonicalizationPatternsOp):
            raise definite(
                pattern_op, f"'{pattern_op.name}' is not supported by xfuse's transform interpreter"
            )
    targets = interp.state.payload_ops(op, op.target)
    tracker = _Tracker(interp, op)
    if any(True for _ in op.patterns.block.ops):
        pattern = GreedyRewritePatternApplier([CanonicalizationRewritePattern()], folding_enabled=True)
        for target in targets:
            for region in target.regions:
                PatternRewriteWalker(
                    pattern, post_walk_func=region_dce, listener=tracker.listener()
                ).rewrite_region(region)
    if op.apply_cse is not None:
        _cse_targets(targets, tracker)
    tracker.finish()


def _cse_targets(targets: Sequence[Operation], tracker: _Tracker) -> None:
    for target in targets:
        rewriter = PatternRewriter(InsertPoint.at_start(target.regions[0].blocks[0])) if (
            target.regions and target.regions[0].blocks
        ) else None
        if rewriter is None:
            continue
        rewriter.extend_from_listener(tracker.listener())
        for region in target.regions:
            cse(region, rewriter)


@implements(ft.ApplyCSEOp)
def _apply_cse(interp: Interpreter, op: ft.ApplyCSEOp) -> None:
    tracker = _Tracker(interp, op)
    _cse_targets(interp.state.payload_ops(op, op.target), tracker)
    tracker.finish()


@implements(ft.PrintOp)
def _print(interp: Interpreter, op: ft.PrintOp) -> None:
    name = op.name_.data if isinstance(op.name_, StringAttr) else ""
    targets = (
        interp.state.payload_ops(op, op.target) if op.target is not None else [_top(interp.root)]
    )
    # As MLIR: the header once, then every payload op of the handle.
    print(f"[[[ IR printer: {name + ' ' if name else ''}]]]", file=sys.stdout)
    for target in targets:
        Printer(stream=sys.stdout).print_op(target)
        print(file=sys.stdout)
    sys.stdout.flush()


def _top(op: Operation) -> Operation:
    while (parent := op.parent_op()) is not None:
        op = parent
    return op


__all__: list[str] = ["set_op_results"]
