"""A concatenation's large copies as linalg ops the parallel split cuts across CPUs
(xfuse/backends/parallel/parallel_concat.py).

- Plan: the input with another reader (DenseNet's previous concatenation) is copied by a generic
  that `plan_parallel_split` splits; an input its producer can write in place and a small one
  keep their plain `insert_slice`; one CPU and dynamic shapes leave the concat alone.
- Differential: the two-thread build against `default` and numpy.
"""

import numpy as np
import pytest

from xfuse.backends.parallel.parallel_concat import concat_copies
from xfuse.backends.parallel.parallel_split import MIN_ELEMENTS, PARALLEL_SPLIT_ATTR, plan_parallel_split
from xfuse.parsing import parse

from tests.backends.test_parallel_split import two_threads_and_reference


@pytest.fixture(autouse=True)
def _floor_of_32k(monkeypatch):
    """These layers are sized for the split's floor of 32 K elements until the tenth session (a
    28 x 28 x 64 input, 50,176, is copied in its slices); the default is test_parallel_split's."""
    from xfuse.backends.parallel import parallel_split

    monkeypatch.setattr(parallel_split, "MIN_ELEMENTS", 32 * 1024)

_MAP = "affine_map<(n, h, w, c) -> (n, h, w, c)>"


def _unary(result: str, operand: str, op: str, shape: str) -> str:
    return f"""
  %{result}_e = tensor.empty() : tensor<{shape}xf32>
  %{result} = linalg.generic {{indexing_maps = [{_MAP}, {_MAP}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
    ins(%{operand} : tensor<{shape}xf32>) outs(%{result}_e : tensor<{shape}xf32>) {{
  ^bb0(%in: f32, %o: f32):
    %v = {op} %in : f32
    linalg.yield %v : f32
  }} -> tensor<{shape}xf32>"""


DENSE = f"""
func.func @dense(%a: tensor<1x28x28x96xf32>, %b: tensor<1x28x28x64xf32>, %s: tensor<1x28x28x8xf32>)
    -> (tensor<1x28x28x168xf32>, tensor<1x28x28x96xf32>) {{{_unary("h", "a", "math.absf", "1x28x28x96")}{_unary("n", "b", "arith.negf", "1x28x28x64")}{_unary("g", "h", "math.sqrt", "1x28x28x96")}
  %c = tensor.concat dim(3) %h, %n, %s
    : (tensor<1x28x28x96xf32>, tensor<1x28x28x64xf32>, tensor<1x28x28x8xf32>) -> tensor<1x28x28x168xf32>
  return %c, %g : tensor<1x28x28x168xf32>, tensor<1x28x28x96xf32>
}}
"""
"""A dense layer's concatenation: `%h` (96 channels) is also read by `%g`, as DenseNet's previous
concatenation is by the layer's batch norm; `%n` has the concat as its only reader; `%s` is small."""


def test_the_shared_input_is_copied_by_a_split_generic():
    module = parse(DENSE)
    assert plan_parallel_split(module, 2) == [1] * 4  # the copy and the three elementwise ops: by rows
    ops = list(module.body.block.first_op.body.block.ops)
    assert not any(op.name == "tensor.concat" for op in ops)
    copy = next(op for op in ops if op.name == "linalg.generic" and op.body.block.first_op.name == "linalg.yield")
    assert copy.operands[0].op.name == "linalg.generic" and PARALLEL_SPLIT_ATTR in copy.attributes
    assert copy.operands[1].op.name == "tensor.extract_slice"
    inserted = {op.operands[0].type.get_shape()[3]: op for op in ops if op.name == "tensor.insert_slice"}
    assert sorted(inserted) == [8, 64, 96]
    assert inserted[96].operands[0].op is copy
    assert inserted[8].operands[0] is ops[0].parent_block().args[2]  # %s: below MIN_ELEMENTS
    assert 28 * 28 * 8 < MIN_ELEMENTS <= 28 * 28 * 96
    # %n, the concat's only reader: computed in its slice of the destination, inserted right after
    negation = inserted[64].operands[0].op
    assert negation.next_op is inserted[64]
    (destination,) = [op for op in ops if op.name == "tensor.empty" and op.results[0].type.get_shape()[3] == 168]
    assert negation.operands[1].op.name == "tensor.extract_slice" and negation.operands[1].op.operands[0] is destination.results[0]
    assert list(negation.operands[1].op.properties["static_offsets"].get_values()) == [0, 0, 0, 96]
    assert inserted[64].operands[1] is destination.results[0]
    assert ops.index(destination) < ops.index(negation)
    assert not any(op.name == "tensor.empty" and op.results[0].type.get_shape()[3] == 64 for op in ops)  # %n_e erased


