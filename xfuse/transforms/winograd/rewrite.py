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
In blocks of tile rows (`blocks.py`, the default) the blocks are an `scf.for`, at several threads
an `scf.forall` (each thread whole blocks); a map one block holds (14 x 14: 7 tile rows, which
blocks split 4 + 3) is at several threads one block over parts of K instead (`_split_k`,
`cost.splits_k`): the input transforms once, the `scf.forall` over the parts of `U`'s panels.

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
from xfuse.transforms.winograd.blocks import block_bytes, block_rows, panel_columns
from xfuse.transforms.winograd.cost import ConvShape, splits_k, takes_winograd
from xfuse.transforms.winograd.memory import activation_floor, fits
from xfuse.transforms.winograd.matrices import A_T, B_T, OUTPUT, TILE, terms, transform_name

WINOGRAD_ENABLED = True
"""Whether `xfuse-winograd` rewrites any convolution (the cost model decides which)."""
WINOGRAD_BLOCKED = True
"""Whether the rewrite runs in blocks of tile rows (`blocks.block_rows`; `_blocks`) rather than
over the whole map."""
SMALLER_BLOCKS_WITHIN_BOUND = True
"""Whether a convolution whose blocks the arena bound refuses takes smaller ones that it admits
(`rows_within_bound`) rather than staying direct."""
_OUTPUT_MARK = "xfuse.winograd_output"
_BLOCK_MARK = "xfuse.winograd_block"
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


def _products(shape: ConvShape, view_type: str, m_type: str, panel: int | None = None) -> list[str]:
    """The 16 input transforms and products one after the other: `%m<xi>`, `N x TH x TW x K`.
    `panel`: `%u` is `16 x K/panel x C x panel` (`matrices.filter_panels`) and each product an
    `scf.for` over the panels, one matmul of `panel` columns each (`_panel_product`)."""
    n, c, k = shape.n, shape.c, shape.k
    th, tw = math.ceil(shape.oh / 2), math.ceil(shape.ow / 2)
    tiles = n * th * tw
    lines: list[str] = []
    for xi in range(TILE * TILE):
        lines.append(f"  %ve{xi} = tensor.empty() : {view_type}")
        lines += _input_transform(xi, view_type, f"%ve{xi}")
        lines.append(f"  %va{xi} = tensor.collapse_shape %v{xi} [[0, 1, 2], [3]] : {view_type} into tensor<{tiles}x{c}xf32>")
        if panel is not None:
            lines += _panel_product(xi, tiles, c, k, panel)
        else:
            lines += [f"  %u{xi} = tensor.extract_slice %u[{xi}, 0, 0] [1, {c}, {k}] [1, 1, 1] : "
                      f"tensor<16x{c}x{k}xf32> to tensor<{c}x{k}xf32>",
                      f"  %me{xi} = tensor.empty() : tensor<{tiles}x{k}xf32>",
                      f"  %mf{xi} = linalg.fill ins(%zero : f32) outs(%me{xi} : tensor<{tiles}x{k}xf32>) -> tensor<{tiles}x{k}xf32>",
                      f"  %mm{xi} = linalg.matmul ins(%va{xi}, %u{xi} : tensor<{tiles}x{c}xf32>, tensor<{c}x{k}xf32>) "
                      f"outs(%mf{xi} : tensor<{tiles}x{k}xf32>) -> tensor<{tiles}x{k}xf32>"]
        lines.append(f"  %m{xi} = tensor.expand_shape %mm{xi} [[0, 1, 2], [3]] output_shape [{n}, {th}, {tw}, {k}] : "
                     f"tensor<{tiles}x{k}xf32> into {m_type}")
    return lines


