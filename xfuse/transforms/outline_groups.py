"""`xfuse-outline-groups`: split a large function into private functions, one per group of ops.

Why: a whole network lowers to ONE LLVM function, and LLVM's per-function passes grow faster
than linearly with function size (on ResNet-50, `opt -O3` spends half its time in
IndVarSimplify; `llc` compiles a 2.5 MB function). Cut into functions of a few hundred ops each,
the same code compiles in time linear in its size, and the backend can hand the functions to
several `opt`/`llc` processes (xfuse/backends/llvm_split.py).

What it does, per function with a single-block body of more than `2 * min-ops` ops (nested ops
counted): the top-level ops, in order (scalar constants aside: they stay where they are), are cut into consecutive groups of at least `min-ops`
ops; each group becomes `func.func private @<function>__group<i>` whose arguments are the values
the group reads from outside (function arguments, results of earlier groups) and whose results
are the values read after it; the function then calls the groups in order. Each group function
carries `passthrough = ["noinline"]`, which convert-func-to-llvm hands to LLVM, so that LLVM's
inliner does not merge them back, and `llvm.linkage = #llvm.linkage<internal>`, so that the
shared object does not export them. Semantics are unchanged, on tensors (values) as on memrefs
(descriptors of the same buffers).

Where it does not cut:
- after a view (`memref.subview`, `expand_shape`, `collapse_shape`, casts, ...), an allocation or
  a constant: these stay in the group of their first user, so that the group sees the view's
  producer (constants of scalar or vector type are also copied into every group that reads
  them, instead of becoming arguments);
- where a value crossing the cut has a type a function cannot take here (anything but ranked
  tensors, memrefs, vectors, index, integers and floats).
A function with fewer ops, several blocks, or no allowed cut is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func
from xdsl.dialects.llvm import LinkageAttr
from xdsl.dialects.builtin import (
    AnyFloat,
    ArrayAttr,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
    StringAttr,
    TensorType,
    VectorType,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

NOINLINE = ArrayAttr([StringAttr("noinline")])
"""`passthrough = ["noinline"]`: convert-func-to-llvm copies it to llvm.func, LLVM reads it."""
INTERNAL = LinkageAttr("internal")
"""`llvm.linkage = #llvm.linkage<internal>`: the groups are not exported from the shared object
(two networks loaded in one process cannot bind each other's `forward__group0`)."""

STICKY_OPS = frozenset({
    "arith.constant", "memref.alloc", "memref.alloca", "memref.get_global", "memref.subview",
    "memref.expand_shape", "memref.collapse_shape", "memref.reinterpret_cast", "memref.cast",
    "memref.view", "memref.transpose", "tensor.empty", "tensor.expand_shape", "tensor.collapse_shape",
    "tensor.cast", "tensor.extract_slice", "bufferization.to_tensor", "bufferization.to_buffer",
})
"""Ops that stay in the group of their users: no cut right after them."""


KeepTogether = Callable[[Operation, Operation, int], bool]
"""`(producer, user, operand index) -> bool`: the user must stay in its producer's group."""


def _passable(type_: Attribute) -> bool:
    """Whether a value of `type_` may cross a cut (become a group's argument or result)."""
    return isinstance(type_, TensorType | MemRefType | VectorType | IndexType | IntegerType | AnyFloat)


def _copied_into_groups(op: Operation) -> bool:
    """Scalar/vector constants: cheap to repeat, and LLVM folds them where they are used."""
    return isinstance(op, arith.ConstantOp) and isinstance(op.result.type, IndexType | IntegerType | AnyFloat
                                                            | VectorType)


def _size(op: Operation) -> int:
    return sum(1 for _ in op.walk())


def _top_level(value: SSAValue, block: Block) -> Operation | None:
    """The op of `block` that defines `value` or holds its definition; None for `block`'s arguments."""
    op: Operation | None
    if isinstance(value, OpResult):
        op = value.op
    elif isinstance(value, BlockArgument):
        if value.block is block:
            return None
        op = value.block.parent_op()
    else:  # pragma: no cover - SSAValue is either
        return None
    while op is not None and op.parent_block() is not block:
        op = op.parent_op()
    return op


@dataclass
class _Group:
    ops: list[Operation]
    inputs: list[SSAValue]
    outputs: list[SSAValue]


def _plan(block: Block, min_ops: int, keep_together: KeepTogether | None = None) -> list[list[Operation]]:
    """The top-level ops of `block` (terminator excluded) cut into groups of >= `min_ops` ops;
    no cut between a top-level op and a user of its results for which `keep_together(op, user,
    operand index)` holds."""
    ops = [op for op in block.ops if op is not block.last_op and not _copied_into_groups(op)]
    position = {op: i for i, op in enumerate(ops)}
    # last_use[i]: the position of the last top-level op reading a result of op i (len(ops) for
    # the terminator); a cut after op j is crossed by the values of ops i <= j with last_use > j.
    last_use = [-1] * len(ops)
    last_kept_user = [-1] * len(ops)
    crossing_types_ok = [True] * len(ops)
    for j, op in enumerate([*ops, block.last_op]):
        for nested in op.walk():
            for index, operand in enumerate(nested.operands):
                owner = _top_level(operand, block)
                if owner is None or owner is op or owner not in position:
                    continue
                i = position[owner]
                last_use[i] = max(last_use[i], j)
                if keep_together is not None and j < len(ops) and keep_together(owner, nested, index):
                    last_kept_user[i] = max(last_kept_user[i], j)
    for i, op in enumerate(ops):
        crossing_types_ok[i] = all(_passable(r.type) for r in op.results)
    groups: list[list[Operation]] = []
    current: list[Operation] = []
    weight = 0
    # blocked_until: a cut before this position would cross a value that cannot be passed
    blocked_until = -1
    for j, op in enumerate(ops):
        current.append(op)
        weight += _size(op)
        if not crossing_types_ok[j]:
            blocked_until = max(blocked_until, last_use[j])
        blocked_until = max(blocked_until, last_kept_user[j])
        if weight >= min_ops and op.name not in STICKY_OPS and blocked_until <= j:
            groups.append(current)
            current, weight = [], 0
    if current:
        if groups and weight < min_ops:
            groups[-1].extend(current)  # a small tail joins the group before it
        else:
            groups.append(current)
    return groups


def _interface(group: list[Operation], block: Block) -> _Group:
    members = set(group)
    inputs: dict[SSAValue, None] = {}
    for op in group:
        for nested in op.walk():
            for operand in nested.operands:
                owner = _top_level(operand, block)
                if owner is None or owner not in members:
                    if owner is not None and _copied_into_groups(owner):
                        continue
                    inputs[operand] = None
    outputs = [r for op in group for r in op.results
               if any(_top_level_op(use.operation, block) not in members for use in r.uses)]
    return _Group(group, list(inputs), outputs)


def _top_level_op(op: Operation | None, block: Block) -> Operation | None:
    """The op of `block` that is or holds `op` (None when `op` is not inside `block`)."""
    while op is not None and op.parent_block() is not block:
        op = op.parent_op()
    return op


def outline_groups(function: func.FuncOp, min_ops: int, taken: set[str], keep_together: KeepTogether | None = None,
                   mark_noinline: bool = True) -> list[func.FuncOp]:
    """Outline `function`'s groups (module doc); the new functions, in call order ([] if none).
    `keep_together(producer, user, operand index)`: pairs no cut may separate (`_plan`);
    `mark_noinline`: the groups get `NOINLINE` and `INTERNAL` (not when MLIR inlines them back,
    xfuse/backends/schedules/in_parts.py)."""
    if len(function.body.blocks) != 1 or _size(function) <= 2 * min_ops:
        return []
    block = function.body.block
    plan = _plan(block, min_ops, keep_together)
    if len(plan) < 2:
        return []
    name = function.sym_name.data
    constant_order = {op: i for i, op in enumerate(block.ops) if _copied_into_groups(op)}
    outlined: list[func.FuncOp] = []
    for index, ops in enumerate(plan):
        group = _interface(ops, block)
        callee = f"{name}__group{index}"
        while callee in taken:
            callee += "_"
        taken.add(callee)
        body = Block(arg_types=[v.type for v in group.inputs])
        mapping: dict[SSAValue, SSAValue] = dict(zip(group.inputs, body.args, strict=True))
        call = func.CallOp(callee, group.inputs, [v.type for v in group.outputs])
        Rewriter.insert_op(call, InsertPoint.before(ops[0]))
        for op in ops:
            op.detach()
            body.add_op(op)
        # Constants read inside: copied to the top of the group, in the function's order.
        constant_uses: list[tuple[Operation, int, SSAValue]] = []
        for op in ops:
            for nested in op.walk():
                for i, operand in enumerate(nested.operands):
                    if operand in mapping:
                        nested.operands[i] = mapping[operand]
                    elif isinstance(operand, OpResult) and operand.op in constant_order:
                        constant_uses.append((nested, i, operand))
        copied: dict[Operation, Operation] = {}
        for constant in sorted({v.op for _, _, v in constant_uses}, key=constant_order.__getitem__):
            copied[constant] = constant.clone()
            body.insert_op_before(copied[constant], ops[0])
        for nested, i, operand in constant_uses:
            nested.operands[i] = copied[operand.op].results[operand.index]
        for value, result in zip(group.outputs, call.res, strict=True):
            value.replace_uses_with_if(result, lambda use: _top_level_op(use.operation, body) is None)
        body.add_op(func.ReturnOp(*group.outputs))
        new = func.FuncOp(callee, ([v.type for v in group.inputs], [v.type for v in group.outputs]),
                          Region(body), visibility="private")
        if mark_noinline:
            new.attributes["passthrough"] = NOINLINE
            new.attributes["llvm.linkage"] = INTERNAL
        outlined.append(new)
    # Constants no longer read in the function itself.
    for op in list(block.ops):
        if _copied_into_groups(op) and not op.results[0].uses:
            block.erase_op(op)
    return outlined


def outline_module(module: ModuleOp, min_ops: int) -> int:
    """Outline every large function of `module` (module doc); the number of group functions made."""
    taken = {op.sym_name.data for op in module.ops if isinstance(op, func.FuncOp)}
    return sum(_outline_into(module, function, min_ops, taken)
               for function in [op for op in module.ops if isinstance(op, func.FuncOp)])


def _outline_into(module: ModuleOp, function: func.FuncOp, min_ops: int, taken: set[str]) -> int:
    outlined = outline_groups(function, min_ops, taken)
    for new in outlined:
        module.body.block.insert_op_before(new, function)
    return len(outlined)


AUTO_FUNCTION_OPS = 2000
"""The backend outlines functions of more ops than this (`outline_for_backend`)..."""
AUTO_MIN_OPS = 100
"""...into groups of at least this many ops; `$XFUSE_OUTLINE_MIN_OPS` overrides it, 0 turns the
automatic outlining off. Measured on ResNet-50 (docs/backend-compile-time.md, "Compile time of networks"):
`opt -O3` takes 29 CPU s on the whole function, 11 s with groups of 1000 ops, 6 s with 300,
4.6 s with 100."""


def outline_min_ops() -> int:
    """The group size of the backend's outlining: `$XFUSE_OUTLINE_MIN_OPS`, else `AUTO_MIN_OPS`;
    0 or less turns outlining off (this pass's and the tensor pipelines' loop outlining)."""
    import os

    return int(os.environ.get("XFUSE_OUTLINE_MIN_OPS", AUTO_MIN_OPS))


def outline_for_backend(module: ModuleOp) -> int:
    """What the backend runs before mlir-opt on a bufferized module (the `memref` pipeline, e.g.
    after the network pipeline): the functions of more than `AUTO_FUNCTION_OPS` ops cut into
    groups of `AUTO_MIN_OPS` (or `$XFUSE_OUTLINE_MIN_OPS`); the number of groups made.

    Not on tensors: after one-shot-bufferize, ownership-based deallocation cannot see through the
    calls and emits runtime alias checks (`bufferization.dealloc` of several memrefs), whose
    lowering stores `i1`s into a memref, which finalize-memref-to-llvm 22 rejects (it asserts)."""
    min_ops = outline_min_ops()
    if min_ops <= 0:
        return 0
    taken = {op.sym_name.data for op in module.ops if isinstance(op, func.FuncOp)}
    made = 0
    for function in [op for op in module.ops if isinstance(op, func.FuncOp)]:
        if _size(function) > max(AUTO_FUNCTION_OPS, 2 * min_ops):
            made += _outline_into(module, function, min_ops, taken)
    return made


@dataclass(frozen=True)
class OutlineGroupsPass(ModulePass):
    """Split every function of more than 2 * `min_ops` ops into private group functions."""

    name = "xfuse-outline-groups"

    min_ops: int = 400

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.min_ops < 1:
            from xfuse.diagnostics import emit_error

            emit_error(op, f"xfuse-outline-groups: min-ops must be at least 1, got {self.min_ops}")
        outline_module(op, self.min_ops)
