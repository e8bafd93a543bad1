"""Which argument sizes a function ties together, so a call with contradicting sizes is refused
before it runs (instead of reading past a buffer and returning garbage).

A compiled `add(tensor<?x?xf32>, tensor<?x?xf32>)` body indexes both inputs with the same loops:
dimension d of one must equal dimension d of the other. The function's signature alone says
nothing (every size is `?`); its body does. `SizeConstraints.of(function)` collects equalities
between sizes (an op's edge says which op demands it):

- structured linalg ops (via `structured_view`): every operand dimension indexed by loop `dN`
  alone equals every other one indexed by `dN`; a result's sizes are its init's;
- `tensor.dim %t, %c`: the index value equals dimension c of %t; `tensor.empty(%s, ...)`: the
  dynamic sizes of the result are the operands; `arith.constant` of index type: a known size;
- elementwise ops on tensors (arith, math, `SameOperandsAndResultType`), `tensor.cast`, `tensor.insert_slice`
  (result = dest), `scf.forall` (shared output = region argument = result), `scf.for` (the same,
  when the value yielded back is provably the region argument's size), `func.return`
  (returned value = the function's result type, whose static sizes are known);
- a static dimension of any tensor or memref type: that constant.

Only the argument sizes that end up tied to another argument size or to a constant are checked;
an analysis that misses an equality only checks less, never refuses a valid call.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from xdsl.dialects import arith, func, scf, tensor
from xdsl.dialects.builtin import IndexType, IntegerAttr, ShapedType
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineDimExpr
from xdsl.traits import SameOperandsAndResultType

from xfuse.diagnostics import location_of

_Node = tuple[int, int]
"""(id of an SSA value, dimension) for a shaped value; (id, -1) for an index value."""


@dataclass(frozen=True)
class _Edge:
    target: _Node
    why: str


@dataclass(frozen=True)
class SizeGroup:
    """Argument sizes that must be equal: `members` are (argument index, dimension)."""

    members: tuple[tuple[int, int], ...]
    constant: int | None
    reasons: dict[tuple[int, int], str]
    """Per member after the first: the ops that tie it to the first member (or to the constant)."""


@dataclass(frozen=True)
class SizeConstraints:
    """The size equalities of one function's arguments, checked by `check` before a call."""

    function: str
    groups: tuple[SizeGroup, ...]

    @staticmethod
    def of(function: func.FuncOp) -> SizeConstraints:
        return _Analysis(function).constraints()

    def check(self, args: list[Any]) -> str | None:
        """Why `args` contradict the constraints (None when they agree)."""
        for group in self.groups:
            sizes = {(i, d): args[i].shape[d] for i, d in group.members}
            first = group.members[0]
            if group.constant is not None:
                for member, size in sizes.items():
                    if size != group.constant:
                        return (f"{_name(member)} of @{self.function} is {size}, but the function requires "
                                f"{group.constant} ({group.reasons[member]})")
                continue
            for member in group.members[1:]:
                if sizes[member] != sizes[first]:
                    return (f"{_name(member)} of @{self.function} is {sizes[member]}, but {_name(first)} is "
                            f"{sizes[first]}; they must be equal ({group.reasons[member]})")
        return None


def _name(member: tuple[int, int]) -> str:
    return f"dimension {member[1]} of argument #{member[0]}"


def _describe(op: Operation) -> str:
    return f"'{op.name}' at {location_of(op)}"


