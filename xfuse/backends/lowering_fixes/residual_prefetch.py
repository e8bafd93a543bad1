"""A software prefetch of the residual lines a register tile's epilogue adds and stores back, a
fixed distance (`PREFETCH_BYTES`) or whole tile spans (`PREFETCH_TILES`) ahead: an experiment,
off (it measured level on ResNet-50 at one and two threads).

Why: the seventeenth session read ResNet-50's 56x56 residual expansions as 4x16 tiles whose
epilogue reached a new 4 KiB page every 4 pixels (256 channels a pixel), which no hardware
prefetcher follows (they stay within a page); the tile would wait for its residual after its K
loop (docs/backend-measurements.md, "the residual 1x1 layers' epilogues, eighteenth session").
MLIR 22's pipeline has no point after bufferization where Python could add `memref.prefetch`
without splitting the mlir-opt run, so this rewrites the optimized LLVM IR (after `opt`, before
`llc`): every vector load of floats that an `fadd` of its basic block adds to a value from outside
the block (an epilogue's residual added to an accumulator of the K loop; not a Winograd
transform's sums of loads) gets an `llvm.prefetch` for writing (`prefetchw`: the tile stores its
result there) before it. The store does not find it: at two threads the load's and the store's
addresses are computed apart. The tile span is read from the block's loads: their pointers
resolved through `getelementptr`s of i8 and float and constant `add`s to (root, variable indices,
constant offset); loads of one root at evenly spaced offsets are one tile's pixels, spanning
`loads x spacing` bytes. A prefetch never faults, so a distance past the buffer is harmless.
"""

from __future__ import annotations

import re

PREFETCH_BYTES = 0
"""Bytes ahead of an in-place epilogue's vector load to prefetch (for writing); 0: off."""

PREFETCH_TILES = 0
"""Tiles ahead, along the tile's pixels, of an in-place epilogue's vector load to prefetch (for
writing), when `PREFETCH_BYTES` is 0: a block's residual loads at evenly spaced constant offsets
from one address (a tile's pixels, one a line apart) span `loads x spacing` bytes, and the
prefetch goes that many times further; 0: off."""

PREFETCH_PARALLEL = False
"""The parallel pipelines (two threads or more) get `PREFETCH_TILES` too; off: one-thread builds
only (at two threads ResNet-50 read level with it, 0.997 in 6 of 12 rounds)."""


def settings(parallel: bool) -> tuple[int, int]:
    """(bytes, tiles) ahead for a build of a parallel pipeline or not; (0, 0): no rewrite."""
    return PREFETCH_BYTES, (PREFETCH_TILES if PREFETCH_PARALLEL or not parallel else 0)


_ADD = re.compile(r"^\s*(%[\w.$-]+) = add (?:[a-z]+ )*i64 (%[\w.$-]+), (-?\d+)$")
_GEP = re.compile(r"^\s*(%[\w.$-]+) = getelementptr (?:[a-z]+ )*(i8|float), ptr (%[\w.$-]+), i64 (%?[\w.$-]+)$")

_LOAD = re.compile(r"^(\s*)(%[\w.$-]+) = load <\d+ x float>, ptr (%[\w.$-]+)\b")
_FADD = re.compile(r"^\s*%[\w.$-]+ = fadd (?:\w+ )*<\d+ x float> (%[\w.$-]+), (%[\w.$-]+)")
_DEFINITION = re.compile(r"^\s*(%[\w.$-]+) = ")
_LABEL = re.compile(r"^[\w.$-]+:")
_DECLARATION = "declare void @llvm.prefetch.p0(ptr readonly captures(none), i32 immarg, i32 immarg, i32 immarg)"


def recipe(parallel: bool) -> str:
    """What a build with this rewrite depends on, for the build cache's key (runner.py)."""
    distance, tiles = settings(parallel)
    if not (distance or tiles):
        return "off"
    patterns = " ".join(pattern.pattern for pattern in (_LOAD, _FADD, _GEP, _ADD))
    return f"{distance} bytes {tiles} tiles {patterns}"


def _resolve(pointer: str, geps: dict[str, tuple[str, str, str]],
             adds: dict[str, tuple[str, int]]) -> tuple[str, int, tuple[str, ...]]:
    """`pointer` as (root, constant byte offset, variable indices) through the `getelementptr`s of
    i8 and float it is computed by (and the `add`s of a constant to their indices)."""
    offset, variables = 0, []
    while pointer in geps:
        element, pointer, index = geps[pointer]
        size = 1 if element == "i8" else 4
        if index in adds:  # an index computed as another plus a constant
            index, constant = adds[index]
            offset += size * constant
        if index.lstrip("-").isdigit():
            offset += size * int(index)
        else:
            variables.append(f"{element}:{index}")
        if len(variables) > 16:
            break
    return pointer, offset, tuple(sorted(variables))


