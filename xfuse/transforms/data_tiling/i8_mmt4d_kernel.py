"""`xfuse-i8-mmt4d-kernel`: a static `linalg.mmt4d` of i8 x i8 -> i32 with `k0 = 2` (the
x86_64-avx2 row of the tile table, 8x8x2, or the AVX-512 one, 16x16x2) as loops around a
register-tile kernel of pairwise multiply-adds, the idiom of AVX2's `vpmaddwd` (and of MLAS and
IREE's AVX2 ukernels) and of AVX-512 VNNI's `vpdpwssd` (the same sums, accumulated in the same
instruction: IREE's avx512_vnni s8 x s8 ukernel).

The backend's micro-kernel schedule takes float mmt4d only; an integer one would run as scalar
loops. Here each `(m1, n1)` tile keeps its `m0 x 8` i32 accumulator in vectors over the K1 loop.
Before the loops, each `(a0, a1)` pair of the packed A is made one i32 (`a0` sign-extended to
i16 in its low half, `a1` in its high half: the bits of `vector<2xi16>`), a pass over A. Per K1
step, the packed B tile (`8 x 2` i8, 16 contiguous bytes) is one vector sign-extended to
`vector<16xi16>`; per row of the A tile, its pair is broadcast to every 32-bit lane by one read
(`vpbroadcastd` from memory: widening the i8 tile in registers cost a `vpshufd` / `vpermq` per
row, and the kernel 1.2-1.4x the time) and

    acc[row] += pmaddwd(pair, b)      (lane n: a0 * b[n, 0] + a1 * b[n, 1], in i32)

The flavor (`FLAVORS`) writes `pmaddwd`: with `n0 = 8` as `llvm.x86.avx2.pmadd.wd` (`avx2`);
with `n0 = 16` (zmm: 16 i32 lanes, 32 i16) as `llvm.x86.avx512.vpdpwssd.512` taking the
accumulator (`vnni`: no separate add) or `llvm.x86.avx512.pmaddw.d.512` and an add (`avx512`,
AVX512BW without VNNI); `portable` writes the same sum with even/odd `vector.shuffle`s,
`arith.extsi` and `arith.muli`, for any target and either width. All exact: sign-extended i8
pairs never overflow the i32 pair sums (`2 * 128 * 128`). The C tile is read before the K1 loop
and written after it, so the accumulator (a fill, a bias) is kept. A `linalg.batch_mmt4d` becomes
a loop over its batch around the kernel of each batch's mmt4d (IREE data-tiles batch_matmul so).
An i32 (batch_)mmt4d whose A and B are sign extensions of i8 (IREE extends after the pack) is
first narrowed to the i8 op (`narrow_contraction.narrow_mmt4d_operands`). Left alone, with a
remark: other element types, dynamic shapes, `k0 != 2`, `n0` not 8 or 16, `m0 > n0`, a flavor
whose width is not the tile's.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import DYNAMIC_INDEX, IntegerType, ModuleOp, TensorType, i8, i32
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import XfuseError, format_diagnostic
from xfuse.dialects.linalg import BatchMmt4DOp, Mmt4DOp
from xfuse.transforms.data_tiling.narrow_contraction import narrow_mmt4d_operands
from xfuse.transforms.data_tiling.targets import host_target

K0 = 2
"""Pairs along K: one i16 pair per i32 lane."""
WIDTHS = (8, 16)
"""The kernel's `n0`: 8 i32 lanes (one AVX2 ymm) or 16 (one AVX-512 zmm); up to `n0` rows."""


@dataclass(frozen=True)
class Flavor:
    """How a row's `acc += pmaddwd(pair, b)` is written. `intrinsic` is called as a declared
    function of the intrinsic's name (LLVM takes a function named `llvm.*` for the intrinsic).
    Not `llvm.call_intrinsic`: mlir-opt's buffer deallocation refuses ops with unknown memory
    effects, and a call of a declaration without memref operands passes. `accumulates`: the
    intrinsic takes the accumulator first (vpdpwssd) instead of an `arith.addi` after it.
    `lanes` None: any width (portable)."""

    name: str
    lanes: int | None
    intrinsic: str | None = None
    accumulates: bool = False


PMADDWD = "llvm.x86.avx2.pmadd.wd"
"""AVX2's vpmaddwd (8 lanes)."""
PMADDWD_512 = "llvm.x86.avx512.pmaddw.d.512"
"""AVX512BW's vpmaddwd (16 lanes)."""
VPDPWSSD_512 = "llvm.x86.avx512.vpdpwssd.512"
"""AVX-512 VNNI's vpdpwssd: the 16-lane vpmaddwd and the add into the accumulator in one."""

