"""`xfuse-winograd`: 3x3 stride-1 convolutions with weight filters as Winograd F(2x2, 3x3).

The replacement is written as MLIR text from the shapes (`_text`), parsed, and its ops cloned
before the convolution; the text is the IR a reader sees in a dump, in the order it runs:

- the input's `N x (2TH+2) x (2TW+2) x C` zero-padded patch grid (a `tensor.pad` of the bottom row
  and right column when the output's rows or columns are odd), and its 16 strided views
  `d[i][j] = x[0, i, j, 0][N, TH, TW, C][1, 2, 2, 1]` (element `(i, j)` of every 4x4 patch);
- 16 elementwise generics `V[a][b] = sum B^T[a,i] B^T[b,j] d[i][j]` (four views each, signs
  only), each collapsed to `tiles x C`;
- 16 `linalg.matmul`s `M[xi] = V[xi] U[xi]`, `U` the transformed filter argument
  (`16 x C x K`, `xfuse.weight_transform`), each from a zero fill, expanded to `N x TH x TW x K`;
- 4 elementwise generics `Y[a][b] = sum A^T[a,i] A^T[b,j] M[i][j]` (+ the bias), each written
  in place into its strided view `out[0, a, b, 0][N, TH, TW, K][1, 2, 2, 1]` of the result
  (`extract_slice` / `insert_slice` pairs that one-shot-bufferize writes in place).

From `PRODUCTS_LOOP_THREADS` threads the input transforms write one `16 x T x C` tensor and the
16 products are one `scf.forall` (`_products_loop`: each thread whole matmuls).

Each of the 36 generics is elementwise with identity maps, so the backend's elementwise schedule
vectorizes it along C or K, and each matmul is a plain static matmul the matmul schedule
register-tiles. The convolution's elementwise chain (`slice_loops.elementwise_chain`: ReLU,
residual add) runs on each of the four `Y[a][b]` (its other inputs read through the same strided
view), fused by the elementwise schedule into the output transform; on odd outputs the padded
result is cut to size and the chain is left as it was.

Taken before `xfuse-block-filters` (which would block the HWCF filter) and before the backend's
convolution rewrites (conv_borders, column_split, flat_pixels): a rewritten convolution is gone.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import FloatAttr, ModuleOp, StringAttr, TensorType, f32
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.backends.target import CpuTarget, host_target
from xfuse.transforms.layout.grouped_convs import HWCF
from xfuse.transforms.layout.slice_loops import bias_broadcast, chain_on_slice, elementwise_chain, erase_with_dead_inits
from xfuse.transforms.layout.weight_layout import (
    WEIGHT_SHAPE_ATTR,
    WEIGHT_TRANSFORM_ATTR,
    retype_weight_argument,
    set_weight_attr,
    uncalled_functions,
    weight_layout,
)
from xfuse.transforms.winograd.cost import ConvShape, takes_winograd
from xfuse.transforms.winograd.memory import activation_floor, fits
from xfuse.transforms.winograd.matrices import A_T, B_T, OUTPUT, TILE, WINOGRAD_TRANSFORM, terms

WINOGRAD_ENABLED = True
"""Whether `xfuse-winograd` rewrites any convolution (the cost model decides which)."""
_OUTPUT_MARK = "xfuse.winograd_output"
PRODUCTS_LOOP_THREADS = 2
"""Builds of this many threads or more compute the 16 products in one `scf.forall`
(`_products_loop`)."""

_ID = "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>"
_LAST = "affine_map<(d0, d1, d2, d3) -> (d3)>"
_PARALLEL = '["parallel", "parallel", "parallel", "parallel"]'


@dataclass(frozen=True)
class Candidate:
    """A convolution the rewrite takes: its filter argument, its shape, its bias (or None)."""

    conv: Operation
    argument: BlockArgument
    shape: ConvShape
    bias: tuple[Operation, SSAValue] | None


def _all_ones(conv: Operation, name: str) -> bool:
    """`conv`'s `strides` or `dilations` are all 1 (or absent; a splat `dense<1>` too)."""
    attr = conv.properties.get(name) or conv.attributes.get(name)
    return attr is None or all(int(v) == 1 for v in attr.get_values())


