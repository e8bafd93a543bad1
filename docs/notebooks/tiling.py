"""Tiling and the TilingInterface, on one op: which tile of each operand a result tile needs.

Run it: `marimo edit docs/notebooks/tiling.py` (interactive), or `python docs/notebooks/tiling.py`
(headless: every cell runs and every check asserts; the test suite does this).
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo
    import numpy as np
    from xdsl.builder import Builder
    from xdsl.rewriter import InsertPoint

    import xfuse
    from xfuse.explain import explain
    from xfuse.interfaces.tiling import TilingRefused, require_tiling_model

    return Builder, InsertPoint, TilingRefused, explain, mo, np, require_tiling_model, xfuse


@app.cell
def _(mo):
    mo.md(
        r"""
        # Tiling and the TilingInterface

        xfuse cuts ops into tiles through a **TilingInterface**, the Python counterpart of MLIR's:
        every linalg op gets a *model* derived from its indexing maps. Two methods drive fusion:

        - `generate_result_tile_value(result, offsets, sizes)`: the IR that computes one tile of
          a result (**producer fusion**: a loop needs that tile, so the producer computes it
          there);
        - `generate_operand_tile_value(operand, offsets, sizes)`: the IR that consumes one tile of
          an operand (**consumer fusion**: a loop produced that tile, so the consumer uses it
          there).

        The op below is a matmul with a transposed right-hand side, written as a
        `linalg.generic`: `C[i, j] += A[i, k] * B[j, k]`.
        """
    )
    return


@app.cell
def _():
    M, N, K = 96, 80, 64
    source = f"""
    func.func @f(%A: tensor<{M}x{K}xf32>, %B: tensor<{N}x{K}xf32>,
                 %C: tensor<{M}x{N}xf32>) -> tensor<{M}x{N}xf32> {{
      %r = linalg.generic {{indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                             affine_map<(i, j, k) -> (j, k)>,
                                             affine_map<(i, j, k) -> (i, j)>],
                            iterator_types = ["parallel", "parallel", "reduction"]}}
          ins(%A, %B : tensor<{M}x{K}xf32>, tensor<{N}x{K}xf32>)
          outs(%C : tensor<{M}x{N}xf32>) {{
      ^bb0(%a: f32, %b: f32, %c: f32):
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        linalg.yield %s : f32
      }} -> tensor<{M}x{N}xf32>
      func.return %r : tensor<{M}x{N}xf32>
    }}
    """
    return K, M, N, source


@app.cell
def _(mo):
    tile_m = mo.ui.slider(8, 96, step=8, value=32, label="tile rows (i)")
    tile_n = mo.ui.slider(8, 80, step=8, value=16, label="tile columns (j)")
    row = mo.ui.slider(0, 88, step=8, value=32, label="tile offset i")
    col = mo.ui.slider(0, 72, step=8, value=16, label="tile offset j")
    mo.vstack([mo.md("## A tile of the result"), tile_m, tile_n, row, col])
    return col, row, tile_m, tile_n


@app.cell
def _(Builder, InsertPoint, col, mo, require_tiling_model, row, source, tile_m, tile_n, xfuse):
    def result_tile(offsets, sizes):
        """Ask the op's model for the IR computing the result tile (offsets, sizes)."""
        module = xfuse.parse(source)
        op = next(o for o in module.walk() if o.name == "linalg.generic")
        model = require_tiling_model(op)
        tiled = model.generate_result_tile_value(
            Builder(InsertPoint.before(op)), op, 0, offsets, sizes
        )
        return module, tiled

    offsets = [row.value, col.value]
    sizes = [tile_m.value, tile_n.value]
    _module, tiled = result_tile(offsets, sizes)
    slices = [
        {
            "operand": s.operands[0].name_hint,
            "offsets": list(s.static_offsets.get_values()),
            "sizes": list(s.static_sizes.get_values()),
        }
        for s in tiled.generated_slices
    ]
    mo.vstack(
        [
            mo.md(
                f"The result tile at offsets {offsets}, sizes {sizes} reads these tiles "
                "(whole rows of A and of B: the reduction dimension k is never cut when a "
                "result tile is asked for):"
            ),
            mo.ui.table(slices, selection=None),
            mo.md("The IR the model built:"),
            mo.plain_text("\n".join(str(o) for o in [*tiled.generated_slices, *tiled.tiled_ops])),
        ]
    )
    return offsets, sizes, slices