CHAIN = f"""
func.func @block(%x: tensor<1x28x28x64xf32>) -> tensor<1x28x28x256xf32> {{{_unary("a", "x", "math.absf", "1x28x28x64")}
  %c1 = tensor.concat dim(3) %x, %a : (tensor<1x28x28x64xf32>, tensor<1x28x28x64xf32>) -> tensor<1x28x28x128xf32>{_unary("b", "c1", "arith.negf", "1x28x28x128")}
  %c2 = tensor.concat dim(3) %c1, %b : (tensor<1x28x28x128xf32>, tensor<1x28x28x128xf32>) -> tensor<1x28x28x256xf32>
  return %c2 : tensor<1x28x28x256xf32>
}}
"""
"""A dense block of two layers: each concatenation extends the one before it, whose other reader is
the next layer (`%b` reads `%c1`)."""


def test_a_chain_of_concats_is_one_buffer():
    module = parse(CHAIN)
    plan_parallel_split(module, 2)
    ops = list(module.body.block.first_op.body.block.ops)
    assert not any(op.name == "tensor.concat" for op in ops)
    (destination,) = [op for op in ops if op.name == "tensor.empty" and op.results[0].type.get_shape()[3] == 256]
    copies = [op for op in ops if op.name == "linalg.generic" and op.body.block.first_op.name == "linalg.yield"]
    assert [c.operands[0] for c in copies] == [ops[0].parent_block().args[0]]  # %x only: not %c1
    views = [op for op in ops if op.name == "tensor.extract_slice" and op.results[0].type.get_shape()[3] == 128
             and list(op.properties["static_offsets"].get_values()) == [0, 0, 0, 0]]
    negation = next(op for op in ops if op.name == "linalg.generic" and op.body.block.first_op.name == "arith.negf")
    assert negation.operands[0] in [v.results[0] for v in views]  # %b reads %c1 where %c2 holds it
    for writer, offset in (("math.absf", 64), ("arith.negf", 128)):  # both layers write into %c2's buffer
        op = next(op for op in ops if op.name == "linalg.generic" and op.body.block.first_op.name == writer)
        assert list(op.operands[1].op.properties["static_offsets"].get_values()) == [0, 0, 0, offset]
    assert ops[-2].name == "tensor.insert_slice" and ops[-1].operands[0] is ops[-2].results[0]


def test_a_chain_of_concats_agrees_with_the_reference():
    (x,), got, want = two_threads_and_reference(CHAIN, "block")
    a = np.abs(x)
    c1 = np.concatenate([x, a], axis=3)
    np.testing.assert_array_equal(got[0], np.concatenate([c1, -c1], axis=3))
    np.testing.assert_array_equal(got[0], want[0])


DENSE_THEN_TAIL = DENSE.replace(
    "  return %c, %g : tensor<1x28x28x168xf32>, tensor<1x28x28x96xf32>",
    _unary("u", "b", "arith.negf", "1x28x28x64") + _unary("w", "u", "math.absf", "1x28x28x64")
    + "\n  return %c, %g, %w : tensor<1x28x28x168xf32>, tensor<1x28x28x96xf32>, tensor<1x28x28x64xf32>").replace(
    "-> (tensor<1x28x28x168xf32>, tensor<1x28x28x96xf32>)",
    "-> (tensor<1x28x28x168xf32>, tensor<1x28x28x96xf32>, tensor<1x28x28x64xf32>)")
