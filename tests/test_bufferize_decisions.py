"""The in-place decisions of xfuse-bufferize, pinned: every operand's decision on the bufferize
corpus (tests/bufferize_cases/, the FileCheck inputs of tests/filecheck/transforms/bufferize/)
and on squeezenet after xfuse-network-fusion, against tests/bufferize_decisions.json, which the
analysis wrote before it was made near-linear on networks (incremental alias graphs, cached
loop and branch chains). A speed-up of the analysis must change none of them; a deliberate
change of a decision regenerates the file (`python tests/test_bufferize_decisions.py --write`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import xfuse
from xfuse.backends.target import CpuTarget
from xfuse.diagnostics import XfuseError
from xfuse.transforms.bufferize.call_graph import analyse_module
from xfuse.transforms.network.fusion import fuse_network

ROOT = Path(__file__).parent
GOLDEN = ROOT / "bufferize_decisions.json"
CORPUS = sorted((ROOT / "bufferize_cases").glob("*.mlir")) + sorted(
    (ROOT / "filecheck/transforms/bufferize").rglob("*.mlir")
)


def _decisions(module) -> dict[str, object]:
    """Per function: `op#position.operand=0|1` in program order, loops decided from their
    terminator, rotating loops, and the summary (argument reads/writes, equivalent results)."""
    try:
        analyses, summaries = analyse_module(module, allow_unknown_ops=True)
    except XfuseError as error:
        return {"error": str(error).splitlines()[0]}
    out: dict[str, object] = {}
    for function, analysis in analyses.items():
        marks = [
            f"{analysis.pos[op]}:{op.name}.{i}={int(analysis.is_inplace(op, i))}"
            for op, i in sorted(analysis.models, key=lambda u: (analysis.pos[u[0]], u[1]))
        ]
        summary = summaries[function.sym_name.data]
        out[function.sym_name.data] = {
            "inplace": " ".join(marks),
            "from_terminator": sorted(analysis.pos[loop] for loop in analysis.from_terminator_loops),
            "rotations": sorted(
                (analysis.pos[loop], sorted(r.items())) for loop, r in analysis.rotations.items()
            ),
            "summary": [sorted(summary.reads.items()), sorted(summary.writes.items()),
                        sorted(summary.equivalent_results.items())],
        }
    return out


def _corpus_cases() -> dict[str, str]:
    cases = {}
    for path in CORPUS:
        for k, chunk in enumerate(path.read_text().split("// -----")):
            if any(line.strip() and not line.strip().startswith("//") for line in chunk.splitlines()):
                cases[f"{path.relative_to(ROOT)}#{k}"] = chunk  # not only RUN lines
    return cases


# Inputs that reach xfuse-bufferize through other passes (as their RUN lines run them).
PIPELINES = {
    "fused-mlp": ("filecheck/transforms/bufferize/Inputs/mlp-marked.mlir",
                  "xfuse-tile{loop=forall},xfuse-fuse-producers,xfuse-fuse-consumers"),
}


def _pipeline_case(name: str) -> dict[str, object]:
    path, passes = PIPELINES[name]
    module = xfuse.parse((ROOT / path).read_text())
    xfuse.apply_passes(module, passes)
    return json.loads(json.dumps(_decisions(module)))


def _case(text: str) -> dict[str, object]:
    try:
        module = xfuse.parse(text)
    except Exception as error:  # noqa: BLE001 -- inputs of negative parse tests
        return {"unparsed": type(error).__name__}
    return json.loads(json.dumps(_decisions(module)))


GOLDEN_TARGET = CpuTarget("emeraldrapids", 512, 32, True, l2_bytes=2 << 20, l2_ways=16)
"""The target the squeezenet decisions were recorded for (`xfuse-network-fusion` chooses its
tiles from the target's vector width and L2 size)."""


def _squeezenet() -> dict[str, object]:
    onnx = pytest.importorskip("onnx")
    import os

    import xfuse.onnx
    from xfuse.onnx import import_model

    path = os.path.join(os.path.dirname(onnx.__file__), "backend/test/data/light/light_squeezenet.onnx")
    model = xfuse.onnx.random_weights(onnx.load(path), seed=0)
    module = xfuse.parse(import_model(model).mlir)
    # xfuse-network-fusion, for a fixed target: its tile sizes follow the host's L2 (the golden
    # decisions were recorded with a 2 MiB one; a 1 MiB L2, Zen 4's, tiles differently)
    fuse_network(module, target=GOLDEN_TARGET)
    return json.loads(json.dumps(_decisions(module)))


def _all() -> dict[str, object]:
    found = {name: _case(text) for name, text in _corpus_cases().items()}
    found.update({name: _pipeline_case(name) for name in PIPELINES})
    found["squeezenet"] = _squeezenet()
    return found


@pytest.fixture(scope="module")
def golden() -> dict[str, object]:
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("name", sorted(_corpus_cases()))
def test_corpus_decisions_unchanged(name: str, golden: dict[str, object]) -> None:
    assert _case(_corpus_cases()[name]) == golden[name]


def test_corpus_is_pinned_whole(golden: dict[str, object]) -> None:
    assert set(_corpus_cases()) | set(PIPELINES) | {"squeezenet"} == set(golden)


@pytest.mark.parametrize("name", sorted(PIPELINES))
def test_pipeline_decisions_unchanged(name: str, golden: dict[str, object]) -> None:
    assert _pipeline_case(name) == golden[name]


def test_squeezenet_decisions_unchanged(golden: dict[str, object]) -> None:
    found = _squeezenet()
    assert found == golden["squeezenet"]
    marks = [m for f in found.values() for m in f["inplace"].split()]  # type: ignore[index]
    assert len(marks) > 100, "squeezenet has too few decisions to compare"


def _in_place_chain(n: int) -> str:
    """n elementwise ops, each writing in place into the previous one's result: one alias set
    of n values (networks have such chains: an activation updated op after op)."""
    lines = ["func.func @chain(%x: tensor<8xf32>) -> tensor<8xf32> {",
             "  %c = tensor.empty() : tensor<8xf32>"]
    previous = "%c"
    for i in range(n):
        lines.append(f"  %c{i} = linalg.add ins({previous}, %x : tensor<8xf32>, tensor<8xf32>) "
                     f"outs({previous} : tensor<8xf32>) -> tensor<8xf32>")
        previous = f"%c{i}"
    return "\n".join([*lines, f"  return {previous} : tensor<8xf32>", "}"])


def test_pair_checks_grow_with_the_alias_set_not_its_cube(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each decision checks, per read, only the writes between the read value's definition and
    the read (and those of its own op): on a chain that is one write per read, so the checks
    grow with the square of the chain (one decision per op, each over the alias set so far),
    not with its cube (every read against every write of the set, as before)."""
    from xfuse.transforms.bufferize.analysis import FunctionAnalysis

    calls = [0]
    conflict = FunctionAnalysis._conflict

    def counted(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return conflict(self, *args, **kwargs)

    monkeypatch.setattr(FunctionAnalysis, "_conflict", counted)
    counts = []
    for n in (50, 100):
        calls[0] = 0
        analyses, _ = analyse_module(xfuse.parse(_in_place_chain(n)), allow_unknown_ops=False)
        assert all(next(iter(analyses.values())).inplace.values())  # every op in place
        counts.append(calls[0])
    assert counts[1] <= 4.2 * counts[0], counts  # before: 7.8x (44200 -> 343400 checks)
    assert counts[1] <= 100 * 100 // 2 + 100, counts


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    GOLDEN.write_text(json.dumps(_all(), indent=0, sort_keys=True) + "\n")
