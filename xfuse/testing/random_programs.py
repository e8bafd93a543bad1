"""Seeded random linalg/tensor programs, for differential testing of the passes.

`generate(seed)` returns a `RandomProgram`: the MLIR text of one `func.func` whose body is a DAG
of matmul, batch_matmul, elementwise `linalg.generic`s (broadcast and transposed maps, several
results), named elementwise ops, reductions, fills, transposes, broadcasts, convolutions (NHWC,
with strides and dilations), pack/unpack pairs and extract/insert_slice, where values often have
several users; and the ops that `xfuse-tile` may mark, with their loop counts. Shapes are small
(2..13) and mostly not multiples of the tile sizes, so partial tiles and padded packs are the
common case.

`generate(seed, dynamic=True)` writes dynamic shapes: every dim of size 8 is `?` (the others are
static 6), the inits are `tensor.empty` sized with `tensor.dim` of an operand, and the
differential runner gives every dynamic dim size 8 (`random_inputs`), so the program is
well-formed. Dynamic programs use the ops whose shapes follow from their operands (no packs,
slices or convolutions).

`generate(seed, element="f64")` writes the same program on f64; `element="i32"` the same kinds
of ops on i32: wrapping integer bodies (`addi`, `subi`, `muli`, `maxsi`, `minsi`), no float-only
ops, and the differential runner compares integer results exactly.

The same seed gives the same program (Python's `random.Random`, no global state). The text uses
MLIR 22's custom syntax, except the multi-result `linalg.generic`, written in generic form.
Run `python -m xfuse.testing.differential --help` for the command line that runs thousands of
them through the passes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

__all__ = ["ELEMENT_TYPES", "RandomProgram", "generate"]

_DIMS = (2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13)
_BINARY = ("arith.addf", "arith.subf", "arith.mulf", "arith.maximumf", "arith.minimumf")
_NAMED_BINARY = ("linalg.add", "linalg.sub", "linalg.mul", "linalg.max")
_NAMED_UNARY = ("linalg.exp",)  # xDSL 0.74 lacks abs, negf, ... (issue 8 item 4)
_INT_BINARY = ("arith.addi", "arith.subi", "arith.muli", "arith.maxsi", "arith.minsi")
"""For i32 programs: wrapping arithmetic is associative, so any evaluation order the passes
choose gives the reference's exact bits (overflow included)."""

ELEMENT_TYPES = ("f32", "f64", "i32")


DYNAMIC_SIZE = 8
"""In dynamic programs, the dim size written `?` (what `random_inputs` gives dynamic dims)."""
_DYNAMIC_DIMS = (DYNAMIC_SIZE, DYNAMIC_SIZE, 6)


def _tensor(shape: tuple[int, ...], dynamic: bool = False, element: str = "f32") -> str:
    dims = ["?" if dynamic and d == DYNAMIC_SIZE else str(d) for d in shape]
    return f"tensor<{'x'.join(dims)}x{element}>" if shape else f"tensor<{element}>"


def _map(num_dims: int, results: tuple[int, ...]) -> str:
    dims = ", ".join(f"d{i}" for i in range(num_dims))
    return f"affine_map<({dims}) -> ({', '.join(f'd{r}' for r in results)})>"


@dataclass
class RandomProgram:
    """One generated function: `text` (a `func.func`), its name and how many ops it holds."""

    seed: int
    name: str
    text: str
    ops: list[str] = field(default_factory=list)
    """The op names, in program order (for summaries)."""