"""DENSE and then two elementwise ops of its own: a part of the function the concat's chain (its
insert_slices read as destinations) does not reach."""


def test_one_cpu_and_dynamic_shapes_keep_the_concat():
    module = parse(DENSE)
    assert plan_parallel_split(module, 1) == []
    assert any(op.name == "tensor.concat" for op in module.walk())
    dynamic = parse("""
func.func @f(%a: tensor<?x64xf32>, %b: tensor<?x64xf32>) -> tensor<?x128xf32> {
  %c = tensor.concat dim(1) %a, %b : (tensor<?x64xf32>, tensor<?x64xf32>) -> tensor<?x128xf32>
  return %c : tensor<?x128xf32>
}
""")
    assert concat_copies(dynamic, 1) == 0
    assert any(op.name == "tensor.concat" for op in dynamic.walk())


def test_two_threads_agree_with_the_reference():
    inputs, got, want = two_threads_and_reference(DENSE, "dense")
    a, b, s = inputs
    np.testing.assert_array_equal(got[0], np.concatenate([np.abs(a), -b, s], axis=3))
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, w)


def test_two_threads_in_parts_agree_with_the_reference(monkeypatch):
    """Scheduled in parts (a large function: schedules/in_parts.py), most parts hold none of a
    split's slices, whose vectorization then has nothing to match (DenseNet-121 failed so)."""
    from xfuse.backends.schedules import in_parts

    made: list[int] = []
    split = in_parts.split_for_schedule
    monkeypatch.setattr(in_parts, "split_for_schedule", lambda m: made.append(split(m)) or made[-1])
    monkeypatch.setattr(in_parts, "MIN_FUNCTION_OPS", 5)
    monkeypatch.setattr(in_parts, "PART_OPS", 1)
    inputs, got, want = two_threads_and_reference(DENSE_THEN_TAIL, "dense")
    assert made and made[0] >= 2, "the function was cut"
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, w)


def test_one_thread_computes_a_chain_in_one_buffer():
    """`CHAINS_AT_ONE_THREAD` (on by default): the one-thread pipeline rewrites the chain too (no
    generic copies: `NO_COPIES`), and agrees with numpy."""
    from xfuse.backends.parallel import parallel_concat
    from xfuse.backends.runner import compile_module, random_inputs

    assert parallel_concat.CHAINS_AT_ONE_THREAD
    made: list[int] = []
    rewrite = parallel_concat.concat_copies
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(parallel_concat, "concat_copies", lambda m, n: made.append(n) or rewrite(m, n))
        compiled = compile_module(parse(CHAIN), "block", "microkernel", cache=False)
    assert made == [parallel_concat.NO_COPIES]
    (x,) = random_inputs(compiled.signature, seed=0)
    c1 = np.concatenate([x, np.abs(x)], axis=3)
    np.testing.assert_array_equal(compiled(x)[0], np.concatenate([c1, -c1], axis=3))


FIRE = f"""
func.func @fire(%a: tensor<1x28x28x64xf32>, %b: tensor<1x28x28x64xf32>) -> tensor<1x28x28x128xf32> {{{_unary("early", "b", "arith.negf", "1x28x28x64")}{_unary("late", "a", "math.absf", "1x28x28x64")}
  %c = tensor.concat dim(3) %late, %early : (tensor<1x28x28x64xf32>, tensor<1x28x28x64xf32>) -> tensor<1x28x28x128xf32>
  return %c : tensor<1x28x28x128xf32>
}}
"""
"""A fire module's concatenation: its second input (the 3x3 expand) computed before its first (the
1x1 expand), each read by the concat only."""


def _copies(ops):
    return [op for op in ops if op.name == "linalg.generic" and op.body.block.first_op.name == "linalg.yield"]


