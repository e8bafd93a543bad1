"""Building scf.forall / tensor.parallel_insert_slice from Python, as tiling will."""

import pytest
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import ArrayAttr, IndexType, ModuleOp, StringAttr, TensorType, f32
from xdsl.ir import Block, Region
from xdsl.printer import Printer
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.gpu import BlockMappingAttr, MappingId, ThreadMappingAttr
from xfuse.dialects.scf import ForallOp, InParallelOp
from xfuse.dialects.tensor import ParallelInsertSliceOp
from xfuse.parsing import parse


def _module_with_forall() -> tuple[ModuleOp, ForallOp]:
    tensor_type = TensorType(f32, [16, 8])
    block = Block(arg_types=[tensor_type, IndexType()])
    dest, n = block.args
    forall = ForallOp.from_bounds([4, n], [dest], steps=[1, 2])
    block.add_op(forall)
    i, _ = forall.induction_vars
    (out,) = forall.region_iter_args
    forall.terminator.body.add_op(ParallelInsertSliceOp(out, out, [i, 0], [16, 8]))
    block.add_op(func.ReturnOp(forall.res[0]))
    function = func.FuncOp("f", ((tensor_type, IndexType()), (tensor_type,)), Region(block))
    return ModuleOp([function]), forall


def _text(module: ModuleOp) -> str:
    from io import StringIO

    stream = StringIO()
    Printer(stream=stream).print_op(module)
    return stream.getvalue()


def test_from_bounds_builds_a_verified_loop():
    module, forall = _module_with_forall()
    module.verify()
    n = module.body.block.first_op.body.block.args[1]  # pyright: ignore
    assert forall.mixed_lower_bound == [0, 0]
    assert forall.mixed_upper_bound == [4, n]
    assert forall.mixed_step == [1, 2]
    assert forall.rank == 2
    assert isinstance(forall.terminator, InParallelOp)
    assert forall.tied_output(forall.region_iter_args[0]) is forall.outputs[0]
    assert not forall.is_normalized
    assert "scf.forall (%3, %4) = (0, 0) to (4, %1) step (1, 2) shared_outs(%5 = %0)" in _text(
        module
    )


def test_printed_loop_parses_back_identically():
    module, _ = _module_with_forall()
    text = _text(module)
    assert _text(parse(text)) == text


def test_normalized_builder_prints_in_form_with_mapping():
    block = Block()
    mapping = ArrayAttr([BlockMappingAttr(MappingId.Y), ThreadMappingAttr(MappingId.LINEAR_DIM_0)])
    forall = ForallOp.from_bounds([3, 5], mapping=mapping)
    block.add_op(forall)
    module = ModuleOp([func.FuncOp("g", ((), ()), Region([block]))])
    block.add_op(func.ReturnOp())
    module.verify()
    assert forall.is_normalized
    expected = "} {mapping = [#gpu.block<y>, #gpu.thread<linear_dim_0>]}"
    assert f"scf.forall (%0, %1) in (3, 5) {{\n    {expected}" in _text(module)


def test_mapping_must_be_device_mapping_attributes():
    block = Block()
    forall = ForallOp.from_bounds([3], mapping=ArrayAttr([StringAttr("x")]))
    block.add_op(forall)
    with pytest.raises(VerifyException, match="Device Mapping array attribute"):
        forall.verify()


def test_clone_and_rewrite_inside_body():
    module, forall = _module_with_forall()
    clone = module.clone()
    clone.verify()
    assert clone.is_structurally_equivalent(module)

    # Ops in the body can be inserted / replaced with xDSL's rewriter.
    constant = arith.ConstantOp.from_int_and_width(0, IndexType())
    Rewriter.insert_op(constant, InsertPoint.before(forall.terminator))
    insert = forall.terminator.body.first_op
    assert isinstance(insert, ParallelInsertSliceOp)
    replacement = ParallelInsertSliceOp(
        insert.source, insert.dest, [constant.result, 0], [16, 8]
    )
    Rewriter.replace_op(insert, replacement)
    module.verify()
    assert replacement.mixed_offsets == [constant.result, 0]
    assert replacement.mixed_sizes == [16, 8]
    assert replacement.mixed_strides == [1, 1]
