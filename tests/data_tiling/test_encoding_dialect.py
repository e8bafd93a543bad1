"""#iree_encoding.encoding: parse errors name the parameter, builders and accessors agree with
the text form (the round trips themselves are lit tests in tests/filecheck/dialects/iree_encoding)."""

import pytest
from xdsl.dialects.builtin import DYNAMIC_INDEX, TensorType, f32, i8, i32
from xdsl.ir.affine import AffineMap
from xdsl.utils.exceptions import ParseError

from xfuse.dialects.iree_encoding import EncodingAttr, encoding_of
from xfuse.parsing import parse


def _arg_type(encoding_text: str):
    module = parse(f"func.func @f(%a: tensor<4x8xf32, {encoding_text}>) {{ return }}")
    return next(iter(module.ops)).body.block.args[0].type


@pytest.mark.parametrize(
    "text, message",
    [
        ("#iree_encoding.encoding<operand_index = 0, element_types = [f32], tile = 4>",
         "unknown #iree_encoding.encoding parameter 'tile'"),
        ("#iree_encoding.encoding<operand_index = 0>", "needs 'element_types = ...'"),
        ("#iree_encoding.encoding<operand_index = 0, op_type = gemm, element_types = [f32]>", "gemm"),
        ("#iree_encoding.encoding<operand_index = 0, operand_index = 1, element_types = [f32]>",
         "duplicate parameter 'operand_index'"),
    ],
)
def test_parse_errors(text, message):
    with pytest.raises(ParseError, match=message):
        _arg_type(text)


def test_builder_matches_text():
    maps = [AffineMap.from_callable(lambda m, n, k: (m, k)),
            AffineMap.from_callable(lambda m, n, k: (k, n)),
            AffineMap.from_callable(lambda m, n, k: (m, n))]
    built = EncodingAttr.get(1, [i8, i8, i32], maps, [DYNAMIC_INDEX, 16, 32])
    parsed = encoding_of(_arg_type(
        "#iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [i8, i8, i32], "
        "user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, "
        "affine_map<(d0, d1, d2) -> (d0, d1)>], iteration_sizes = [?, 16, 32]>"))
    assert parsed == built
    assert built.get_operand_index() == 1
    assert built.get_user_indexing_maps() == tuple(maps)
    assert built.get_iteration_sizes() == (DYNAMIC_INDEX, 16, 32)
    assert encoding_of(TensorType(f32, [4])) is None
