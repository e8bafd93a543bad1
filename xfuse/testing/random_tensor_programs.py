"""Seeded random tensor programs, to test xfuse-bufferize differentially.

Two families:
- `fused_kernel(seed)`: a small matmul followed by a random chain of elementwise ops (shapes
  that tile sizes 16 / 32 do not divide, several returned values), meant to be run through
  `FUSION_PIPELINE` first: diffusion + canonicalize + cse produce the shared_outs / iter_args
  tied to one value and result-less loops that random testing found bugs with;
- `tensor_program(seed)`: straight-line and loop code over the tensor ops xfuse-bufferize models
  (insert / extract / slices / reshapes / pad / concat / scf.if / scf.for / linalg ops...).

`check(text, passes)` applies `passes` then `xfuse-bufferize`, compiles the result with the
`memref` pipeline and the original with the backend's default (upstream bufferization), runs
both on the same random inputs and raises `AssertionError` on any difference.
"""

from __future__ import annotations

import random
import re
FUSION_PIPELINE = "xfuse-diffusion{root-tile-sizes=16,32},canonicalize,cse"

_SIZES = (8, 12, 16, 20, 24, 33, 40, 48)


def fused_kernel(seed: int) -> str:
    """`@kernel`: fill + matmul, then 1..4 elementwise ops (bias add, relu, mul by an input,
    exp-free ops only), returning the last value and a random subset of the others."""
    rng = random.Random(seed)
    m, k, n = rng.choice(_SIZES), rng.choice(_SIZES), rng.choice(_SIZES)
    t = f"tensor<{m}x{n}xf32>"
    lines = [
        f"func.func @kernel(%a: tensor<{m}x{k}xf32>, %b: tensor<{k}x{n}xf32>, %bias: tensor<{n}xf32>, "
        f"%c: {t}) -> (RESULTS) {{",
        "  %zero = arith.constant 0.000000e+00 : f32",
        f"  %e0 = tensor.empty() : {t}",
        f"  %acc = linalg.fill ins(%zero : f32) outs(%e0 : {t}) -> {t}",
        f"  %v0 = linalg.matmul ins(%a, %b : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%acc : {t}) -> {t}",
    ]
    values = ["%v0"]
    for i in range(1, rng.randint(1, 4) + 1):
        prev = values[-1] if rng.random() < 0.8 else rng.choice(values)
        kind = rng.choice(("bias", "relu", "mul", "add", "sub"))
        lines.append(f"  %e{i} = tensor.empty() : {t}")
        if kind == "bias":
            lines.append(f"  %bc{i} = linalg.broadcast ins(%bias : tensor<{n}xf32>) outs(%e{i} : {t}) dimensions = [0]")
            lines.append(f"  %e{i}b = tensor.empty() : {t}")
            lines.append(f"  %v{i} = linalg.add ins({prev}, %bc{i} : {t}, {t}) outs(%e{i}b : {t}) -> {t}")
        elif kind == "relu":
            lines += [
                "  %v{0} = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, "
                "affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\"]}} "
                "ins({1} : {2}) outs(%e{0} : {2}) {{".format(i, prev, t),
                "  ^bb0(%x: f32, %o: f32):",
                "    %r = arith.maximumf %x, %zero : f32",
                "    linalg.yield %r : f32",
                f"  }} -> {t}",
            ]
        else:
            other = rng.choice(["%c"] + values)
            lines.append(f"  %v{i} = linalg.{kind} ins({prev}, {other} : {t}, {t}) outs(%e{i} : {t}) -> {t}")
        values.append(f"%v{i}")
    returned = [v for v in values[:-1] if rng.random() < 0.4] + [values[-1]]
    lines.append(f"  return {', '.join(returned)} : {', '.join([t] * len(returned))}")
    lines.append("}")
    return "\n".join(lines).replace("RESULTS", ", ".join([t] * len(returned))) + "\n"


