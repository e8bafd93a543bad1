"""IREE-style data tiling on the seed's grouped quantized matmul: encodings, their
materialization for a CPU target, the packed contraction turned into mmt4d, executed.

Run it: `marimo edit docs/notebooks/data_tiling.py` (interactive), or
`python docs/notebooks/data_tiling.py` (headless: every cell runs and every check asserts).
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo
    import numpy as np

    import xfuse
    from xfuse.explain import explain
    from xfuse.transforms.data_tiling.targets import TARGETS

    ROOT = mo.notebook_dir().parents[1]
    return ROOT, TARGETS, explain, mo, np, xfuse


@app.cell
def _(mo):
    mo.md(
        r"""
        # Data tiling: encodings → pack + packed contraction + unpack

        IREE issue #18513 asks for data tiling of contractions with **several** batch/M/N/K
        dimensions, such as the grouped quantized matmul below (two K dimensions, K0 groups of
        K1, with 4-bit weights dequantized by a scale and a zero point per group). The steps:

        1. `xfuse-set-encoding`: the contraction's LHS, RHS and result (its init) get an
           `#iree_encoding.encoding<...>` (which operand, the element types, the maps);
        2. `xfuse-materialize-encoding{target=...}`: each encoding becomes a packed layout from
           a CPU tile table (`linalg.pack`, the packed contraction, `linalg.unpack`); only the
           innermost M, N and K get inner tiles;
        3. `xfuse-generic-to-mmt4d`: contiguous outer K groups are collapsed, so the packed
           generic becomes a plain `linalg.mmt4d`;
        4. fusion and the backend run it.
        """
    )
    return


@app.cell
def _(ROOT, mo):
    source_path = ROOT / "examples" / "grouped_quantized_matmul.mlir"
    source = source_path.read_text()
    mo.accordion({"the input (examples/grouped_quantized_matmul.mlir)": mo.plain_text(source)})
    return source, source_path


@app.cell
def _(TARGETS, mo):
    target = mo.ui.dropdown(sorted(TARGETS), value="x86_64-avx2", label="target")
    to_mmt4d = mo.ui.checkbox(value=True, label="collapse to mmt4d (xfuse-generic-to-mmt4d)")
    mo.hstack([target, to_mmt4d])
    return target, to_mmt4d


@app.cell
def _(mo, source, source_path, xfuse):
    encoded = xfuse.parse(source, name=str(source_path))
    xfuse.apply_passes(encoded, "xfuse-set-encoding")
    _text = str(encoded)
    assert _text.count("iree_encoding.set_encoding") == 3 and "iree_encoding.unset_encoding" in _text
    mo.vstack([mo.md("## 1. Encodings set"), mo.plain_text(_text)])
    return


@app.cell
def _(mo, source, source_path, target, to_mmt4d, xfuse):
    pipeline = f"xfuse-set-encoding,xfuse-materialize-encoding{{target={target.value}}}"
    if to_mmt4d.value:
        pipeline += ",xfuse-generic-to-mmt4d"
    packed = xfuse.parse(source, name=str(source_path))
    xfuse.apply_passes(packed, pipeline + ",canonicalize,cse")
    packed_text = str(packed)
    ops = sorted({op.name for op in packed.walk() if op.name.startswith("linalg.")})
    mo.vstack(
        [
            mo.md(f"## 2-3. Materialized for `{target.value}`\n\n`{pipeline}`\n\nlinalg ops: {', '.join(ops)}"),
            mo.plain_text(packed_text),
        ]
    )
    return packed, pipeline


@app.cell
def _(packed, to_mmt4d):
    _names = [op.name for op in packed.walk()]
    assert _names.count("linalg.pack") >= 2 and "linalg.unpack" in _names
    if to_mmt4d.value:
        assert "linalg.mmt4d" in _names, "the packed grouped contraction collapses to mmt4d"
    return


@app.cell
def _(mo):
    mo.md(
        r"""
        ## 4. Fused and executed

        Diffusion tiles the packed contraction and fuses the packs (and the dequantization that
        feeds them) and the unpack into its loop; the result runs on numpy inputs and is compared
        with the untransformed function and with numpy.
        """
    )
    return


@app.cell
def _(explain, mo, np, pipeline, source, source_path, xfuse):
    fused = xfuse.parse(source, name=str(source_path))
    xfuse.apply_passes(
        fused, pipeline + ",xfuse-diffusion{root-tile-sizes=2,3},canonicalize,cse,xfuse-lower-pack-unpack"
    )
    rng = np.random.default_rng(0)
    lhs = rng.standard_normal((64, 4, 32), dtype=np.float32)
    rhs = rng.integers(0, 16, (96, 4, 32), dtype=np.int8)
    scales = rng.random((96, 4), dtype=np.float32)
    zps = rng.integers(0, 16, (96, 4)).astype(np.float32)
    dequant = (rhs.astype(np.float32) - zps[:, :, None]) * scales[:, :, None]
    expected = np.einsum("mgk,ngk->mn", lhs, dequant)
    (got,) = xfuse.compile_module(fused, entry="grouped_quantized_matmul")(lhs, rhs, scales, zps)
    (reference,) = xfuse.compile_module(xfuse.parse(source), entry="grouped_quantized_matmul")(
        lhs, rhs, scales, zps
    )
    assert np.allclose(got, expected, rtol=1e-4, atol=1e-3), np.abs(got - expected).max()
    assert np.allclose(got, reference, rtol=1e-4, atol=1e-3)
    explanation = explain(fused)
    mo.vstack(
        [
            mo.Html(explanation.svg()),
            mo.md(
                f"Executed: equal to numpy's einsum and to the untransformed function "
                f"(max abs difference {np.abs(got - expected).max():.2e})."
            ),
        ]
    )
    return


if __name__ == "__main__":
    app.run()
