"""xfuse-merge-elementwise through the backend: every function of its FileCheck file, and random
programs, compute the same merged and unmerged (the reference lowering, libm's erf); the GELU of
the transformer layer then sits in its FFN matmul's loop, and the layer agrees with onnxruntime."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.runner import compile_module, random_inputs
from xfuse.parsing import parse
from xfuse.testing.filecheck_cases import case_function
from xfuse.testing.differential import assert_same_results, run_batch, summarize
from xfuse.testing.random_programs import generate
from xfuse.transforms.merge_elementwise import merge_elementwise

CASES = Path(__file__).parent / "filecheck/transforms/merge_elementwise/merge-elementwise.mlir"
MERGED = {"gelu": 5, "outside_reader": 0, "not_members": 0, "centred_twice": 1, "shared_inputs": 1, "mask_select": 1, "cast_chain": 3}
"""Generics each function of the FileCheck file loses."""


def _function(name: str) -> str:
    return case_function(CASES, name)


def test_every_case_is_tested():
    assert set(re.findall(r"^func.func @(\w+)\(", CASES.read_text(), re.MULTILINE)) == set(MERGED)


@pytest.mark.parametrize("name", sorted(set(MERGED) - {"mask_select"}))
def test_merged_function_computes_the_same(name):
    source = _function(name)
    module = parse(source)
    assert merge_elementwise(module) == MERGED[name]
    module.verify()
    arrays = random_inputs(next(iter(module.ops)), seed=4)
    assert_same_results(compile_module(source, pipeline="default"), compile_module(module, pipeline="default"),
                        arrays, f"@{name} merged")


def test_merged_mask_compiles_and_selects():
    """The unmerged function cannot compile (its i1 mask needs a buffer mlir-opt 22 cannot store):
    the merged one is checked against numpy instead."""
    module = parse(_function("mask_select"))
    assert merge_elementwise(module) == MERGED["mask_select"]
    x = np.arange(-3, 3, dtype=np.int64).reshape(3, 2)
    (got,) = compile_module(module, pipeline="default")(x, np.zeros_like(x))
    np.testing.assert_array_equal(got, np.where(x < 0, x + 5, x))


MERGING_SEEDS = {
    (False, "f32"): [0, 22, 34, 94, 99, 105, 131, 135, 213, 244, 247, 300],
    (True, "f32"): [131, 132, 133, 134, 135, 136],
    (False, "i32"): [22, 34, 58, 99, 105, 131, 135, 213],
}
"""Seeds of `xfuse.testing.random_programs` whose programs hold DAGs the pass merges (about one
in twenty static programs; most generics there read transposed or broadcast); the dynamic list
pads its one such seed with others, which must come through unchanged."""


@pytest.mark.parametrize(("dynamic", "element"), list(MERGING_SEEDS))
def test_random_programs_merge_and_agree(dynamic, element):
    seeds = MERGING_SEEDS[dynamic, element]
    merges = [merge_elementwise(parse(generate(s, dynamic=dynamic, element=element).text)) for s in seeds]
    assert merges[0] > 0 and (dynamic or all(merges)), merges
    outcomes = run_batch(seeds, "merge-elementwise", dynamic=dynamic, element=element)
    bugs = [o for o in outcomes if o.is_bug]
    assert not bugs, "\n\n".join(f"seed {o.seed}: {o.kind}\n{o.detail}" for o in bugs) + "\n" + summarize(outcomes)
    assert all(o.kind == "ok" for o in outcomes), summarize(outcomes)


def test_transformer_gelu_joins_its_matmul():
    """In the layer `xfuse.onnx.load` compiles, the erf is inside the FFN matmul's forall over
    weight panels (the micro-kernel schedule computes it on the register tiles), and the layer
    agrees with onnxruntime."""
    pytest.importorskip("torch_mlir")
    ort = pytest.importorskip("onnxruntime")
    import numpy as np

    import xfuse.onnx
    from xfuse.dialects.scf import ForallOp
    from xfuse.onnx.model import DEFAULT_PASSES
    from xfuse.onnx.transformer import LayerSizes, transformer_layer
    from xfuse.passes import apply_passes

    assert "xfuse-merge-elementwise" in DEFAULT_PASSES
    onnx_model = transformer_layer(LayerSizes(seq=16, hidden=128, heads=2, ffn=256), seed=1)  # a 128 KiB FFN weight: blocked
    imported = xfuse.onnx.import_model(onnx_model)
    module = parse(imported.mlir)
    apply_passes(module, DEFAULT_PASSES)
    erfs = [op for op in module.walk() if op.name == "math.erf"]
    assert len(erfs) == 1
    loop = erfs[0].parent_op()
    while loop is not None and not isinstance(loop, ForallOp):
        loop = loop.parent_op()
    assert loop is not None and any(op.name == "linalg.matmul" for op in loop.walk())

    model = xfuse.onnx.Model.compile(imported)
    x = np.random.default_rng(2).standard_normal(model.inputs[0].shape, dtype=np.float32)
    session = ort.InferenceSession(onnx_model.SerializeToString())
    expected = session.run(None, {session.get_inputs()[0].name: x})[0]
    got = model(x)
    assert np.abs(got - expected).max() <= 1e-4 * np.abs(expected).max()


MLIR_FUSION = CASES.parent / "Inputs/mlir_fusion_elementwise.mlir"
MLIR_MERGED = {"add_mul_fusion": 1, "transpose_add_mul_fusion": 1, "add_mul_scalar_fusion": 1,
               "producer_indexed_consumer_fusion": 1, "indexed_producer_consumer_fusion": 1,
               "add_transpose_mul_fusion": 0, "add_broadcast_mul_fusion": 0, "generic_op_constant_fusion": 0,
               "indexed_producer_indexed_consumer_fusion": 0, "one_dim_indexed_producer_consumer_fusion": 0,
               "constant_fusion": 0, "consumer_with_reduction": 0, "break_outs_dependency": 0}
"""Generics each function of MLIR's elementwise-fusion test inputs loses: chains read through the
identity merge (with `linalg.index` bodies too); a producer read transposed or broadcast, one
whose output map is not the identity, a reduction, a producer that is also the consumer's init,
and a single generic stay as they are."""


def test_mlir_fusion_inputs_merge_as_expected_and_agree():
    """Inputs from MLIR's own test of `linalg-fuse-elementwise-ops` (dynamic shapes, i32 bodies
    with `linalg.index`, 0-d tensors): each function merged and unmerged computes the same."""
    from xdsl.dialects import func

    text = MLIR_FUSION.read_text()
    original, merged = parse(text), parse(text)
    merge_elementwise(merged)
    merged.verify()

    def generics(module):
        return {f.sym_name.data: sum(op.name == "linalg.generic" for op in f.walk())
                for f in module.ops if isinstance(f, func.FuncOp)}

    before, after = generics(original), generics(merged)
    assert {name: before[name] - after[name] for name in before} == MLIR_MERGED
    for name in MLIR_MERGED:
        function = next(f for f in original.ops if isinstance(f, func.FuncOp) and f.sym_name.data == name)
        arrays = random_inputs(function, seed=3)
        assert_same_results(compile_module(original, entry=name, pipeline="default"),
                            compile_module(merged, entry=name, pipeline="default"), arrays, f"@{name} merged")


def test_generics_of_xdsls_own_class_merge():
    """The data-tiling passes build `xdsl.dialects.linalg.GenericOp`s (xfuse's subclass only
    changes the printed syntax): the quantization chains they leave after a pack merge too."""
    from xdsl.dialects.linalg import ops as xlinalg
    from xdsl.rewriter import Rewriter

    module = parse(_function("cast_chain"))
    for op in [o for o in module.walk() if o.name == "linalg.generic"]:
        plain = xlinalg.GenericOp(list(op.inputs), list(op.outputs), op.regions[0].clone(),
                                  op.indexing_maps, op.iterator_types, [r.type for r in op.results])
        assert type(plain) is xlinalg.GenericOp
        Rewriter.replace_op(op, plain)
    assert merge_elementwise(module) == MERGED["cast_chain"]
    module.verify()