def _panel_product(xi: int, tiles: int, c: int, k: int, panel: int, part: int | None = None) -> list[str]:
    """`%mm<xi> = %va<xi> U[xi]` over `U[xi]`'s contiguous `C x panel` panels (`%u` is
    `16 x K/panel x C x panel`): an `scf.for`, each step one matmul into its own fill, written
    into its columns. A block's few rows reread each panel of `U` row tile after row tile; strided
    (rows `K` apart) every K step touched another page, and the whole map's products had their
    `B` packed per call (`activation_panels.py`, top-level matmuls only). `part`: only the
    `%cpanels` panels from `%p0`, the `tiles x part` result (`_split_k`)."""
    panels = k // panel
    result = f"tensor<{tiles}x{k if part is None else part}xf32>"
    column = f"tensor<{tiles}x{panel}xf32>"
    first = "%pq" if part is not None else "%pj"
    lines = [f"  %me{xi} = tensor.empty() : {result}",
             f"  %mm{xi} = scf.for {first} = %c0 to %cpanels step %c1 iter_args(%pacc = %me{xi}) -> ({result}) {{",
             f"    %pcol = arith.muli {first}, %cpanel : index"]
    if part is not None:
        lines.append("    %pj = arith.addi %p0, %pq : index")
    return lines + [
        f"    %pb = tensor.extract_slice %u[{xi}, %pj, 0, 0] [1, 1, {c}, {panel}] [1, 1, 1, 1] : "
        f"tensor<16x{panels}x{c}x{panel}xf32> to tensor<{c}x{panel}xf32>",
        f"    %pe = tensor.empty() : {column}",
        f"    %pf = linalg.fill ins(%zero : f32) outs(%pe : {column}) -> {column}",
        f"    %pm = linalg.matmul ins(%va{xi}, %pb : tensor<{tiles}x{c}xf32>, tensor<{c}x{panel}xf32>) "
        f"outs(%pf : {column}) -> {column}",
        f"    %pi = tensor.insert_slice %pm into %pacc[0, %pcol] [{tiles}, {panel}] [1, 1] : {column} into {result}",
        f"    scf.yield %pi : {result}",
        "  }"]


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


def _outputs(n: int, th: int, tw: int, k: int, dest: str, dest_type: str, with_bias: bool,
             bias: str = "%bias") -> tuple[list[str], str]:
    """The 4 output transforms `Y[a][b]` of the products `%m<xi>` (`n x th x tw x k`, + `bias`),
    each written into its strided view of `dest`; the lines and the last value's name."""
    m_type = f"tensor<{n}x{th}x{tw}x{k}xf32>"
    lines: list[str] = []
    current = dest
    for a in range(OUTPUT):
        for b in range(OUTPUT):
            used = terms(A_T, a, b)
            inputs = [(f"%m{TILE * i + j}", m_type, _ID) for i, j, _ in used]
            body: list[str] = []
            value = _sum([(f"%in{t}", sign) for t, (_, _, sign) in enumerate(used)], body, "s")
            if with_bias:
                inputs.append((bias, f"tensor<{k}xf32>", _LAST))
                body.append(f"    %b = arith.addf {value}, %in{len(inputs) - 1} : f32")
                value = "%b"
            slot = f"[0, {a}, {b}, 0] [{n}, {th}, {tw}, {k}] [1, 2, 2, 1]"
            lines.append(f"  %slot{a}{b} = tensor.extract_slice {current}{slot} : {dest_type} to {m_type}")
            lines += _generic(f"%o{a}{b}", inputs, f"%slot{a}{b}", m_type, body, value,
                              f'{_OUTPUT_MARK} = "{a}{b}"')
            lines.append(f"  %y{a}{b} = tensor.insert_slice %o{a}{b} into {current}{slot} : {m_type} into {dest_type}")
            current = f"%y{a}{b}"
    return lines, current