FLAVORS: dict[str, Flavor] = {f.name: f for f in (
    Flavor("avx2", 8, PMADDWD),
    Flavor("avx512", 16, PMADDWD_512),
    Flavor("vnni", 16, VPDPWSSD_512, accumulates=True),
    Flavor("portable", None),
    Flavor("dpbusd", 16, "llvm.x86.avx512.vpdpbusd.512"),  # k0 = 4 tiles only: i8_dpbusd_kernel.py
)}

VNNI = True
"""`auto` on an AVX-512 VNNI host: `vnni` (vpdpwssd) when True, `avx512` (vpmaddwd + vpaddd) when
False; the A/B switch of the eighteenth session (docs/backend-measurements.md)."""


BATCH = True
"""A static i8 `linalg.batch_mmt4d` as a loop over its batch around the kernel (False: left to
the backend's scalar loops, the state before the nineteenth session; the A/B switch)."""


DYNAMIC = True
"""Dynamic outer sizes (M1, N1, K1: the packs of a dynamic matmul, IREE's `?x?x16x2` mmt4d) as
loop bounds read with `tensor.dim`; the inner tile stays static. False: such an mmt4d is left to
the backend's loops over its inner tiles (the A/B switch)."""

Shape = list[int | str]
"""A kernel operand's shape; `"?"` for a dynamic outer size."""


class NotAKernelMmt4d(Exception):
    """Why an mmt4d was left alone."""


def kernel_shapes(op: Mmt4DOp | BatchMmt4DOp) -> tuple[Shape, Shape, Shape]:
    """The shapes of A, B, C (without a batch_mmt4d's batch dim; `"?"` for a dynamic outer size)
    when `op` is an i8 x i8 -> i32 mmt4d the kernel takes."""
    types = [v.type for v in op.operands]
    if not all(isinstance(t, TensorType) for t in types):
        raise NotAKernelMmt4d("not on tensors")
    batch = 1 if isinstance(op, BatchMmt4DOp) else 0
    shapes = [list(t.get_shape())[batch:] for t in types]
    dynamic = not all(t.has_static_shape() for t in types)
    if dynamic and (batch or not DYNAMIC or any(d == DYNAMIC_INDEX for s in shapes for d in s[2:])):
        raise NotAKernelMmt4d("not static tensors" if batch or not DYNAMIC else "dynamic inner tile sizes")
    elements = [t.get_element_type() for t in types]
    if elements != [i8, i8, i32]:
        raise NotAKernelMmt4d(f"element types {', '.join(map(str, elements))}, not i8, i8, i32")
    a, b, c = ([("?" if d == DYNAMIC_INDEX else d) for d in s] for s in shapes)
    m0, k0 = a[2], a[3]
    n0 = b[2]
    if k0 == 4 and n0 == 16 and m0 <= n0:  # the vpdpbusd kernel's tile (i8_dpbusd_kernel.py)
        return a, b, c
    if k0 != K0 or n0 not in WIDTHS or m0 > n0:
        raise NotAKernelMmt4d(f"inner tile {m0}x{n0}x{k0}; the kernel takes n0 = 8 or 16, m0 <= n0, "
                              f"k0 = {K0} (or k0 = 4 with n0 = 16: the vpdpbusd kernel)")
    return a, b, c


def outer_bounds(a: Shape, b: Shape, ta: str, tb: str) -> tuple[str, str]:
    """The kernel's `%m1`, `%n1`, `%k1` definitions (a constant, or `tensor.dim` of a dynamic
    outer size) and the dynamic sizes of an `m1 x k1 x ...` `tensor.empty`."""
    def bound(name: str, size: int | str, value: str, type_: str, dim: int) -> str:
        if size == "?":
            return f"%{name} = tensor.dim {value}, %c{dim} : {type_}"
        return f"%{name} = arith.constant {size} : index"
    lines = [bound("m1", a[0], "%a", ta, 0), bound("n1", b[0], "%b", tb, 0), bound("k1", a[1], "%a", ta, 1)]
    return "\n  ".join(lines), ", ".join(f"%{n}" for n, size in (("m1", a[0]), ("k1", a[1])) if size == "?")


