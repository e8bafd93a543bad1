"""rock-to-loops: rock kernels executed on numpy arrays agree with numpy."""

import numpy as np
import pytest

from tests.rock.kernels import EXAMPLE, run_kernel, running_example_inputs, running_example_reference
from xfuse.diagnostics import XfuseError

PAD = "#rock.transform_map<affine_map<(d0) -> (d0 - 2)> by [<Pad{2, 3} [\"p\"] at [0] -> [\"x\"] at [0]>] bounds = [9] -> [4]>"


def test_running_example_lowered_matches_numpy():
    a, b, bias, out = running_example_inputs()
    (*_, got) = run_kernel(EXAMPLE.read_text(), [a, b, bias, out])
    np.testing.assert_allclose(got, running_example_reference(a, b, bias), rtol=1e-5, atol=1e-5)


def test_padded_reads_give_zero_and_padded_writes_are_dropped():
    text = f"""
    func.func @pad(%x: memref<4xf32>, %y: memref<9xf32>, %z: memref<4xf32>) {{
      %r = rock.alloc() : memref<9xf32>
      rock.threadwise_read_into [{PAD}](%x) -> %r : memref<4xf32> -> memref<9xf32>
      rock.threadwise_write_all features = none %r -> [](%y) by set : memref<9xf32> -> memref<9xf32>
      %w = rock.alloc() : memref<9xf32>
      "memref.copy"(%y, %w) : (memref<9xf32>, memref<9xf32>) -> ()
      rock.threadwise_write_all features = none %w -> [{PAD}](%z) by set : memref<9xf32> -> memref<4xf32>
      return
    }}"""
    x = np.arange(1, 5, dtype=np.float32)
    _, y, z = run_kernel(text, [x, np.full(9, 7, np.float32), np.zeros(4, np.float32)])
    np.testing.assert_array_equal(y, [0, 0, 1, 2, 3, 4, 0, 0, 0])
    np.testing.assert_array_equal(z, x)


def test_grid_ids_and_extra_indices():
    # 4 blocks x 2 threads, each thread writes 3 consecutive elements: out[(bid*2 + tid)*3 + i] = x[...]
    split = ("#rock.transform_map<affine_map<(d0, d1, d2) -> ((d0 * 2 + d1) * 3 + d2)> by "
             "[<Unmerge{4, 2, 3} [\"bid\", \"tid\", \"i\"] at [0, 1, 2] -> [\"x\"] at [0]>] bounds = [4, 2, 3] -> [24]>")
    text = f"""
    func.func @grid(%x: memref<24xf32>, %y: memref<24xf32>) attributes {{kernel, grid_size = 4 : i32, block_size = 2 : i32}} {{
      %bid = rock.workgroup_id : index
      %tid = rock.workitem_id : index
      %r = rock.alloc() : memref<3xf32>
      rock.threadwise_read_into [{split}](%x) [%bid, %tid] -> %r : memref<24xf32> -> memref<3xf32>
      rock.threadwise_write_all features = none %r -> [{split}](%y) [%bid, %tid] by set : memref<3xf32> -> memref<24xf32>
      return
    }}"""
    x = np.arange(24, dtype=np.float32)
    _, y = run_kernel(text, [x, np.zeros(24, np.float32)])
    np.testing.assert_array_equal(y, x)


def test_ids_without_grid_size_are_refused():
    text = """
    func.func @nogrid(%y: memref<4xindex>) {
      %bid = rock.workgroup_id : index
      return
    }"""
    with pytest.raises(XfuseError, match="grid_size"):
        run_kernel(text, [np.zeros(4, np.int64)], passes="rock-to-loops")