@pytest.mark.parametrize(("in_order", "copied"), [(True, 0), (False, 1)])
def test_producers_in_the_other_order_both_write_in_place(monkeypatch, in_order, copied):
    """`WRITERS_IN_ORDER`: placed in program order, the input computed first writes into its slice
    too; in the concat's order it was copied."""
    from xfuse.backends.parallel import parallel_concat

    monkeypatch.setattr(parallel_concat, "WRITERS_IN_ORDER", in_order)
    module = parse(FIRE)
    plan_parallel_split(module, 2)
    ops = list(module.body.block.first_op.body.block.ops)
    assert len(_copies(ops)) == copied
    writers = {op.body.block.first_op.name: op for op in ops
               if op.name == "linalg.generic" and op.body.block.first_op.name in ("math.absf", "arith.negf")}
    in_slices = {name: op.operands[1].op.name == "tensor.extract_slice" for name, op in writers.items()}
    assert in_slices == {"math.absf": True, "arith.negf": in_order}


def test_producers_in_the_other_order_agree_with_the_reference():
    (a, b), got, want = two_threads_and_reference(FIRE, "fire")
    np.testing.assert_array_equal(got[0], np.concatenate([np.abs(a), -b], axis=3))
    np.testing.assert_array_equal(got[0], want[0])


FLATTENED = f"""
func.func @flat(%a: tensor<1x1x784x64xf32>, %b: tensor<1x28x28x64xf32>) -> tensor<1x28x28x128xf32> {{
  %head_in = tensor.extract_slice %a[0, 0, 0, 0] [1, 1, 780, 64] [1, 1, 1, 1] : tensor<1x1x784x64xf32> to tensor<1x1x780x64xf32>
  %tail_in = tensor.extract_slice %a[0, 0, 780, 0] [1, 1, 4, 64] [1, 1, 1, 1] : tensor<1x1x784x64xf32> to tensor<1x1x4x64xf32>
  %whole = tensor.empty() : tensor<1x1x784x64xf32>{_unary("head", "head_in", "math.absf", "1x1x780x64")}
  %h = tensor.insert_slice %head into %whole[0, 0, 0, 0] [1, 1, 780, 64] [1, 1, 1, 1] : tensor<1x1x780x64xf32> into tensor<1x1x784x64xf32>{_unary("tail", "tail_in", "arith.negf", "1x1x4x64")}
  %t = tensor.insert_slice %tail into %h[0, 0, 780, 0] [1, 1, 4, 64] [1, 1, 1, 1] : tensor<1x1x4x64xf32> into tensor<1x1x784x64xf32>
  %flat = tensor.collapse_shape %t [[0, 1, 2], [3]] : tensor<1x1x784x64xf32> into tensor<784x64xf32>
  %pixels = tensor.expand_shape %flat [[0, 1, 2], [3]] output_shape [1, 28, 28, 64] : tensor<784x64xf32> into tensor<1x28x28x64xf32>{_unary("other", "b", "arith.negf", "1x28x28x64")}
  %c = tensor.concat dim(3) %other, %pixels : (tensor<1x28x28x64xf32>, tensor<1x28x28x64xf32>) -> tensor<1x28x28x128xf32>
  return %c : tensor<1x28x28x128xf32>
}}
"""
"""A 1x1 layer as flat_pixels.py leaves it (784 pixels as 780 + 4, each part inserted into one
`tensor.empty`, reshaped back to 28 x 28), concatenated after another input."""


