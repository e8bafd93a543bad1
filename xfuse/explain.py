"""Loop nests explained: what each loop computes, for people who would rather not read the IR.

`explain(module)` walks every function and builds a tree: the loops (kind, bounds, step, mapping)
and, inside each, the ops that compute something (linalg ops, allocations, copies, calls), each
with the tile it writes, the tiles it reads, and the original op it is a tile of. Tiling and fusion
give every clone the location of the op it was cut from, so the location *is* the provenance.

The result renders three ways: `text()` for terminals (also `xfuse-explain FILE`), `records()`
(plain dicts, for tables and JSON), and `figure()` / `svg()` / `png()`, a picture of the nests
(matplotlib, an optional dependency: `pip install xfuse[notebooks]`).
"""

from __future__ import annotations

import io
import re
import sys
import types
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    FileLineColLoc,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    TensorType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.printer import Printer

from xfuse.transforms.network.roots import computes_products

__all__ = ["Computation", "Explanation", "FunctionNest", "Group", "Loop", "explain"]

LOOP_OPS = ("scf.forall", "scf.for", "scf.parallel", "affine.for", "affine.parallel")
"""Ops drawn as loops; their bodies are explained recursively."""

SLICE_OPS = ("tensor.extract_slice", "memref.subview")
"""Ops that cut a tile out of a larger value: they describe tiles, they compute nothing."""

INSERT_OPS = ("tensor.insert_slice", "tensor.parallel_insert_slice")

_NOT_COMPUTATIONS = frozenset(
    {
        *SLICE_OPS,
        *INSERT_OPS,
        "scf.yield",
        "scf.forall.in_parallel",
        "func.return",
        "linalg.yield",
        "affine.apply",
        "affine.min",
        "affine.max",
        "affine.yield",
        "memref.dealloc",
        "tensor.dim",
        "memref.dim",
        "bufferization.to_tensor",
        "bufferization.to_buffer",
    }
)