def declaration(flavor: Flavor, n: int) -> str:
    """The intrinsic's `func.func private` declaration (empty for `portable`)."""
    if flavor.intrinsic is None:
        return ""
    wide, acc = f"vector<{2 * n}xi16>", f"vector<{n}xi32>"
    operands = [acc, wide, wide] if flavor.accumulates else [wide, wide]
    return f"func.func private @{flavor.intrinsic}({', '.join(operands)}) -> {acc}\n"


def _multiply_add(acc: str, pair: str, b: str, name: str, n: int, flavor: Flavor) -> list[str]:
    """MLIR lines computing `name : vector<n x i32>` = `acc` + the pairwise multiply-add of two
    `vector<2n x i16>`."""
    wide, out = f"vector<{2 * n}xi16>", f"vector<{n}xi32>"
    if flavor.accumulates:
        return [f"{name} = func.call @{flavor.intrinsic}({acc}, {pair}, {b}) : ({out}, {wide}, {wide}) -> {out}"]
    if flavor.intrinsic is not None:
        return [f"{name}p = func.call @{flavor.intrinsic}({pair}, {b}) : ({wide}, {wide}) -> {out}",
                f"{name} = arith.addi {acc}, {name}p : {out}"]
    even, odd = ", ".join(str(2 * i) for i in range(n)), ", ".join(str(2 * i + 1) for i in range(n))
    lines = []
    for part, lanes in (("e", even), ("o", odd)):
        for what, source in (("x", pair), ("y", b)):
            lines += [f"{name}{what}{part}16 = vector.shuffle {source}, {source} [{lanes}] : {wide}, {wide}",
                      f"{name}{what}{part} = arith.extsi {name}{what}{part}16 : vector<{n}xi16> to {out}"]
        lines.append(f"{name}{part} = arith.muli {name}x{part}, {name}y{part} : {out}")
    lines += [f"{name}p = arith.addi {name}e, {name}o : {out}",
              f"{name} = arith.addi {acc}, {name}p : {out}"]
    return lines


def _pairs_text(ta: str, pairs: str, sizes: str = "") -> str:
    """MLIR lines computing `%pa : pairs`, each `(a0, a1)` pair of the A tile as the i32 whose
    low i16 is `a0` and high i16 is `a1` (little-endian: the bitcast of `vector<2xi16>`). The
    kernel then broadcasts a row's pair to every lane with one load (`vpbroadcastd` from memory),
    where widening the i8 tile in registers cost a shuffle per row and K step."""
    pair_map = "affine_map<(d0, d1, d2) -> (d0, d1, d2)>"
    return f"""  %pe = tensor.empty({sizes}) : {pairs}
  %pa = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2, 1)>, {pair_map}], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%a, %a : {ta}, {ta}) outs(%pe : {pairs}) {{
  ^bb0(%lo8: i8, %hi8: i8, %out: i32):
    %lo32 = arith.extsi %lo8 : i8 to i32
    %hi32 = arith.extsi %hi8 : i8 to i32
    %mask = arith.constant 65535 : i32
    %sixteen = arith.constant 16 : i32
    %low = arith.andi %lo32, %mask : i32
    %high = arith.shli %hi32, %sixteen : i32
    %pair = arith.ori %low, %high : i32
    linalg.yield %pair : i32
  }} -> {pairs}"""