@pytest.mark.parametrize(("reshaped", "copied"), [(True, 0), (False, 1)])
def test_a_flattened_input_is_computed_in_its_slice(monkeypatch, reshaped, copied):
    """`RESHAPED_IN_PLACE`: the parts' empty becomes the destination's slice, collapsed and expanded
    as the result was; off, the reshaped result is copied."""
    from xfuse.backends.parallel import parallel_concat

    monkeypatch.setattr(parallel_concat, "RESHAPED_IN_PLACE", reshaped)
    module = parse(FLATTENED)
    plan_parallel_split(module, 2)
    ops = list(module.body.block.first_op.body.block.ops)
    assert len(_copies(ops)) == copied
    head_insert = next(op for op in ops if op.name == "tensor.insert_slice"
                       and op.operands[0].type.get_shape() == (1, 1, 780, 64))
    assert (head_insert.operands[1].op.name == "tensor.expand_shape") is reshaped
    if reshaped:
        collapsed = head_insert.operands[1].op.operands[0].op
        assert collapsed.name == "tensor.collapse_shape" and collapsed.operands[0].op.name == "tensor.extract_slice"
        assert list(collapsed.operands[0].op.properties["static_offsets"].get_values()) == [0, 0, 0, 64]


def test_a_flattened_input_agrees_with_the_reference():
    (a, b), got, want = two_threads_and_reference(FLATTENED, "flat")
    flat = np.concatenate([np.abs(a[:, :, :780]), -a[:, :, 780:]], axis=2).reshape(1, 28, 28, 64)
    np.testing.assert_allclose(got[0], np.concatenate([-b, flat], axis=3), rtol=1e-6)
    np.testing.assert_array_equal(got[0], want[0])


def _conv(name: str, source: str, filter_: str, shape: str, source_shape: str, filter_shape: str) -> str:
    return f"""
  %{name}_e = tensor.empty() : tensor<{shape}xf32>
  %{name}_z = linalg.fill ins(%zero : f32) outs(%{name}_e : tensor<{shape}xf32>) -> tensor<{shape}xf32>
  %{name} = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
    ins(%{source}, %{filter_} : tensor<{source_shape}xf32>, tensor<{filter_shape}xf32>) outs(%{name}_z : tensor<{shape}xf32>) -> tensor<{shape}xf32>"""


FIRE_CONVS = f"""
func.func @fire(%x: tensor<1x13x13x48xf32>, %ws: tensor<1x1x48x48xf32>, %w1: tensor<1x1x48x192xf32>,
                %w3: tensor<3x3x48x192xf32>) -> tensor<1x13x13x384xf32> {{
  %zero = arith.constant 0.0 : f32{_conv("s", "x", "ws", "1x13x13x48", "1x13x13x48", "1x1x48x48")}
  %p = tensor.pad %s low[0, 1, 1, 0] high[0, 1, 1, 0] {{
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  }} : tensor<1x13x13x48xf32> to tensor<1x15x15x48xf32>{_conv("e3", "p", "w3", "1x13x13x192", "1x15x15x48", "3x3x48x192")}{_conv("e1", "s", "w1", "1x13x13x192", "1x13x13x48", "1x1x48x192")}
  %c = tensor.concat dim(3) %e1, %e3 : (tensor<1x13x13x192xf32>, tensor<1x13x13x192xf32>) -> tensor<1x13x13x384xf32>
  return %c : tensor<1x13x13x384xf32>
}}
"""
"""SqueezeNet's fire6 (13 x 13, squeeze 48, expands 192 + 192) as convolutions: the 3x3 expand
(concat input 1) computed before the 1x1 expand (input 0), the 1x1 expand flattened by
flat_pixels.py (169 = 168 + 1 pixels)."""


@pytest.mark.parametrize("chains", [True, False])
def test_one_thread_fire_module_writes_both_expands_in_place(znver3_build, monkeypatch, tmp_path, chains):
    """At one thread with `CHAINS_AT_ONE_THREAD` each expand convolution writes its slice of the
    concatenation: no `memrefCopy` in the LLVM IR; off (`DECOMPOSE_CONCAT`), both are copied. Both
    agree with the `default` pipeline."""
    from tests.test_blocked_weights import _lowered_llvm
    from xfuse.backends.parallel import parallel_concat
    from xfuse.backends.runner import compile_module, random_inputs

    monkeypatch.setattr(parallel_concat, "CHAINS_AT_ONE_THREAD", chains)
    copies = _lowered_llvm(parse(FIRE_CONVS), "fire", tmp_path).count("call void @memrefCopy")
    assert copies == 0 if chains else copies >= 2
    compiled = compile_module(parse(FIRE_CONVS), "fire", "microkernel", cache=False)
    reference = compile_module(parse(FIRE_CONVS), "fire", "default", cache=False)
    inputs = random_inputs(compiled.signature, seed=0)
    np.testing.assert_allclose(compiled(*inputs), reference(*inputs), rtol=1e-4, atol=1e-4)


