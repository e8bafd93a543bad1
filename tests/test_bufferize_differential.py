"""xfuse-bufferize against mlir-opt's one-shot-bufferize, on every case of tests/bufferize_cases/.

- Differential: the reference is the case bufferized and lowered by mlir-opt (the backend's
  `default` pipeline, with the case's `// MLIR-OPT-BUFFERIZE-OPTIONS:` if any); the candidate is
  the case bufferized by xfuse-bufferize in Python, then lowered by the `memref` pipeline (no
  one-shot-bufferize, no deallocation pass). Same seeded random inputs, same results; and since
  the runner marks tensor arguments non-writable, xfuse must not have written into the inputs.
- Counts: xfuse never allocates or copies more (static ops) than one-shot-bufferize
  (benchmarks/bufferize_allocs.py prints the table, docs/bufferize-comparison.md shows it).
- The backend option: `compile_module(..., pipeline="xfuse-bufferize")` and
  `xfuse-run --pipeline xfuse-bufferize --check --reference-pipeline default` on the fused MLP.
"""

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

from xfuse.backends.mlir_text import prepare_for_execution
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.context import make_context
from xfuse.parsing import parse
from xfuse.passes import apply_passes
from xfuse.testing.differential import assert_same_results

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "tests" / "bufferize_cases").glob("*.mlir"))
SEEDS = (0, 1, 5)  # index arguments (in [1, 4]): scf_if gets 3, 3, 1 (both branches), swapped_iter_args 1, 4, 1


def _load_counting_tool():
    spec = importlib.util.spec_from_file_location("bufferize_allocs", ROOT / "benchmarks" / "bufferize_allocs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


allocs = _load_counting_tool()


@pytest.fixture(autouse=True)
def _failures_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XFUSE_FAILURE_DIR", str(tmp_path / "failures"))


def _parse(case: Path):
    return parse(case.read_text(), make_context(), name=str(case))


def test_every_case_is_here():
    assert len(CASES) >= 16


def _assert_same_results(reference, candidate, inputs, what: str) -> None:
    assert_same_results(reference, candidate, inputs, what)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_xfuse_bufferize_matches_mlir_opt(case: Path):
    text = case.read_text()
    module = _parse(case)
    reference = compile_module(module, pipeline=allocs.reference_pipeline(text))

    bufferized = apply_passes(prepare_for_execution(module), "xfuse-bufferize")
    assert not any("tensor<" in str(t) for f in bufferized.walk() if f.name == "func.func"
                   for t in (*f.function_type.inputs.data, *f.function_type.outputs.data)), \
        "xfuse-bufferize left tensors at a function boundary"
    candidate = compile_module(bufferized, reference.entry, pipeline="memref")

    for seed in SEEDS:
        inputs = random_inputs(reference.signature, seed=seed)
        _assert_same_results(reference, candidate, inputs, f"{case.stem} (seed {seed})")


# Cases where xfuse is known to make more static copies than one-shot-bufferize, and why
# (docs/passes/xfuse-bufferize.md, "Limitations"); strict: a fix makes the test fail until the
# entry is removed.
MORE_THAN_UPSTREAM: dict[str, str] = {}


@pytest.mark.parametrize("case", [
    pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=MORE_THAN_UPSTREAM[c.stem]))
    if c.stem in MORE_THAN_UPSTREAM else c for c in CASES], ids=lambda p: p.stem)
def test_xfuse_allocates_and_copies_no_more_than_mlir_opt(case: Path):
    row = allocs.compare_case(case)
    assert row.xfuse is not None, f"xfuse-bufferize refused {case.stem}: {row.xfuse_error}"
    for kind, ops in (("allocations", allocs.ALLOC_OPS), ("copies", allocs.COPY_OPS)):
        ours, upstream = allocs.Row.total(row.xfuse, ops), allocs.Row.total(row.upstream_best, ops)
        assert ours <= upstream, f"{case.stem}: xfuse makes {ours} {kind}, one-shot-bufferize {upstream}"