def kernel_text(a: Shape, b: Shape, c: Shape, flavor: Flavor) -> str:
    """The kernel as a function `@kernel(A, B, C) -> C` in MLIR text. The A and B tiles are read
    as one vector each from the operands with their two inner dims collapsed; C row by row."""
    m1, k1, m0, _ = a
    n1, n = b[0], b[2]
    acc_type, wide = f"vector<{n}xi32>", f"vector<{2 * n}xi16>"
    ta, tb, tc = (f"tensor<{'x'.join(map(str, s))}x{t}>" for s, t in ((a, "i8"), (b, "i8"), (c, "i32")))
    flat_b = f"tensor<{n1}x{k1}x{2 * n}xi8>"
    pairs = f"tensor<{m1}x{k1}x{m0}xi32>"
    body = [f"%bf = vector.transfer_read %fb[%j, %k, %c0], %z8 {{in_bounds = [true]}} : {flat_b}, vector<{2 * n}xi8>",
            f"%bw = arith.extsi %bf : vector<{2 * n}xi8> to {wide}"]
    for r in range(m0):
        body += [f"%pairs{r} = vector.transfer_read %pa[%i, %k, %r{r}], %z32 "
                 f"{{in_bounds = [true], permutation_map = affine_map<(d0, d1, d2) -> (0)>}} : {pairs}, {acc_type}",
                 f"%x{r} = vector.bitcast %pairs{r} : {acc_type} to {wide}",
                 *_multiply_add(f"%in{r}", f"%x{r}", "%bw", f"%next{r}", n, flavor)]
    inner = "\n          ".join(body)
    row_types = ", ".join([acc_type] * m0)
    reads = "\n        ".join(
        f"%acc{r} = vector.transfer_read %cj[%i, %j, %r{r}, %c0], %z32 {{in_bounds = [true]}} : {tc}, {acc_type}"
        for r in range(m0))
    writes = "\n        ".join(
        f"%w{r + 1} = vector.transfer_write %sum#{r}, {'%cj' if r == 0 else f'%w{r}'}[%i, %j, %r{r}, %c0] "
        f"{{in_bounds = [true]}} : {acc_type}, {tc}" for r in range(m0))
    row_indices = "\n  ".join(f"%r{r} = arith.constant {r} : index" for r in range(m0))
    bounds, sizes = outer_bounds(a, b, ta, tb)
    return f"""func.func @kernel(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  {row_indices}
  {bounds}
  %z8 = arith.constant 0 : i8
  %z32 = arith.constant 0 : i32
{_pairs_text(ta, pairs, sizes)}
  %fb = tensor.collapse_shape %b [[0], [1], [2, 3]] : {tb} into {flat_b}
  %result = scf.for %i = %c0 to %m1 step %c1 iter_args(%ci = %c) -> ({tc}) {{
    %row = scf.for %j = %c0 to %n1 step %c1 iter_args(%cj = %ci) -> ({tc}) {{
        {reads}
        %sum:{m0} = scf.for %k = %c0 to %k1 step %c1 iter_args({", ".join(f"%in{r} = %acc{r}" for r in range(m0))}) -> ({row_types}) {{
          {inner}
          scf.yield {", ".join(f"%next{r}" for r in range(m0))} : {row_types}
        }}
        {writes}
        scf.yield %w{m0} : {tc}
    }}
    scf.yield %row : {tc}
  }}
  return %result : {tc}
}}
"""


def _kernel_program(shapes: tuple[Shape, Shape, Shape], flavor: Flavor | None) -> tuple[str, str | None]:
    """The kernel's module text for these (4-d) shapes and the intrinsic it declares; raises
    `NotAKernelMmt4d` when no flavor takes the tile. `flavor` None: `auto_flavor`."""
    n = shapes[1][2]
    if shapes[0][3] == 4:
        from xfuse.transforms.data_tiling import i8_dpbusd_kernel as dpbusd

        if flavor not in (None, FLAVORS["dpbusd"]) or (flavor is None and "avx512vnni" not in host_target().features):
            raise NotAKernelMmt4d(f"inner tile {shapes[0][2]}x{n}x4; only flavor dpbusd (AVX-512 VNNI) takes k0 = 4")
        return dpbusd.DECLARATION + dpbusd.dpbusd_kernel_text(*shapes), dpbusd.VPDPBUSD_512
    if flavor is None:
        flavor = auto_flavor(n)
    if flavor.lanes not in (None, n):
        raise NotAKernelMmt4d(f"inner tile {shapes[0][2]}x{n}x{K0}; flavor {flavor.name} takes n0 = {flavor.lanes}")
    return declaration(flavor, n) + kernel_text(*shapes, flavor), flavor.intrinsic


def batch_loop_text(op: BatchMmt4DOp) -> str:
    """`@kernel(A, B, C) -> C` of a static batch_mmt4d: a loop over the batch around a
    `linalg.mmt4d` of each batch's slices (rank-reducing `tensor.extract_slice`), which the
    kernel then takes."""
    ta, tb, tc = (str(v.type) for v in op.operands)
    shapes = [list(v.type.get_shape()) for v in op.operands]
    sliced = [f"tensor<{'x'.join(map(str, s[1:]))}x{e}>" for s, e in zip(shapes, ("i8", "i8", "i32"))]

    def window(shape: list[int]) -> str:
        return f"[%bi, 0, 0, 0, 0] [1, {', '.join(map(str, shape[1:]))}] [1, 1, 1, 1, 1]"
    return f"""func.func @kernel(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nb = arith.constant {shapes[0][0]} : index
  %r = scf.for %bi = %c0 to %nb step %c1 iter_args(%acc = %c) -> ({tc}) {{
    %as = tensor.extract_slice %a{window(shapes[0])} : {ta} to {sliced[0]}
    %bs = tensor.extract_slice %b{window(shapes[1])} : {tb} to {sliced[1]}
    %cs = tensor.extract_slice %acc{window(shapes[2])} : {tc} to {sliced[2]}
    %m = linalg.mmt4d ins(%as, %bs : {sliced[0]}, {sliced[1]}) outs(%cs : {sliced[2]}) -> {sliced[2]}
    %ins = tensor.insert_slice %m into %acc{window(shapes[2])} : {sliced[2]} into {tc}
    scf.yield %ins : {tc}
  }}
  return %r : {tc}
}}
"""


