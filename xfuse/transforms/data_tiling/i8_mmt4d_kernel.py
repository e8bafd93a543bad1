"""`xfuse-i8-mmt4d-kernel`: a static `linalg.mmt4d` of i8 x i8 -> i32 with `k0 = 2` (the
x86_64-avx2 row of the tile table, 8x8x2) as loops around a register-tile kernel of pairwise
multiply-adds, the idiom of AVX2's `vpmaddwd` (and of MLAS and IREE's AVX2 ukernels).

The backend's micro-kernel schedule takes float mmt4d only; an integer one would run as scalar
loops. Here each `(m1, n1)` tile keeps its `m0 x 8` i32 accumulator in vectors over the K1 loop.
Before the loops, each `(a0, a1)` pair of the packed A is made one i32 (`a0` sign-extended to
i16 in its low half, `a1` in its high half: the bits of `vector<2xi16>`), a pass over A. Per K1
step, the packed B tile (`8 x 2` i8, 16 contiguous bytes) is one vector sign-extended to
`vector<16xi16>`; per row of the A tile, its pair is broadcast to every 32-bit lane by one read
(`vpbroadcastd` from memory: widening the i8 tile in registers cost a `vpshufd` / `vpermq` per
row, and the kernel 1.2-1.4x the time) and

    acc[row] += pmaddwd(pair, b)      (lane n: a0 * b[n, 0] + a1 * b[n, 1], in i32)

`pmaddwd` is `llvm.x86.avx2.pmadd.wd` when `intrinsic` (on x86_64 with AVX2: exact for i16
inputs, which sign-extended i8 are), else the same sum written with even/odd `vector.shuffle`s,
`arith.extsi` and `arith.muli`, for any target. The C tile is read before the K1 loop and
written after it, so the accumulator (a fill, a bias) is kept. Left alone, with a remark: other
element types, dynamic shapes, `k0 != 2`, `n0 != 8`, `m0 > 8`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerType, ModuleOp, TensorType, i8, i32
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import XfuseError, format_diagnostic
from xfuse.dialects.linalg import Mmt4DOp
from xfuse.transforms.data_tiling.targets import host_target

N0, K0, MAX_M0 = 8, 2, 8
"""The kernel's inner tile: 8 i32 lanes (one AVX2 register) by pairs along K, up to 8 rows."""


PMADDWD = "llvm.x86.avx2.pmadd.wd"
"""AVX2's vpmaddwd, called as a declared function of the intrinsic's name (LLVM takes a function
named `llvm.*` for the intrinsic). Not `llvm.call_intrinsic`: mlir-opt's buffer deallocation
refuses ops with unknown memory effects, and a call of a declaration without memref operands
passes."""


class NotAKernelMmt4d(Exception):
    """Why an mmt4d was left alone."""


def kernel_shapes(op: Mmt4DOp) -> tuple[list[int], list[int], list[int]]:
    """The static shapes of A, B, C when `op` is an i8 x i8 -> i32 mmt4d the kernel takes."""
    types = [v.type for v in op.operands]
    if not all(isinstance(t, TensorType) and t.has_static_shape() for t in types):
        raise NotAKernelMmt4d("not static tensors")
    elements = [t.get_element_type() for t in types]
    if elements != [i8, i8, i32]:
        raise NotAKernelMmt4d(f"element types {', '.join(map(str, elements))}, not i8, i8, i32")
    a, b, c = (list(t.get_shape()) for t in types)
    m0, k0 = a[2], a[3]
    n0 = b[2]
    if k0 != K0 or n0 != N0 or m0 > MAX_M0:
        raise NotAKernelMmt4d(f"inner tile {m0}x{n0}x{k0}; the kernel takes m0 <= {MAX_M0}, n0 = {N0}, k0 = {K0}")
    return a, b, c


def _pmaddwd(pair: str, b: str, name: str, intrinsic: bool) -> list[str]:
    """MLIR lines computing `name : vector<8xi32>` = pairwise multiply-add of two vector<16xi16>."""
    if intrinsic:
        return [f"{name} = func.call @{PMADDWD}({pair}, {b}) : (vector<16xi16>, vector<16xi16>) -> vector<8xi32>"]
    even, odd = ", ".join(str(2 * i) for i in range(8)), ", ".join(str(2 * i + 1) for i in range(8))
    lines = []
    for part, lanes in (("e", even), ("o", odd)):
        for what, source in (("x", pair), ("y", b)):
            lines += [f"{name}{what}{part}16 = vector.shuffle {source}, {source} [{lanes}] : vector<16xi16>, vector<16xi16>",
                      f"{name}{what}{part} = arith.extsi {name}{what}{part}16 : vector<8xi16> to vector<8xi32>"]
        lines.append(f"{name}{part} = arith.muli {name}x{part}, {name}y{part} : vector<8xi32>")
    lines.append(f"{name} = arith.addi {name}e, {name}o : vector<8xi32>")
    return lines


