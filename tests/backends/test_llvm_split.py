"""The backend's parallel LLVM step (xfuse/backends/llvm_split.py): a module of several
functions is split by llvm-split, each part optimized and compiled on its own, the objects
linked; the results are those of the module compiled whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from xfuse.backends import llvm_split
from xfuse.backends.runner import compile_module, random_inputs
from xfuse.parsing import parse
from xfuse.passes import apply_passes
from xfuse.testing.differential import assert_same_results
from xfuse.transforms.network.pipeline import NETWORK_PASSES
from xfuse.transforms.outline_groups import outline_module

INPUTS = Path(__file__).parent.parent / "filecheck" / "transforms" / "network" / "Inputs"


def _outlined_network():
    path = INPUTS / "residual_block.mlir"
    module = parse(path.read_text(), name=str(path))
    apply_passes(module, NETWORK_PASSES)
    assert outline_module(module, min_ops=4) >= 2
    return module


def test_split_build_computes_the_same(monkeypatch):
    module = _outlined_network()
    monkeypatch.setenv("XFUSE_OUTLINE_MIN_OPS", "0")
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "1")
    whole = compile_module(module.clone())
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "2")
    monkeypatch.setattr(llvm_split, "MIN_SPLIT_BYTES", 0)
    built: list[list[Path]] = []
    original = llvm_split.compile_in_parts
    monkeypatch.setattr(llvm_split, "compile_in_parts", lambda *a, **k: built.append(original(*a, **k)) or built[-1])
    split = compile_module(module.clone(), cache=False)
    assert len(built) == 1 and len(built[0]) >= 2
    inputs = random_inputs(whole.signature, seed=3)
    assert_same_results(whole, split, inputs, "residual block compiled in 2 parts")


@pytest.mark.parametrize(("size", "functions", "wanted", "parts"), [
    (10, 9, 2, 1),                              # small module: whole
    (llvm_split.MIN_SPLIT_BYTES, 3, 2, 1),      # too few functions
    (llvm_split.MIN_SPLIT_BYTES, 9, 1, 1),      # one job
    (llvm_split.MIN_SPLIT_BYTES, 9, 2, 4),      # at most half as many parts as functions
    (llvm_split.MIN_SPLIT_BYTES, 5, 4, 2),
    (llvm_split.MIN_SPLIT_BYTES, 40, 2, 2 * llvm_split.PARTS_PER_JOB),
])
def test_parts_for(tmp_path, size, functions, wanted, parts):
    text = "".join(f"define void @f{i}() {{\n  ret void\n}}\n" for i in range(functions))
    module = tmp_path / "module.ll"
    module.write_text(text + ";" * max(0, size - len(text)))
    assert llvm_split.parts_for(module, wanted) == parts


def test_jobs_from_the_environment(monkeypatch):
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "3")
    assert llvm_split.jobs() == 3
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "0")
    assert llvm_split.jobs() == 1
    monkeypatch.delenv("XFUSE_LLVM_JOBS")
    assert 1 <= llvm_split.jobs() <= llvm_split.MAX_JOBS


def test_large_modules_are_compiled_without_the_machine_scheduler(monkeypatch, tmp_path):
    """`llc -enable-misched=false` from MACHINE_SCHEDULER_MAX_BYTES of LLVM IR on, in one part
    or in several; the result is the same as with the scheduler."""
    from xfuse.backends import runner

    module = _outlined_network()
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "1")
    commands: list[list[str]] = []
    original = runner._run_tool
    monkeypatch.setattr(runner, "_run_tool",
                        lambda command, work, name: commands.append(command) or original(command, work, name))
    scheduled = compile_module(module.clone(), cache=False)
    assert [c for c in commands if "llc" in Path(c[0]).name and "-enable-misched=false" not in c]
    # the post-RA scheduler is off for every module (runner.POST_RA_SCHEDULER_OFF)
    assert all(runner.POST_RA_SCHEDULER_OFF in c for c in commands if Path(c[0]).name == "llc")
    commands.clear()
    monkeypatch.setattr(runner, "MACHINE_SCHEDULER_MAX_BYTES", 0)
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "2")
    monkeypatch.setattr(llvm_split, "MIN_SPLIT_BYTES", 0)
    unscheduled = compile_module(module.clone(), cache=False)
    llc_runs = [c for c in commands if Path(c[0]).name == "llc"]
    assert len(llc_runs) >= 2 and all("-enable-misched=false" in c for c in llc_runs)
    inputs = random_inputs(scheduled.signature, seed=5)
    assert_same_results(scheduled, unscheduled, inputs, "residual block compiled without the machine scheduler")



def _chain_of_functions(count: int, distinct: int | None = None) -> str:
    """A memref module whose entry `chain` calls `count` functions in turn; each makes
    `b = b * (i % distinct + 1.5) + a`, so the order of the calls shows in the result. With
    `distinct` < `count`, step i and step i + distinct have identical bodies."""
    distinct = distinct or count
    lines = ["#id = affine_map<(d0) -> (d0)>", "module {"]
    for i in range(count):
        lines += [f"  func.func private @step{i}(%a: memref<256xf32>, %b: memref<256xf32>) {{",
                  f"    %c = arith.constant {i % distinct + 1}.5 : f32",
                  "    linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]}",
                  "        ins(%a : memref<256xf32>) outs(%b : memref<256xf32>) {",
                  "    ^bb0(%x: f32, %y: f32):",
                  "      %m = arith.mulf %y, %c : f32",
                  "      %s = arith.addf %m, %x : f32",
                  "      linalg.yield %s : f32",
                  "    }",
                  "    return",
                  "  }"]
    lines.append("  func.func @chain(%a: memref<256xf32>, %b: memref<256xf32>) {")
    lines += [f"    func.call @step{i}(%a, %b) : (memref<256xf32>, memref<256xf32>) -> ()" for i in range(count)]
    lines += ["    return", "  }", "}"]
    return "\n".join(lines)


def _assert_chain_computes(compiled, count: int, seed: int, distinct: int | None = None) -> None:
    """`compiled` (of `_chain_of_functions(count, distinct)`) makes b = b * (i % distinct + 1.5) + a
    for i < count, in order."""
    import numpy as np

    distinct = distinct or count
    a = np.random.default_rng(seed).random(256, dtype=np.float32)
    b = np.zeros(256, np.float32)
    compiled(a, b)
    expected = np.zeros(256, np.float64)
    for i in range(count):
        expected = expected * (i % distinct + 1.5) + a
    np.testing.assert_allclose(b, expected, rtol=1e-5)


def test_parts_compile_largest_first_on_fewer_workers(monkeypatch):
    """More parts than workers (`PARTS_PER_JOB`): the two largest parts start first, at most
    `workers` tools run at once, the objects come back in the parts' order, and the program
    computes what it computes compiled whole."""
    import threading
    import time


    from xfuse.backends import runner

    text = _chain_of_functions(16)
    monkeypatch.setattr(llvm_split, "MIN_SPLIT_BYTES", 0)
    started: list[Path] = []
    running, most = [0], [0]
    lock = threading.Lock()
    original = runner._run_tool

    def counted(command, work, name):
        if name not in ("opt", "llc") or command[1].startswith("-passes="):  # not the whole-module pass
            return original(command, work, name)
        with lock:
            if name == "opt":
                started.append(Path(command[-3]))
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.05)
        try:
            return original(command, work, name)
        finally:
            with lock:
                running[0] -= 1

    sizes: dict[Path, int] = {}
    built: list[list[Path]] = []
    compile_parts = llvm_split.compile_in_parts

    def recorded(*args, **kwargs):
        objects = compile_parts(*args, **kwargs)
        sizes.update({part: part.stat().st_size for part in Path(args[2]).glob("part*") if not part.suffix})
        built.append(objects)
        return objects

    monkeypatch.setattr(runner, "_run_tool", counted)
    monkeypatch.setattr(llvm_split, "compile_in_parts", recorded)
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "2")
    split = compile_module(text, entry="chain", cache=False)
    parts = len(built[0])
    assert parts == 2 * llvm_split.PARTS_PER_JOB, "more parts than workers"
    assert most[0] == 2, "two tools at once, never more"
    assert [p.name for p in built[0]] == [f"part{i}.o" for i in range(parts)]
    largest = sorted(sizes.values())[-2]
    assert all(sizes[part] >= largest for part in started[:2]), "the two largest parts start first"

    _assert_chain_computes(split, 16, seed=4)


def test_arguments_no_callee_reads_are_dropped_before_the_split(monkeypatch, tmp_path):
    """Each `step`, internal as the outlined loops are, reads only the aligned pointers of its two
    memref descriptors (static shapes): `WHOLE_MODULE_PASSES` drops the other 8 of its 10
    arguments while caller and callees are in one module (in different parts, `opt -O3` could
    not), and the program still computes the same."""
    import re
    import subprocess


    from xfuse.backends import runner

    monkeypatch.setattr(llvm_split, "MIN_SPLIT_BYTES", 0)
    monkeypatch.setenv("XFUSE_LLVM_JOBS", "2")
    kept: list[Path] = []
    compile_parts = llvm_split.compile_in_parts

    def keep_parts(module, pipeline, work, *args, **kwargs):
        objects = compile_parts(module, pipeline, work, *args, **kwargs)
        for part in sorted(Path(work).glob("part*.bc")):
            kept.append(tmp_path / part.name)
            kept[-1].write_bytes(part.read_bytes())
        return objects

    monkeypatch.setattr(llvm_split, "compile_in_parts", keep_parts)
    text = _internal_steps(_chain_of_functions(8))
    assert text.count("llvm.linkage =") == 8
    split = compile_module(text, entry="chain", cache=False)
    assert kept
    ir = "".join(subprocess.run([str(runner.tool_path("llvm-dis")), str(part), "-o", "-"], check=True,
                                  capture_output=True, text=True).stdout for part in kept)
    steps = [line for line in ir.splitlines() if line.startswith("define") and "@step" in line]
    assert len(steps) == 8
    for line in steps:
        assert len(re.findall(r"[(,] ?ptr\b", line)) == 2 and "i64" not in line, line

    _assert_chain_computes(split, 8, seed=5)


def _internal_steps(text: str) -> str:
    """`text` (of `_chain_of_functions`) with its steps internal and never inlined, as the outlined
    loops of a network are."""
    import re

    internal = 'attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]} {'
    return re.sub(r"(func.func private @step\d+\(.*\)) \{", rf"\1 {internal}", text)


def _defined_steps(bitcode: list[Path]) -> list[str]:
    """The names of the `step` functions the LLVM bitcode files define."""
    import re
    import subprocess

    from xfuse.backends import runner

    ir = "".join(subprocess.run([str(runner.tool_path("llvm-dis")), str(path), "-o", "-"], check=True,
                                capture_output=True, text=True).stdout for path in bitcode)
    return re.findall(r"^define .*@(step\d+)\(", ir, re.MULTILINE)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_identical_functions_are_compiled_once(monkeypatch, tmp_path, jobs):
    """Twelve internal steps of four distinct bodies: the module `llc` compiles defines four, in
    parts (`WHOLE_MODULE_PASSES`' mergefunc, before the split puts copies in different parts) and
    whole (`runner.MERGE_FUNCTIONS`), and every call still runs its step, in order."""
    from xfuse.backends import runner

    monkeypatch.setattr(llvm_split, "MIN_SPLIT_BYTES", 0)
    monkeypatch.setenv("XFUSE_LLVM_JOBS", jobs)
    compiled: list[Path] = []
    original = runner._run_tool

    def keep_llc_input(command, work, name):
        if name == "llc":
            compiled.append(tmp_path / f"{len(compiled)}.bc")
            compiled[-1].write_bytes(Path(command[-3]).read_bytes())
        return original(command, work, name)

    monkeypatch.setattr(runner, "_run_tool", keep_llc_input)
    text = _internal_steps(_chain_of_functions(12, distinct=4))
    assert text.count("llvm.linkage =") == 12
    program = compile_module(text, entry="chain", cache=False)
    assert len(compiled) == 1 if jobs == "1" else len(compiled) >= 2
    assert len(_defined_steps(compiled)) == 4
    _assert_chain_computes(program, 12, seed=6, distinct=4)
