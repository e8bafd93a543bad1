"""In-place bufferization: xfuse's decision for every tensor operand, and its allocations and
copies against mlir-opt's One-Shot Bufferize, on the project's bufferization corpus.

Run it: `marimo edit docs/notebooks/bufferization.py` (interactive), or
`python docs/notebooks/bufferization.py` (headless: every cell runs and every check asserts).
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
    from xfuse.backends.runner import random_inputs
    from xfuse.diagnostics import location_of
    from xfuse.transforms.bufferize import bufferize

    ROOT = mo.notebook_dir().parents[1]
    if str(ROOT) not in sys.path:  # benchmarks/ lives beside xfuse/
        sys.path.insert(0, str(ROOT))
    from benchmarks.bufferize_allocs import (
        ALLOC_OPS,
        COPY_OPS,
        Row,
        compare_case,
        reference_pipeline,
    )

    return (
        ALLOC_OPS,
        COPY_OPS,
        ROOT,
        Row,
        bufferize,
        compare_case,
        location_of,
        mo,
        np,
        random_inputs,
        reference_pipeline,
        xfuse,
    )


@app.cell
def _(mo):
    mo.md(
        r"""
        # In-place bufferization

        `xfuse-bufferize` turns tensors into memrefs, writing each result into the buffer of
        one of its operands (**in place**) unless a later read still needs the old value, in
        which case that operand gets a buffer of its own (**out of place**: an allocation and a
        copy). The analysis follows SSA use-def chains across loops and calls, as the
        "comprehensive bufferization" design describes. Pick a program of the corpus
        (`tests/bufferize_cases/`): the table shows every decision, then what xfuse and
        mlir-opt's One-Shot Bufferize allocate and copy.
        """
    )
    return


@app.cell
def _(ROOT, mo):
    cases = sorted((ROOT / "tests" / "bufferize_cases").glob("*.mlir"))
    case = mo.ui.dropdown(
        {p.stem: p for p in cases},
        value="swapped_iter_args" if any(p.stem == "swapped_iter_args" for p in cases) else cases[0].stem,
        label="program",
    )
    case
    return case, cases


@app.cell
def _(case, mo):
    path = case.value
    source = path.read_text()
    mo.accordion({f"{path.name}": mo.plain_text(source)}, multiple=True)
    return path, source


@app.cell
def _(bufferize, location_of, mo, path, source, xfuse):
    annotated = xfuse.parse(source, name=str(path))
    decisions = bufferize(annotated, analysis_only=True)
    rows = [
        {
            "function": fn,
            "op": op.name,
            "operand": index,
            "decision": "in place" if inplace else "OUT OF PLACE (alloc + copy)",
            "where": location_of(op).rsplit("/", 1)[-1],
        }
        for fn, per_op in decisions.decisions.items()
        for (op, index), inplace in per_op.items()
    ]
    mo.vstack(
        [
            mo.md(
                f"## Decisions: {decisions.out_of_place} of {len(rows)} tensor operands out of place"
            ),
            mo.ui.table(rows, selection=None),
        ]
    )
    return (rows,)


@app.cell
def _(ALLOC_OPS, COPY_OPS, Row, compare_case, mo, path):
    row = compare_case(path)
    assert row.xfuse is not None, row.xfuse_error
    counts = {
        "xfuse-bufferize": (Row.total(row.xfuse, ALLOC_OPS), Row.total(row.xfuse, COPY_OPS)),
        "one-shot-bufferize": (Row.total(row.upstream, ALLOC_OPS), Row.total(row.upstream, COPY_OPS)),
        "one-shot + cse, canonicalize": (
            Row.total(row.upstream_cleaned, ALLOC_OPS),
            Row.total(row.upstream_cleaned, COPY_OPS),
        ),
    }
    mo.vstack(
        [
            mo.md("## Allocations and copies"),
            mo.ui.table(
                [{"bufferizer": k, "allocations": a, "copies": c} for k, (a, c) in counts.items()],
                selection=None,
            ),
        ]
    )
    return (counts,)


@app.cell
def _(counts):
    # The project's promise: never more buffer traffic than One-Shot Bufferize.
    assert sum(counts["xfuse-bufferize"]) <= sum(counts["one-shot-bufferize"]), counts
    return


@app.cell
def _(mo, np, path, random_inputs, reference_pipeline, source, xfuse):
    module = xfuse.parse(source, name=str(path))
    ours = xfuse.compile_module(module, pipeline="xfuse-bufferize")
    theirs = xfuse.compile_module(module, pipeline=reference_pipeline(source))
    inputs = random_inputs(ours.signature, seed=0, dynamic_dim=8)
    got = ours(*[np.copy(a) for a in inputs])
    want = theirs(*[np.copy(a) for a in inputs])
    for _g, _w in zip(got, want, strict=True):
        assert np.allclose(_g, _w, rtol=1e-5, atol=1e-5), np.abs(_g - _w).max()
    bufferized = xfuse.parse(source, name=str(path))
    xfuse.apply_passes(bufferized, "xfuse-bufferize")
    mo.vstack(
        [
            mo.md(
                f"## Executed: xfuse's bufferization and One-Shot's agree on {len(got)} "
                f"result(s), random inputs, seed 0"
            ),
            mo.accordion({"xfuse-bufferize output": mo.plain_text(str(bufferized))}),
        ]
    )
    return


if __name__ == "__main__":
    app.run()
