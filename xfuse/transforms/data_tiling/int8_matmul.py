"""`xfuse-int8-data-tiling`: the integer matmuls of a quantized network through data tiling, and
nothing else (float contractions keep the backend's own schedules).

In order, on the module:

0. quantized convolutions with constant symmetric filters as im2col + an i8 x i8 -> i32 matmul
   (`quantized_convs.py`), quantized matmuls with a constant symmetric B as one
   (`quantized_matmuls.py`);
1. `xfuse-narrow-integer-contraction`: torch-mlir's int32 matmul of sign-extended int8
   operands (what `xfuse.onnx.quantization` makes of `MatMulInteger`) becomes i8 x i8 -> i32;
2. `xfuse-set-encoding` on each such narrow contraction only;
3. `xfuse-materialize-encoding{target}`: packs and an i8 mmt4d (x86_64-avx2: 8x8x2 tiles);
   a pack of a weight argument becomes the argument, packed once at load (`packed_weights.py`);
4. `xfuse-generic-to-mmt4d`, then `xfuse-i8-mmt4d-kernel` (AVX2's vpmaddwd on an AVX2 host;
   on AVX-512 VNNI 16x16x4 tiles, not the table's 16x16x2, and `vpdpbusd`: `DPBUSD`).

A module without an integer contraction is left as it was, so `xfuse.onnx` runs this on every
network. A target without an i8 tile (x86_64-sse) keeps the narrow matmul (a warning says so).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import IntegerType, ModuleOp, TensorType
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from xfuse.transforms.data_tiling.generic_to_mmt4d import generic_to_mmt4d
from xfuse.transforms.data_tiling.i8_mmt4d_kernel import lower_i8_mmt4ds
from xfuse.transforms.data_tiling.materialize import materialize_encodings
from xfuse.transforms.data_tiling.narrow_contraction import NARROWED, narrow_integer_contractions
from xfuse.transforms.data_tiling.packed_weights import pack_weights_at_load
from xfuse.transforms.data_tiling.quantized_convs import quantized_convs_as_matmuls
from xfuse.transforms.data_tiling.quantized_matmuls import quantized_matmuls_as_i8
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


def _tile_sizes(target: str) -> tuple[int, ...]:
    from xfuse.transforms.data_tiling.targets import resolve_target

    cpu = resolve_target(target)
    if DPBUSD and cpu is not None and cpu.arch == "x86_64" and "avx512vnni" in cpu.features:
        return (16, 16, 4)
    return ()


def int8_data_tiling(module: ModuleOp, target: str = "host") -> list[str]:
    """Steps 0-4 of the module doc on `module`; returns the warnings of materialization."""
    quantized_convs_as_matmuls(module)
    quantized_matmuls_as_i8(module)
    narrow_integer_contractions(module)
    contractions = [op for op in module.walk() if _is_narrow_integer_contraction(op)]
    if not contractions:
        return []
    for op in contractions:
        set_encoding_on(op)
    warnings = materialize_encodings(module, target=target, tile_sizes=_tile_sizes(target))
    pack_weights_at_load(module)
    generic_to_mmt4d(module)
    lower_i8_mmt4ds(module)
    return warnings


@dataclass(frozen=True)
class Int8DataTilingPass(ModulePass):
    """The integer (i8 x i8 -> i32) matmuls through data tiling and the i8 mmt4d kernel."""

    name = "xfuse-int8-data-tiling"

    target: str = "host"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for warning in int8_data_tiling(op, self.target):
            print(warning, file=sys.stderr)
