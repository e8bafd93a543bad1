"""`xfuse-int8-data-tiling`: the integer matmuls of a quantized network through data tiling, and
nothing else (float contractions keep the backend's own schedules).

In order, on the module:

0. quantized convolutions with constant symmetric filters as im2col + an i8 x i8 -> i32 matmul
   (`quantized_convs.py`); `linalg.quantized_matmul` as a matmul and its zero-point terms
   (`quantized_matmul.py`; with a constant B and a zero point of 0, `colsum(B)` folded at load);
1. `xfuse-narrow-integer-contraction`: torch-mlir's int32 matmul of sign-extended int8
   operands (what `xfuse.onnx.quantization` makes of `MatMulInteger`) becomes i8 x i8 -> i32;
2. `xfuse-set-encoding` on each such narrow contraction only, but those with N = 1 (`MATVEC_PLAIN`);
3. `xfuse-materialize-encoding{target}`: packs and an i8 mmt4d (x86_64-avx2: 8x8x2 tiles);
   a pack of a weight argument becomes the argument, packed once at load (`packed_weights.py`);
4. `xfuse-generic-to-mmt4d`, then `xfuse-i8-mmt4d-kernel` (AVX2's vpmaddwd on an AVX2 host;
   on AVX-512 VNNI 16x16x4 tiles, not the table's 16x16x2, and `vpdpbusd`: `DPBUSD`).

A module without an integer contraction is left as it was, so `xfuse.onnx` runs this on every
network. A target without an i8 tile (x86_64-sse) keeps the narrow matmul (a warning says so).
`remarks=true` says why an integer contraction was left out (a matvec-like op, other element
types, dynamic shapes for the kernel, ...): foreign IR (IREE's tests) needs to know.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import IntegerType, ModuleOp, TensorType, i8
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from xfuse.transforms.data_tiling.generic_to_mmt4d import generic_to_mmt4d
from xfuse.transforms.data_tiling.i8_mmt4d_kernel import lower_i8_mmt4ds
from xfuse.transforms.data_tiling.materialize import materialize_encodings
from xfuse.diagnostics import format_diagnostic
from xfuse.transforms.data_tiling.narrow_contraction import NARROWED, narrow_contractions_left
from xfuse.transforms.data_tiling.packed_weights import pack_weights_at_load
from xfuse.transforms.data_tiling.quantized_convs import quantized_convs_as_matmuls
from xfuse.transforms.data_tiling.quantized_matmul import rewrite_quantized_matmuls
from xfuse.transforms.data_tiling.set_encoding import set_encoding_on


def _is_narrow_integer_contraction(op: Operation) -> bool:
    if not isinstance(op, NARROWED) or len(op.operands) != 3:
        return False
    elements = [v.type.get_element_type() for v in op.operands if isinstance(v.type, TensorType)]
    return (len(elements) == 3 and all(isinstance(e, IntegerType) for e in elements)
            and elements[0].width.data == elements[1].width.data == 8 and elements[2].width.data == 32)


DPBUSD = True
"""On an AVX-512 VNNI target: 16x16x4 tiles and the vpdpbusd kernel (i8_dpbusd_kernel.py, 64
MACs per instruction) instead of the table's 16x16x2 and vpdpwssd (32): 0.65-0.74x the time on
the int8 MLP, transformer and a 64x256x1024 layer, 15/15 rounds in two runs (eighteenth session,
docs/backend-measurements.md). False: the table's tile."""


MATVEC_PLAIN = True
"""An i8 matmul / batch_matmul with N = 1 (a matrix-vector product written as a matmul: IREE's
narrow_n and e2e 1000x1000x1 tests) is left to the backend's plain reduction: packing A, in
the call, costs more than the product (plain over packed: 0.20, 0.10-0.14 and 0.20-0.23x the
time on 1024x1024x1, 256x4096x1 and 4096x256x1, 0.88x on 64x256x1, 0.16x on an 8x256x1024x1
batch_matmul, 12 rounds each won 11-12, two runs, benchmarks/int8_ops_ab.py; nineteenth session).
N = 2 already splits (plain faster on 1024x1024, slower on 4096x256), N >= 4 packs faster; a
narrow M packs faster too (1x1024x1024: 0.37x the plain time). False: data-tiled like any other."""


