"""Ops stock mlir-opt 22 cannot lower, lowers wrongly or slowly, rewritten before it runs (bools in
memory, `math.fpowi` on vectors, strided copies) and ops a schedule cannot vectorize, left as loops."""