class _Analysis:
    def __init__(self, function: func.FuncOp):
        self.function = function
        self.edges: dict[_Node, list[_Edge]] = {}
        self.constants: dict[_Node, tuple[int, str]] = {}
        self.loops: list[scf.ForOp] = []

    def tie(self, a: _Node, b: _Node, op: Operation) -> None:
        why = _describe(op)
        self.edges.setdefault(a, []).append(_Edge(b, why))
        self.edges.setdefault(b, []).append(_Edge(a, why))

    def fix(self, node: _Node, value: int, why: str) -> None:
        self.constants.setdefault(node, (value, why))

    def tie_shapes(self, a: SSAValue, b: SSAValue, op: Operation) -> None:
        rank_a, rank_b = _rank(a), _rank(b)
        if rank_a is not None and rank_a == rank_b:
            for d in range(rank_a):
                self.tie((id(a), d), (id(b), d), op)

    def static_sizes(self, value: SSAValue, why: str) -> None:
        if isinstance(value.type, ShapedType):
            for d, size in enumerate(value.type.get_shape()):
                if size >= 0:
                    self.fix((id(value), d), size, why)

    def visit(self, op: Operation) -> None:
        from xfuse.interfaces.tiling_linalg import structured_view

        for value in (*op.results, *(a for r in op.regions for b in r.blocks for a in b.args)):
            self.static_sizes(value, f"the type of a value of {_describe(op)}")
        if (view := structured_view(op)) is not None:
            by_loop: dict[int, list[_Node]] = {}
            for operand, indexing_map in zip(view.operands, view.maps, strict=True):
                for d, expr in enumerate(indexing_map.results):
                    if isinstance(expr, AffineDimExpr):
                        by_loop.setdefault(expr.position, []).append((id(operand), d))
            for nodes in by_loop.values():
                for node in nodes[1:]:
                    self.tie(nodes[0], node, op)
            for result, init in zip(op.results, view.outputs[-len(op.results):] if op.results else (), strict=True):
                self.tie_shapes(result, init, op)
        elif isinstance(op, tensor.DimOp):
            index = _constant_index(op.index)
            if index is not None:
                self.tie((id(op.result), -1), (id(op.source), index), op)
        elif isinstance(op, tensor.EmptyOp):
            dynamic = iter(op.dynamic_sizes)
            for d, size in enumerate(op.tensor.type.get_shape()):
                if size < 0:
                    self.tie((id(op.tensor), d), (id(next(dynamic)), -1), op)
        elif isinstance(op, arith.ConstantOp) and isinstance(op.result.type, IndexType):
            if isinstance(op.value, IntegerAttr):
                self.fix((id(op.result), -1), op.value.value.data, _describe(op))
        elif isinstance(op, tensor.CastOp):
            self.tie_shapes(op.source, op.dest, op)
        elif isinstance(op, tensor.InsertSliceOp):
            self.tie_shapes(op.dest, op.result, op)
        elif isinstance(op, scf.ForOp):
            self.loops.append(op)  # tied after the body, when the yields are known (see `tie_loops`)
        elif op.name == "scf.forall":
            outputs = op.operands[len(op.operands) - len(op.results):] if op.results else ()
            body_args = op.regions[0].blocks[0].args[-len(op.results):] if op.results else ()
            for init, arg, result in zip(outputs, body_args, op.results, strict=False):
                self.tie_shapes(init, arg, op)
                self.tie_shapes(init, result, op)
        elif isinstance(op, func.ReturnOp) and op.parent_op() is self.function:
            for value, result_type in zip(op.arguments, self.function.function_type.outputs.data, strict=False):
                if isinstance(result_type, ShapedType):
                    for d, size in enumerate(result_type.get_shape()):
                        if size >= 0 and _rank(value) == len(result_type.get_shape()):
                            self.fix((id(value), d), size, f"the result type of @{self.function.sym_name.data}")
        elif op.has_trait(SameOperandsAndResultType) or op.name.split(".")[0] in ("arith", "math"):
            # arith/math ops on tensors are elementwise: every operand and result has one shape.
            shaped = [v for v in (*op.operands, *op.results) if _rank(v) is not None]
            for other in shaped[1:]:
                self.tie_shapes(shaped[0], other, op)

    def connected(self, a: _Node, b: _Node) -> bool:
        seen, queue = {a}, deque([a])
        while queue:
            node = queue.popleft()
            if node == b:
                return True
            for edge in self.edges.get(node, ()):
                if edge.target not in seen:
                    seen.add(edge.target)
                    queue.append(edge.target)
        return False

    def tie_loops(self) -> None:
        """An scf.for carries a tensor of the same *type* around, but an iteration may yield one
        of another dynamic size: the init, region argument and result are tied only when the
        yielded value is provably the region argument's size (innermost loops first)."""
        for loop in reversed(self.loops):
            yielded = loop.body.block.last_op
            if yielded is None:
                continue
            body_args = loop.body.block.args[1:]
            for init, arg, value, result in zip(loop.iter_args, body_args, yielded.operands, loop.results,
                                                strict=False):
                rank = _rank(arg)
                if rank is None or any(not self.connected((id(value), d), (id(arg), d)) for d in range(rank)):
                    continue
                self.tie_shapes(init, arg, loop)
                self.tie_shapes(init, result, loop)

    def constraints(self) -> SizeConstraints:
        args = self.function.body.blocks[0].args if self.function.body.blocks else ()
        arg_nodes = {(id(a), d): (i, d) for i, a in enumerate(args) for d in range(_rank(a) or 0)
                     if isinstance(a.type, ShapedType) and a.type.get_shape()[d] < 0}
        if not arg_nodes:  # every group starts at a dynamic argument size: a static signature has none
            return SizeConstraints(self.function.sym_name.data, ())
        for arg in args:
            self.static_sizes(arg, "the argument type")
        for op in self.function.body.walk():
            self.visit(op)
        self.tie_loops()
        groups, seen = [], set()
        for start in arg_nodes:
            if start in seen:
                continue
            # Breadth-first from the first dynamic argument size: the path to each other member
            # (and to a constant) names the ops that tie them.
            paths: dict[_Node, list[str]] = {start: []}
            queue = deque([start])
            constant: tuple[int, list[str]] | None = None
            while queue:
                node = queue.popleft()
                if constant is None and node in self.constants:
                    value, why = self.constants[node]
                    constant = (value, [*paths[node], why])
                for edge in self.edges.get(node, ()):
                    if edge.target not in paths:
                        paths[edge.target] = [*paths[node], edge.why]
                        queue.append(edge.target)
            members = [node for node in paths if node in arg_nodes]
            seen.update(members)
            if len(members) < 2 and constant is None:
                continue
            reasons = {arg_nodes[m]: "tied by " + ", then ".join(dict.fromkeys(paths[m])) for m in members[1:]}
            if constant is not None:
                reasons = {arg_nodes[m]: "set by " + ", then ".join(dict.fromkeys([*paths[m][::-1], *constant[1]]))
                           for m in members}
            groups.append(SizeGroup(tuple(arg_nodes[m] for m in members), constant[0] if constant else None, reasons))
        return SizeConstraints(self.function.sym_name.data, tuple(groups))


def _rank(value: SSAValue) -> int | None:
    return len(value.type.get_shape()) if isinstance(value.type, ShapedType) else None


def _constant_index(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None