def _views(grid: str, grid_type: str, n: int, th: int, tw: int, c: int) -> list[str]:
    """The 16 strided views `%d<i><j>` (element `(i, j)` of every 4x4 patch) of `grid`."""
    view_type = f"tensor<{n}x{th}x{tw}x{c}xf32>"
    return [f"  %d{i}{j} = tensor.extract_slice {grid}[0, {i}, {j}, 0] [{n}, {th}, {tw}, {c}] "
            f"[1, 2, 2, 1] : {grid_type} to {view_type}" for i in range(TILE) for j in range(TILE)]


def _block(shape: ConvShape, grid: str, grid_type: str, row: str, rows: int, dest: str,
           with_bias: bool, panel: int | None) -> tuple[list[str], str]:
    """One block of `rows` tile rows from output row `row` (an SSA index or a constant): its
    input rows, 16 transforms and products, and the 4 output transforms into `%yb`, the block's
    rows of `dest`; the lines and the block's result."""
    n, c, k = shape.n, shape.c, shape.k
    tw = math.ceil(shape.ow / 2)
    block_grid = f"tensor<{n}x{2 * rows + 2}x{2 * tw + 2}x{c}xf32>"
    view_type, m_type = f"tensor<{n}x{rows}x{tw}x{c}xf32>", f"tensor<{n}x{rows}x{tw}x{k}xf32>"
    out_type = f"tensor<{n}x{2 * rows}x{2 * tw}x{k}xf32>"
    full_type = f"tensor<{n}x{2 * math.ceil(shape.oh / 2)}x{2 * tw}x{k}xf32>"
    lines = [f"  %bx = tensor.extract_slice {grid}[0, {row}, 0, 0] [{n}, {2 * rows + 2}, {2 * tw + 2}, {c}] "
             f"[1, 1, 1, 1] : {grid_type} to {block_grid}"]
    lines += _views("%bx", block_grid, n, rows, tw, c)
    lines += _products(ConvShape(n, 2 * rows, shape.ow, c, k), view_type, m_type, panel)
    lines.append(f"  %yb = tensor.extract_slice {dest}[0, {row}, 0, 0] [{n}, {2 * rows}, {2 * tw}, {k}] "
                 f'[1, 1, 1, 1] {{{_BLOCK_MARK}}} : {full_type} to {out_type}')
    outputs, last = _outputs(n, rows, tw, k, "%yb", out_type, with_bias)
    return lines + outputs, last


def _blocks(shape: ConvShape, grid: str, grid_type: str, with_bias: bool, rows: int, parallel: bool,
            panel: int | None) -> tuple[list[str], str]:
    """The blocks of `rows` tile rows: an `scf.for` over the whole blocks (`parallel`: an
    `scf.forall`, each thread whole blocks), then the last, smaller block if the rows do not
    divide; the lines and the result's name (the padded `N x 2TH x 2TW x K`)."""
    n, k = shape.n, shape.k
    th, tw = math.ceil(shape.oh / 2), math.ceil(shape.ow / 2)
    full_type = f"tensor<{n}x{2 * th}x{2 * tw}x{k}xf32>"
    out_type = f"tensor<{n}x{2 * rows}x{2 * tw}x{k}xf32>"
    count, tail = divmod(th, rows)
    insert = f"[0, %row, 0, 0] [{n}, {2 * rows}, {2 * tw}, {k}] [1, 1, 1, 1] : {out_type} into {full_type}"
    lines = [f"  %y = tensor.empty() : {full_type}", "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index", f"  %cstep = arith.constant {2 * rows} : index",
             f"  %cblocks = arith.constant {count} : index"]
    if panel is not None:
        lines += [f"  %cpanel = arith.constant {panel} : index", f"  %cpanels = arith.constant {k // panel} : index"]
    if parallel:
        lines.append(f"  %yl = scf.forall (%blk) in ({count}) shared_outs(%acc = %y) -> ({full_type}) {{")
    else:
        lines.append(f"  %yl = scf.for %blk = %c0 to %cblocks step %c1 iter_args(%acc = %y) -> ({full_type}) {{")
    lines.append("  %row = arith.muli %blk, %cstep : index")
    body, last = _block(shape, grid, grid_type, "%row", rows, "%acc", with_bias, panel)
    lines += body
    if parallel:
        lines += ["  scf.forall.in_parallel {", f"    tensor.parallel_insert_slice {last} into %acc{insert}", "  }", "  }"]
    else:
        lines += [f"  %yi = tensor.insert_slice {last} into %acc{insert}", f"  scf.yield %yi : {full_type}", "  }"]
    if not tail:
        return lines, "%yl"
    tail_lines, last = _block(shape, grid, grid_type, str(2 * rows * count), tail, "%yl", with_bias, panel)
    tail_type = f"tensor<{n}x{2 * tail}x{2 * tw}x{k}xf32>"
    tail_lines.append(f"  %yt = tensor.insert_slice {last} into %yl[0, {2 * rows * count}, 0, 0] "
                      f"[{n}, {2 * tail}, {2 * tw}, {k}] [1, 1, 1, 1] : {tail_type} into {full_type}")
    return lines + tail_lines, "%yt"