# rocMLIR's linalg-align test `must_reapply_padding` (mlir/test/Dialect/Rock/), adapted: the
# private address space of the register tile dropped (the CPU has one), memref.alloc kept.
MUST_REAPPLY_PADDING = """
!tile = memref<16xf16>
!in_global = memref<4xf16>
!out_global = memref<16xf16>
#map = affine_map<(d0) -> (d0)>
#transform_map = #rock.transform_map<#map by [<Pad{0, 12} ["xPad"] at [0] -> ["x"] at [0]>] bounds = [16] -> [4]>
func.func @must_reapply_padding(%arg0: !in_global, %arg1: !out_global) attributes {kernel} {
  %cst = arith.constant 4.0 : f16
  %alloc = memref.alloc() : !in_global
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : !in_global) outs (%alloc : !in_global) {
  ^bb0(%arg2: f16, %arg3: f16):
    %0 = arith.addf %arg2, %cst : f16
    linalg.yield %0 : f16
  }
  %1 = rock.transform %alloc by #transform_map : !in_global to !out_global
  %buf = rock.alloc() : !tile
  %2 = rock.threadwise_read_into [](%1) -> %buf : !out_global -> !tile, vector<16xi1>
  rock.threadwise_write_all features = none %buf -> [](%arg1) by set : !tile -> !out_global
  return
}
"""


def test_rocmlir_padded_read_kernel_runs():
    x = np.arange(1, 5, dtype=np.float16)
    _, out = run_kernel(MUST_REAPPLY_PADDING, [x, np.full(16, 9, np.float16)])
    np.testing.assert_array_equal(out, np.concatenate([x + 4, np.zeros(12, np.float16)]))


@pytest.mark.parametrize(("method", "combine"), [("atomic_add", np.add), ("atomic_max", np.maximum)])
def test_store_methods_combine_with_the_destination(method, combine):
    text = f"""
    func.func @store(%x: memref<8xf32>, %y: memref<8xf32>) {{
      %r = rock.alloc() : memref<8xf32>
      rock.threadwise_read_into [](%x) -> %r : memref<8xf32> -> memref<8xf32>
      rock.threadwise_write_all features = none %r -> [](%y) by {method} : memref<8xf32> -> memref<8xf32>
      return
    }}"""
    rng = np.random.default_rng(1)
    x, y = rng.standard_normal(8, dtype=np.float32), rng.standard_normal(8, dtype=np.float32)
    _, got = run_kernel(text, [x, y])
    np.testing.assert_allclose(got, combine(y, x), rtol=1e-6)


KIND_MAPS = {
    "passthrough_permute": ('<affine_map<(d0, d1) -> (d1, d0)> by [<PassThrough ["a", "b"] at [0, 1] -> ["b", "a"] at [1, 0]>] bounds = [4, 3] -> [3, 4]>', (3, 4)),
    "pad": ('<affine_map<(d0, d1) -> (d0 - 1, d1)> by [<Pad{1, 2} ["p"] at [0] -> ["x"] at [0]>, <PassThrough ["y"] at [1] -> ["y"] at [1]>] bounds = [6, 4] -> [3, 4]>', (3, 4)),
    "slice": ('<affine_map<(d0, d1) -> (d0 + 1, d1 + 2)> by [<Slice{1, 3, 2, 4} ["a", "b"] at [0, 1] -> ["x", "y"] at [0, 1]>] bounds = [2, 2] -> [3, 4]>', (3, 4)),
    "embed": ('<affine_map<(d0, d1) -> (d0 * 2 + d1)> by [<Embed{2, 1} ["a", "b"] at [0, 1] -> ["x"] at [0]>] bounds = [4, 3] -> [8]>', (8,)),
    "merge": ('<affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)> by [<Merge{3, 4} ["m"] at [0] -> ["x", "y"] at [0, 1]>] bounds = [12] -> [3, 4]>', (3, 4)),
    "unmerge": ('<affine_map<(d0, d1) -> (d0 * 4 + d1)> by [<Unmerge{3, 4} ["a", "b"] at [0, 1] -> ["x"] at [0]>] bounds = [3, 4] -> [12]>', (12,)),
    "adddim_broadcast": ('<affine_map<(d0, d1) -> (0, 0)> by [<AddDim{5} ["new"] at [0] -> [] at []>, <Broadcast{1} ["b"] at [1] -> ["x"] at [0]>, <ConstDim{0, 1} [] at [] -> ["unused"] at [1]>] bounds = [5, 3] -> [1, 1]>', (1, 1)),
    "broadcast_mod": ('<affine_map<(d0) -> (d0 mod 3)> by [<Broadcast{3} ["b"] at [0] -> ["x"] at [0]>] bounds = [7] -> [3]>', (3,)),
}