@dataclass(frozen=True)
class Loop:
    """One loop: its kind, induction variables and bounds as the user would write them."""

    kind: str
    induction_vars: tuple[str, ...]
    lower: tuple[str, ...]
    upper: tuple[str, ...]
    step: tuple[str, ...]
    mapping: str | None
    results: tuple[str, ...]
    location: str
    body: list[Loop | Computation] = field(default_factory=list, compare=False)

    @property
    def trip_counts(self) -> tuple[int | None, ...]:
        """Iterations per induction variable when the bounds are static, else None."""
        counts: list[int | None] = []
        for lb, ub, st in zip(self.lower, self.upper, self.step):
            try:
                counts.append(max(0, -(-(int(ub) - int(lb)) // int(st))))
            except ValueError:
                counts.append(None)
        return tuple(counts)

    def header(self) -> str:
        ivs = ", ".join(self.induction_vars)
        text = (
            f"{self.kind} ({ivs}) = ({', '.join(self.lower)}) to ({', '.join(self.upper)}) "
            f"step ({', '.join(self.step)})"
        )
        counts = self.trip_counts
        if counts and all(c is not None for c in counts):
            total = 1
            for c in counts:
                total *= c  # type: ignore[operator]
            text += f"  [{total} iteration{'s' if total != 1 else ''}]"
        if self.mapping:
            text += f"  mapping {self.mapping}"
        if self.results:
            text += f"  -> {', '.join(self.results)}"
        return text


@dataclass(frozen=True)
class Computation:
    """An op that computes or moves data: which original op it is a tile of, and its tiles."""

    op: str
    result: str | None
    shape: str
    origin: str
    writes: str
    reads: tuple[str, ...]
    location: str
    contraction: bool = False
    """It multiplies and accumulates over a reduction (a convolution, matmul, ...): a group's root."""

    def line(self) -> str:
        head = f"{self.result} = {self.op}" if self.result else self.op
        parts = [f"{head}  {self.shape}".rstrip()]
        if self.writes:
            parts.append(f"writes {self.writes}")
        if self.reads:
            parts.append(f"reads {', '.join(self.reads)}")
        if self.origin:
            parts.append(f"tile of {self.origin}")
        return "; ".join(parts)


@dataclass(frozen=True)
class FunctionNest:
    """A function: its loops, and what it computes outside any loop."""

    name: str
    body: list[Loop | Computation]

    @property
    def outside(self) -> list[Computation]:
        return [item for item in self.body if isinstance(item, Computation)]

    @property
    def loops(self) -> list[Loop]:
        return [item for item in self.body if isinstance(item, Loop)]


@dataclass(frozen=True)
class Explanation:
    """Every function of a module, explained. `str()` is the text form."""

    functions: list[FunctionNest]

    def text(self) -> str:
        lines: list[str] = []
        for fn in self.functions:
            lines.append(f"func @{fn.name}")
            if not fn.loops:
                lines.append("  (no loops)")
            previous_was_loop = True
            for item in fn.body:
                if isinstance(item, Computation) and previous_was_loop:
                    lines.append("  outside any loop:")
                previous_was_loop = isinstance(item, Loop)
                _text_lines(item, 2 if isinstance(item, Computation) else 1, lines)
        return "\n".join(lines)

    __str__ = text

    def groups(self) -> list[Group]:
        """One `Group` per outermost loop nest of each function, in IR order."""
        return [_group(fn.name, n, loop) for fn in self.functions for n, loop in enumerate(fn.loops, 1)]

    def groups_text(self) -> str:
        """One line per fused group, then per function one line of what no loop holds."""
        lines: list[str] = []
        for fn in self.functions:
            lines.extend(g.line() for g in self.groups() if g.function == fn.name)
            outside = [c.op for c in fn.outside if c.op not in _GROUP_PLUMBING]
            if outside:
                lines.append(f"@{fn.name} outside any group: {_counted(outside)}")
        return "\n".join(lines)

    def records(self) -> list[dict[str, object]]:
        """One dict per loop and per computation (with its function and loop depth): a table."""
        rows: list[dict[str, object]] = []
        for fn in self.functions:
            for item in fn.body:
                _records(fn.name, item, 0, rows)
        return rows

    def figure(self, width: float = 11.0):
        """A matplotlib figure: loops as nested boxes, computations as coloured rows."""
        from xfuse.explain_picture import draw

        return draw(self, width)

    def svg(self) -> str:
        stream = io.StringIO()
        figure = self.figure()
        figure.savefig(stream, format="svg", bbox_inches="tight")
        _close(figure)
        return stream.getvalue()

    def png(self, dpi: int = 110) -> bytes:
        stream = io.BytesIO()
        figure = self.figure()
        figure.savefig(stream, format="png", dpi=dpi, bbox_inches="tight")
        _close(figure)
        return stream.getvalue()


@dataclass(frozen=True)
class Group:
    """An outermost loop nest and what it computes: a fused group (a root and its neighbours)."""

    function: str
    number: int
    roots: tuple[str, ...]
    """The contractions in it (op name and location), usually one."""
    tile: str
    """The tile the (first) root writes per iteration, e.g. `1x16x1x8xf32`."""
    loops: tuple[str, ...]
    """Each loop of the nest, outermost first: kind, upper bounds, steps, iterations."""
    ops: tuple[str, ...]
    """The other computing ops in it, in IR order."""
    location: str

    def line(self) -> str:
        roots = ", ".join(self.roots) or "no contraction"
        fused = _counted(self.ops) or "nothing"
        return (f"@{self.function} group {self.number}: {roots}; tile {self.tile or '?'}; "
                f"loops {' > '.join(self.loops)}; with {fused}")

    def record(self) -> dict[str, object]:
        return {"function": self.function, "group": self.number, "roots": list(self.roots),
                "tile": self.tile, "loops": list(self.loops), "ops": list(self.ops),
                "location": self.location}


def _counted(names: Iterable[str]) -> str:
    """`a, 3x b` in order of first appearance."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{n}x {name}" for name, n in counts.items())


def _group(function: str, number: int, loop: Loop) -> Group:
    loops: list[str] = []
    computations: list[Computation] = []

    def walk(item: Loop | Computation) -> None:
        if isinstance(item, Computation):
            computations.append(item)
            return
        counts = item.trip_counts
        total = None if None in counts else 1
        for c in counts:
            total = total * c if total is not None and c is not None else None
        iterations = f" [{total}]" if total is not None else ""
        loops.append(f"{item.kind.split('.')[-1]} ({', '.join(item.upper)}) step "
                     f"({', '.join(item.step)}){iterations}")
        for inner in item.body:
            walk(inner)

    walk(loop)
    roots = [c for c in computations if c.contraction]
    others = tuple(c.op for c in computations if not c.contraction and c.op not in _GROUP_PLUMBING)
    return Group(
        function, number,
        tuple(_root_text(c) for c in roots),
        roots[0].shape if roots else "", tuple(loops), others, loop.location,
    )


def _root_text(c: Computation) -> str:
    where = c.origin or c.location
    return f"{c.op} of {where}" if c.origin else f"{c.op} at {where}" if where else c.op


_GROUP_PLUMBING = frozenset({
    "tensor.empty", "tensor.cast", "memref.alloc", "memref.dealloc", "memref.cast", "memref.view",
    "memref.get_global",
})
"""Ops a group line does not list: they allocate or retype, they compute nothing."""


def _close(figure) -> None:
    import matplotlib.pyplot as plt

    plt.close(figure)


def _text_lines(item: Loop | Computation, depth: int, lines: list[str]) -> None:
    pad = "  " * depth
    if isinstance(item, Computation):
        lines.append(f"{pad}{item.line()}")
        return
    lines.append(f"{pad}{item.header()}")
    for inner in item.body:
        _text_lines(inner, depth + 1, lines)


def _records(fn: str, item: Loop | Computation, depth: int, rows: list[dict[str, object]]) -> None:
    if isinstance(item, Computation):
        rows.append(
            {
                "function": fn,
                "depth": depth,
                "kind": "op",
                "op": item.op,
                "result": item.result,
                "shape": item.shape,
                "writes": item.writes,
                "reads": list(item.reads),
                "origin": item.origin,
                "location": item.location,
            }
        )
        return
    rows.append(
        {
            "function": fn,
            "depth": depth,
            "kind": "loop",
            "op": item.kind,
            "induction_vars": list(item.induction_vars),
            "lower": list(item.lower),
            "upper": list(item.upper),
            "step": list(item.step),
            "mapping": item.mapping,
            "results": list(item.results),
            "location": item.location,
        }
    )
    for inner in item.body:
        _records(fn, inner, depth + 1, rows)


def explain(module: ModuleOp) -> Explanation:
    """Explain every function of `module` (on tensors or memrefs, fused or not)."""
    names = _Names(module)
    functions = [
        FunctionNest(op.sym_name.data, _explain_block_ops(op.body.block.ops, names))
        for op in module.walk()
        if isinstance(op, func.FuncOp) and op.body.blocks
    ]
    return Explanation(functions)


class _Names:
    """SSA names exactly as xDSL prints the module, so the explanation matches the IR shown."""

    def __init__(self, module: ModuleOp):
        self._printer = Printer(stream=io.StringIO())
        self._printer.print_op(module)
        self._sources: dict[str, list[str]] = {}

    def of(self, value: SSAValue) -> str:
        name = self._printer._ssa_values.get(value)  # noqa: SLF001 - the printer's own names
        return f"%{name}" if name is not None else "%?"

    def index(self, value: SSAValue | int) -> str:
        """An index as the user would write it: a constant, an affine expression, a name."""
        if isinstance(value, int):
            return str(value)
        owner = value.owner
        if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
            return str(owner.value.value.data)
        if isinstance(owner, Operation) and owner.name in ("affine.apply", "affine.min", "affine.max"):
            affine_map = owner.properties["map"].data  # type: ignore[attr-defined]
            exprs = [
                _substitute(str(expr), [self.index(o) for o in owner.operands], affine_map.num_dims)
                for expr in affine_map.results
            ]
            if owner.name == "affine.apply":
                return _strip_parens(exprs[0])
            inner = ", ".join(_strip_parens(e) for e in exprs)
            return f"{owner.name.removeprefix('affine.')}({inner})"
        return self.of(value)

    def origin(self, op: Operation) -> str:
        """`%name (file:line)` of the op this one was cut from, read from its location."""
        loc = op.location
        if not isinstance(loc, FileLineColLoc):
            return ""
        where = f"{Path(loc.filename.data).name}:{loc.line.data}"
        line = self._source_line(loc.filename.data, loc.line.data)
        match = re.match(r"\s*(%[\w.$-]+)(?::\d+)?\s*(?:,\s*%[\w.$-]+\s*)*=", line or "")
        return f"{match.group(1)} ({where})" if match else where

    def _source_line(self, filename: str, line: int) -> str | None:
        if filename not in self._sources:
            try:
                self._sources[filename] = Path(filename).read_text().splitlines()
            except OSError:
                self._sources[filename] = []
        lines = self._sources[filename]
        return lines[line - 1] if 0 < line <= len(lines) else None


def _substitute(expr: str, operands: Sequence[str], num_dims: int) -> str:
    """Replace `d0`, `s0`, ... in an affine expression by the operands' texts (dims first)."""

    def repl(match: re.Match[str]) -> str:
        position = int(match.group(2)) + (num_dims if match.group(1) == "s" else 0)
        text = operands[position] if position < len(operands) else match.group(0)
        return text if re.fullmatch(r"[%\w.$-]+", text) else f"({_strip_parens(text)})"

    return re.sub(r"\b([ds])(\d+)\b", repl, expr)


def _strip_parens(text: str) -> str:
    """`(a + b)` -> `a + b` when the outer parentheses enclose the whole text."""
    while text.startswith("(") and text.endswith(")"):
        depth = 0
        for i, ch in enumerate(text):
            depth += {"(": 1, ")": -1}.get(ch, 0)
            if depth == 0 and i < len(text) - 1:
                return text
        text = text[1:-1]
    return text


def _location(op: Operation) -> str:
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
    return ""


def _explain_block_ops(ops: Iterable[Operation], names: _Names) -> list[Loop | Computation]:
    items: list[Loop | Computation] = []
    for op in ops:
        if op.name in LOOP_OPS:
            items.append(_loop(op, names))
        elif op.regions and op.name.startswith("scf."):
            # scf.if, scf.execute_region, ...: transparent, their ops belong to this level
            # (tensor.pad, tensor.generate and linalg ops have bodies too: they compute).
            for region in op.regions:
                for block in region.blocks:
                    items.extend(_explain_block_ops(block.ops, names))
        elif _computes(op):
            items.append(_computation(op, names))
    return items


def _computes(op: Operation) -> bool:
    if op.name in _NOT_COMPUTATIONS or op.name.startswith("arith.") or op.name.startswith("math."):
        return False
    if op.name.startswith("index.") or op.name.startswith("vector."):
        return False
    return bool(op.results) or op.name.startswith(("linalg.", "memref.copy", "func.call", "rock."))


def _loop(op: Operation, names: _Names) -> Loop:
    if op.name == "scf.forall":
        lower, upper, step = _forall_bounds(op, names)
        ivs = op.regions[0].block.args[: len(upper)]
    elif op.name == "scf.for":
        lower = (names.index(op.operands[0]),)
        upper = (names.index(op.operands[1]),)
        step = (names.index(op.operands[2]),)
        ivs = op.regions[0].block.args[:1]
    elif op.name == "scf.parallel":
        rank = len(op.regions[0].block.args)
        lower = tuple(names.index(v) for v in op.operands[:rank])
        upper = tuple(names.index(v) for v in op.operands[rank : 2 * rank])
        step = tuple(names.index(v) for v in op.operands[2 * rank : 3 * rank])
        ivs = op.regions[0].block.args
    else:  # affine loops: bounds are maps; show their text
        ivs = op.regions[0].block.args
        lower = upper = step = tuple("?" for _ in ivs)
    mapping = op.attributes.get("mapping") or getattr(op, "properties", {}).get("mapping")
    return Loop(
        kind=op.name,
        induction_vars=tuple(names.of(v) for v in ivs),
        lower=tuple(lower),
        upper=tuple(upper),
        step=tuple(step),
        mapping=_attr_text(mapping) if mapping is not None else None,
        results=tuple(names.of(r) for r in op.results),
        location=_location(op),
        body=[
            item
            for block in op.regions[0].blocks
            for item in _explain_block_ops(block.ops, names)
        ],
    )


def _forall_bounds(op: Operation, names: _Names):
    def mixed(static_name: str, dynamic_name: str) -> tuple[str, ...]:
        static = op.properties.get(static_name)
        dynamic = list(getattr(op, dynamic_name))
        if static is None:
            return tuple(names.index(v) for v in dynamic)
        out: list[str] = []
        for value in static.get_values():
            out.append(names.index(dynamic.pop(0)) if value == DYNAMIC_INDEX else str(value))
        return tuple(out)

    return (
        mixed("staticLowerBound", "dynamicLowerBound"),
        mixed("staticUpperBound", "dynamicUpperBound"),
        mixed("staticStep", "dynamicStep"),
    )


def _attr_text(attr: Attribute) -> str:
    stream = io.StringIO()
    Printer(stream=stream).print_attribute(attr)
    return stream.getvalue()


def _shape(value: SSAValue) -> str:
    t = value.type
    if isinstance(t, TensorType | MemRefType):
        dims = "x".join("?" if d == DYNAMIC_INDEX else str(d) for d in t.get_shape())
        return f"{dims}x{t.get_element_type()}" if dims else str(t.get_element_type())
    return str(t)


def _computation(op: Operation, names: _Names) -> Computation:
    """The op's tiles; its origin is shown when it is a tile (inside a loop) of another op."""
    inits = _dps_inits(op)
    written = inits[0] if inits else (op.results[0] if op.results else None)
    shape = _shape(written) if written is not None else ""
    result = names.of(op.results[0]) if op.results else None
    reads = tuple(
        _tile_of(v, names) for v in op.operands if v not in inits and _is_shaped(v)
    )
    writes = _tile_of(inits[0], names) if inits else _fresh(op)
    stored = _stored_to(op, names)
    if stored and stored != writes:
        writes = f"{writes}, stored to {stored}" if writes else f"stored to {stored}"
    return Computation(
        op=op.name,
        result=result,
        shape=shape,
        origin=names.origin(op) if _inside_loop(op) else "",
        writes=writes,
        reads=reads,
        location=_location(op),
        contraction=computes_products(op),
    )


def _inside_loop(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        if parent.name in LOOP_OPS:
            return True
        parent = parent.parent_op()
    return False


def _dps_inits(op: Operation) -> list[SSAValue]:
    for attr in ("outputs", "inits", "init", "dest"):
        values = getattr(op, attr, None)
        if values is None:
            continue
        if isinstance(values, SSAValue):
            return [values]
        return list(values)
    if op.name == "memref.copy":
        return [op.operands[1]]
    return []


def _is_shaped(value: SSAValue) -> bool:
    return isinstance(value.type, TensorType | MemRefType)


def _fresh(op: Operation) -> str:
    if op.name in ("tensor.empty", "memref.alloc", "memref.alloca", "bufferization.alloc_tensor"):
        return "a fresh buffer (intermediate)"
    return ""


def _tile_of(value: SSAValue, names: _Names) -> str:
    """`%src[%i, %j] [64, 64]` when `value` is a slice; the value's name otherwise."""
    owner = value.owner
    if isinstance(owner, Operation) and owner.name in SLICE_OPS:
        source = owner.operands[0]
        offsets = _mixed(owner, "static_offsets", "offsets", names)
        sizes = _mixed(owner, "static_sizes", "sizes", names)
        return f"{names.of(source)}[{', '.join(offsets)}] [{', '.join(sizes)}]"
    if isinstance(owner, Operation) and owner.name in ("tensor.empty", "memref.alloc"):
        return f"{names.of(value)} (fresh {_shape(value)})"
    return names.of(value)


def _mixed(op: Operation, static_name: str, dynamic_name: str, names: _Names) -> list[str]:
    dynamic = list(getattr(op, dynamic_name))
    out: list[str] = []
    for value in getattr(op, static_name).get_values():
        out.append(names.index(dynamic.pop(0)) if value == DYNAMIC_INDEX else str(value))
    return out


def _stored_to(op: Operation, names: _Names) -> str:
    """Where the op's first result is inserted into a larger value, if it is."""
    if not op.results:
        return ""
    for use in op.results[0].uses:
        user = use.operation
        if user.name in INSERT_OPS and use.index == 0:
            offsets = _mixed(user, "static_offsets", "offsets", names)
            sizes = _mixed(user, "static_sizes", "sizes", names)
            return f"{names.of(user.operands[1])}[{', '.join(offsets)}] [{', '.join(sizes)}]"
    return ""


class _CallableModule(types.ModuleType):
    """This module, callable: `xfuse.explain(module)` (as the docs write it) is `explain(module)`,
    while `from xfuse.explain import Loop, explain` keeps working."""

    def __call__(self, module: ModuleOp) -> Explanation:
        return explain(module)


sys.modules[__name__].__class__ = _CallableModule
