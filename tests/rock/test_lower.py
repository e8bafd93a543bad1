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