class _Program:
    """A straight-line tensor program under construction: SSA values by static 2-D shape."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.lines: list[str] = []
        self.values: dict[tuple[int, int], list[str]] = {}
        self.count = 0

    def fresh(self) -> str:
        self.count += 1
        return f"%v{self.count}"

    def add(self, name: str, shape: tuple[int, int]) -> str:
        self.values.setdefault(shape, []).append(name)
        return name

    def pick(self, shape: tuple[int, int] | None = None) -> tuple[str, tuple[int, int]]:
        if shape is None:
            shape = self.rng.choice(sorted(self.values))
        return self.rng.choice(self.values[shape]), shape

    def dest(self, shape: tuple[int, int]) -> str:
        """An existing value of `shape` (its buffer may be reused in place) or a tensor.empty."""
        if shape in self.values and self.rng.random() < 0.5:
            return self.pick(shape)[0]
        name = self.fresh()
        self.lines.append(f"  {name} = tensor.empty() : {_t(shape)}")
        return name


def _t(shape: tuple[int, ...]) -> str:
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def _step(p: _Program) -> None:
    rng = p.rng
    kind = rng.choice(("binary", "binary", "fill", "insert", "extract_slice", "insert_slice", "transpose",
                       "pad", "concat", "reshape", "cast", "select", "if", "for", "materialize", "splat",
                       "generate", "execute_region", "while", "index_switch"))
    x, (r, c) = p.pick()
    t = _t((r, c))
    out = p.fresh()
    if kind == "binary":
        y, _ = p.pick((r, c))
        op = rng.choice(("add", "mul", "sub"))
        p.lines.append(f"  {out} = linalg.{op} ins({x}, {y} : {t}, {t}) outs({p.dest((r, c))} : {t}) -> {t}")
    elif kind == "fill":
        p.lines.append(f"  {out} = linalg.fill ins(%s : f32) outs({p.dest((r, c))} : {t}) -> {t}")
    elif kind == "insert":
        i, j = rng.randrange(r), rng.randrange(c)
        p.lines.append(f"  {out} = tensor.insert %s into {x}[%c{i}, %c{j}] : {t}")
    elif kind == "extract_slice":
        h, w = rng.randint(1, r), rng.randint(1, c)
        i, j = rng.randint(0, r - h), rng.randint(0, c - w)
        p.lines.append(f"  {out} = tensor.extract_slice {x}[{i}, {j}] [{h}, {w}] [1, 1] : {t} to {_t((h, w))}")
        p.add(out, (h, w))
        return
    elif kind == "insert_slice":
        small = [s for s in p.values if s[0] <= r and s[1] <= c]
        y, (h, w) = p.pick(rng.choice(sorted(small)))
        i, j = rng.randint(0, r - h), rng.randint(0, c - w)
        p.lines.append(f"  {out} = tensor.insert_slice {y} into {x}[{i}, {j}] [{h}, {w}] [1, 1] : {_t((h, w))} into {t}")
    elif kind == "transpose":
        p.lines.append(f"  {out} = linalg.transpose ins({x} : {t}) outs({p.dest((c, r))} : {_t((c, r))}) permutation = [1, 0]")
        p.add(out, (c, r))
        return
    elif kind == "pad":
        lo, hi = rng.randint(0, 2), rng.randint(0, 2)
        p.lines += [f"  {out} = tensor.pad {x} low[{lo}, 0] high[{hi}, 1] {{",
                    "  ^bb0(%pi: index, %pj: index):", "    tensor.yield %s : f32",
                    f"  }} : {t} to {_t((r + lo + hi, c + 1))}"]
        p.add(out, (r + lo + hi, c + 1))
        return
    elif kind == "concat":
        y, (h, _) = p.pick(rng.choice(sorted(s for s in p.values if s[1] == c)))
        p.lines.append(f"  {out} = tensor.concat dim(0) {x}, {y} : ({t}, {_t((h, c))}) -> {_t((r + h, c))}")
        p.add(out, (r + h, c))
        return
    elif kind == "reshape":
        flat = p.fresh()
        p.lines.append(f"  {flat} = tensor.collapse_shape {x} [[0, 1]] : {t} into tensor<{r * c}xf32>")
        p.lines.append(f"  {out} = tensor.expand_shape {flat} [[0, 1]] output_shape [{c}, {r}] : tensor<{r * c}xf32> into {_t((c, r))}")
        p.add(out, (c, r))
        return
    elif kind == "cast":
        dyn = p.fresh()
        p.lines.append(f"  {dyn} = tensor.cast {x} : {t} to tensor<?x{c}xf32>")
        p.lines.append(f"  {out} = tensor.cast {dyn} : tensor<?x{c}xf32> to {t}")
    elif kind == "select":
        y, _ = p.pick((r, c))
        p.lines.append(f"  {out} = arith.select %cond, {x}, {y} : {t}")
    elif kind == "if":
        y, _ = p.pick((r, c))
        tmp = p.fresh()
        p.lines += [f"  {out} = scf.if %cond -> ({t}) {{",
                    f"    {tmp} = linalg.add ins({x}, {y} : {t}, {t}) outs({y} : {t}) -> {t}",
                    f"    scf.yield {tmp} : {t}", "  } else {", f"    scf.yield {x} : {t}", "  }"]
    elif kind == "for":
        row, new, upd = p.fresh(), p.fresh(), p.fresh()
        row_t = _t((1, c))
        p.lines += [f"  {out} = scf.for %k = %c0 to %c{r} step %c1 iter_args(%acc = {x}) -> ({t}) {{",
                    f"    {row} = tensor.extract_slice %acc[%k, 0] [1, {c}] [1, 1] : {t} to {row_t}",
                    f"    {new} = linalg.add ins({row}, {row} : {row_t}, {row_t}) outs({row} : {row_t}) -> {row_t}",
                    f"    {upd} = tensor.insert_slice {new} into %acc[%k, 0] [1, {c}] [1, 1] : {row_t} into {t}",
                    f"    scf.yield {upd} : {t}", "  }"]
    elif kind == "materialize":
        y, _ = p.pick((r, c))
        p.lines.append(f"  {out} = bufferization.materialize_in_destination {x} in {y} : ({t}, {t}) -> {t}")
    elif kind == "generate":
        y, _ = p.pick((r, c))
        v, w = p.fresh(), p.fresh()
        p.lines += [f"  {out} = tensor.generate {{", "  ^bb0(%gi: index, %gj: index):",
                    f"    {v} = tensor.extract {y}[%gi, %gj] : {t}",
                    f"    {w} = arith.addf {v}, %s : f32", f"    tensor.yield {w} : f32", f"  }} : {t}"]
    elif kind == "execute_region":
        y, _ = p.pick((r, c))
        tmp = p.fresh()
        p.lines += [f"  {out} = scf.execute_region -> {t} {{",
                    f"    {tmp} = linalg.mul ins({x}, {y} : {t}, {t}) outs({p.dest((r, c))} : {t}) -> {t}",
                    f"    scf.yield {tmp} : {t}", "  }"]
    elif kind == "while":
        y, _ = p.pick((r, c))
        tmp = p.fresh()
        p.lines += [f"  {out}, %w{p.count} = scf.while (%wt = {x}, %wi = %c0) : ({t}, index) -> ({t}, index) {{",
                    "    %wgo = arith.cmpi ult, %wi, %n : index",
                    f"    scf.condition(%wgo) %wt, %wi : {t}, index", "  } do {",
                    f"  ^bb0(%wb: {t}, %wk: index):",
                    f"    {tmp} = linalg.add ins(%wb, {y} : {t}, {t}) outs(%wb : {t}) -> {t}",
                    "    %wn = arith.addi %wk, %c1 : index", f"    scf.yield {tmp}, %wn : {t}, index", "  }"]
    elif kind == "index_switch":
        y, _ = p.pick((r, c))
        tmp = p.fresh()
        p.lines += [f"  {out} = scf.index_switch %n -> {t}", "  case 1 {", f"    scf.yield {x} : {t}", "  }",
                    "  case 2 {", f"    {tmp} = linalg.sub ins({x}, {y} : {t}, {t}) outs({p.dest((r, c))} : {t}) -> {t}",
                    f"    scf.yield {tmp} : {t}", "  }", "  default {", f"    scf.yield {y} : {t}", "  }"]
    else:
        p.lines.append(f"  {out} = tensor.splat %s : {t}")
    p.add(out, (r, c))


def tensor_program(seed: int, steps: int | None = None) -> str:
    """`@program`: 3..12 random tensor ops over two 4x6 and one 6x4 argument, a scalar and an
    index %n in [1, 4] (the condition of selects and ifs, the case of index_switch, the trip
    count of while loops), returning one to three of the values."""
    rng = random.Random(seed)
    p = _Program(rng)
    args = [("%a", (4, 6)), ("%b", (4, 6)), ("%c", (6, 4))]
    for name, shape in args:
        p.add(name, shape)
    for _ in range(steps if steps is not None else rng.randint(3, 12)):
        _step(p)
    names = [(n, s) for s, vs in p.values.items() for n in vs]
    last = max(names, key=lambda v: int(v[0][2:]) if v[0].startswith("%v") else 0)
    others = [v for v in names if v != last]
    returned = [last] + rng.sample(others, k=min(len(others), rng.randint(0, 2)))
    header = [
        f"func.func @program(%a: {_t((4, 6))}, %b: {_t((4, 6))}, %c: {_t((6, 4))}, %s: f32, %n: index) -> "
        f"({', '.join(_t(s) for _, s in returned)}) {{",
        "  %c2 = arith.constant 2 : index",
        "  %cond = arith.cmpi ult, %n, %c2 : index",
    ]
    consts = sorted(({int(m) for line in p.lines for m in re.findall(r"%c(\d+)\b", line)} | {0, 1}) - {2})
    header += [f"  %c{k} = arith.constant {k} : index" for k in consts]
    footer = [f"  return {', '.join(n for n, _ in returned)} : {', '.join(_t(s) for _, s in returned)}", "}"]
    return "\n".join(header + p.lines + footer) + "\n"


class NoReference(Exception):
    """mlir-opt could not compile the input (e.g. one-shot-bufferize refuses a write into a
    read-only argument, or crashes): there is nothing to compare with."""


class ReferenceWrong(AssertionError):
    """xfuse disagrees with mlir-opt's default bufferization but agrees with mlir-opt's
    `copy-before-write` bufferization (no in-place analysis): upstream's analysis miscompiled."""


