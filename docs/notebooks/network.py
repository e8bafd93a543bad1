"""A real network from ONNX: squeezenet imported, fused group by group, compiled, and where its
time goes (each compile stage; the run against onnxruntime; memory against every activation).

Run it: `marimo edit docs/notebooks/network.py` (interactive), or
`python docs/notebooks/network.py` (headless: every cell runs and every check asserts).
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import sys
    import time
    from pathlib import Path

    import marimo as mo
    import numpy as np
    import onnx
    import onnxruntime

    import xfuse
    from xfuse.backends.profile import profile_module
    from xfuse.explain import explain
    from xfuse.onnx.importer import import_model
    from xfuse.onnx.oracle import onnxruntime_outputs, random_feeds, relative_error
    from xfuse.onnx.seeded_weights import random_weights
    from xfuse.transforms.network.pipeline import NETWORK_BACKEND

    ROOT = mo.notebook_dir().parents[1]
    if str(ROOT) not in sys.path:  # benchmarks/ (stage clocks, heap tracer) lives beside xfuse/
        sys.path.insert(0, str(ROOT))
    from benchmarks.compile_time import Clock, activation_bytes, built_model, timing_backend_tools
    from benchmarks.heap import profile_call, traced_pipeline

    return (
        Clock,
        NETWORK_BACKEND,
        Path,
        activation_bytes,
        built_model,
        explain,
        import_model,
        mo,
        np,
        onnx,
        onnxruntime,
        onnxruntime_outputs,
        profile_call,
        profile_module,
        random_feeds,
        random_weights,
        relative_error,
        time,
        timing_backend_tools,
        traced_pipeline,
        xfuse,
    )


@app.cell
def _(mo):
    mo.md(
        r"""
        # A whole network: squeezenet from ONNX

        The `onnx` wheel ships squeezenet 1.0 (opset 9) without trained weights; we give it
        seeded random ones (`xfuse.onnx.random_weights`: a wrong index shows in the output).
        `xfuse.onnx.import_model` turns it into linalg on tensors with torch-mlir, the weights
        kept outside the IR as function arguments. Then the network pipeline, one pass at a time:
        **xfuse-network-fusion** (every convolution a root, tiled for this CPU, its neighbours
        diffused into it), **xfuse-bufferize**, **xfuse-share-buffers**; then the backend
        (mlir-opt, LLVM's `opt` and `llc`, `cc`). Every step is timed.
        """
    )
    return


@app.cell
def _(Path, activation_bytes, onnx, random_weights):
    light = Path(onnx.__file__).parent / "backend" / "test" / "data" / "light" / "light_squeezenet.onnx"
    network = random_weights(onnx.load(str(light)), seed=0)
    activations, activation_count = activation_bytes(network)
    return activation_count, activations, network


@app.cell
def _(Clock, import_model, mo, network, xfuse):
    clock = Clock()
    with clock.stage("import"):
        imported = import_model(network)
    with clock.stage("parse"):
        module = xfuse.parse(imported.mlir, name="<squeezenet>")
    with clock.stage("xfuse-network-fusion"):
        xfuse.apply_passes(module, "xfuse-network-fusion")
    mo.md(
        f"Imported: {len(imported.mlir) / 1024:.0f} KiB of IR, {sum(1 for _ in module.walk())} ops after "
        f"fusion; {len(imported.weights)} weights ({imported.weights.nbytes / 2**20:.1f} MiB) outside it."
    )
    return clock, imported, module


@app.cell
def _(explain, mo, module):
    explanation = explain(module)
    groups = explanation.groups()
    group_rows = [
        {"group": g.number, "roots": ", ".join(r.split(" ")[0] for r in g.roots), "tile": g.tile,
         "loops": " > ".join(g.loops), "fused with": ", ".join(g.ops)}
        for g in groups
    ]
    mo.vstack(
        [
            mo.md(f"## {len(groups)} fused groups, one per convolution"),
            mo.ui.table(group_rows, selection=None, page_size=30),
            mo.accordion({"the groups as a picture (loops as boxes, ops by kind)": mo.Html(explanation.svg()),
                          "as text (xfuse-explain --groups)": mo.plain_text(explanation.groups_text())}),
        ]
    )
    return (groups,)


@app.cell
def _(groups, module):
    # Every convolution of the network is the root of its own group: none is left outside.
    _convs = sum(1 for op in module.walk() if op.name.startswith("linalg.conv"))
    assert _convs == 26 and len(groups) == _convs, (_convs, len(groups))
    assert all(len(g.roots) == 1 for g in groups)
    return


@app.cell
def _(
    NETWORK_BACKEND,
    clock,
    built_model,
    imported,
    module,
    timing_backend_tools,
    traced_pipeline,
    xfuse,
):
    bufferized = module.clone()  # the fused module above stays as it is, for its picture
    with clock.stage("xfuse-bufferize"):
        xfuse.apply_passes(bufferized, "xfuse-bufferize")
    with clock.stage("xfuse-share-buffers"):
        xfuse.apply_passes(bufferized, "xfuse-share-buffers")
    # The heap-traced build (allocations through a recording allocator) costs no compile time.
    with clock.stage("backend"), timing_backend_tools(clock):
        compiled = xfuse.compile_module(bufferized, imported.entry, traced_pipeline(NETWORK_BACKEND), cache=False)
    model = built_model(imported, compiled, "xfuse-network-fusion,xfuse-bufferize,xfuse-share-buffers", bufferized)
    return bufferized, model


@app.cell
def _(clock, mo, model):
    import matplotlib.pyplot as _plt

    assert model.compiled is not None  # after the build: every stage is on the clock

    _tools = ("mlir-opt", "mlir-translate", "opt", "llc", "cc")
    stage_seconds = {name: s for name, s in clock.cpu.items() if name != "backend"}
    stage_seconds["emit (backend, Python)"] = clock.cpu["backend"] - sum(clock.cpu[t] for t in _tools)
    _figure, _axes = _plt.subplots(figsize=(7, 3.2))
    _names = list(stage_seconds)
    _axes.barh(_names, [stage_seconds[n] for n in _names], color="#4c72b0")
    _axes.invert_yaxis()
    _axes.set_xlabel("CPU seconds")
    _axes.set_title(f"compiling squeezenet: {sum(stage_seconds.values()):.1f} CPU s in all")
    _figure.tight_layout()
    mo.vstack([mo.md("## Where compile time goes"), _figure,
               mo.md("CPU seconds (this process and the tools it ran): steadier than wall time on a "
                     "busy machine. `benchmarks/compile_time.py` puts the same stages beside "
                     "`iree-compile`.")])
    return (stage_seconds,)


@app.cell
def _(mo):
    mo.md(
        r"""
        ## Run: checked against onnxruntime, timed, and its memory

        Same seeded input for both; onnxruntime on one thread, xfuse's code is single-threaded.
        The heap trace of one call gives the **peak of intermediates**: the most memory the call
        holds at once in buffers that are not its result; beside it, the **sum of all
        activations** (every intermediate tensor of the unfused network, from ONNX shape
        inference), what a runtime keeping every activation would hold.
        """
    )
    return


@app.cell
def _(
    activation_count,
    activations,
    mo,
    model,
    network,
    np,
    onnxruntime,
    onnxruntime_outputs,
    profile_call,
    random_feeds,
    relative_error,
    time,
):
    feeds = random_feeds(model, seed=0)
    expected = onnxruntime_outputs(network, feeds)
    actual = model.run(feeds)
    error = max(relative_error(actual[n], expected[n]) for n in model.output_names)

    def median_ms(call, repeat=5):
        call()  # warm up
        samples = []
        for _ in range(repeat):
            start = time.perf_counter()
            call()
            samples.append(time.perf_counter() - start)
        return 1e3 * float(np.median(samples))

    _options = onnxruntime.SessionOptions()
    _options.intra_op_num_threads = 1
    _options.log_severity_level = 3
    _session = onnxruntime.InferenceSession(network.SerializeToString(), _options,
                                            providers=["CPUExecutionProvider"])
    xfuse_ms = median_ms(lambda: model.run(feeds))
    ort_ms = median_ms(lambda: _session.run(None, feeds))
    heap = profile_call(model.compiled, *feeds.values(), *model.weights.values())
    mo.md(
        f"""
        | | |
        |---|---|
        | relative error against onnxruntime | {error:.1e} |
        | run time, xfuse (median of 5) | {xfuse_ms:.1f} ms |
        | run time, onnxruntime (median of 5) | {ort_ms:.1f} ms |
        | peak of intermediates (heap trace) | {heap.peak_intermediate_bytes / 2**20:.2f} MiB in {heap.allocations} allocations |
        | sum of all activations ({activation_count} tensors) | {activations / 2**20:.2f} MiB |
        """
    )
    return error, feeds, heap, xfuse_ms


@app.cell
def _(activations, error, heap):
    assert error <= 1e-4, error
    # Shared buffers and fused groups hold less than all activations at once.
    assert 0 < heap.peak_intermediate_bytes < activations, (heap.peak_intermediate_bytes, activations)
    return


@app.cell
def _(mo):
    mo.md(
        r"""
        ## Where run time goes, group by group

        `xfuse.backends.profile.profile_module` (docs/profile.md; `Model.profile(x)` for a
        loaded model, `xfuse-run --profile N` on the command line) ticks a clock after every
        top-level computation of a copy of the bufferized network (each fused group's loop nest,
        and each op left outside any group) and builds that copy; each section gets the time
        from the tick before it to its own, median of 3 calls, and its share of their sum.
        """
    )
    return


@app.cell
def _(
    NETWORK_BACKEND,
    bufferized,
    explain,
    feeds,
    groups,
    imported,
    mo,
    model,
    profile_module,
):
    import matplotlib.pyplot as _plt

    # the groups of the bufferized module are those fused above, in the same order
    assert len(explain(bufferized).groups()) == len(groups)
    network_profile = profile_module(bufferized, *feeds.values(), *model.weights.values(), entry=imported.entry,
                                     pipeline=NETWORK_BACKEND, repeat=3)

    def _short(section):  # "group 3: linalg.conv_2d_nchw_fchw; tile 1x16x..." without loops and fused ops
        return section.label.split("; loops")[0].replace("linalg.", "")

    _rows = [{"#": t.index, "section": _short(t), "ms": round(t.median_ms, 2), "share": f"{100 * t.share:.1f}%",
              "GFLOP/s": round(t.gflops, 1) if t.gflops is not None else "", "everything": t.label}
             for t in network_profile.sections]
    _top = sorted(network_profile.sections, key=lambda t: -t.median_ms)[:10]
    _figure, _axes = _plt.subplots(figsize=(7, 3.2))
    _axes.barh([_short(t) for t in _top], [t.median_ms for t in _top], color="#dd8452")
    _axes.invert_yaxis()
    _axes.set_xlabel("ms per call (median of 3)")
    _axes.set_title("the 10 slowest sections of one call")
    _figure.tight_layout()
    mo.vstack([_figure, mo.accordion({"every section": mo.ui.table(_rows, selection=None, page_size=60),
                                      "as text (Profile.text())": mo.plain_text(network_profile.text())})])
    return (network_profile,)


@app.cell
def _(mo, network_profile, xfuse_ms):
    # The sections partition the call: their shares sum to one. How their summed medians compare
    # with the timed call is shown, not asserted: on a loaded machine the two drift apart (a
    # timing is a benchmark's business, not a check's).
    _total = sum(t.median_ms for t in network_profile.sections)
    assert sum(t.label.startswith("group ") for t in network_profile.sections) == 26
    assert abs(sum(t.share for t in network_profile.sections) - 1) < 1e-9
    mo.md(f"The sections' medians sum to {_total:.2f} ms; the timed call took {xfuse_ms:.2f} ms.")
    return


if __name__ == "__main__":
    app.run()
