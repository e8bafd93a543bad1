"""`show_index` (xfuse/interfaces/tiling_utils.py): indices in refusals and remarks read as the
user would write them (issue 15 item 7)."""

from __future__ import annotations

from xfuse.interfaces.tiling_utils import show_index
from xfuse.parsing import parse

TEXT = """
func.func @f(%a: index, %b: index) {
  %c4 = arith.constant 4 : index
  scf.forall (%i) in (4) {
    %0 = affine.apply affine_map<(d0) -> (d0 * 4 + 2)>(%i)
    %1 = affine.min affine_map<(d0)[s0] -> (5, -d0 + 13, s0 floordiv 2)>(%0)[%b]
    %2 = arith.muli %1, %c4 : index
    %3 = affine.apply affine_map<(d0, d1) -> (d0 - d1 * 8 - 3)>(%a, %b)
    %named = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
  }
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  scf.for %unnamed = %c0 to %c8 step %c4 {
  }
  return
}"""


def test_expressions_names_and_induction_variables():
    module = parse(TEXT)
    shown = []
    for op in module.walk():
        if op.name in ("affine.apply", "affine.min", "arith.muli"):
            if op.results[0].name_hint != "named":
                op.results[0].name_hint = None
            shown.append(show_index(op.results[0]))
    assert shown == [
        "%i * 4 + 2",
        "min(5, 13 - (%i * 4 + 2), %b floordiv 2)",
        "min(5, 13 - (%i * 4 + 2), %b floordiv 2) * 4",
        "%a - (%b * 8) - 3",
        "%named",
    ]
    loop = next(op for op in module.walk() if op.name == "scf.for")
    iv = loop.body.block.args[0]
    iv.name_hint = None
    assert show_index(iv).startswith("(iv #0 of the scf.for at ")
    assert show_index(7) == "7"


def test_thread_tile_of_num_threads_tiling():
    """The `num_threads` tile (transforms/tile_sizes.py): `max(0, min(...))`, and a product by a
    `ceildivsi` parenthesized as a whole (not `%t * (%m) ceildiv %n`)."""
    module = parse(
        """
func.func @f(%t: index, %m: index, %n: index) -> index {
  %ts = arith.ceildivsi %m, %n : index
  %off = arith.muli %t, %ts : index
  %min = affine.min affine_map<()[s0, s1] -> (s0, s1)> ()[%off, %ts]
  %size = affine.max affine_map<()[s0] -> (0, s0)> ()[%min]
  return %size : index
}"""
    )
    size = next(op for op in module.walk() if op.name == "affine.max").results[0]
    size.name_hint = None
    for op in module.walk():
        if op.name in ("arith.ceildivsi", "arith.muli", "affine.min"):
            op.results[0].name_hint = None
    assert show_index(size) == "max(0, min(%t * (%m ceildiv %n), %m ceildiv %n))"