# Cases whose in-place decisions differ from one-shot-bufferize's, and why (documented in
# docs/passes/xfuse-bufferize.md).
ANALYSIS_DIFFERS = {
    "callee_writes_arg": "a call operand the callee writes is refused at the callee (read-only "
                         "argument, copied inside) rather than copied at the call site",
    "scf_if_copy_after": "the matmul after the scf.if accumulates into its result, which may be either read-only "
                         "argument: bottom-up, xfuse decides the matmul first (in place) and then puts the "
                         "yields out of place (a buffer of its own, copied into once after the op); upstream's "
                         "yields must be in place, so its matmul goes out of place (same counts: 1 alloc + 1 copy)",
    "fused_kernel_17": "writes inside the scf.forall into the iteration's tile of the tensor.empty that is also "
                       "its shared_out's init: upstream privatizes every write in a parallel region into memory "
                       "defined outside it (checkParallelRegions), xfuse keeps such a write in place when no read "
                       "conflicts (the tile is the one the iteration inserts)",
    "fused_kernel_3": "two shared_outs initialised with one tensor (cse after diffusion) need two buffers: upstream "
                      "keeps the first in place, xfuse the second; the writes inside the scf.forall into that "
                      "tensor's tiles then differ as in fused_kernel_17",
}


@pytest.mark.parametrize("case", [
    pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=ANALYSIS_DIFFERS[c.stem]))
    if c.stem in ANALYSIS_DIFFERS else c for c in CASES], ids=lambda p: p.stem)
def test_analysis_only_matches_test_analysis_only(case: Path):
    # xfuse-bufferize{analysis-only} against mlir-opt --one-shot-bufferize=test-analysis-only, op
    # by op (`__inplace_operands_attr__`).
    upstream, ours = allocs.analysis_marks(case.read_text(), _parse(case))
    assert upstream, "nothing annotated"
    assert ours == upstream


ROTATING = ROOT / "tests" / "filecheck" / "transforms" / "bufferize" / "rotating.mlir"
ROTATING_FUNCTIONS = ("fib", "fib_args", "same_init", "init_read_after", "rotate3_mixed", "nested")


@pytest.mark.parametrize("entry", ROTATING_FUNCTIONS)
def test_rotating_loops_match_mlir_opt(entry: str):
    # Loops whose yields trade the iter_args' buffers (memref iter_args in xfuse): same results
    # as one-shot-bufferize (allow-return-allocs-from-loops), inputs untouched, for trip counts
    # 1..4 (odd and even rotations of 2- and 3-cycles).
    text = ROTATING.read_text()
    module = _parse(ROTATING)
    reference = compile_module(module, entry, pipeline=allocs.reference_pipeline(text))
    candidate = compile_module(apply_passes(prepare_for_execution(module), "xfuse-bufferize"), entry,
                               pipeline="memref")
    for trips in (1, 2, 3, 4):
        inputs = [trips if not isinstance(x, np.ndarray) else x for x in random_inputs(reference.signature, seed=trips)]
        _assert_same_results(reference, candidate, inputs, f"@{entry} ({trips} trips)")


WHILE_ROTATING = ROOT / "tests" / "filecheck" / "transforms" / "bufferize" / "while-rotating.mlir"


@pytest.mark.parametrize("entry", ("rotating_result_read", "not_rotating", "forwarded_twice"))
def test_while_loops_match_copy_before_write(entry: str):
    # scf.while rotating its buffers (memref region arguments), permuting them through fixed
    # buffers and copies, and forwarding one argument twice (two buffers: a shared one gave
    # wrong results). Reference: one-shot-bufferize with copy-before-write (the default refuses
    # forwarded_twice); index arguments set to 1..4 trips.
    from xfuse.testing.random_tensor_programs import _copying_pipeline

    module = _parse(WHILE_ROTATING)
    reference = compile_module(module, entry, pipeline=_copying_pipeline())
    candidate = compile_module(apply_passes(prepare_for_execution(module), "xfuse-bufferize"), entry,
                               pipeline="memref")
    for trips in (1, 2, 3, 4):
        inputs = [trips if isinstance(x, (int, np.integer)) else x for x in random_inputs(reference.signature, seed=trips)]
        _assert_same_results(reference, candidate, inputs, f"@{entry} ({trips} trips)")