@pytest.mark.parametrize("name", KIND_MAPS)
def test_every_kind_lowers_like_views_apply(name):
    """The index arithmetic rock-to-loops emits agrees with `views.apply` (incl. validity)."""
    from xfuse.context import make_context
    from xfuse.dialects.rock_attrs import TransformMapAttr
    from xfuse.parsing import parse
    from xfuse.transforms.rock.views import apply

    text, lower_shape = KIND_MAPS[name]
    attr_module = parse(f'"test.op"() {{m = #rock.transform_map{text}}} : () -> ()', make_context(allow_unregistered=True))
    tmap = next(iter(attr_module.ops)).attributes["m"]
    assert isinstance(tmap, TransformMapAttr)
    upper = "x".join(map(str, tmap.upper))
    lower = "x".join(map(str, lower_shape))
    kernel = f"""
    func.func @view(%x: memref<{lower}xf32>, %out: memref<{upper}xf32>) {{
      %v = rock.transform %x by {text} : memref<{lower}xf32> to memref<{upper}xf32>
      "memref.copy"(%v, %out) : (memref<{upper}xf32>, memref<{upper}xf32>) -> ()
      return
    }}"""
    x = np.arange(1, 1 + int(np.prod(lower_shape)), dtype=np.float32).reshape(lower_shape)
    _, got = run_kernel(kernel, [x, np.full(tmap.upper, -1, np.float32)])
    expected = np.zeros(tmap.upper, np.float32)
    for coords in np.ndindex(*tmap.upper):
        where, valid = apply(tmap, coords)
        expected[coords] = x[where] if valid else 0
    np.testing.assert_array_equal(got, expected)


# The form rocMLIR's rock-linalg-align gives `must_reapply_padding` (its validity result masks
# the fused generic's output), written as an input: padded elements must come out as 0, not 4.
MASKED_AFTER_ALIGN = """
#transform_map = #rock.transform_map<affine_map<(d0) -> (d0)> by [<Pad{0, 12} ["xPad"] at [0] -> ["x"] at [0]>] bounds = [16] -> [4]>
func.func @masked(%arg0: memref<4xf16>, %arg1: memref<16xf16>) attributes {kernel} {
  %cst = arith.constant 4.0 : f16
  %padded = rock.transform %arg0 by #transform_map : memref<4xf16> to memref<16xf16>
  %in = rock.alloc() : memref<16xf16>
  %validity = rock.threadwise_read_into [](%padded) -> %in : memref<16xf16> -> memref<16xf16>, vector<16xi1>
  %unmasked = rock.alloc() : memref<16xf16>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%in : memref<16xf16>) outs(%unmasked : memref<16xf16>) {
  ^bb0(%a: f16, %b: f16):
    %0 = arith.addf %a, %cst : f16
    linalg.yield %0 : f16
  }
  %masked = rock.alloc() : memref<16xf16>
  rock.threadwise_read_into [](%unmasked) -> %masked if [%validity] : memref<16xf16> -> memref<16xf16>
  rock.threadwise_write_all features = none %masked -> [](%arg1) by set : memref<16xf16> -> memref<16xf16>
  return
}
"""


def test_validity_result_masks_a_later_read():
    x = np.arange(1, 5, dtype=np.float16)
    _, out = run_kernel(MASKED_AFTER_ALIGN, [x, np.full(16, 9, np.float16)])
    np.testing.assert_array_equal(out, np.concatenate([x + 4, np.zeros(12, np.float16)]))