def lower_mmt4d(op: Mmt4DOp | BatchMmt4DOp, flavor: Flavor | None = None, direct: bool | None = None) -> None:
    """Replace `op` by the kernel's loops (raises `NotAKernelMmt4d` when it does not qualify).
    A batch_mmt4d becomes a loop over its batch around the kernel. `flavor` None: `auto_flavor`
    for the tile's width on this host. `direct`: whether the vpdpbusd kernel writes an unpacked
    result (direct_unpack.py; None: its switch)."""
    from xfuse.parsing import parse

    if isinstance(op, BatchMmt4DOp) and not BATCH:
        raise NotAKernelMmt4d("batch_mmt4d (i8_mmt4d_kernel.BATCH is off)")
    shapes = kernel_shapes(op)
    text, intrinsic = _kernel_program(shapes, flavor)  # raises before any rewrite
    if isinstance(op, BatchMmt4DOp):
        inserted = _replace_by_kernel(op, parse(batch_loop_text(op)), None)
        inner = next(o for top in inserted for o in top.walk() if isinstance(o, Mmt4DOp))
        lower_mmt4d(inner, flavor, direct)
        return
    if shapes[0][3] == 4:
        _lower_dpbusd(op, shapes, direct)
        return
    _replace_by_kernel(op, parse(text), intrinsic)


def _lower_dpbusd(op: Mmt4DOp, shapes: tuple[Shape, Shape, Shape], direct: bool | None) -> None:
    """The vpdpbusd kernel in place of `op`: on the quadruples fused into A's producers when
    `fused_quads` takes them, and writing the unpacked result when `direct_unpack` does."""
    from xfuse.parsing import parse
    from xfuse.transforms.data_tiling import i8_dpbusd_kernel as dpbusd
    from xfuse.transforms.data_tiling.direct_unpack import direct_unpack, empty_result
    from xfuse.transforms.data_tiling.fused_quads import erase_dead_producers, fused_quads

    a_owner = op.operands[0].owner
    quads = fused_quads(op)
    a_operand = op.operands[0] if quads is None else quads
    unpack = direct_unpack(op, direct)
    if unpack is None:
        parsed = parse(dpbusd.DECLARATION + dpbusd.dpbusd_kernel_text(*shapes, quads_given=quads is not None))
        _replace_by_kernel(op, parsed, dpbusd.VPDPBUSD_512, [a_operand, op.operands[1], op.operands[2]])
    else:
        a, b, _ = shapes
        empty = empty_result(unpack)
        empty.location = op.location
        Rewriter.insert_op(empty, InsertPoint.before(op))
        fill = op.operands[2].owner
        parsed = parse(dpbusd.DECLARATION + dpbusd.dpbusd_kernel_text(
            a, b, list(unpack.dest.type.get_shape()), direct=True, quads_given=quads is not None))
        _replace_by_kernel(op, parsed, dpbusd.VPDPBUSD_512, [a_operand, op.operands[1], empty.tensor], unpack.result)
        if not fill.results[0].uses:
            Rewriter.erase_op(fill)
    if quads is not None:
        erase_dead_producers(a_owner)


def _replace_by_kernel(op: Mmt4DOp | BatchMmt4DOp, parsed: ModuleOp, intrinsic: str | None,
                       operands: list | None = None, replaced: SSAValue | None = None) -> list[Operation]:
    """Inline the parsed `@kernel` in place of `op`, declaring `intrinsic` in op's module; returns
    the inserted ops. The kernel takes `operands` (default op's) and its result replaces
    `replaced` (default op's result; its reader is erased)."""
    kernel = next(o for o in parsed.walk() if isinstance(o, func.FuncOp) and o.sym_name.data == "kernel")
    if intrinsic is not None:
        _declare(op, next(o for o in parsed.walk() if isinstance(o, func.FuncOp) and o.sym_name.data == intrinsic))
    block = kernel.body.block
    mapping = dict(zip(block.args, op.operands if operands is None else operands, strict=True))
    inserted: list[Operation] = []
    for inner in list(block.ops):
        if isinstance(inner, func.ReturnOp):
            (op.results[0] if replaced is None else replaced).replace_all_uses_with(mapping[inner.operands[0]])
            break
        clone = inner.clone(value_mapper=mapping)
        Rewriter.insert_op(clone, InsertPoint.before(op))
        inserted.append(clone)
    if replaced is not None:  # the op that read op's result, replaced by the kernel's
        Rewriter.erase_op(replaced.owner)
    Rewriter.erase_op(op)
    return inserted