# Region ops whose branches yield different buffers (rewrite_scf.py: selected buffers, one
# copy after the op): every branch taken, index arguments set to 1..4.
BRANCH_CASES = ("scf_index_switch", "scf_index_switch_in_execute_region", "scf_index_switch_nested", "scf_index_switch_in_loop",
                "scf_index_switch_selected_over_built", "scf_index_switch_slice_source",
                "scf_index_switch_two_results", "scf_if_copy_after", "upstream_scf_if_non_equiv_yields")


@pytest.mark.parametrize("name", BRANCH_CASES)
def test_every_branch_matches_mlir_opt(name: str):
    case = ROOT / "tests" / "bufferize_cases" / f"{name}.mlir"
    text = case.read_text()
    module = _parse(case)
    reference = compile_module(module, pipeline=allocs.reference_pipeline(text))
    candidate = compile_module(apply_passes(prepare_for_execution(module), "xfuse-bufferize"), reference.entry,
                               pipeline="memref")
    for index in (1, 2, 3, 4):
        inputs = [index if isinstance(x, (int, np.integer)) else x for x in random_inputs(reference.signature, seed=index)]
        _assert_same_results(reference, candidate, inputs, f"{name} (index {index})")


BRANCH_ALIASING = ROOT / "tests" / "filecheck" / "transforms" / "bufferize" / "branch-aliasing.mlir"
BRANCH_ALIASING_FUNCTIONS = ("switch_computed_or_read_only", "if_computed_or_read_only", "switch_in_loop",
                             "result_written_after", "result_partly_written_after",
                             "branch_overwrites_what_is_read_later",
                             "branch_accumulates_into_what_is_read_later", "select_computed_or_read_only",
                             "execute_region_hands_over_a_selection",
                             "nested_execute_regions_hand_over_a_selection")


@pytest.mark.parametrize("entry", BRANCH_ALIASING_FUNCTIONS)
def test_branch_aliasing_matches_mlir_opt(entry: str):
    # A branch op's (or select's) result is one of its yields (aliasing.py): the values one
    # branch writes are not the read-only arguments or iter_args other branches yield. Every
    # branch taken: index arguments 0, 1 and 2 (an scf.if tests `%sel == 0`). Reference:
    # one-shot-bufferize with copy-before-write (no in-place analysis; the default pipeline's
    # deallocation crashes mlir-opt 22 on this module).
    from xfuse.testing.random_tensor_programs import _copying_pipeline

    module = _parse(BRANCH_ALIASING)
    reference = compile_module(module, entry, pipeline=_copying_pipeline())
    candidate = compile_module(apply_passes(prepare_for_execution(module), "xfuse-bufferize"), entry,
                               pipeline="memref")
    for choice in (0, 1, 2):
        inputs = [x if isinstance(x, np.ndarray) or np.issubdtype(type(x), np.floating) else type(x)(choice)
                  for x in random_inputs(reference.signature, seed=choice)]
        _assert_same_results(reference, candidate, inputs, f"@{entry} (choice {choice})")


def test_counting_sees_allocs_and_copies():
    # The counter itself: generic-form op names, nothing else (attribute strings do not count).
    text = ('%0 = "memref.alloc"() : () -> memref<4xf32>\n"memref.copy"(%1, %0) : (memref<4xf32>, memref<4xf32>) -> ()\n'
            '"memref.dealloc"(%0) : (memref<4xf32>) -> ()\n"test.op"() {name = "memref.alloc"} : () -> ()\n')
    counts = allocs.count_buffer_ops(text)
    assert counts == {"memref.alloc": 1, "memref.copy": 1}


