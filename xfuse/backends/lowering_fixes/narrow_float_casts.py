"""Float-to-integer casts to fewer than 32 bits made through i32, so that a value in the
unsigned range of the narrow type keeps its bits instead of becoming poison.

torch-mlir lowers an ONNX `Cast` (or a Resize, a QuantizeLinear) from float to uint8 as
`arith.fptosi` to i8: its values 128..255 are out of i8's signed range, for which `fptosi` is
poison. Compiled op by op, x86's `cvttsd2si` to a 32-bit register and a byte store happened to
give the right byte; once `xfuse-merge-elementwise` put a Resize's `select` of its extrapolation
value and its clamp to [0, 255] in the same body as the cast, LLVM folded `fptosi 255.0 to i8`
to poison and the uint8 image came out 0 where ONNX's reference gives 255. `fptosi` to i32 then
`trunci` is defined for every value i32 holds and gives the same bits as the narrow `fptosi`
wherever that one is defined, and the unsigned byte (16-bit) pattern for 128..255 (32768..65535).
Every pipeline runs it (`Pipeline.for_module`).
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerType, ModuleOp
from xdsl.rewriter import InsertPoint, Rewriter

WIDTH = 32
"""The width the cast goes through."""


def widen_narrow_fptosi(module: ModuleOp) -> int:
    """Rewrite every scalar `arith.fptosi` to an integer narrower than `WIDTH` as an `fptosi` to
    `WIDTH` bits and an `arith.trunci`; the number rewritten. (Run on tensor bodies, before any
    schedule vectorizes them: scalars only, as xDSL's `fptosi` is.)"""
    rewritten = 0
    for op in [o for o in module.walk() if isinstance(o, arith.FPToSIOp)]:
        result = op.result.type
        if not isinstance(result, IntegerType) or result.width.data >= WIDTH:
            continue
        cast = arith.FPToSIOp(op.input, IntegerType(WIDTH))
        narrow = arith.TruncIOp(cast.result, result)
        Rewriter.insert_op([cast, narrow], InsertPoint.before(op))
        op.result.replace_all_uses_with(narrow.result)
        Rewriter.erase_op(op)
        rewritten += 1
    return rewritten