def _split_k(shape: ConvShape, grid: str, grid_type: str, with_bias: bool, parts: int,
             panel: int) -> tuple[list[str], str]:
    """All the tile rows in one block, over `parts` parts of K: the 16 input transforms of the
    whole map once, then an `scf.forall` over the parts, each the 16 products of its
    `K / parts / panel` panels of `U` (`_panel_product` with `part`) and the output transforms
    of its channels (`%yb`, the part's channels of the result, + its part of the bias). A
    14 x 14 map's 7 tile rows in blocks of rows split 4 + 3, each thread multiplying by all of
    `U` (4 MiB at 256 -> 256); here the threads share it. The lines and the result's name."""
    n, c, k = shape.n, shape.c, shape.k
    th, tw = math.ceil(shape.oh / 2), math.ceil(shape.ow / 2)
    tiles, part = n * th * tw, k // parts
    view_type = f"tensor<{n}x{th}x{tw}x{c}xf32>"
    full_type = f"tensor<{n}x{2 * th}x{2 * tw}x{k}xf32>"
    out_type = f"tensor<{n}x{2 * th}x{2 * tw}x{part}xf32>"
    lines = _views(grid, grid_type, n, th, tw, c)
    for xi in range(TILE * TILE):
        lines.append(f"  %ve{xi} = tensor.empty() : {view_type}")
        lines += _input_transform(xi, view_type, f"%ve{xi}")
        lines.append(f"  %va{xi} = tensor.collapse_shape %v{xi} [[0, 1, 2], [3]] : {view_type} into tensor<{tiles}x{c}xf32>")
    lines += [f"  %y = tensor.empty() : {full_type}", "  %c0 = arith.constant 0 : index",
              "  %c1 = arith.constant 1 : index", f"  %cpanel = arith.constant {panel} : index",
              f"  %cpanels = arith.constant {part // panel} : index", f"  %cpart = arith.constant {part} : index",
              f"  %yl = scf.forall (%part) in ({parts}) shared_outs(%acc = %y) -> ({full_type}) {{",
              "  %kc = arith.muli %part, %cpart : index", "  %p0 = arith.muli %part, %cpanels : index"]
    m_type = f"tensor<{n}x{th}x{tw}x{part}xf32>"
    for xi in range(TILE * TILE):
        lines += _panel_product(xi, tiles, c, k, panel, part)
        lines.append(f"  %m{xi} = tensor.expand_shape %mm{xi} [[0, 1, 2], [3]] output_shape [{n}, {th}, {tw}, {part}] : "
                     f"tensor<{tiles}x{part}xf32> into {m_type}")
    if with_bias:
        lines.append(f"  %bs = tensor.extract_slice %bias[%kc] [{part}] [1] : tensor<{k}xf32> to tensor<{part}xf32>")
    channels = f"[0, 0, 0, %kc] [{n}, {2 * th}, {2 * tw}, {part}] [1, 1, 1, 1]"
    lines.append(f"  %yb = tensor.extract_slice %acc{channels} {{{_BLOCK_MARK}}} : {full_type} to {out_type}")
    outputs, last = _outputs(n, th, tw, part, "%yb", out_type, with_bias, "%bs")
    lines += outputs
    lines += ["  scf.forall.in_parallel {",
              f"    tensor.parallel_insert_slice {last} into %acc{channels} : {out_type} into {full_type}", "  }", "  }"]
    return lines, "%yl"