def _copying_pipeline():
    from dataclasses import replace

    from xfuse.backends.pipelines import BUFFERIZE, DEALLOCATE, DEFAULT, Step

    copying = Step(BUFFERIZE.passes.replace("}", " copy-before-write}"), BUFFERIZE.why)
    steps = tuple(copying if step == BUFFERIZE else step for step in DEFAULT.steps if step != DEALLOCATE)
    return replace(DEFAULT, steps=steps)


def _reference(text: str, entry: str | None, copying: bool = False):
    """The input compiled by the backend's `default` pipeline (upstream one-shot-bufferize and
    plain loops: the tensor default `microkernel` also fuses and rewrites ops before bufferizing,
    which changes what one-shot-bufferize is given, and hid the upstream miscompile the tests
    show), or
    with `copy-before-write` (every write into a copy: no in-place analysis, no RaW refusal;
    without the deallocation pipeline) when `copying` or when the default fails."""
    from xfuse.backends.runner import BackendError, compile_module
    from xfuse.context import make_context
    from xfuse.parsing import parse

    if copying:
        return compile_module(parse(text, make_context()), entry, pipeline=_copying_pipeline())
    try:
        return compile_module(parse(text, make_context()), entry, pipeline="default")
    except BackendError as first:
        try:
            return compile_module(parse(text, make_context()), entry, pipeline=_copying_pipeline())
        except BackendError:
            raise NoReference(str(first).splitlines()[0]) from first