LOOP_WRITER = f"""
func.func @loop(%a: tensor<1x28x28x64xf32>, %b: tensor<1x28x28x64xf32>) -> tensor<1x28x28x128xf32> {{{_unary("first", "a", "math.absf", "1x28x28x64")}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %y = tensor.empty() : tensor<1x28x28x64xf32>
  %yl = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %y) -> (tensor<1x28x28x64xf32>) {{
    %j = arith.muli %i, %c4 : index
    %j16 = arith.muli %j, %c4 : index
    %in = tensor.extract_slice %b[0, 0, 0, %j16] [1, 28, 28, 16] [1, 1, 1, 1] : tensor<1x28x28x64xf32> to tensor<1x28x28x16xf32>
    %out = tensor.extract_slice %acc[0, 0, 0, %j16] [1, 28, 28, 16] [1, 1, 1, 1] : tensor<1x28x28x64xf32> to tensor<1x28x28x16xf32>
    %r = linalg.generic {{indexing_maps = [{_MAP}, {_MAP}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%in : tensor<1x28x28x16xf32>) outs(%out : tensor<1x28x28x16xf32>) {{
    ^bb0(%x: f32, %o: f32):
      %v = arith.negf %x : f32
      linalg.yield %v : f32
    }} -> tensor<1x28x28x16xf32>
    %n = tensor.insert_slice %r into %acc[0, 0, 0, %j16] [1, 28, 28, 16] [1, 1, 1, 1] : tensor<1x28x28x16xf32> into tensor<1x28x28x64xf32>
    scf.yield %n : tensor<1x28x28x64xf32>
  }}
  %c = tensor.concat dim(3) %first, %yl : (tensor<1x28x28x64xf32>, tensor<1x28x28x64xf32>) -> tensor<1x28x28x128xf32>
  return %c : tensor<1x28x28x128xf32>
}}
"""
"""An input computed by a loop over channel blocks carrying one tensor from a `tensor.empty`, as
the Winograd output transform's (Inception-v2's 3x3 branches)."""


@pytest.mark.parametrize(("in_place", "copied"), [(True, 0), (False, 1)])
def test_a_loop_carrying_an_empty_writes_its_slice(monkeypatch, in_place, copied):
    """`LOOPS_IN_PLACE`: the loop's init becomes its slice of the destination; off, it is copied
    (by a split generic at two threads, by an `insert_slice` of its own buffer at one)."""
    from xfuse.backends.parallel import parallel_concat

    monkeypatch.setattr(parallel_concat, "LOOPS_IN_PLACE", in_place)
    module = parse(LOOP_WRITER)
    plan_parallel_split(module, 2)
    ops = list(module.body.block.first_op.body.block.ops)
    assert len(_copies(ops)) == copied
    loop = next(op for op in ops if op.name == "scf.for")
    init = loop.operands[-1].op
    assert (init.name == "tensor.extract_slice") is in_place
    if in_place:
        assert list(init.properties["static_offsets"].get_values()) == [0, 0, 0, 64]


def test_a_loop_writer_agrees_with_the_reference():
    from xfuse.backends.runner import compile_module

    (a, b), got, want = two_threads_and_reference(LOOP_WRITER, "loop")
    np.testing.assert_array_equal(got[0], np.concatenate([np.abs(a), -b], axis=3))
    np.testing.assert_array_equal(got[0], want[0])
    one_thread = compile_module(parse(LOOP_WRITER), "loop", "microkernel", cache=False)
    np.testing.assert_array_equal(one_thread(a, b)[0], want[0])