def _text(shape: ConvShape, input_shape: tuple[int, ...], with_bias: bool, loop: bool = False,
          rows: int | None = None, parallel: bool = False, panel: int | None = None, parts: int | None = None) -> str:
    """The replacement as a function `@winograd(%x, %u[, %bias])` returning the result
    (`N x OH x OW x K`; the module docstring); `loop`: the products in one `scf.forall`
    (`_products_loop`); `rows`: in blocks of that many tile rows (`_blocks`; `parallel`: the
    blocks an `scf.forall`; `panel`: `%u` in panels of that many columns, `_panel_product`);
    `parts`: one block of all the rows over that many parts of K (`_split_k`)."""
    n, c, k = shape.n, shape.c, shape.k
    th, tw = math.ceil(shape.oh / 2), math.ceil(shape.ow / 2)
    hp, wp = 2 * th + 2, 2 * tw + 2
    x_type = f"tensor<{'x'.join(map(str, input_shape))}xf32>"
    grid_type = f"tensor<{n}x{hp}x{wp}x{c}xf32>"
    view_type = f"tensor<{n}x{th}x{tw}x{c}xf32>"
    m_type = f"tensor<{n}x{th}x{tw}x{k}xf32>"
    full_type = f"tensor<{n}x{2 * th}x{2 * tw}x{k}xf32>"
    result_type = f"tensor<{n}x{shape.oh}x{shape.ow}x{k}xf32>"
    u_type = f"tensor<16x{c}x{k}xf32>" if panel is None else f"tensor<16x{k // panel}x{c}x{panel}xf32>"
    args = [f"%x: {x_type}", f"%u: {u_type}"] + ([f"%bias: tensor<{k}xf32>"] if with_bias else [])
    lines = [f"func.func @winograd({', '.join(args)}) -> {result_type} {{",
             "  %zero = arith.constant 0.0 : f32"]
    grid = "%x"
    if (hp, wp) != tuple(input_shape[1:3]):
        grid = "%grid"
        lines += [f"  %grid = tensor.pad %x low[0, 0, 0, 0] high[0, {hp - input_shape[1]}, {wp - input_shape[2]}, 0] {{",
                  "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):",
                  "    tensor.yield %zero : f32", f"  }} : {x_type} to {grid_type}"]
    if parts is not None:
        assert panel is not None
        blocked, current = _split_k(shape, grid, grid_type, with_bias, parts, panel)
        lines += blocked
    elif rows is not None:
        blocked, current = _blocks(shape, grid, grid_type, with_bias, rows, parallel, panel)
        lines += blocked
    else:
        lines += _views(grid, grid_type, n, th, tw, c)
        lines += _products_loop(shape, view_type, m_type) if loop else _products(shape, view_type, m_type)
        lines.append(f"  %y = tensor.empty() : {full_type}")
        outputs, current = _outputs(n, th, tw, k, "%y", full_type, with_bias)
        lines += outputs
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