class _Builder:
    def __init__(self, rng: random.Random, name: str, dynamic: bool = False, element: str = "f32"):
        self.rng = rng
        self.element = element
        self.integer = element.startswith("i")
        self.binary = _INT_BINARY if self.integer else _BINARY
        self.name = name
        self.dynamic = dynamic
        self.dims = _DYNAMIC_DIMS if dynamic else _DIMS
        self.index_constants: set[int] = set()
        self.args: list[tuple[str, tuple[int, ...]]] = []
        self.lines: list[str] = []
        self.values: list[tuple[str, tuple[int, ...]]] = []
        self.uses: dict[str, int] = {}
        self.counter = 0
        self.ops: list[str] = []
        self.constant_emitted = False

    # -- values ------------------------------------------------------------------------
    def t(self, shape: tuple[int, ...]) -> str:
        return _tensor(shape, self.dynamic, self.element)

    def index(self, value: int) -> str:
        """`%c<value>`, an index constant defined at the top of the function."""
        if value not in self.index_constants:
            self.index_constants.add(value)
            self.lines.insert(0, f"  %c{value} = arith.constant {value} : index")
        return f"%c{value}"

    def fresh(self, prefix: str = "v") -> str:
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def zero(self) -> str:
        if not self.constant_emitted:
            self.lines.insert(0, f"  %zero = arith.constant {'0' if self.integer else '0.0'} : {self.element}")
            self.constant_emitted = True
        return "%zero"

    def operand(self, shape: tuple[int, ...]) -> str:
        """A value of `shape`: an existing one (often, so values get several users) or a new
        function argument."""
        existing = [name for name, s in self.values if s == shape]
        if existing and self.rng.random() < 0.75:
            name = self.rng.choice(existing)
        else:
            name = f"%arg{len(self.args)}"
            self.args.append((name, shape))
        self.uses[name] = self.uses.get(name, 0) + 1
        return name

    def any_value(self, rank: int | None = None) -> tuple[str, tuple[int, ...]]:
        candidates = [v for v in self.values if rank is None or len(v[1]) == rank]
        if candidates and self.rng.random() < 0.8:
            name, shape = self.rng.choice(candidates)
            self.uses[name] = self.uses.get(name, 0) + 1
            return name, shape
        shape = tuple(self.rng.choice(self.dims) for _ in range(rank or 2))
        return self.operand(shape), shape

    def define(self, name: str, shape: tuple[int, ...]) -> None:
        self.values.append((name, shape))

    def init(self, shape: tuple[int, ...], filled: bool,
             sizes: tuple[tuple[str, tuple[int, ...], int], ...] = ()) -> str:
        """A `tensor.empty` of `shape` (zero-filled when `filled`). In a dynamic program, each
        dynamic dim `i` takes its size from `sizes[i]` = (value, its shape, its dim) via
        `tensor.dim`, or from an index constant when `sizes` is empty."""
        empty = self.fresh("e")
        operands = []
        for i, d in enumerate(shape):
            if not (self.dynamic and d == DYNAMIC_SIZE):
                continue
            if sizes and sizes[i] is not None and sizes[i][1][sizes[i][2]] == d:
                value, _, dim = sizes[i]
                size = self.fresh("d")
                self.lines.append(f"  {size} = tensor.dim {value}, {self.index(dim)} : {self.t(sizes[i][1])}")
                operands.append(size)
            else:
                operands.append(self.index(d))
        self.lines.append(f"  {empty} = tensor.empty({', '.join(operands)}) : {self.t(shape)}")
        if not filled:
            return empty
        fill = self.fresh("f")
        self.ops.append("linalg.fill")
        self.lines.append(
            f"  {fill} = linalg.fill ins({self.zero()} : {self.element}) outs({empty} : {self.t(shape)})"
            f" -> {self.t(shape)}"
        )
        return fill

    def emit(self, op: str, text: str, shape: tuple[int, ...] | None, prefix: str = "v") -> str:
        """Append `%new = <text>` (an op named `op`); `shape`: define the value for later ops."""
        value = self.fresh(prefix)
        self.ops.append(op)
        self.lines.append(f"  {value} = {text}")
        if shape is not None:
            self.define(value, shape)
        return value

    # -- ops ---------------------------------------------------------------------------
    def matmul(self) -> None:
        a, (m, k) = self.any_value(2)
        n = self.rng.choice(self.dims)
        b = self.operand((k, n))
        out = self.init((m, n), filled=True, sizes=((a, (m, k), 0), (b, (k, n), 1)))
        self.emit(
            "linalg.matmul",
            f"linalg.matmul ins({a}, {b} : {self.t((m, k))}, {self.t((k, n))}) "
            f"outs({out} : {self.t((m, n))}) -> {self.t((m, n))}",
            (m, n),
        )

    def batch_matmul(self) -> None:
        a, (bt, m, k) = self.any_value(3)
        n = self.rng.choice(self.dims)
        b = self.operand((bt, k, n))
        out = self.init((bt, m, n), filled=True, sizes=((a, (bt, m, k), 0), (a, (bt, m, k), 1), (b, (bt, k, n), 2)))
        self.emit(
            "linalg.batch_matmul",
            f"linalg.batch_matmul ins({a}, {b} : {self.t((bt, m, k))}, "
            f"{self.t((bt, k, n))}) outs({out} : {self.t((bt, m, n))}) -> {self.t((bt, m, n))}",
            (bt, m, n),
        )

    def elementwise_generic(self) -> None:
        """out = x op y, y broadcast along a dim or transposed; sometimes a second result."""
        x, shape = self.any_value(2)
        m, n = shape
        kind = self.rng.choice(("same", "row", "col", "transposed"))
        y_shape, y_map = {
            "same": ((m, n), (0, 1)),
            "row": ((n,), (1,)),
            "col": ((m,), (0,)),
            "transposed": ((n, m), (1, 0)),
        }[kind]
        y = self.operand(y_shape)
        op1, op2 = self.rng.choice(self.binary), self.rng.choice(self.binary)
        e = self.element
        two_results = self.rng.random() < 0.3
        outs = [self.init(shape, filled=False, sizes=((x, shape, 0), (x, shape, 1)))
                for _ in range(2 if two_results else 1)]
        maps = [_map(2, (0, 1)), _map(2, y_map)] + [_map(2, (0, 1))] * len(outs)
        iterators = '["parallel", "parallel"]'
        results = [self.fresh() for _ in outs]
        self.ops.append("linalg.generic")
        if not two_results:
            # Sometimes the body captures a constant defined just before the op (after the
            # loops that produce its operands): fusion must move it along.
            body = [f"    %r = {op1} %x, %y : {e}", f"    linalg.yield %r : {e}"]
            if self.rng.random() < 0.3:
                c = self.fresh("k")  # not "c": %c<n> are the index constants (`index`)
                self.lines.append(f"  {c} = arith.constant {'2' if self.integer else '0.5'} : {e}")
                clamp = "arith.maxsi" if self.integer else "arith.maximumf"
                body = [f"    %r0 = {op1} %x, %y : {e}", f"    %r = {clamp} %r0, {c} : {e}",
                        f"    linalg.yield %r : {e}"]
            self.lines += [
                f"  {results[0]} = linalg.generic {{indexing_maps = [{', '.join(maps)}], "
                f"iterator_types = {iterators}}} ins({x}, {y} : {self.t(shape)}, "
                f"{self.t(y_shape)}) outs({outs[0]} : {self.t(shape)}) {{",
                f"  ^bb0(%x: {e}, %y: {e}, %o: {e}):",
                *body,
                f"  }} -> {self.t(shape)}",
            ]
        else:  # generic form: xDSL 0.74's custom parser reads one result only
            t, ty = self.t(shape), self.t(y_shape)
            self.lines += [
                f"  {results[0]}, {results[1]} = \"linalg.generic\"({x}, {y}, {outs[0]}, {outs[1]}) "
                f"<{{indexing_maps = [{', '.join(maps)}], iterator_types = "
                "[#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], "
                "operandSegmentSizes = array<i32: 2, 2>}> ({",
                f"  ^bb0(%x: {e}, %y: {e}, %o: {e}, %p: {e}):",
                f"    %r = \"{op1}\"(%x, %y) : ({e}, {e}) -> {e}",
                f"    %s = \"{op2}\"(%r, %x) : ({e}, {e}) -> {e}",
                f'    "linalg.yield"(%r, %s) : ({e}, {e}) -> ()',
                f"  }}) : ({t}, {ty}, {t}, {t}) -> ({t}, {t})",
            ]
        for r in results:
            self.define(r, shape)

    def named_elementwise(self) -> None:
        x, shape = self.any_value()
        out = self.init(shape, filled=False, sizes=tuple((x, shape, i) for i in range(len(shape))))
        v = self.fresh()
        t = self.t(shape)
        if self.integer or self.rng.random() < 0.5:  # the unary ones are float-only
            op = self.rng.choice(_NAMED_BINARY)
            y = self.operand(shape)
            self.lines.append(f"  {v} = {op} ins({x}, {y} : {t}, {t}) outs({out} : {t}) -> {t}")
        else:
            op = self.rng.choice(_NAMED_UNARY)
            self.lines.append(f"  {v} = {op} ins({x} : {t}) outs({out} : {t}) -> {t}")
        self.ops.append(op)
        self.define(v, shape)

    def reduction(self) -> None:
        """Sum (or max) of a 2-d value along one dim, into a filled init."""
        x, (m, n) = self.any_value(2)
        dim = self.rng.choice((0, 1))
        kept = (m, n)[1 - dim]
        out = self.init((kept,), filled=True, sizes=((x, (m, n), 1 - dim),))
        v = self.fresh()
        body = self.rng.choice(("arith.addi", "arith.maxsi") if self.integer else ("arith.addf", "arith.maximumf"))
        e = self.element
        # Loops (d0 kept, d1 reduced); the input map puts them where the dims are.
        in_map = _map(2, (0, 1) if dim == 1 else (1, 0))
        self.ops.append("linalg.generic(reduction)")
        self.lines += [
            f"  {v} = linalg.generic {{indexing_maps = [{in_map}, {_map(2, (0,))}], "
            f'iterator_types = ["parallel", "reduction"]}} ins({x} : {self.t((m, n))}) '
            f"outs({out} : {self.t((kept,))}) {{",
            f"  ^bb0(%x: {e}, %o: {e}):",
            f"    %r = {body} %x, %o : {e}",
            f"    linalg.yield %r : {e}",
            f"  }} -> {self.t((kept,))}",
        ]
        self.define(v, (kept,))

    def transpose(self) -> None:
        x, shape = self.any_value(self.rng.choice((2, 3)))
        perm = list(range(len(shape)))
        while perm == sorted(perm):
            self.rng.shuffle(perm)
        out_shape = tuple(shape[p] for p in perm)
        out = self.init(out_shape, filled=False, sizes=tuple((x, shape, p) for p in perm))
        self.emit(
            "linalg.transpose",
            f"linalg.transpose ins({x} : {self.t(shape)}) outs({out} : "
            f"{self.t(out_shape)}) permutation = [{', '.join(map(str, perm))}]",
            out_shape,
        )

    def broadcast(self) -> None:
        x, (k,) = self.any_value(1)
        other = self.rng.choice(self.dims)
        dim = self.rng.choice((0, 1))
        out_shape = (other, k) if dim == 0 else (k, other)
        kept = (x, (k,), 0)
        out = self.init(out_shape, filled=False, sizes=(None, kept) if dim == 0 else (kept, None))
        self.emit(
            "linalg.broadcast",
            f"linalg.broadcast ins({x} : {self.t((k,))}) outs({out} : "
            f"{self.t(out_shape)}) dimensions = [{dim}]",
            out_shape,
        )

    def conv(self) -> None:
        """`linalg.conv_2d_nhwc_hwcf` with random strides and dilations; the input sometimes has a
        row or column past the last window (the op does not read it)."""
        n, c, f = self.rng.choice((1, 2)), self.rng.choice((1, 2, 3)), self.rng.choice((1, 2, 4))
        kh, kw, sh, sw, dh, dw = (self.rng.choice(options) for options in
                                  ((1, 2, 3), (1, 2, 3), (1, 2), (1, 2), (1, 2), (1, 2)))
        oh, ow = self.rng.randint(1, 4), self.rng.randint(1, 4)
        h = (oh - 1) * sh + (kh - 1) * dh + 1 + self.rng.choice((0, 0, 1))
        w = (ow - 1) * sw + (kw - 1) * dw + 1 + self.rng.choice((0, 0, 1))
        x, k = self.operand((n, h, w, c)), self.operand((kh, kw, c, f))
        out_shape = (n, oh, ow, f)
        out = self.init(out_shape, filled=True)
        attrs = ""
        if (sh, sw, dh, dw) != (1, 1, 1, 1) or self.rng.random() < 0.5:
            attrs = (f" {{dilations = dense<[{dh}, {dw}]> : tensor<2xi64>, "
                     f"strides = dense<[{sh}, {sw}]> : tensor<2xi64>}}")
        self.emit(
            "linalg.conv_2d_nhwc_hwcf",
            f"linalg.conv_2d_nhwc_hwcf{attrs} ins({x}, {k} : {self.t((n, h, w, c))}, {self.t((kh, kw, c, f))}) "
            f"outs({out} : {self.t(out_shape)}) -> {self.t(out_shape)}",
            out_shape,
        )

    def pack_unpack(self) -> None:
        """A pack (padded when the tiles do not divide), sometimes an op on the packed tensor,
        then the unpack back to the original shape."""
        x, (m, n) = self.any_value(2)
        tiles = (self.rng.choice((2, 3, 4)), self.rng.choice((2, 3, 4)))
        dims = self.rng.choice(([0, 1], [1, 0], [1]))
        tile_of = dict(zip(dims, tiles))
        perm = self.rng.choice((None, [1, 0]))
        outer = [-(-(m, n)[d] // tile_of[d]) if d in tile_of else (m, n)[d] for d in range(2)]
        if perm:
            outer = [outer[p] for p in perm]
        packed = tuple(outer) + tuple(tile_of[d] for d in dims)
        padded = any((m, n)[d] % t for d, t in tile_of.items())
        inner = ", ".join(str(tile_of[d]) for d in dims)
        perm_text = f" outer_dims_perm = [{', '.join(map(str, perm))}]" if perm else ""
        pad = f" padding_value({self.zero()} : {self.element})" if padded else ""
        dest = self.init(packed, filled=False)
        p = self.emit(
            "linalg.pack",
            f"linalg.pack {x}{pad}{perm_text} inner_dims_pos = [{', '.join(map(str, dims))}]"
            f" inner_tiles = [{inner}] into {dest} : {self.t((m, n))} -> {self.t(packed)}",
            None, "p",
        )
        if self.rng.random() < 0.4:  # an elementwise op on the packed tensor
            e = self.init(packed, filled=False)
            t = self.t(packed)
            if self.integer:
                p = self.emit("linalg.add", f"linalg.add ins({p}, {p} : {t}, {t}) outs({e} : {t}) -> {t}", None, "p")
            else:
                p = self.emit("linalg.exp", f"linalg.exp ins({p} : {t}) outs({e} : {t}) -> {t}", None, "p")
        dest = self.init((m, n), filled=False)
        self.emit(
            "linalg.unpack",
            f"linalg.unpack {p}{perm_text} inner_dims_pos = [{', '.join(map(str, dims))}]"
            f" inner_tiles = [{inner}] into {dest} : {self.t(packed)} -> {self.t((m, n))}",
            (m, n),
        )

    def slices(self) -> None:
        """An extract_slice of a value, and (often) its insertion into another value."""
        x, (m, n) = self.any_value(2)
        if m < 2 or n < 2:
            return
        sm, sn = self.rng.randint(1, m), self.rng.randint(1, n)
        om, on = self.rng.randint(0, m - sm), self.rng.randint(0, n - sn)
        v = self.emit(
            "tensor.extract_slice",
            f"tensor.extract_slice {x}[{om}, {on}] [{sm}, {sn}] [1, 1] : "
            f"{self.t((m, n))} to {self.t((sm, sn))}",
            (sm, sn),
        )
        if self.rng.random() < 0.6:
            dest = self.operand((m, n))
            om2, on2 = self.rng.randint(0, m - sm), self.rng.randint(0, n - sn)
            self.emit(
                "tensor.insert_slice",
                f"tensor.insert_slice {v} into {dest}[{om2}, {on2}] [{sm}, {sn}] [1, 1] : "
                f"{self.t((sm, sn))} into {self.t((m, n))}",
                (m, n),
            )

    # -- the function ------------------------------------------------------------------
    def text(self) -> str:
        unused = [v for v in self.values if self.uses.get(v[0], 0) == 0]
        returned = unused[-3:] or self.values[-1:]
        args = ", ".join(f"{name}: {self.t(shape)}" for name, shape in self.args)
        types = ", ".join(self.t(s) for _, s in returned)
        return "\n".join(
            [f"func.func @{self.name}({args}) -> ({types}) {{", *self.lines,
             f"  return {', '.join(n for n, _ in returned)} : {types}", "}"]
        )


_KINDS = (
    ("matmul", 4),
    ("batch_matmul", 1),
    ("elementwise_generic", 4),
    ("named_elementwise", 3),
    ("reduction", 2),
    ("transpose", 2),
    ("broadcast", 1),
    ("pack_unpack", 2),
    ("slices", 2),
    ("conv", 1),
)
_STATIC_ONLY = frozenset({"pack_unpack", "slices", "conv"})
"""Kinds whose result shapes do not follow from their operands' (left out of dynamic programs)."""


def generate(seed: int, name: str | None = None, max_ops: int = 6, dynamic: bool = False,
             element: str = "f32") -> RandomProgram:
    """The program of `seed`: 1..`max_ops` ops (plus their fills and empties); with `dynamic`,
    on dynamic shapes (module docstring); `element`: `f32`, `f64` or `i32` (wrapping integer arithmetic,
    no float-only ops)."""
    if element not in ELEMENT_TYPES:
        raise ValueError(f"element type {element!r} is not one of {', '.join(ELEMENT_TYPES)}")
    rng = random.Random(seed)
    builder = _Builder(rng, name or f"p{seed}", dynamic, element)
    kinds, weights = zip(*[(k, w) for k, w in _KINDS if not (dynamic and k in _STATIC_ONLY)])
    for _ in range(rng.randint(1, max_ops)):
        kind = rng.choices(kinds, weights)[0]
        if kind == "broadcast" and not any(len(s) == 1 for _, s in builder.values):
            kind = "elementwise_generic"
        getattr(builder, kind)()
    if not builder.values:
        builder.matmul()
    return RandomProgram(seed, builder.name, builder.text(), builder.ops)