def _zero_fill(init: SSAValue) -> bool:
    """`init` is a `linalg.fill` of the constant 0."""
    if not (isinstance(init, OpResult) and init.op.name == "linalg.fill"):
        return False
    value = init.op.operands[0]
    if not (isinstance(value, OpResult) and value.op.name == "arith.constant"):
        return False
    attr = value.op.properties.get("value") or value.op.attributes.get("value")
    return isinstance(attr, FloatAttr) and attr.value.data == 0.0


def candidate(conv: Operation, function: func.FuncOp, target: CpuTarget, threads: int = 1) -> Candidate | None:
    """`conv` as a Winograd candidate: a static f32 `linalg.conv_2d_nhwc_hwcf`, 3x3, stride and
    dilation 1, whose filter is an HWCF weight argument read by it alone, starting from a zero
    fill or a bias broadcast, that the cost model takes (`cost.takes_winograd`); else None."""
    if conv.name != "linalg.conv_2d_nhwc_hwcf" or not WINOGRAD_ENABLED:
        return None
    if not all(isinstance(v.type, TensorType) and v.type.has_static_shape() and v.type.get_element_type() == f32
               for v in conv.operands):
        return None
    if not (_all_ones(conv, "strides") and _all_ones(conv, "dilations")):
        return None
    weights = conv.operands[1]
    if not isinstance(weights, BlockArgument) or weights.block is not function.body.block or \
            not weights.has_one_use() or weight_layout(function, weights.index) != HWCF:
        return None
    if function.arg_attrs is not None and WEIGHT_SHAPE_ATTR in function.arg_attrs.data[weights.index].data:
        return None
    kh, kw, c, k = weights.type.get_shape()
    if (kh, kw) != (3, 3):
        return None
    n, oh, ow, _ = conv.results[0].type.get_shape()
    bias = bias_broadcast(conv.operands[2])
    if bias is None and not _zero_fill(conv.operands[2]):
        return None
    shape = ConvShape(n, oh, ow, c, k)
    return Candidate(conv, weights, shape, bias) if takes_winograd(shape, target, threads) else None


def _sum(names: list[tuple[str, int]], out: list[str], prefix: str) -> str:
    """Lines of `out` summing `names` with their signs (a positive one first); the result's name."""
    names = sorted(names, key=lambda t: -t[1])
    value, sign = names[0]
    if sign < 0:
        out.append(f"    %{prefix}n = arith.negf {value} : f32")
        value = f"%{prefix}n"
    for index, (name, sign) in enumerate(names[1:]):
        op = "arith.addf" if sign > 0 else "arith.subf"
        out.append(f"    %{prefix}{index} = {op} {value}, {name} : f32")
        value = f"%{prefix}{index}"
    return value


def _generic(result: str, inputs: list[tuple[str, str, str]], init: str, init_type: str,
             body: list[str], value: str, attrs: str = "") -> list[str]:
    """A `linalg.generic` writing `result`: `inputs` as (value, type, map), the body's lines
    reading `%in<i>` and yielding `value`."""
    maps = ", ".join([m for _, _, m in inputs] + [_ID])
    args = ", ".join(f"%in{i}: f32" for i in range(len(inputs)))
    extra = f", {attrs}" if attrs else ""
    return [f"  {result} = linalg.generic {{indexing_maps = [{maps}], iterator_types = {_PARALLEL}{extra}}} "
            f"ins({', '.join(v for v, _, _ in inputs)} : {', '.join(t for _, t, _ in inputs)}) "
            f"outs({init} : {init_type}) {{",
            f"  ^bb0({args}, %out: f32):", *body, f"    linalg.yield {value} : f32", f"  }} -> {init_type}"]