def test_inplace_marks_read_ops_with_regions():
    # Generic form: an op's attributes follow its properties and regions; a nested op's
    # attributes are its own (the comparison once missed every linalg op and loop).
    text = ('%0 = "scf.for"(%a, %b, %c, %t) ({\n^bb0(%i: index, %u: tensor<4xf32>):\n'
            '  %1 = "linalg.fill"(%f, %u) <{operandSegmentSizes = array<i32: 1, 1>}> ({\n'
            '  ^bb1(%x: f32, %y: f32):\n    "linalg.yield"(%x) : (f32) -> ()\n'
            '  }) {__inplace_operands_attr__ = ["none", "true"], s = "a)b"} : (f32, tensor<4xf32>) -> tensor<4xf32>\n'
            '  "scf.yield"(%1) {__inplace_operands_attr__ = ["true"]} : (tensor<4xf32>) -> ()\n'
            '}) {__inplace_operands_attr__ = ["none", "none", "none", "false"]} : (index, index, index, tensor<4xf32>) -> tensor<4xf32>\n')
    assert allocs.inplace_marks(text) == [("scf.for", '"none","none","none","false"'), ("linalg.fill", '"none","true"'),
                                          ("scf.yield", '"true"')]


def test_upstream_refuses_swapped_iter_args_without_the_option():
    case = next(c for c in CASES if c.stem == "swapped_iter_args")
    text = case.read_text()
    plain = text.replace("// MLIR-OPT-BUFFERIZE-OPTIONS:", "// (option dropped):")
    with pytest.raises(RuntimeError, match="not equivalent to the corresponding iter bbArg"):
        allocs.mlir_opt_bufferized(plain, _parse(case))


FUSED_MLP = ROOT / "tests" / "bufferize_cases" / "fused_mlp.mlir"


def test_fused_mlp_through_the_xfuse_bufferize_pipeline():
    module = _parse(FUSED_MLP)
    compiled = compile_module(module, pipeline="xfuse-bufferize")
    assert compiled.pipeline.name == "xfuse-bufferize"
    assert "tensor<" not in compiled.mlir_text  # mlir-opt got memrefs: xfuse bufferized
    assert "one-shot-bufferize" not in compiled.pipeline.spec()
    assert str(compiled.signature).startswith("@mlp(tensor<256x512xf32>")  # numpy-facing: values
    inputs = random_inputs(compiled.signature, seed=5)
    (got,) = compiled(*inputs)
    x, w, b = inputs
    np.testing.assert_allclose(got, np.maximum(x @ w + b, 0.0), rtol=1e-4, atol=1e-4)


def test_xfuse_run_checks_xfuse_bufferize_against_mlir_opt(capsys):
    from xfuse.tools.xfuse_run import main

    with pytest.raises(SystemExit) as exit_info:
        main([str(FUSED_MLP), "--pipeline", "xfuse-bufferize", "--check", "--reference-pipeline", "default"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0, out
    assert "[pipeline xfuse-bufferize, seed 0]" in out
    assert "check: ok" in out


def test_a_pipeline_whose_python_passes_do_not_bufferize_is_refused():
    from dataclasses import replace

    from xfuse.backends.pipelines import get_pipeline
    from xfuse.backends.runner import BackendError

    not_bufferizing = replace(get_pipeline("xfuse-bufferize"), name="not-bufferizing", xfuse_passes="canonicalize")
    with pytest.raises(BackendError, match=r"after canonicalize, argument #0 of @empty_fill_matmul is "
                                           r"tensor<8x16xf32>, expected a memref"):
        compile_module(_parse(ROOT / "tests" / "bufferize_cases" / "empty_fill_matmul.mlir"), pipeline=not_bufferizing)