def _tile_spans(loads: dict[int, str], geps: dict[str, tuple[str, str, str]],
                adds: dict[str, tuple[str, int]]) -> dict[int, int]:
    """For the loads (line -> pointer) of one block: the bytes the tile they belong to spans, for
    those at evenly spaced constant offsets from one address (two or more)."""
    groups: dict[tuple[str, tuple[str, ...]], dict[int, int]] = {}
    for index, pointer in loads.items():
        root, offset, variables = _resolve(pointer, geps, adds)
        groups.setdefault((root, variables), {})[index] = offset
    spans: dict[int, int] = {}
    for members in groups.values():
        offsets = sorted(set(members.values()))
        steps = {b - a for a, b in zip(offsets, offsets[1:])}
        if len(steps) == 1 and (step := steps.pop()) > 0:
            spans.update({index: len(offsets) * step for index in members})
    return spans


def _blocks(lines: list[str]) -> list[tuple[int, int]]:
    """(start, end) line ranges of the basic blocks inside function bodies."""
    ranges, start = [], None
    for index, line in enumerate(lines):
        if line.startswith("define "):
            start = index + 1
        elif start is not None and (line == "}" or _LABEL.match(line)):
            ranges.append((start, index))
            start = None if line == "}" else index + 1
    return ranges


def add_prefetches(llvm_ir: str, distance: int, tiles: int = 0) -> tuple[str, int]:
    """`llvm_ir` with a write prefetch `distance` bytes past every in-place vector load (module
    doc), or with `distance` 0 `tiles` tile spans past it (`PREFETCH_TILES`), and how many were
    added; unchanged when both are 0."""
    if not (distance or tiles):
        return llvm_ir, 0
    lines = llvm_ir.split("\n")
    geps_in: dict[int, dict[str, tuple[str, str, str]]] = {}  # per function (names are local), by its first line
    adds_in: dict[int, dict[str, tuple[str, int]]] = {}
    function = 0
    for index, line in enumerate(lines):
        if line.startswith("define "):
            function = index + 1
            geps_in[function], adds_in[function] = {}, {}
        elif function and (match := _GEP.match(line)):
            geps_in[function][match.group(1)] = (match.group(2), match.group(3), match.group(4))
        elif function and (match := _ADD.match(line)):
            adds_in[function][match.group(1)] = (match.group(2), int(match.group(3)))
    inserts: dict[int, list[str]] = {}
    count = 0
    for start, end in _blocks(lines):
        first = max((first for first in geps_in if first <= start), default=0)
        geps, adds = geps_in.get(first, {}), adds_in.get(first, {})
        defined = {match.group(1) for line in lines[start:end] if (match := _DEFINITION.match(line))}
        added = {name for line in lines[start:end] if (match := _FADD.match(line))
                 for name, other in (match.groups(), match.groups()[::-1]) if other not in defined}
        loads = {index: match.group(3) for index in range(start, end)
                 if (match := _LOAD.match(lines[index])) and match.group(2) in added}
        spans = {} if distance else _tile_spans(loads, geps, adds)
        for index, pointer in loads.items():
            ahead = distance or tiles * spans.get(index, 0)
            if not ahead:
                continue
            indent = _LOAD.match(lines[index]).group(1)
            name = f"%xfuse.prefetch.{count}"
            inserts[index] = [f"{indent}{name} = getelementptr i8, ptr {pointer}, i64 {ahead}",
                              f"{indent}call void @llvm.prefetch.p0(ptr {name}, i32 1, i32 3, i32 1)"]
            count += 1
    if not count:
        return llvm_ir, 0
    out: list[str] = []
    for index, line in enumerate(lines):
        out.extend(inserts.get(index, ()))
        out.append(line)
    text = "\n".join(out)
    if "@llvm.prefetch.p0(" not in llvm_ir:
        text += f"\n{_DECLARATION}\n"
    return text, count


if __name__ == "__main__":  # textual LLVM IR on stdin, the distance as argument (tests/filecheck)
    import sys

    print(add_prefetches(sys.stdin.read(), int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 0)[0])