def _declare(op: Operation, declaration: func.FuncOp) -> None:
    """The intrinsic's declaration in `op`'s module, once."""
    module = op.get_toplevel_object()
    assert isinstance(module, ModuleOp)
    if not any(isinstance(o, func.FuncOp) and o.sym_name == declaration.sym_name for o in module.ops):
        declaration.detach()
        module.body.block.insert_op_before(declaration, module.body.block.first_op)


def host_has_avx2() -> bool:
    target = host_target()
    return target.arch == "x86_64" and "avx2" in target.features


def auto_flavor(n0: int) -> Flavor:
    """The fastest flavor this host has for tiles `n0` wide: 8 -> `avx2` with AVX2; 16 -> `vnni`
    with AVX-512 VNNI (`avx512` when `VNNI` is off), `avx512` with AVX512BW; else `portable`."""
    target = host_target()
    features = target.features if target.arch == "x86_64" else frozenset()
    if n0 == 8 and "avx2" in features:
        return FLAVORS["avx2"]
    if n0 == 16 and "avx512vnni" in features and VNNI:
        return FLAVORS["vnni"]
    if n0 == 16 and "avx512bw" in features:
        return FLAVORS["avx512"]
    return FLAVORS["portable"]


def lower_i8_mmt4ds(module: ModuleOp, flavor: Flavor | None = None, direct: bool | None = None) -> list[str]:
    """Lower every qualifying mmt4d of `module`; returns a remark per i8 one left alone.
    `flavor` None: `auto_flavor` per mmt4d; `direct` as `lower_mmt4d`'s."""
    remarks = []
    for op in list(module.walk()):
        if not isinstance(op, Mmt4DOp | BatchMmt4DOp):
            continue
        op = narrow_mmt4d_operands(op) or op
        try:
            lower_mmt4d(op, flavor, direct)
        except NotAKernelMmt4d as reason:
            if isinstance(op.operands[0].type, TensorType) and isinstance(op.operands[0].type.get_element_type(), IntegerType):
                remarks.append(format_diagnostic(f"xfuse-i8-mmt4d-kernel: left alone: {reason}", op, "remark"))
    return remarks


@dataclass(frozen=True)
class I8Mmt4dKernelPass(ModulePass):
    """i8 x i8 -> i32 mmt4d (8x8x2 or 16x16x2 tiles) as loops around a pairwise multiply-add
    register kernel. `flavor`: `auto` (per tile width, the best this machine has: `auto_flavor`),
    `avx2` (8 wide, vpmaddwd), `avx512` (16 wide, vpmaddwd), `vnni` (16 wide, vpdpwssd) or
    `portable` (vector shuffles and multiplies, either width). `direct-unpack`: `auto` (the switch
    `direct_unpack.DIRECT_UNPACK`), `on` or `off`: whether the vpdpbusd kernel writes the unpacked
    result of a zero-filled mmt4d read by one unpack without padding (direct_unpack.py)."""

    name = "xfuse-i8-mmt4d-kernel"

    flavor: str = "auto"
    remarks: bool = False
    direct_unpack: str = "auto"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.flavor != "auto" and self.flavor not in FLAVORS:
            raise XfuseError(f"xfuse-i8-mmt4d-kernel: flavor={self.flavor}: auto, {', '.join(FLAVORS)} expected")
        directs = {"auto": None, "on": True, "off": False}
        if self.direct_unpack not in directs:
            raise XfuseError(f"xfuse-i8-mmt4d-kernel: direct-unpack={self.direct_unpack}: auto, on or off expected")
        remarks = lower_i8_mmt4ds(op, None if self.flavor == "auto" else FLAVORS[self.flavor], directs[self.direct_unpack])
        if self.remarks:
            for remark in remarks:
                print(remark, file=sys.stderr)