def rewrite(found: Candidate, function: func.FuncOp, threads: int = 1, rows: int | None = None,
            panel: int | None = None, parts: int | None = None) -> None:
    """Replace `found.conv` (and, on even outputs, its elementwise chain) by the Winograd form;
    `rows`: in blocks of that many tile rows (`blocks.block_rows`), else over the whole map;
    `panel`: the blocks' products read the filter in panels of that many columns
    (`blocks.panel_columns`); `parts`: one block of all the rows over that many parts of K
    (`cost.splits_k`, `_split_k`)."""
    conv, shape = found.conv, found.shape
    even = shape.oh % 2 == 0 and shape.ow % 2 == 0
    chain = elementwise_chain(conv.results[0], conv) if even else []
    template = _replacement(_text(shape, tuple(conv.operands[0].type.get_shape()), found.bias is not None,
                                  threads >= PRODUCTS_LOOP_THREADS, rows, threads > 1, panel, parts))
    u_shape = [16, shape.c, shape.k] if panel is None else [16, shape.k // panel, shape.c, panel]
    argument = retype_weight_argument(function, found.argument, TensorType(f32, u_shape), HWCF)
    set_weight_attr(function, argument.index, WEIGHT_TRANSFORM_ATTR, StringAttr(transform_name(panel)))
    mapping: dict[SSAValue, SSAValue] = dict(zip(template.body.block.args,
                                                 [conv.operands[0], argument,
                                                  *([found.bias[1]] if found.bias is not None else [])]))
    result: SSAValue | None = None
    block_slice: Operation | None = None  # the current block's rows of the result (blocked form)
    for op in template.body.block.ops:
        if op.name == "func.return":
            result = mapping[op.operands[0]]
            break
        clone = op.clone(value_mapper=mapping)
        clone.location = conv.location
        Rewriter.insert_op(clone, InsertPoint.before(conv))
        mapping.update(zip(op.results, clone.results))
        for nested in list(clone.walk()):  # the output transforms, at the top or in a block's loop
            nested.location = conv.location
            if nested.attributes.pop(_BLOCK_MARK, None) is not None:
                block_slice = nested
            mark = nested.attributes.pop(_OUTPUT_MARK, None)
            if mark is not None and chain:
                value = _chain_on_output(chain, conv, nested, mark.data, block_slice)
                if nested is clone:  # the template's later ops, not cloned yet, store the chain's value
                    mapping[op.results[0]] = value
    assert result is not None
    (chain[-1] if chain else conv).results[0].replace_all_uses_with(result)
    erase_with_dead_inits([*reversed(chain), conv, *([found.bias[0]] if found.bias is not None else [])])


def _chain_on_output(chain: list[Operation], conv: Operation, output: Operation, mark: str,
                     block: Operation | None) -> SSAValue:
    """`chain` on the output transform `output` (`Y[a][b]`, `mark` = "ab"): its other inputs read
    through the same strided view (of the block's rows, `block`: the block's slice of the
    result, cloned onto them), the ops after `output`, whose users then read the chain's value
    (returned)."""
    from xdsl.dialects.tensor import ExtractSliceOp

    a, b = (int(ch) for ch in mark)
    view_type = output.results[0].type
    pieces: list[Operation] = []

    def slice_of(value: SSAValue) -> ExtractSliceOp:
        if block is not None:
            rows = block.clone(value_mapper={block.operands[0]: value})
            pieces.append(rows)
            value = rows.results[0]
        return ExtractSliceOp(value, [0, a, b, 0], list(view_type.get_shape()), [1, 2, 2, 1], view_type)

    body: list[Operation] = []
    value = chain_on_slice(chain, conv.results[0], output.results[0], slice_of, output.operands[-1], body, pieces)
    for piece in pieces:
        Rewriter.insert_op(piece, InsertPoint.before(output))
    at = output
    for step in body:
        Rewriter.insert_op(step, InsertPoint.after(at))
        at = step
    output.results[0].replace_uses_with_if(value, lambda use: use.operation not in body)
    return value


def winograd_convolutions(module: ModuleOp, target: CpuTarget | None = None, threads: int = 1,
                          bounded: bool = True, blocked: bool = True) -> int:
    """Rewrite every candidate convolution of the functions of `module` that no call reaches (their
    filter arguments change type), for a build of `threads` threads, where its temporaries keep
    the function's arena (`memory.fits`; `bounded=False`: wherever the cost model takes it); how
    many were rewritten. `blocked` (and `WINOGRAD_BLOCKED`): in blocks of tile rows, else over
    the whole map."""
    target = target or host_target()
    count = 0
    for function in uncalled_functions(module):
        floor = activation_floor(function)  # before any rewrite: each one's temporaries are its own
        for conv in [op for op in function.body.block.ops if op.name == "linalg.conv_2d_nhwc_hwcf"]:
            found = candidate(conv, function, target, threads)
            if found is None:
                continue
            parts = splits_k(found.shape, target, threads) if blocked and WINOGRAD_BLOCKED else None
            if parts is not None:  # one block of all the rows over parts of K; refused by the bound: direct
                rows = math.ceil(found.shape.oh / 2)
                if not bounded or fits(floor, function, conv, temporary_bytes(found, rows)):
                    rewrite(found, function, threads, rows, panel_columns(found.shape, rows, target), parts)
                    count += 1
                continue
            rows = block_rows(found.shape, target, threads) if blocked and WINOGRAD_BLOCKED else None
            if bounded and rows is not None and SMALLER_BLOCKS_WITHIN_BOUND:
                rows = rows_within_bound(found, rows, threads,
                                         lambda r, c=conv: fits(floor, function, c, temporary_bytes(found, r)))
            if rows is None and blocked and WINOGRAD_BLOCKED:
                continue
            panel = panel_columns(found.shape, rows, target) if rows is not None else None
            if not bounded or fits(floor, function, conv, temporary_bytes(found, rows)):
                rewrite(found, function, threads, rows, panel)
                count += 1
    return count


def rows_within_bound(found: Candidate, rows: int, threads: int, fits_rows) -> int | None:
    """`rows` when a block of them keeps the arena (`fits_rows(rows)`), else the most tile rows
    under it that do, preferring those that divide the tile rows into a multiple of `threads`
    blocks (`blocks.block_rows`' preference), down to one tile row; None when none does.

    A layer whose input and output nearly make the function's peak of activations had its blocks
    refused whole (Inception-v2's 56 x 56 x 64 -> 192, the layer after its stem: 0.11 MiB over the
    floor at blocks of 2 tile rows, 56 tiles; fits at 1, 28 tiles); the blocks' size matters little
    to the products (docs/backend-measurements.md, "Zen 3, thirteenth session: Winograd in blocks
    of tile rows"), the direct form of such a layer much more."""
    if fits_rows(rows):
        return rows
    th = math.ceil(found.shape.oh / 2)
    smaller = [r for r in range(rows - 1, 0, -1) if fits_rows(r)]
    even = [r for r in smaller if th % r == 0 and (th // r) % threads == 0]
    return (even or smaller or [None])[0]


def temporary_bytes(found: Candidate, rows: int | None = None) -> int:
    """The buffers a rewritten convolution adds while it runs: `V` and `M` (of the whole map, or
    of a block of `rows` tile rows), and the input padded to whole tiles when the output's rows
    or columns are odd (module doc)."""
    shape = found.shape
    element = found.conv.operands[0].type.get_element_type().bitwidth // 8
    extra = block_bytes(shape, rows if rows is not None else math.ceil(shape.oh / 2), element)
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
    model takes a convolution, the arena growing by its temporaries. `blocked`: in blocks of tile
    rows (`blocks.py`), false: over the whole map."""

    name = "xfuse-winograd"

    threads: int = 1
    bounded: bool = True
    blocked: bool = True

    def __post_init__(self) -> None:
        if self.threads < 1:
            raise ValueError(f"threads must be at least 1, got {self.threads}")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        winograd_convolutions(op, threads=self.threads, bounded=self.bounded, blocked=self.blocked)
