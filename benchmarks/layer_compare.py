"""Layer by layer: xfuse's per-group profile beside onnxruntime's per-node profile (issue 42).

A network's ratio to onnxruntime says how far it is, not where. This script profiles one model
in one process on the same seeded input (benchmarks/models.py's models, weights as initializers
only, xfuse's default passes and pipeline for T threads):

- xfuse: `Model.profile` (xfuse/backends/profile.py), one section per top-level computation:
  a convolution with its fused epilogue, a fused group's loop nest, a pool, a concat, a pad;
- onnxruntime: `SessionOptions.enable_profiling`, its JSON of node events (`<node>_kernel_time`,
  microseconds, with the node's input and output shapes), the median of each node over the
  timed runs after one warm-up run.

**Matching.** The contractions (the ONNX Conv, Gemm and MatMul nodes; xfuse's sections with
FLOPs) are matched layer by layer; the rest is compared by kind:

1. xfuse sections to ONNX nodes: xfuse keeps the graph's order, so both lists are walked in
   order and matched on their FLOPs (2 x multiply-accumulates, exact integers): a section
   that holds several nodes (a fused group) or a node split into several sections takes as many
   on the other side as make the FLOPs equal (split again into one row per node when each node
   has a section of its own FLOPs and no two nodes of the run have the same: two branches
   computed in the other order). A 3x3 convolution `xfuse-winograd` rewrote is matched on its
   transformed products' FLOPs (`winograd_flops`; its GFLOP/s stay the direct form's). Where no prefix of eight or fewer makes them equal,
   matching stops there and the rest is listed as unmatched: a row is never guessed.
2. ONNX nodes to onnxruntime's events: by the shapes of input and output (onnxruntime reports
   them in NCHW even when it runs NCHWc) and the weight's, when the event lists it (a prepacked
   weight is not listed: then a contraction event), the first unused such event, so that
   identical layers are taken in order. A node onnxruntime fused away (no event) shows `-`.

Each row has both times, GFLOP/s, the ratio and the gap (xfuse - onnxruntime, ms); the largest
gaps are what to fix first. A row computes the same on both sides: xfuse's sections include what
it fused into them (bias, ReLU, swish, a residual add, pads in a group) and onnxruntime's Conv
events their fused activation, so the elementwise events onnxruntime runs right after a
contraction on its output, each on the one before (`ORT_ELEMENTWISE`: swish as `QuickGelu`, a
residual `Add`, a squeeze-excite gate's sigmoid and multiply) count with its row, and so do the `linalg.generic` sections right after xfuse's (`ort_after`, `xfuse_after`
in the JSON). The totals by kind set xfuse's
section kinds beside onnxruntime's op types (pools, concats, reorders).

Clocks differ: xfuse's one-thread profile is the calling thread's CPU time, onnxruntime's events
are wall time (on a loaded machine its times read high). Both profiles run in one process, xfuse's
first; neither is the benchmark's interleaved timing (benchmarks/models.py). At two threads on a
shared machine another process takes the second CPU from either side's runs: `--realtime` runs
the profiled runs of both at SCHED_FIFO (as `flag_ab.py --realtime`; root), with whole teams
(`OMP_DYNAMIC=false`). Without it, ResNet-50's two-thread profile read every node above its
one-thread time on both sides at load 3; with it, 67.7 against 65.0 ms in all
(docs/backend-measurements.md, "Zen 3, seventeenth session: ResNet-50's 7x7 stage").

    python benchmarks/layer_compare.py --model squeezenet [--threads 1] [--repeat 10] [--largest 10] [--json] [--realtime]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import statistics
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")
os.environ.setdefault("KMP_BLOCKTIME", "1")

if __package__ in (None, ""):  # run as a script: the repository's `benchmarks` package first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.compile_time import DEFAULT_MODELS, EXTRA_MODELS, onnx_model  # noqa: E402

CONTRACTIONS = ("Conv", "Gemm", "MatMul")
"""The ONNX ops matched layer by layer (benchmarks/models.py counts the same ones' FLOPs)."""
ORT_CONTRACTIONS = frozenset({"Conv", "FusedConv", "NhwcConv", "NhwcFusedConv", "Gemm", "FusedGemm", "MatMul",
                              "FusedMatMul"})
"""onnxruntime's op types of those nodes, fused or not: the ones whose prepacked weight is not
listed among its event's input shapes."""
ORT_ELEMENTWISE = frozenset({"Relu", "Clip", "Sigmoid", "HardSigmoid", "HardSwish", "QuickGelu", "Gelu", "FastGelu",
                             "BiasGelu", "Tanh", "LeakyRelu", "Mul", "Add", "Sum", "Sub", "Div"})
"""onnxruntime's elementwise op types that xfuse fuses into a contraction's register tiles (an
activation, swish as `QuickGelu`, a residual add): when onnxruntime runs them as events of their
own right after the contraction, on its output, they count with its row (`attach_ort`)."""
LONGEST_RUN = 8
"""The most sections or nodes one matched row may take on a side."""


@dataclass(frozen=True)
class Layer:
    """An ONNX contraction node: its name, op, shapes (input, weight, output) and FLOPs."""

    name: str
    op: str
    shapes: tuple[tuple[int, ...], ...]
    flops: int
    winograd_flops: int | None = None
    """The FLOPs of the layer as `xfuse-winograd` computes it (3x3 stride-1 convolutions: 16
    products of tiles x C by C x K per 2x2 output tile), which its section then reports."""

    def describe(self) -> str:
        x, w, y = self.shapes
        if self.op == "Conv":
            group = x[1] // w[1] if w[1] else 1
            kernel = "x".join(map(str, w[2:]))
            depthwise = " dw" if group == x[1] and group > 1 else (f" g{group}" if group > 1 else "")
            return f"{kernel}{depthwise} {x[1]}->{y[1]} {'x'.join(map(str, y[2:]))}"
        return f"{'x'.join(map(str, x))} @ {'x'.join(map(str, w))}"


@dataclass
class Row:
    """One matched layer: the ONNX nodes, the xfuse sections and onnxruntime's events that
    compute the same FLOPs."""

    layers: list[Layer]
    sections: list = field(default_factory=list)
    ort_us: list[float | None] = field(default_factory=list)
    xfuse_after: list = field(default_factory=list)
    """The elementwise sections right after the last section (`elementwise_after`)."""
    ort_after: list[dict] = field(default_factory=list)
    """onnxruntime's elementwise events right after the layers' events (`attach_ort`)."""

    @property
    def flops(self) -> int:
        return sum(layer.flops for layer in self.layers)

    @property
    def xfuse_ms(self) -> float | None:
        return sum(s.median_ms for s in (*self.sections, *self.xfuse_after)) if self.sections else None

    @property
    def ort_ms(self) -> float | None:
        if not self.ort_us or None in self.ort_us:
            return None
        return (sum(self.ort_us) + sum(n["us"] for n in self.ort_after)) / 1e3

    def record(self) -> dict:
        xfuse, ort = self.xfuse_ms, self.ort_ms
        return {"nodes": [layer.name for layer in self.layers], "op": self.layers[0].op,
                "layer": "; ".join(layer.describe() for layer in self.layers), "flops": self.flops,
                "sections": [s.index for s in self.sections], "xfuse_after": [s.index for s in self.xfuse_after],
                "ort_after": [f"{n['name']} ({n['op']})" for n in self.ort_after], "xfuse_ms": xfuse, "ort_ms": ort,
                "xfuse_gflops": self.flops / xfuse / 1e6 if xfuse else None,
                "ort_gflops": self.flops / ort / 1e6 if ort else None,
                "ratio": xfuse / ort if xfuse and ort else None,
                "gap_ms": xfuse - ort if xfuse is not None and ort is not None else None}


def contraction_layers(model) -> list[Layer]:
    """The Conv, Gemm and MatMul nodes of `model` in graph order, with their shapes from ONNX
    shape inference (nodes with an unknown shape are left out: they cannot be matched)."""
    import onnx

    inferred = onnx.shape_inference.infer_shapes(model)
    graph = inferred.graph
    shapes: dict[str, tuple[int, ...] | None] = {}
    for value in (*graph.input, *graph.value_info, *graph.output):
        dims = value.type.tensor_type.shape.dim
        known = all(d.HasField("dim_value") for d in dims)
        shapes[value.name] = tuple(d.dim_value for d in dims) if known else None
    for initializer in graph.initializer:
        shapes[initializer.name] = tuple(initializer.dims)
    layers = []
    for index, node in enumerate(graph.node):
        if node.op_type not in CONTRACTIONS:
            continue
        operands = tuple(shapes.get(name) for name in (node.input[0], node.input[1], node.output[0]))
        if None in operands:
            continue
        layers.append(Layer(node.name or f"{node.op_type}#{index} ({node.output[0]})", node.op_type, operands,
                            2 * multiply_accumulates(node, *operands), winograd_flops(node, *operands)))
    return layers


def winograd_flops(node, x: Sequence[int], w: Sequence[int], out: Sequence[int]) -> int | None:
    """2 x the multiply-accumulates of F(2x2, 3x3) for a 3x3 stride-1 undilated ungrouped Conv
    (`xfuse.transforms.winograd`: 16 products per 2x2 tile of the output), else None."""
    attrs = {attr.name: list(attr.ints) or attr.i for attr in node.attribute}
    if (node.op_type != "Conv" or len(w) != 4 or tuple(w[2:]) != (3, 3) or w[1] != x[1]
            or any(v != 1 for key in ("strides", "dilations") for v in attrs.get(key) or [1])):
        return None
    n, k, oh, ow = out
    return 2 * 16 * n * k * w[1] * -(-oh // 2) * -(-ow // 2)


def multiply_accumulates(node, a: Sequence[int], b: Sequence[int], out: Sequence[int]) -> int:
    """The multiply-accumulates of a Conv, MatMul or Gemm node from its operands' shapes."""
    if node.op_type == "Conv":  # W: [M, C/group, k...]; out: [N, M, spatial...]
        return math.prod(out) * math.prod(b[1:])
    if node.op_type == "MatMul":
        return math.prod(out) * a[-1]
    trans_a = next((attr.i for attr in node.attribute if attr.name == "transA"), 0)
    return math.prod(out) * (a[0] if trans_a else a[-1])


def match_sections(layers: Sequence[Layer], sections: Sequence) -> tuple[list[Row], list[Layer], list]:
    """Rows of layers and xfuse sections (those with FLOPs) matched in order on equal FLOPs;
    the layers and sections left unmatched (from the first place no run of `LONGEST_RUN` or fewer
    on each side made the FLOPs equal)."""
    timed = [s for s in sections if s.flops]
    rows: list[Row] = []
    i = j = 0
    while i < len(layers) and j < len(timed):
        taken_layers, taken_sections = [layers[i]], [timed[j]]
        while sum(x.flops for x in taken_layers) != sum(s.flops for s in taken_sections):
            if len(taken_layers) == len(taken_sections) == 1 and taken_layers[0].winograd_flops == timed[j].flops:
                break  # the layer in Winograd's form
            more_layers = sum(x.flops for x in taken_layers) < sum(s.flops for s in taken_sections)
            side, source, start = (taken_layers, layers, i) if more_layers else (taken_sections, timed, j)
            if start + len(side) >= len(source) or len(side) >= LONGEST_RUN:
                return rows, list(layers[i:]), list(timed[j:])
            side.append(source[start + len(side)])
        rows += paired(taken_layers, taken_sections)
        i += len(taken_layers)
        j += len(taken_sections)
    return rows, list(layers[i:]), list(timed[j:])


def paired(layers: list[Layer], sections: list) -> list[Row]:
    """A run of layers and sections of equal FLOPs as one row per layer when each layer has a
    section of its own FLOPs (two branches that xfuse computes in the other order), else as
    one row; also one row when two layers of the run have the same FLOPs (which is which would
    be a guess)."""
    if len(layers) != len(sections) or len({layer.flops for layer in layers}) != len(layers):
        return [Row(layers, sections)]
    left = list(sections)
    rows = []
    for layer in layers:
        section = next((s for s in left if s.flops == layer.flops), None)
        if section is None:
            return [Row(layers, sections)]
        left.remove(section)
        rows.append(Row([layer], [section]))
    return rows


def ort_node_times(events: list[dict]) -> list[dict]:
    """onnxruntime's node events with each node's median microseconds over the runs after the
    first: [{"name", "op", "shapes", "us"}] in the order of one run."""
    runs = sorted((e for e in events if e.get("cat") == "Session" and e.get("name") == "model_run"),
                  key=lambda e: e["ts"])
    per_run: list[list[dict]] = [[] for _ in runs]
    for event in events:
        if event.get("cat") != "Node" or not event.get("name", "").endswith("_kernel_time"):
            continue
        for index, run in enumerate(runs):
            if run["ts"] <= event["ts"] <= run["ts"] + run["dur"]:
                per_run[index].append(event)
                break
    timed = per_run[1:] if len(per_run) > 1 else per_run
    if not timed or not timed[0]:
        raise RuntimeError("onnxruntime's profile holds no node events")
    runs_in_order = [sorted(run, key=lambda e: e["ts"]) for run in timed]
    if any([e["name"] for e in run] != [e["name"] for e in runs_in_order[0]] for run in runs_in_order):
        raise RuntimeError("onnxruntime's runs did not run the same nodes in the same order")
    nodes = []
    for position, event in enumerate(runs_in_order[0]):
        args = event.get("args", {})
        shapes = tuple(tuple(next(iter(s.values()))) for s in (*args.get("input_type_shape", []),
                                                                   *args.get("output_type_shape", [])))
        nodes.append({"name": event["name"].removesuffix("_kernel_time"), "op": args.get("op_name", "?"),
                      "shapes": shapes, "us": statistics.median(run[position]["dur"] for run in runs_in_order),
                      "position": position})
    return nodes


def _padded_to(ours: tuple, theirs: tuple) -> bool:
    """`theirs` is the shape `ours`, or it with its first two dimensions (batch and channels; a
    filter's output and input channels) rounded up to onnxruntime's NCHWc block: with AVX-512's
    blocks of 16 it reports a 72-channel map as 80 channels, 24 as 32."""
    if len(ours) != len(theirs):
        return False
    return all(a == b or (i < 2 and b > a and b % 8 == 0 and b - a < 16)
               for i, (a, b) in enumerate(zip(ours, theirs)))


def attach_ort(rows: Sequence[Row], ort_nodes: list[dict]) -> None:
    """Each row's layers' onnxruntime times: the first unused event whose input and output
    shapes are the layer's (channel counts as onnxruntime pads them to its NCHWc block:
    `_padded_to`) and that lists the layer's weight shape, or is a contraction that lists no
    operand of the weight's rank (a prepacked weight is not listed); None when onnxruntime has no
    such event. Then the row's `ort_after`: the `ORT_ELEMENTWISE` events that directly follow
    the last layer's, each taking an input of the previous one's output shape (a swish; a
    squeeze-excite gate's sigmoid and its multiply over the whole activation)."""
    used: set[int] = set()
    for row in rows:
        row.ort_us = []
        for layer in row.layers:
            x, w, y = layer.shapes
            found = next((n for n in ort_nodes if n["position"] not in used and len(n["shapes"]) >= 2
                          and _padded_to(x, n["shapes"][0]) and _padded_to(y, n["shapes"][-1])
                          and (any(_padded_to(w, s) for s in n["shapes"][1:-1]) or n["op"] in ORT_CONTRACTIONS
                               and not any(len(s) == len(w) for s in n["shapes"][1:-1]))), None)
            if found is not None:
                used.add(found["position"])
            row.ort_us.append(None if found is None else found["us"])
        row.ort_after = []
        if found is not None:  # the last layer's: the chain that follows it on its output
            current = y
            for node in ort_nodes[found["position"] + 1:]:
                if node["op"] not in ORT_ELEMENTWISE or current not in node["shapes"][:-1] \
                        or node["position"] in used:
                    break
                used.add(node["position"])
                row.ort_after.append(node)
                current = node["shapes"][-1]


def elementwise_after(rows: Sequence[Row], sections: Sequence) -> None:
    """Each row's xfuse sections of kind `linalg.generic` without FLOPs that follow its last
    section directly: the elementwise ops xfuse left out of the contraction's register tiles
    (the ones it fused are in the section already)."""
    for row in rows:
        row.xfuse_after = []
        for section in sections[row.sections[-1].index:]:  # `index` counts from 1
            if section.kind != "linalg.generic" or section.flops:
                break
            row.xfuse_after.append(section)


def ort_profile(model, feeds: dict, threads: int, repeat: int) -> list[dict]:
    """onnxruntime's per-node medians over `repeat` runs after a warm-up (benchmarks/models.py's
    session options, profiling on)."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    with tempfile.TemporaryDirectory(prefix="xfuse-layer-compare-") as tmp:
        options.enable_profiling = True
        options.profile_file_prefix = str(Path(tmp) / "ort")
        session = onnxruntime.InferenceSession(model.SerializeToString(), options,
                                               providers=["CPUExecutionProvider"])
        for _ in range(repeat + 1):
            session.run(None, feeds)
        events = json.loads(Path(session.end_profiling()).read_text())
    return ort_node_times(events)


@contextlib.contextmanager
def realtime_runs(on: bool):
    """With `on`, every thread of the process at SCHED_FIFO inside (threads made inside inherit
    it: onnxruntime's pool, made with its session), back to SCHED_OTHER after, also on an error."""
    if not on:
        yield
        return
    from benchmarks.flag_ab import _schedule_threads

    _schedule_threads(os.SCHED_FIFO, 10)
    try:
        yield
    finally:
        _schedule_threads(os.SCHED_OTHER, 0)


def compare(name: str, threads: int = 1, repeat: int = 10, seed: int = 0, realtime: bool = False) -> dict:
    """The comparison of one model: rows, unmatched layers and sections, totals by kind; with
    `realtime`, both systems' profiled runs at SCHED_FIFO (`realtime_runs`)."""
    import xfuse.onnx
    from benchmarks.models import seeded_feeds, xfuse_configuration

    model = onnx_model(name, seed)
    feeds = seeded_feeds(model, seed)
    passes, backend = xfuse_configuration(threads, "default")
    compiled = xfuse.onnx.load(model, passes=passes, pipeline=backend)
    with realtime_runs(realtime):
        profile = compiled.profile(*(feeds[n] for n in compiled.input_names), repeat=repeat)
    with realtime_runs(realtime):
        ort_nodes = ort_profile(model, feeds, threads, repeat)
    layers = contraction_layers(model)
    rows, left_layers, left_sections = match_sections(layers, profile.sections)
    attach_ort(rows, ort_nodes)
    elementwise_after(rows, profile.sections)
    ort_kinds: dict[str, float] = {}
    for node in ort_nodes:
        ort_kinds[node["op"]] = ort_kinds.get(node["op"], 0.0) + node["us"] / 1e3
    return {"model": name, "threads": threads, "repeat": repeat, "xfuse_clock": profile.clock,
            "xfuse_total_ms": sum(s.median_ms for s in profile.sections),
            "ort_total_ms": sum(ort_kinds.values()),
            "rows": [row.record() for row in rows],
            "unmatched_nodes": [layer.name for layer in left_layers],
            "unmatched_sections": [s.label for s in left_sections],
            "xfuse_by_kind": {kind: ms for kind, _, ms, _ in profile.by_kind()},
            "ort_by_kind": dict(sorted(ort_kinds.items(), key=lambda item: -item[1]))}


def format_comparison(result: dict, largest: int = 10) -> str:
    def number(value, spec: str) -> str:
        return format(value, spec) if value is not None else "-"

    lines = [f"{result['model']} T={result['threads']}: xfuse {result['xfuse_total_ms']:.3f} ms "
             f"({'CPU' if result['xfuse_clock'] == 'cpu' else 'wall'} time, sections' medians), onnxruntime "
             f"{result['ort_total_ms']:.3f} ms (wall time, nodes' medians), {result['repeat']} runs each",
             f"{'#':>3} {'layer':<34} {'xfuse ms':>9} {'ort ms':>9} {'xf GF/s':>8} {'ort GF/s':>8} {'ratio':>6} "
             f"{'gap ms':>8}  nodes"]
    for index, r in enumerate(result["rows"], 1):
        lines.append(f"{index:>3} {r['layer'][:34]:<34} {number(r['xfuse_ms'], '9.3f'):>9} "
                     f"{number(r['ort_ms'], '9.3f'):>9} {number(r['xfuse_gflops'], '8.1f'):>8} "
                     f"{number(r['ort_gflops'], '8.1f'):>8} {number(r['ratio'], '6.2f'):>6} "
                     f"{number(r['gap_ms'], '+8.3f'):>8}  {', '.join(r['nodes'])}"
                     + "".join(f" +{after}" for after in r["ort_after"])
                     + (f" (xfuse +{len(r['xfuse_after'])} section(s))" if r["xfuse_after"] else ""))
    gaps = sorted((r for r in result["rows"] if r["gap_ms"] is not None), key=lambda r: -r["gap_ms"])[:largest]
    lines.append("largest gaps: " + "; ".join(f"{r['layer']} {r['gap_ms']:+.3f} ms ({r['ratio']:.2f}x)"
                                               for r in gaps))
    matched_x = sum(r["xfuse_ms"] or 0 for r in result["rows"])
    matched_o = sum(r["ort_ms"] or 0 for r in result["rows"] if r["xfuse_ms"] is not None)
    lines.append(f"contractions: xfuse {matched_x:.3f} ms, onnxruntime {matched_o:.3f} ms; the rest: xfuse "
                 f"{result['xfuse_total_ms'] - matched_x:.3f} ms, onnxruntime {result['ort_total_ms'] - matched_o:.3f} ms")
    lines.append("xfuse by kind: " + "; ".join(f"{k} {v:.3f}" for k, v in result["xfuse_by_kind"].items()))
    lines.append("onnxruntime by kind: " + "; ".join(f"{k} {v:.3f}" for k, v in result["ort_by_kind"].items()))
    if result["unmatched_nodes"] or result["unmatched_sections"]:
        lines.append(f"unmatched: {len(result['unmatched_nodes'])} ONNX node(s) "
                     f"({', '.join(result['unmatched_nodes'][:5])}), {len(result['unmatched_sections'])} xfuse "
                     f"section(s) with FLOPs")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", choices=DEFAULT_MODELS + EXTRA_MODELS, required=True)
    parser.add_argument("--threads", type=int, default=1, help="threads of both systems (default 1)")
    parser.add_argument("--repeat", type=int, default=10, help="profiled runs of each system (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the weights and the input")
    parser.add_argument("--largest", type=int, default=10, help="the largest gaps listed (default 10)")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")
    parser.add_argument("--realtime", action="store_true",
                        help="profile at SCHED_FIFO (root), so that other processes cannot take a CPU from the runs")
    args = parser.parse_args(argv)
    if args.repeat < 1 or not 1 <= args.threads <= (os.cpu_count() or 1):
        parser.error(f"--repeat must be at least 1 and --threads between 1 and {os.cpu_count()}")
    if args.realtime:  # at SCHED_FIFO the other processes' threads count as running: whole teams
        os.environ.setdefault("OMP_DYNAMIC", "false")  # (xfuse/runtime/openmp.py `teams_fit_idle_cpus`)
    result = compare(args.model, args.threads, args.repeat, args.seed, args.realtime)
    print(json.dumps(result, indent=2) if args.json else format_comparison(result, args.largest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
