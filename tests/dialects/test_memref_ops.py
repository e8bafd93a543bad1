"""xfuse's memref ops (xfuse/dialects/memref.py) from Python: they stay instances of xDSL's
classes, verify by MLIR's rules only (not xDSL's narrower ones), and print in custom form."""

from xdsl.dialects import memref as xmemref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IndexType,
    MemRefType,
    StringAttr,
    UnitAttr,
    UnrankedMemRefType,
    f32,
)
from xdsl.printer import Printer
from xdsl.utils.test_value import create_ssa_value

from xfuse.dialects.memref import CastOp, CopyOp, GlobalOp, RankOp


def _text(op) -> str:
    import io

    stream = io.StringIO()
    Printer(stream=stream).print_op(op)
    return stream.getvalue()


def test_redefined_ops_are_xdsl_ops_that_accept_unranked_memrefs():
    unranked = create_ssa_value(UnrankedMemRefType.from_type(f32))
    ranked = create_ssa_value(MemRefType(f32, [4]))
    copy = CopyOp(unranked, ranked)
    rank = RankOp(operands=[unranked], result_types=[IndexType()])
    for op in (copy, rank):
        op.verify()  # xDSL's own verifiers refuse unranked memrefs here
    assert isinstance(copy, xmemref.CopyOp) and isinstance(rank, xmemref.RankOp)
    assert _text(copy) == "memref.copy %0, %1 : memref<*xf32> to memref<4xf32>"


def test_builders_print_mlirs_custom_form():
    source = create_ssa_value(MemRefType(f32, [4]))
    cast = CastOp.get(source, MemRefType(f32, [DYNAMIC_INDEX]))
    assert _text(cast) == "%0 = memref.cast %1 : memref<4xf32> to memref<?xf32>"
    glob = GlobalOp.get(StringAttr("zeros"), MemRefType(f32, [2]), UnitAttr(), constant=UnitAttr())
    glob.verify()
    assert _text(glob) == 'memref.global "private" constant @zeros : memref<2xf32> = uninitialized'