def _is_matvec_like_matmul(op: Operation) -> bool:
    result = op.results[0].type
    return MATVEC_PLAIN and isinstance(result, TensorType) and result.get_shape()[-1] == 1


def _tile_sizes(target: str) -> tuple[int, ...]:
    from xfuse.transforms.data_tiling.targets import resolve_target

    cpu = resolve_target(target)
    if DPBUSD and cpu is not None and cpu.arch == "x86_64" and "avx512vnni" in cpu.features:
        return (16, 16, 4)
    return ()


MATVEC_LIKE = ("linalg.matvec", "linalg.vecmat", "linalg.batch_matvec", "linalg.batch_vecmat", "linalg.dot")
"""Integer contractions without an M or an N dimension: no data tiling (materialization refuses
them: the 16 x 16 tile would be 1/16 used)."""
INTEGER_CONTRACTIONS = (*MATVEC_LIKE, "linalg.matmul", "linalg.batch_matmul", "linalg.quantized_matmul",
                        "linalg.quantized_batch_matmul", "linalg.batch_reduce_matmul")


def _left_out(module: ModuleOp, reasons: dict[Operation, str]) -> list[str]:
    """A remark per integer contraction still in `module` after the steps, with why (`reasons`:
    the earlier steps' own, by op)."""
    remarks = []
    for op in module.walk():
        if op.name not in INTEGER_CONTRACTIONS or not op.results:
            continue
        result = op.results[0].type
        if not isinstance(result, TensorType) or not isinstance(result.get_element_type(), IntegerType):
            continue
        elements = [v.type.get_element_type() if isinstance(v.type, TensorType) else v.type for v in op.operands]
        types = ", ".join(map(str, elements))
        if elements[:2] == [i8, i8] and op.name != "linalg.quantized_matmul" and not _is_matvec_like_matmul(op):
            reasons.pop(op, None)  # narrowing's "not a sign extension" says nothing here
        why = reasons.get(op) or (
            "matvec-like: no M or N dimension to tile" if op.name in MATVEC_LIKE
            else f"element types {types}; only i8 x i8 -> i32 contractions (or sign extensions of i8) are data-tiled")
        remarks.append(format_diagnostic(f"xfuse-int8-data-tiling: left alone: {why}", op, "remark"))
    return remarks


def int8_data_tiling(module: ModuleOp, target: str = "host", remarks: list[str] | None = None) -> list[str]:
    """Steps 0-4 of the module doc on `module`; returns the warnings of materialization. With a
    `remarks` list, appends why each integer contraction or i8 mmt4d was left alone."""
    quantized_convs_as_matmuls(module)
    reasons = dict(rewrite_quantized_matmuls(module))
    reasons.update(narrow_contractions_left(module))
    contractions = [op for op in module.walk() if _is_narrow_integer_contraction(op)]
    for op in [op for op in contractions if _is_matvec_like_matmul(op)]:
        contractions.remove(op)
        reasons[op] = "N = 1: the plain reduction beats packing A in the call (int8_matmul.MATVEC_PLAIN)"
    warnings: list[str] = []
    kernel: list[str] = []
    if contractions:
        for op in contractions:
            set_encoding_on(op)
        warnings = materialize_encodings(module, target=target, tile_sizes=_tile_sizes(target))
        pack_weights_at_load(module)
        generic_to_mmt4d(module)
        kernel = lower_i8_mmt4ds(module)
    if remarks is not None:
        remarks += _left_out(module, reasons) + kernel
    return warnings


@dataclass(frozen=True)
class Int8DataTilingPass(ModulePass):
    """The integer (i8 x i8 -> i32) matmuls through data tiling and the i8 mmt4d kernel."""

    name = "xfuse-int8-data-tiling"

    target: str = "host"
    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        remarks: list[str] = []
        for warning in int8_data_tiling(op, self.target, remarks if self.remarks else None):
            print(warning, file=sys.stderr)
        for remark in remarks:
            print(remark, file=sys.stderr)
