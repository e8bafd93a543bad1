"""Diffusion fusion on the RFC's MLP: a cost model written here, the remarks, the memory saved.

Run it: `marimo edit docs/notebooks/diffusion.py` (interactive), or
`python docs/notebooks/diffusion.py` (headless: every cell runs and every check asserts).
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import sys

    import marimo as mo
    import numpy as np

    import xfuse
    from xfuse.explain import explain
    from xfuse.transforms.diffusion import diffuse
    from xfuse.transforms.diffusion_cost import (
        CacheFitCostModel,
        SmallestSliceCostModel,
        TargetDescription,
    )

    ROOT = mo.notebook_dir().parents[1]
    if str(ROOT) not in sys.path:  # benchmarks/ (the heap tracer) lives beside xfuse/
        sys.path.insert(0, str(ROOT))
    from benchmarks.heap import profile_call, traced_pipeline

    return (
        CacheFitCostModel,
        ROOT,
        SmallestSliceCostModel,
        TargetDescription,
        diffuse,
        explain,
        mo,
        np,
        profile_call,
        traced_pipeline,
        xfuse,
    )


@app.cell
def _(mo):
    mo.md(
        r"""
        # Fusion by diffusion

        The RFC's MLP layer, `relu(input × unpack(weight_packed) + broadcast(bias))`, with the
        matmul already deeply tiled by hand: an `scf.forall` over 64×256 blocks, an `scf.for`
        over 64-wide column tiles, an `scf.for` over K. Fill, unpack, broadcast, add and relu
        are outside the loops. **Diffusion** starts from the tiled matmul and fuses producers
        (pre-ops) and consumers (post-ops) breadth first, each fusion exposing new candidates.
        Where to fuse each op (at which slice of the chain, inner to outer) is the **cost
        model**'s choice: a Python callable `model(op, candidates, nest)`.
        """
    )
    return


@app.cell
def _(ROOT, mo):
    source_path = ROOT / "examples" / "mlp_tiled.mlir"
    source = source_path.read_text()
    mo.accordion({"the input (examples/mlp_tiled.mlir)": mo.plain_text(source)})
    return source, source_path


@app.cell
def _(mo):
    mo.md(
        r"""
        ## A cost model of your own

        `budget_model` below fuses an op only where its tile is at most *budget* KiB, and
        prefers the innermost such place; with *producers only*, it leaves every consumer
        outside. Compare it with the shipped `smallest` (the RFC's default) and `cache-fit`.
        """
    )
    return


@app.cell
def _(mo):
    choice = mo.ui.dropdown(
        ["smallest", "cache-fit (32 KiB L1)", "budget (below)", "producers only"],
        value="smallest",
        label="cost model",
    )
    budget_kib = mo.ui.slider(4, 256, step=4, value=16, label="budget (KiB)")
    mo.hstack([choice, budget_kib])
    return budget_kib, choice


@app.cell
def _(CacheFitCostModel, SmallestSliceCostModel, TargetDescription, budget_kib, choice):
    def budget_model(op, candidates, nest):
        """Innermost candidate whose tile fits the budget; None (do not fuse) otherwise."""
        for candidate in candidates:  # inner to outer
            size = candidate.tile_bytes
            if size is not None and size <= budget_kib.value * 1024:
                return candidate
        return None

    def producers_only(op, candidates, nest):
        producers = [c for c in candidates if c.kind == "producer"]
        return SmallestSliceCostModel()(op, producers, nest) if producers else None

    cost_model = {
        "smallest": SmallestSliceCostModel(),
        "cache-fit (32 KiB L1)": CacheFitCostModel(TargetDescription((32 * 1024,))),
        "budget (below)": budget_model,
        "producers only": producers_only,
    }[choice.value]
    return (cost_model,)


@app.cell
def _(cost_model, diffuse, mo, source, source_path, xfuse):
    fused = xfuse.parse(source, name=str(source_path))
    result = diffuse(fused, cost_model)
    xfuse.apply_passes(fused, "canonicalize,cse")
    remarks = [r.as_record() for r in result.remarks]  # kind, op, location, message
    mo.vstack([mo.md(f"## Remarks ({len(remarks)})"), mo.ui.table(remarks, selection=None)])
    return fused, remarks, result


@app.cell
def _(explain, fused, mo):
    explanation = explain(fused)
    mo.vstack(
        [
            mo.md("## The fused loop nest"),
            mo.Html(explanation.svg()),
            mo.accordion({"as text": mo.plain_text(explanation.text())}),
        ]
    )
    return (explanation,)


@app.cell
def _(mo):
    mo.md(
        r"""
        ## Executed, checked, and the memory of intermediates

        Both modules are compiled with mlir-opt 22 and run on the same random inputs; the
        heap of each call is traced (every `memref.alloc` goes through a recording allocator,
        see docs/benchmarks.md): the **peak of intermediates** is the most memory held at once
        by buffers that are not results.
        """
    )
    return


@app.cell
def _(fused, mo, np, profile_call, source, source_path, traced_pipeline, xfuse):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((256, 512), dtype=np.float32)
    w = rng.standard_normal((512, 1024), dtype=np.float32)
    b = rng.standard_normal(1024, dtype=np.float32)
    # weight_packed is the 512x1024 weight in 32x32 blocks: [K/32, N/32, 32, 32].
    w_packed = np.ascontiguousarray(w.reshape(16, 32, 32, 32).transpose(0, 2, 1, 3))
    expected = np.maximum(x @ w + b, 0)

    def measure(module):
        compiled = xfuse.compile_module(module, entry="mlp_tiled", pipeline=traced_pipeline())
        (out,) = compiled(x, w_packed, b)
        assert np.allclose(out, expected, rtol=1e-3, atol=1e-3), np.abs(out - expected).max()
        return profile_call(compiled, x, w_packed, b)

    before = measure(xfuse.parse(source, name=str(source_path)))
    after = measure(fused)
    mib = 1024 * 1024
    mo.md(
        f"""
        | | peak of intermediates | heap allocations |
        |---|---|---|
        | before diffusion | {before.peak_intermediate_bytes / mib:.3f} MiB | {before.allocations} |
        | after diffusion | {after.peak_intermediate_bytes / mib:.3f} MiB | {after.allocations} |

        Both equal numpy's `relu(x @ w + b)`.
        """
    )
    return after, before


@app.cell
def _(after, before, choice, result):
    # The RFC's claim, checked: with its default model everything fuses, and the intermediates
    # shrink from whole tensors to tiles.
    if choice.value == "smallest":
        assert all(r.kind in ("seed", "fused") for r in result.remarks if r.op_name != "tensor.empty"), [
            r.text for r in result.remarks
        ]
        assert after.peak_intermediate_bytes * 8 < before.peak_intermediate_bytes
    return


if __name__ == "__main__":
    app.run()