def _input_transform(xi: int, view_type: str, init: str) -> list[str]:
    """`%v<xi>`, the input transform `V[a][b]` (`xi = 4 a + b`) of the views `%d<i><j>`, into `init`."""
    used = terms(B_T, xi // TILE, xi % TILE)
    body: list[str] = []
    value = _sum([(f"%in{t}", sign) for t, (_, _, sign) in enumerate(used)], body, "s")
    return _generic(f"%v{xi}", [(f"%d{i}{j}", view_type, _ID) for i, j, _ in used], init, view_type, body, value)


def _products(shape: ConvShape, view_type: str, m_type: str) -> list[str]:
    """The 16 input transforms and products one after the other: `%m<xi>`, `N x TH x TW x K`."""
    n, c, k = shape.n, shape.c, shape.k
    th, tw = math.ceil(shape.oh / 2), math.ceil(shape.ow / 2)
    tiles = n * th * tw
    lines: list[str] = []
    for xi in range(TILE * TILE):
        lines.append(f"  %ve{xi} = tensor.empty() : {view_type}")
        lines += _input_transform(xi, view_type, f"%ve{xi}")
        lines += [f"  %va{xi} = tensor.collapse_shape %v{xi} [[0, 1, 2], [3]] : {view_type} into tensor<{tiles}x{c}xf32>",
                  f"  %u{xi} = tensor.extract_slice %u[{xi}, 0, 0] [1, {c}, {k}] [1, 1, 1] : "
                  f"tensor<16x{c}x{k}xf32> to tensor<{c}x{k}xf32>",
                  f"  %me{xi} = tensor.empty() : tensor<{tiles}x{k}xf32>",
                  f"  %mf{xi} = linalg.fill ins(%zero : f32) outs(%me{xi} : tensor<{tiles}x{k}xf32>) -> tensor<{tiles}x{k}xf32>",
                  f"  %mm{xi} = linalg.matmul ins(%va{xi}, %u{xi} : tensor<{tiles}x{c}xf32>, tensor<{c}x{k}xf32>) "
                  f"outs(%mf{xi} : tensor<{tiles}x{k}xf32>) -> tensor<{tiles}x{k}xf32>",
                  f"  %m{xi} = tensor.expand_shape %mm{xi} [[0, 1, 2], [3]] output_shape [{n}, {th}, {tw}, {k}] : "
                  f"tensor<{tiles}x{k}xf32> into {m_type}"]
    return lines


def _products_loop(shape: ConvShape, view_type: str, m_type: str) -> list[str]:
    """The 16 input transforms into one `16 x T x C` tensor, then one `scf.forall` over the 16
    products (each iteration one whole matmul: the parallel pipelines give each thread whole
    products), `%m<xi>` slices of its `16 x T x K` result."""
    n, c, k = shape.n, shape.c, shape.k
    th, tw = math.ceil(shape.oh / 2), math.ceil(shape.ow / 2)
    tiles = n * th * tw
    all_v, all_m = f"tensor<16x{tiles}x{c}xf32>", f"tensor<16x{tiles}x{k}xf32>"
    lines = [f"  %vall = tensor.empty() : {all_v}"]
    current = "%vall"
    for xi in range(TILE * TILE):
        lines += [f"  %vs{xi} = tensor.extract_slice {current}[{xi}, 0, 0] [1, {tiles}, {c}] [1, 1, 1] : "
                  f"{all_v} to tensor<{tiles}x{c}xf32>",
                  f"  %ve{xi} = tensor.expand_shape %vs{xi} [[0, 1, 2], [3]] output_shape [{n}, {th}, {tw}, {c}] : "
                  f"tensor<{tiles}x{c}xf32> into {view_type}"]
        lines += _input_transform(xi, view_type, f"%ve{xi}")
        lines += [f"  %va{xi} = tensor.collapse_shape %v{xi} [[0, 1, 2], [3]] : {view_type} into tensor<{tiles}x{c}xf32>",
                  f"  %vi{xi} = tensor.insert_slice %va{xi} into {current}[{xi}, 0, 0] [1, {tiles}, {c}] [1, 1, 1] : "
                  f"tensor<{tiles}x{c}xf32> into {all_v}"]
        current = f"%vi{xi}"
    lines += [f"  %mall = tensor.empty() : {all_m}",
              f"  %mres = scf.forall (%xi) in (16) shared_outs(%acc = %mall) -> ({all_m}) {{",
              f"    %pa = tensor.extract_slice {current}[%xi, 0, 0] [1, {tiles}, {c}] [1, 1, 1] : {all_v} to tensor<{tiles}x{c}xf32>",
              f"    %pb = tensor.extract_slice %u[%xi, 0, 0] [1, {c}, {k}] [1, 1, 1] : tensor<16x{c}x{k}xf32> to tensor<{c}x{k}xf32>",
              f"    %po = tensor.extract_slice %acc[%xi, 0, 0] [1, {tiles}, {k}] [1, 1, 1] : {all_m} to tensor<{tiles}x{k}xf32>",
              f"    %pf = linalg.fill ins(%zero : f32) outs(%po : tensor<{tiles}x{k}xf32>) -> tensor<{tiles}x{k}xf32>",
              f"    %pm = linalg.matmul ins(%pa, %pb : tensor<{tiles}x{c}xf32>, tensor<{c}x{k}xf32>) "
              f"outs(%pf : tensor<{tiles}x{k}xf32>) -> tensor<{tiles}x{k}xf32>",
              "    scf.forall.in_parallel {",
              f"      tensor.parallel_insert_slice %pm into %acc[%xi, 0, 0] [1, {tiles}, {k}] [1, 1, 1] : "
              f"tensor<{tiles}x{k}xf32> into {all_m}",
              "    }", "  }"]
    for xi in range(TILE * TILE):
        lines += [f"  %mm{xi} = tensor.extract_slice %mres[{xi}, 0, 0] [1, {tiles}, {k}] [1, 1, 1] : {all_m} to tensor<{tiles}x{k}xf32>",
                  f"  %m{xi} = tensor.expand_shape %mm{xi} [[0, 1, 2], [3]] output_shape [{n}, {th}, {tw}, {k}] : "
                  f"tensor<{tiles}x{k}xf32> into {m_type}"]
    return lines


def _text(shape: ConvShape, input_shape: tuple[int, ...], with_bias: bool, loop: bool = False) -> str:
    """The replacement as a function `@winograd(%x, %u[, %bias])` returning the result
    (`N x OH x OW x K`; the module docstring); `loop`: the products in one `scf.forall`
    (`_products_loop`)."""
    n, c, k = shape.n, shape.c, shape.k
    th, tw = math.ceil(shape.oh / 2), math.ceil(shape.ow / 2)
    hp, wp = 2 * th + 2, 2 * tw + 2
    x_type = f"tensor<{'x'.join(map(str, input_shape))}xf32>"
    grid_type = f"tensor<{n}x{hp}x{wp}x{c}xf32>"
    view_type = f"tensor<{n}x{th}x{tw}x{c}xf32>"
    m_type = f"tensor<{n}x{th}x{tw}x{k}xf32>"
    full_type = f"tensor<{n}x{2 * th}x{2 * tw}x{k}xf32>"
    result_type = f"tensor<{n}x{shape.oh}x{shape.ow}x{k}xf32>"
    args = [f"%x: {x_type}", f"%u: tensor<16x{c}x{k}xf32>"] + ([f"%bias: tensor<{k}xf32>"] if with_bias else [])
    lines = [f"func.func @winograd({', '.join(args)}) -> {result_type} {{",
             "  %zero = arith.constant 0.0 : f32"]
    grid = "%x"
    if (hp, wp) != tuple(input_shape[1:3]):
        grid = "%grid"
        lines += [f"  %grid = tensor.pad %x low[0, 0, 0, 0] high[0, {hp - input_shape[1]}, {wp - input_shape[2]}, 0] {{",
                  "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):",
                  "    tensor.yield %zero : f32", f"  }} : {x_type} to {grid_type}"]
    for i in range(TILE):
        for j in range(TILE):
            lines.append(f"  %d{i}{j} = tensor.extract_slice {grid}[0, {i}, {j}, 0] [{n}, {th}, {tw}, {c}] "
                         f"[1, 2, 2, 1] : {grid_type} to {view_type}")
    lines += _products_loop(shape, view_type, m_type) if loop else _products(shape, view_type, m_type)
    lines.append(f"  %y = tensor.empty() : {full_type}")
    current = "%y"
    for a in range(OUTPUT):
        for b in range(OUTPUT):
            used = terms(A_T, a, b)
            inputs = [(f"%m{TILE * i + j}", m_type, _ID) for i, j, _ in used]
            body = []
            value = _sum([(f"%in{t}", sign) for t, (_, _, sign) in enumerate(used)], body, "s")
            if with_bias:
                inputs.append(("%bias", f"tensor<{k}xf32>", _LAST))
                body.append(f"    %b = arith.addf {value}, %in{len(inputs) - 1} : f32")
                value = "%b"
            slot = f"[0, {a}, {b}, 0] [{n}, {th}, {tw}, {k}] [1, 2, 2, 1]"
            lines.append(f"  %slot{a}{b} = tensor.extract_slice {current}{slot} : {full_type} to {m_type}")
            lines += _generic(f"%o{a}{b}", inputs, f"%slot{a}{b}", m_type, body, value,
                              f'{_OUTPUT_MARK} = "{a}{b}"')
            lines.append(f"  %y{a}{b} = tensor.insert_slice %o{a}{b} into {current}{slot} : {m_type} into {full_type}")
            current = f"%y{a}{b}"
    if full_type != result_type:
        lines.append(f"  %r = tensor.extract_slice {current}[0, 0, 0, 0] [{n}, {shape.oh}, {shape.ow}, {k}] "
                     f"[1, 1, 1, 1] : {full_type} to {result_type}")
        current = "%r"
    lines += [f"  func.return {current} : {result_type}", "}"]
    return "\n".join(lines)


@functools.cache
def _context() -> Context:
    from xfuse.context import make_context

    return make_context()


@functools.lru_cache(maxsize=32)
def _replacement(text: str) -> func.FuncOp:
    """The parsed replacement, kept per text: convolutions of one shape (ResNet-50's three or
    four per stage) parse it once (0.3 s each); `rewrite` only clones its ops."""
    from xfuse.parsing import parse

    module = parse(text, _context(), "<winograd>")
    return next(op for op in module.ops if isinstance(op, func.FuncOp))


def rewrite(found: Candidate, function: func.FuncOp, threads: int = 1) -> None:
    """Replace `found.conv` (and, on even outputs, its elementwise chain) by the Winograd form."""
    from xdsl.dialects.tensor import ExtractSliceOp

    conv, shape = found.conv, found.shape
    even = shape.oh % 2 == 0 and shape.ow % 2 == 0
    chain = elementwise_chain(conv.results[0], conv) if even else []
    template = _replacement(_text(shape, tuple(conv.operands[0].type.get_shape()), found.bias is not None,
                                  threads >= PRODUCTS_LOOP_THREADS))
    argument = retype_weight_argument(function, found.argument, TensorType(f32, [16, shape.c, shape.k]), HWCF)
    set_weight_attr(function, argument.index, WEIGHT_TRANSFORM_ATTR, StringAttr(WINOGRAD_TRANSFORM))
    mapping: dict[SSAValue, SSAValue] = dict(zip(template.body.block.args,
                                                 [conv.operands[0], argument,
                                                  *([found.bias[1]] if found.bias is not None else [])]))
    result: SSAValue | None = None
    view_type = TensorType(f32, [shape.n, shape.oh // 2, shape.ow // 2, shape.k])
    for op in template.body.block.ops:
        if op.name == "func.return":
            result = mapping[op.operands[0]]
            break
        clone = op.clone(value_mapper=mapping)
        clone.location = conv.location
        Rewriter.insert_op(clone, InsertPoint.before(conv))
        mapping.update(zip(op.results, clone.results))
        mark = clone.attributes.pop(_OUTPUT_MARK, None)
        if mark is None or not chain:
            continue
        a, b = (int(ch) for ch in mark.data)

        def slice_of(value: SSAValue, a: int = a, b: int = b) -> ExtractSliceOp:
            return ExtractSliceOp(value, [0, a, b, 0], list(view_type.get_shape()), [1, 2, 2, 1], view_type)

        body: list[Operation] = []
        pieces: list[Operation] = []
        value = chain_on_slice(chain, conv.results[0], clone.results[0], slice_of, clone.operands[-1], body, pieces)
        for piece in pieces:
            Rewriter.insert_op(piece, InsertPoint.before(clone))
        for step in body:
            Rewriter.insert_op(step, InsertPoint.before(conv))
        mapping[op.results[0]] = value  # the insert_slice after it stores the chain's value
    assert result is not None
    (chain[-1] if chain else conv).results[0].replace_all_uses_with(result)
    erase_with_dead_inits([*reversed(chain), conv, *([found.bias[0]] if found.bias is not None else [])])


def winograd_convolutions(module: ModuleOp, target: CpuTarget | None = None, threads: int = 1,
                          bounded: bool = True) -> int:
    """Rewrite every candidate convolution of the functions of `module` that no call reaches (their
    filter arguments change type), for a build of `threads` threads, where its temporaries keep
    the function's arena (`memory.fits`; `bounded=False`: wherever the cost model takes it); how
    many were rewritten."""
    target = target or host_target()
    count = 0
    for function in uncalled_functions(module):
        floor = activation_floor(function)  # before any rewrite: each one's temporaries are its own
        for conv in [op for op in function.body.block.ops if op.name == "linalg.conv_2d_nhwc_hwcf"]:
            found = candidate(conv, function, target, threads)
            if found is not None and (not bounded or fits(floor, function, conv, temporary_bytes(found))):
                rewrite(found, function, threads)
                count += 1
    return count


def temporary_bytes(found: Candidate) -> int:
    """The buffers a rewritten convolution adds while it runs: `V` and `M`, and the input padded
    to whole tiles when the output's rows or columns are odd (module doc)."""
    shape = found.shape
    element = found.conv.operands[0].type.get_element_type().bitwidth // 8
    extra = 16 * shape.tiles * (shape.c + shape.k) * element
    if shape.oh % 2 or shape.ow % 2:
        n, h, w, c = found.conv.operands[0].type.get_shape()
        extra += n * (h + shape.oh % 2) * (w + shape.ow % 2) * c * element
    return extra


@dataclass(frozen=True)
class WinogradPass(ModulePass):
    """3x3 stride-1 convolutions with HWCF weight filters as Winograd F(2x2, 3x3) (module
    docstring). Run after `xfuse-nhwc`, before `xfuse-block-filters`. `threads`: the build's
    thread count (`xfuse.onnx` passes it: `model.passes_for_threads`; `cost.MAX_THREADS`).
    `bounded`: only where the temporaries keep the arena (`memory.py`); false: wherever the cost
    model takes a convolution, the arena growing by its temporaries."""

    name = "xfuse-winograd"

    threads: int = 1
    bounded: bool = True

    def __post_init__(self) -> None:
        if self.threads < 1:
            raise ValueError(f"threads must be at least 1, got {self.threads}")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        winograd_convolutions(op, threads=self.threads, bounded=self.bounded)