def check(text: str, passes: str = "", seeds: tuple[int, ...] = (0, 1), entry: str | None = None) -> None:
    """`text` after `passes` and xfuse-bufferize computes what `text` computes (upstream
    bufferization), and leaves its inputs untouched. `NoReference` when mlir-opt cannot compile
    `text` itself; `ReferenceWrong` when xfuse differs from the default reference but matches
    upstream's `copy-before-write` one (an upstream analysis bug)."""
    from xfuse.backends.mlir_text import prepare_for_execution
    from xfuse.backends.runner import compile_module, random_inputs
    from xfuse.context import make_context
    from xfuse.parsing import parse
    from xfuse.passes import apply_passes
    from xfuse.testing.differential import assert_same_results

    reference = _reference(text, entry)
    transformed = apply_passes(prepare_for_execution(parse(text, make_context())),
                               f"{passes},xfuse-bufferize" if passes else "xfuse-bufferize")
    candidate = compile_module(transformed, reference.entry, pipeline="memref")
    for seed in seeds:
        inputs = random_inputs(reference.signature, seed=seed)
        try:
            assert_same_results(reference, candidate, inputs, f"input seed {seed}", tolerance=1e-4)
        except AssertionError as disagreement:
            copying = _reference(text, entry, copying=True)
            assert_same_results(copying, candidate, inputs, f"input seed {seed} (copy-before-write)", tolerance=1e-4)
            raise ReferenceWrong(str(disagreement)) from disagreement


def run_many(family: str, seeds: range, passes: str = "") -> dict[str, list[int]]:
    """Check `family` ("tensor" or "fused") programs for `seeds`: seed lists by outcome
    ("ok", "no reference", "upstream wrong", "failed"), printing each failure."""
    make = tensor_program if family == "tensor" else fused_kernel
    passes = passes or ("" if family == "tensor" else FUSION_PIPELINE)
    outcomes: dict[str, list[int]] = {"ok": [], "no reference": [], "upstream wrong": [], "failed": []}
    for seed in seeds:
        try:
            check(make(seed), passes)
            outcomes["ok"].append(seed)
        except NoReference:
            outcomes["no reference"].append(seed)
        except ReferenceWrong:
            outcomes["upstream wrong"].append(seed)
            print(f"{family} program {seed}: one-shot-bufferize's result differs from copy-before-write's; "
                  "xfuse matches copy-before-write", flush=True)
        except Exception as exc:  # noqa: BLE001 - reported, with the seed to reproduce it
            outcomes["failed"].append(seed)
            print(f"{family} program {seed}: {type(exc).__name__}: {str(exc).strip()[:500]}", flush=True)
    return outcomes


def main(argv: list[str] | None = None) -> int:
    """python -m xfuse.testing.random_tensor_programs [tensor|fused] [FIRST] [COUNT]"""
    import sys

    args = sys.argv[1:] if argv is None else argv
    family = args[0] if args else "tensor"
    first = int(args[1]) if len(args) > 1 else 0
    count = int(args[2]) if len(args) > 2 else 200
    outcomes = run_many(family, range(first, first + count))
    print({k: len(v) for k, v in outcomes.items()})
    return 1 if outcomes["failed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