def _pairs_text(ta: str, pairs: str) -> str:
    """MLIR lines computing `%pa : pairs`, each `(a0, a1)` pair of the A tile as the i32 whose
    low i16 is `a0` and high i16 is `a1` (little-endian: the bitcast of `vector<2xi16>`). The
    kernel then broadcasts a row's pair to every lane with one load (`vpbroadcastd` from memory),
    where widening the i8 tile in registers cost a shuffle per row and K step."""
    pair_map = "affine_map<(d0, d1, d2) -> (d0, d1, d2)>"
    return f"""  %pe = tensor.empty() : {pairs}
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


def kernel_text(a: list[int], b: list[int], c: list[int], intrinsic: bool) -> str:
    """The kernel as a function `@kernel(A, B, C) -> C` in MLIR text. The A and B tiles are read
    as one vector each from the operands with their two inner dims collapsed; C row by row."""
    m1, k1, m0, _ = a
    n1 = b[0]
    ta, tb, tc = (f"tensor<{'x'.join(map(str, s))}x{t}>" for s, t in ((a, "i8"), (b, "i8"), (c, "i32")))
    flat_b = f"tensor<{n1}x{k1}x16xi8>"
    pairs = f"tensor<{m1}x{k1}x{m0}xi32>"
    body = [f"%bf = vector.transfer_read %fb[%j, %k, %c0], %z8 {{in_bounds = [true]}} : {flat_b}, vector<16xi8>",
            "%bw = arith.extsi %bf : vector<16xi8> to vector<16xi16>"]
    for r in range(m0):
        body += [f"%pairs{r} = vector.transfer_read %pa[%i, %k, %r{r}], %z32 "
                 f"{{in_bounds = [true], permutation_map = affine_map<(d0, d1, d2) -> (0)>}} : {pairs}, vector<8xi32>",
                 f"%x{r} = vector.bitcast %pairs{r} : vector<8xi32> to vector<16xi16>",
                 *_pmaddwd(f"%x{r}", "%bw", f"%p{r}", intrinsic),
                 f"%next{r} = arith.addi %in{r}, %p{r} : vector<8xi32>"]
    inner = "\n          ".join(body)
    row_types = ", ".join(["vector<8xi32>"] * m0)
    reads = "\n        ".join(
        f"%acc{r} = vector.transfer_read %cj[%i, %j, %r{r}, %c0], %z32 {{in_bounds = [true]}} : {tc}, vector<8xi32>"
        for r in range(m0))
    writes = "\n        ".join(
        f"%w{r + 1} = vector.transfer_write %sum#{r}, {'%cj' if r == 0 else f'%w{r}'}[%i, %j, %r{r}, %c0] "
        f"{{in_bounds = [true]}} : vector<8xi32>, {tc}" for r in range(m0))
    row_indices = "\n  ".join(f"%r{r} = arith.constant {r} : index" for r in range(m0))
    return f"""func.func @kernel(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  {row_indices}
  %m1 = arith.constant {m1} : index
  %n1 = arith.constant {n1} : index
  %k1 = arith.constant {k1} : index
  %z8 = arith.constant 0 : i8
  %z32 = arith.constant 0 : i32
{_pairs_text(ta, pairs)}
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


def lower_mmt4d(op: Mmt4DOp, intrinsic: bool) -> None:
    """Replace `op` by the kernel's loops (raises `NotAKernelMmt4d` when it does not qualify)."""
    from xfuse.parsing import parse

    shapes = kernel_shapes(op)
    declaration = (f"func.func private @{PMADDWD}(vector<16xi16>, vector<16xi16>) -> vector<8xi32>\n"
                   if intrinsic else "")
    parsed = parse(declaration + kernel_text(*shapes, intrinsic))
    kernel = next(o for o in parsed.walk() if isinstance(o, func.FuncOp) and o.sym_name.data == "kernel")
    if intrinsic:
        _declare(op, next(o for o in parsed.walk() if isinstance(o, func.FuncOp) and o.sym_name.data == PMADDWD))
    block = kernel.body.block
    mapping = dict(zip(block.args, op.operands, strict=True))
    for inner in list(block.ops):
        if isinstance(inner, func.ReturnOp):
            op.results[0].replace_all_uses_with(mapping[inner.operands[0]])
            break
        clone = inner.clone(value_mapper=mapping)
        Rewriter.insert_op(clone, InsertPoint.before(op))
    Rewriter.erase_op(op)


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


def lower_i8_mmt4ds(module: ModuleOp, intrinsic: bool | None = None) -> list[str]:
    """Lower every qualifying mmt4d of `module`; returns a remark per i8 one left alone.
    `intrinsic` None: the AVX2 intrinsic when this machine has AVX2."""
    if intrinsic is None:
        intrinsic = host_has_avx2()
    remarks = []
    for op in list(module.walk()):
        if not isinstance(op, Mmt4DOp):
            continue
        try:
            lower_mmt4d(op, intrinsic)
        except NotAKernelMmt4d as reason:
            if isinstance(op.operands[0].type, TensorType) and isinstance(op.operands[0].type.get_element_type(), IntegerType):
                remarks.append(format_diagnostic(f"xfuse-i8-mmt4d-kernel: left alone: {reason}", op, "remark"))
    return remarks


@dataclass(frozen=True)
class I8Mmt4dKernelPass(ModulePass):
    """i8 x i8 -> i32 mmt4d (8x8x2 tiles) as loops around a pairwise multiply-add register kernel.
    `flavor`: `auto` (`avx2` when this machine has AVX2, else `portable`), `avx2` (the vpmaddwd
    intrinsic) or `portable` (vector shuffles and multiplies)."""

    name = "xfuse-i8-mmt4d-kernel"

    flavor: str = "auto"
    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        flavors = {"auto": None, "avx2": True, "portable": False}
        if self.flavor not in flavors:
            raise XfuseError(f"xfuse-i8-mmt4d-kernel: flavor={self.flavor}: auto, avx2 or portable expected")
        remarks = lower_i8_mmt4ds(op, flavors[self.flavor])
        if self.remarks:
            for remark in remarks:
                print(remark, file=sys.stderr)