@app.cell
def _(K, offsets, sizes, slices):
    # What the table must say, computed independently from the maps (i, k), (j, k), (i, j).
    _expected = {
        "A": ([offsets[0], 0], [sizes[0], K]),
        "B": ([offsets[1], 0], [sizes[1], K]),
        "C": (offsets, sizes),
    }
    for _s in slices:
        assert (_s["offsets"], _s["sizes"]) == tuple(map(list, _expected[_s["operand"]])), _s
    return


@app.cell
def _(mo):
    mo.md(
        r"""
        ## A tile of an operand: consumer fusion

        Given a tile of operand A (rows of A), which iteration tile of the op consumes exactly
        it? Rows `[i0, i0 + m)` of A with all of k give every column of rows `[i0, i0 + m)` of C.
        A tile that cuts k is refused: it would not compute final values of C (the reduction
        would be split), and the refusal says so.
        """
    )
    return


@app.cell
def _(Builder, InsertPoint, K, N, TilingRefused, mo, require_tiling_model, source, xfuse):
    def operand_tile(operand, offsets, sizes):
        module = xfuse.parse(source)
        op = next(o for o in module.walk() if o.name == "linalg.generic")
        model = require_tiling_model(op)
        try:
            tiled = model.generate_operand_tile_value(
                Builder(InsertPoint.before(op)), op, operand, offsets, sizes
            )
        except TilingRefused as refusal:
            return None, refusal.message
        return [tuple(v.type.get_shape()) for v in tiled.tiled_values], None

    whole_k, refused_none = operand_tile(0, [16, 0], [24, K])
    cut_k, refusal = operand_tile(0, [16, 0], [24, K // 2])
    assert whole_k == [(24, N)] and refused_none is None, whole_k
    assert cut_k is None and refusal, "a tile that cuts the reduction must be refused"
    mo.md(
        f"- A[16:40, 0:{K}] → the consumer computes result tiles of shape `{whole_k}`\n"
        f"- A[16:40, 0:{K // 2}] → refused: *{refusal}*"
    )
    return


@app.cell
def _(mo, tile_m, tile_n):
    mo.md(
        f"""
        ## The whole op tiled: `xfuse-tile` with tile sizes {tile_m.value}x{tile_n.value}

        Tile sizes that do not divide the shape give boundary tiles of dynamic size
        (`affine.min`); the picture shows the loop nest, and the compiled code runs on numpy
        arrays against `A @ B.T + C`.
        """
    )
    return


@app.cell
def _(explain, mo, np, source, tile_m, tile_n, xfuse):
    from xdsl.dialects.builtin import DenseArrayBase, i64

    tiled_module = xfuse.parse(source)
    _op = next(o for o in tiled_module.walk() if o.name == "linalg.generic")
    _op.attributes["xfuse.tile_sizes"] = DenseArrayBase.from_list(i64, [tile_m.value, tile_n.value, 0])
    xfuse.apply_passes(tiled_module, "xfuse-tile{loop=forall},canonicalize,cse")
    explanation = explain(tiled_module)

    _rng = np.random.default_rng(0)
    _a, _b, _c = (_rng.standard_normal(s, dtype=np.float32) for s in [(96, 64), (80, 64), (96, 80)])
    (_got,) = xfuse.compile_module(tiled_module, entry="f")(_a, _b, _c)
    assert np.allclose(_got, _a @ _b.T + _c, atol=1e-3)
    mo.vstack(
        [
            mo.plain_text(explanation.text()),
            mo.Html(explanation.svg()),
            mo.md("Executed: **equal to numpy** (`A @ B.T + C`)."),
        ]
    )
    return


if __name__ == "__main__":
    app.run()
