"""`Model`: an imported ONNX network compiled by xfuse, called on numpy arrays.

    model = xfuse.onnx.load("squeezenet.onnx")          # import, xfuse passes, mlir-opt, llc
    probabilities = model(image)                        # or model.run({"data_0": image})
    model.save("squeezenet.xfuse")                      # IR, weights, shared object
    again = xfuse.onnx.Model.load_compiled("squeezenet.xfuse")   # no recompilation

The compiled function takes the inputs then the weights (see `weights.py`); the model keeps the
weights and passes them with every call, so the caller feeds only the ONNX inputs, by position
or by name, and gets the ONNX outputs.
"""

from __future__ import annotations

import json
import shutil
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.fixed_values import check_fixed_value
from xfuse.onnx.weights import MIN_EXTERNAL_ELEMENTS, Weights

if TYPE_CHECKING:
    from xfuse.onnx.importer import ImportedModel

DEFAULT_PASSES = "xfuse-erase-unused-results,xfuse-slice-before-rows,xfuse-int8-data-tiling,xfuse-nhwc,xfuse-merge-elementwise,xfuse-winograd,xfuse-block-filters,xfuse-block-matmul-weights"
"""The xfuse passes run on an imported network before the backend (an `xfuse-opt -p` spec).
`xfuse-erase-unused-results` stops generics computing a result nothing reads (the index beside
the min or max of torch-mlir's ReduceMin / ReduceMax, which kept them scalar loops);
`xfuse-slice-before-rows` computes a row-wise chain (LayerNorm, MLP, a query row's attention)
only on the rows a slice of its result keeps (ViT's class token);
`xfuse-int8-data-tiling` runs the int8 matmuls of a quantized network (`MatMulInteger`) as i8
mmt4d with a vpmaddwd kernel on AVX2 (a float network has none: it is left as it was);
`xfuse-nhwc` moves torch-mlir's NCHW convolutions, pooling and the ops between them to NHWC
(filters permuted once, at load), where the backend's `microkernel` schedules register-tile
every convolution, matmul and batch matmul with its elementwise epilogue;
`xfuse-merge-elementwise` makes each DAG of elementwise generics one op (the GELU, whose input is
read twice, then joins its matmul's epilogue); `xfuse-winograd` makes 3x3 stride-1 convolutions
on large maps Winograd F(2x2, 3x3) (one-thread builds; the filter transformed at load);
`xfuse-block-filters` stores large filters in blocks of output channels (at load too), each
block's convolution one iteration of a loop; `xfuse-block-matmul-weights` does the same for large
matmul weights, in panels of columns (docs/benchmarks.md has the speed of each network).
The whole-network fusion pipeline, `xfuse.transforms.network.pipeline.NETWORK_PASSES`, works
here too (it bufferizes; the backend's default for a bufferized module is `memref`), but its
groups are not register-tiled yet, so it is slower and not the default."""

THREADED_PASSES = ("xfuse-block-filters", "xfuse-winograd")
"""The passes of `passes` whose decisions depend on the thread count: `passes_for_threads` gives
them `{threads=N}` (xfuse-block-filters' row chunks of produced inputs, which win at two threads
and lose at one: docs/passes/xfuse-block-filters.md; xfuse-winograd, one thread only so far:
docs/passes/xfuse-winograd.md)."""


def passes_for_threads(passes: str, threads: int) -> str:
    """`passes` (an `xfuse-opt -p` spec) with `{threads=N}` on each pass of `THREADED_PASSES`
    named without options, for a build of `threads` threads (unchanged at one)."""
    if threads <= 1:
        return passes
    names = "|".join(re.escape(name) for name in THREADED_PASSES)
    return re.sub(rf"(?<![\w-])({names})(?![\w{{-])", rf"\1{{threads={threads}}}", passes)


def _build_threads(pipeline: object, threads: int | None) -> int:
    """The thread count a build of `pipeline` (a name, a `Pipeline` or None) for `threads` runs on."""
    if threads:
        return threads
    if pipeline is None:
        return 1
    from xfuse.backends.pipelines import WORKERS, get_pipeline

    chosen = get_pipeline(pipeline) if isinstance(pipeline, str) else pipeline
    return chosen.threads or (WORKERS if chosen.parallel else 1)


DEFAULT_PIPELINE: str | None = None
"""The backend's lowering pipeline; None: the backend's default for the module (`microkernel`
on tensors, `memref` once bufferized)."""

REUSE_BINDING = True
"""A call whose inputs are numpy arrays of the model's dtypes and shapes, C-contiguous, reuses
the binding of the model's last call (`BoundCall.rebind`: the input descriptors' pointers set,
nothing checked or built again) and copies its results out with one `memmove` each; any other
input takes the checked path, and its errors."""

SAVED_FORMAT = 1
"""Version of the directory `Model.save` writes."""


@dataclass(frozen=True)
class MemoryUse:
    """The bytes a model holds and a call uses (`Model.memory`)."""

    arena: int
    """The per-call arena: every buffer the compiled code allocates in one call, intermediates
    and results, placed by lifetime (xfuse/runtime/arena.py); 0 without arenas. One per call
    running at the same time."""
    peak_intermediates: int
    """The most bytes of intermediates live at once in a call (what the arena holds besides
    the results at its fullest; no placement can use less)."""
    weights: int
    inputs: int
    outputs: int
    arenas: int
    """Arenas made so far: the most calls that ran at once."""

    def describe(self) -> str:
        mib = 1 << 20
        return (f"arena {self.arena / mib:.2f} MiB (peak of intermediates {self.peak_intermediates / mib:.2f} MiB), "
                f"weights {self.weights / mib:.2f} MiB, inputs {self.inputs / mib:.2f} MiB, "
                f"outputs {self.outputs / mib:.2f} MiB")


@dataclass(frozen=True)
class TensorInfo:
    """A model input or output: its ONNX name, static shape and numpy dtype."""

    name: str
    shape: tuple[int, ...]
    dtype: np.dtype

    def describe(self) -> str:
        return f"{self.dtype.name} array of shape {self.shape}"


class Model:
    """A compiled ONNX network: call it like onnxruntime's session, with numpy arrays."""

    def __init__(self, mlir: str, compiled: Any, inputs: Sequence[TensorInfo], outputs: Sequence[TensorInfo],
                 weights: Weights, passes: str, seconds: Mapping[str, float] | None = None,
                 notes: Sequence[str] = (), fixed_values: Mapping[str, np.ndarray] | None = None,
                 declared_input_names: Sequence[str] = ()):
        self.mlir = mlir
        """The imported IR (weights as arguments), before xfuse's passes."""
        self.compiled = compiled
        """The backend's `CompiledModule`: inputs, then weights."""
        self.inputs = tuple(inputs)
        self.outputs = tuple(outputs)
        self.weights = weights
        self.passes = passes
        self.seconds = dict(seconds or {})
        """Time of each step of loading: prepare, import, parse, passes, compile (or load)."""
        self.notes = tuple(notes)
        """What preparing the ONNX model changed or fell back on (xfuse/onnx/prepare.py)."""
        self.fixed_values = dict(fixed_values or {})
        """The inputs fixed at load (`load(input_values=)`): a call may pass them, equal to these."""
        self.declared_input_names = tuple(declared_input_names) or tuple(self.input_names)
        """Every ONNX input in the model's order, fixed ones included (a call by position)."""
        self._bound_weights: tuple[tuple[int, ...], Any] | None = None
        self._reusable: tuple[Any, Any] | None = None
        """(the weights' `BoundArguments`, a `BoundCall` of the last checked call): `REUSE_BINDING`."""
        self._reuse_lock = threading.Lock()

    @property
    def input_names(self) -> list[str]:
        return [info.name for info in self.inputs]

    @property
    def output_names(self) -> list[str]:
        return [info.name for info in self.outputs]

    @property
    def threads(self) -> int:
        """Threads a call runs on (`load(threads=)`; a parallel pipeline named without a count: the
        CPUs this process may use)."""
        from xfuse.backends.pipelines import WORKERS

        pipeline = self.compiled.pipeline
        return pipeline.threads or (WORKERS if pipeline.parallel else 1)

    # Building ----------------------------------------------------------------------------

    @staticmethod
    def compile(imported: ImportedModel, *, passes: str | None = None, pipeline: str | None = None,
                threads: int | None = None) -> Model:
        """Parse an `ImportedModel`'s IR, lower torch-mlir's `tm_tensor` ops (CumSum, TopK, the
        Scatter ops: `xfuse-lower-tm-tensor`), run the xfuse `passes` (default `DEFAULT_PASSES`) and
        compile it with the backend `pipeline` (default `DEFAULT_PIPELINE`) for `threads` threads
        (default 1; see `load`)."""
        from xdsl.utils.exceptions import ParseError

        import xfuse
        from xfuse.backends.runner import compile_module
        from xfuse.transforms.lower_tm_tensor import lower_tm_tensor

        passes = passes_for_threads(DEFAULT_PASSES if passes is None else passes, _build_threads(pipeline, threads))
        seconds = dict(imported.seconds)
        start = time.perf_counter()
        if "complex<" in imported.mlir:  # xDSL's linalg ops assert on complex elements when parsed
            raise OnnxError("torch-mlir's lowering of the model computes on complex numbers, which xfuse does not handle")
        try:
            module = xfuse.parse(imported.mlir, name=f"<onnx:{imported.entry}>")
        except ParseError as exc:  # an op or attribute torch-mlir made that xfuse has no definition of
            lines = [line.strip() for line in str(exc).splitlines() if line.strip()] or [""]
            raise OnnxError(f"xfuse cannot read the IR torch-mlir made of the model: {lines[-1]} "
                            f"(at {lines[0]}: {lines[1] if len(lines) > 2 else ''})") from None
        seconds["parse"] = time.perf_counter() - start
        start = time.perf_counter()
        lower_tm_tensor(module)
        if passes:
            xfuse.apply_passes(module, passes)
        weights = weights_in_argument_layouts(module, imported)
        seconds["passes"] = time.perf_counter() - start
        start = time.perf_counter()
        compiled = compile_module(module, entry=imported.entry, pipeline=pipeline or DEFAULT_PIPELINE, threads=threads)
        seconds["compile"] = time.perf_counter() - start
        signature = compiled.signature
        count = len(imported.input_names)
        if len(signature.inputs) != count + len(imported.weights) or len(signature.results) != len(imported.output_names):
            raise OnnxError(f"the imported function {signature} does not take the {count} input(s) and "
                            f"{len(imported.weights)} weight(s) and return the {len(imported.output_names)} "
                            "output(s) of the model")
        inputs = [_info(name, spec, dtype) for name, spec, dtype in
                  zip(imported.input_names, signature.inputs[:count], _padded(imported.input_dtypes, count), strict=True)]
        outputs = [_info(name, spec, dtype) for name, spec, dtype in
                   zip(imported.output_names, signature.results,
                       _padded(imported.output_dtypes, len(imported.output_names)), strict=True)]
        return Model(imported.mlir, compiled, inputs, outputs, weights, passes, seconds, imported.notes,
                     imported.fixed_values, imported.declared_input_names)

    # Calling -----------------------------------------------------------------------------

    def __call__(self, *arrays: Any) -> np.ndarray | tuple[np.ndarray, ...]:
        """The outputs for the inputs given in order: one array, or a tuple of several. With
        inputs fixed at load, either every ONNX input (the fixed ones checked) or only the others."""
        results = self._reused_call(arrays)
        if results is None:
            results = self._call(self._feeds(arrays))
        return results[0] if len(results) == 1 else tuple(results)

    def _reused_call(self, arrays: Sequence[Any]) -> list[np.ndarray] | None:
        """The outputs through the last call's binding (`REUSE_BINDING`); None when the inputs
        are not exactly what it bound (other dtypes, shapes, layouts, count), the weights changed,
        or another thread is using it."""
        reusable = self._reusable
        if not REUSE_BINDING or reusable is None or len(arrays) != len(self.inputs) or not self._reuse_lock.acquire(blocking=False):
            return None
        try:
            weights, bound = reusable
            if weights is not self._weights_bound() or not bound.rebind(*arrays):
                return None
            bound.invoke()
            results = bound.collect()
        finally:
            self._reuse_lock.release()
        return [_as_dtype(result, info.dtype) for result, info in zip(results, self.outputs, strict=True)]

    def _feeds(self, arrays: Sequence[Any]) -> dict[str, Any]:
        """Inputs given in order, by name: every ONNX input (the fixed ones too) or only the others."""
        names = self.declared_input_names if len(arrays) == len(self.declared_input_names) else self.input_names
        if len(arrays) != len(names):
            fixed = f"; or {len(self.declared_input_names)} with the fixed ones" if self.fixed_values else ""
            raise OnnxError(f"the model takes {len(self.inputs)} input(s) ({', '.join(self.input_names)}){fixed}, "
                            f"got {len(arrays)}")
        return dict(zip(names, arrays, strict=True))

    def run(self, feeds: Mapping[str, Any]) -> dict[str, np.ndarray]:
        """The outputs by name, for the inputs by name (onnxruntime's `session.run(None, feeds)`
        keyed by the output names)."""
        results = None
        if len(feeds) == len(self.inputs) and all(info.name in feeds for info in self.inputs):
            results = self._reused_call([feeds[info.name] for info in self.inputs])
        return dict(zip(self.output_names, self._call(feeds) if results is None else results, strict=True))

    def _call(self, feeds: Mapping[str, Any]) -> list[np.ndarray]:
        weights = self._weights_bound()
        bound = self.compiled.bind(*self._arguments(feeds), trailing=weights)
        bound.invoke()
        results = [_as_dtype(result, info.dtype) for result, info in zip(bound.collect(), self.outputs, strict=True)]
        if REUSE_BINDING and not self.fixed_values:
            self._reusable = (weights, bound)
        return results

    def _arguments(self, feeds: Mapping[str, Any]) -> list[np.ndarray]:
        """The compiled function's run-time arguments for inputs by name: each checked, the
        fixed ones compared with their values at load and left out."""
        unknown = [name for name in feeds if name not in self.input_names and name not in self.fixed_values]
        if unknown:
            raise OnnxError(f"'{unknown[0]}' is not an input of the model "
                            f"(inputs: {', '.join(self.declared_input_names)})")
        for name, fixed in self.fixed_values.items():
            if name in feeds:
                check_fixed_value(name, fixed, feeds[name])
        arguments = [self._checked(info, feeds[info.name]) if info.name in feeds else self._missing(info)
                     for info in self.inputs]
        return [_as_dtype(array, spec.dtype) for array, spec in zip(arguments, self.compiled.signature.inputs)]

    def _weights_bound(self) -> Any:
        """The weights as the compiled function's trailing arguments, checked and described once
        (again when `weights` holds other arrays: the binding keeps the old ones alive, so a new
        array never has an old one's id)."""
        key = tuple(map(id, self.weights.values()))
        if self._bound_weights is None or self._bound_weights[0] != key:
            specs = self.compiled.signature.inputs[len(self.inputs):]
            weights = [_as_dtype(array, spec.dtype) for array, spec in zip(self.weights.values(), specs)]
            self._bound_weights = (key, self.compiled.bind_trailing(*weights))
        return self._bound_weights[1]

    def profile(self, *arrays: Any, repeat: int = 5, pipeline: Any = None) -> Any:
        """Where a call's time goes: each fused group's median time, GFLOP/s and share of the
        call over `repeat` calls on the inputs given in order, as a call takes them (with inputs
        fixed at load: every ONNX input, or only the others) (`xfuse.backends.profile.Profile`;
        docs/profile.md). Compiles an instrumented copy (the IR after `passes`) with the model's
        pipeline, or `pipeline`."""
        import xfuse
        from xfuse.backends.profile import profile_module, rebuildable_pipeline
        from xfuse.transforms.lower_tm_tensor import lower_tm_tensor

        arguments = self._arguments(self._feeds(arrays))
        entry = self.compiled.signature.name
        module = xfuse.parse(self.mlir, name=f"<onnx:{entry}>")
        lower_tm_tensor(module)
        if self.passes:
            xfuse.apply_passes(module, self.passes)
        weights = [_as_dtype(array, spec.dtype) for array, spec in
                   zip(self.weights.values(), self.compiled.signature.inputs[len(self.inputs):])]
        return profile_module(module, *arguments, *weights, entry=entry, repeat=repeat,
                              pipeline=pipeline or rebuildable_pipeline(self.compiled.pipeline))

    @property
    def memory(self) -> MemoryUse:
        """The arena's bytes beside the weights', inputs' and outputs' (`MemoryUse`). The arena
        is planned at the first call; before it, this makes one call on zeros."""
        pool = self.compiled.arena_pool()
        if pool is not None and pool.plan is None and not pool.unplannable:
            self._call({info.name: np.zeros(info.shape, info.dtype) for info in self.inputs})
        plan = pool.plan if pool is not None else None

        def nbytes(infos: Sequence[TensorInfo]) -> int:
            return sum(int(np.prod(info.shape, dtype=np.int64)) * info.dtype.itemsize for info in infos)

        return MemoryUse(plan.bytes if plan else 0, plan.peak_intermediate_bytes if plan else 0,
                         sum(int(array.nbytes) for array in self.weights.values()), nbytes(self.inputs),
                         nbytes(self.outputs), pool.arenas if pool is not None else 0)

    @staticmethod
    def _missing(info: TensorInfo) -> np.ndarray:
        raise OnnxError(f"input '{info.name}' is missing (a {info.describe()})")

    @staticmethod
    def _checked(info: TensorInfo, value: Any) -> np.ndarray:
        array = np.asarray(value)
        if array.dtype != info.dtype:
            raise OnnxError(f"input '{info.name}': expected a {info.describe()}, got dtype {array.dtype.name} "
                            f"(convert it with .astype(np.{info.dtype.name}))")
        if array.shape != info.shape:
            raise OnnxError(f"input '{info.name}': expected a {info.describe()}, got shape {array.shape}")
        return array

    # Saving ------------------------------------------------------------------------------

    def save(self, directory: str | Path) -> Path:
        """Write the IR, the weights and the compiled shared object into `directory`, for
        `Model.load_compiled` (which does not compile again)."""
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "model.mlir").write_text(self.mlir)
        self.weights.save(directory / "weights.npz")
        if self.fixed_values:
            np.savez(directory / "fixed_values.npz", **self.fixed_values)
        shutil.copyfile(self.compiled.library_path, directory / "model.so")
        signature = self.compiled.signature
        meta = {
            "format": SAVED_FORMAT,
            "entry": signature.name,
            "passes": self.passes,
            "pipeline": self.compiled.pipeline.name,
            "threads": self.compiled.pipeline.threads,
            "inputs": [_info_record(info) for info in self.inputs],
            "outputs": [_info_record(info) for info in self.outputs],
            "weights": self.weights.names,
            "declared_inputs": list(self.declared_input_names),
            "fixed_values": list(self.fixed_values),
            "signature": {"inputs": [_spec_record(s) for s in signature.inputs],
                          "results": [_spec_record(s) for s in signature.results]},
        }
        (directory / "model.json").write_text(json.dumps(meta, indent=1) + "\n")
        return directory

    @staticmethod
    def load_compiled(directory: str | Path) -> Model:
        """A model `save`d into `directory`: its shared object loaded, its weights read."""
        from xfuse.backends.pipelines import get_pipeline, with_threads
        from xfuse.backends.runner import CompiledModule, FunctionSignature, ValueSpec

        start = time.perf_counter()
        directory = Path(directory)
        try:
            meta = json.loads((directory / "model.json").read_text())
            mlir = (directory / "model.mlir").read_text()
        except (OSError, ValueError) as exc:
            raise OnnxError(f"{directory}: not a saved xfuse model ({exc})") from None
        if meta.get("format") != SAVED_FORMAT:
            raise OnnxError(f"{directory}: saved in format {meta.get('format')!r}, this xfuse reads {SAVED_FORMAT}")
        weights = Weights.load(directory / "weights.npz", meta["weights"])

        def specs(records: list) -> tuple:
            return tuple(ValueSpec(r["type"], np.dtype(r["dtype"]), None if r["shape"] is None else
                                   tuple(r["shape"]), r["tensor"]) for r in records)

        signature = FunctionSignature(meta["entry"], specs(meta["signature"]["inputs"]),
                                      specs(meta["signature"]["results"]))
        pipeline = get_pipeline(meta["pipeline"])
        if meta.get("threads"):  # the shared object was built for that many threads
            pipeline = with_threads(pipeline, meta["threads"])
        compiled = CompiledModule(directory / "model.so", {signature.name: signature}, signature.name, mlir,
                                  pipeline)
        inputs = [TensorInfo(r["name"], tuple(r["shape"]), np.dtype(r["dtype"])) for r in meta["inputs"]]
        outputs = [TensorInfo(r["name"], tuple(r["shape"]), np.dtype(r["dtype"])) for r in meta["outputs"]]
        fixed_values = {}
        if meta.get("fixed_values"):
            with np.load(directory / "fixed_values.npz") as stored:
                fixed_values = {name: stored[name] for name in meta["fixed_values"]}
        return Model(mlir, compiled, inputs, outputs, weights, meta["passes"],
                     {"load": time.perf_counter() - start}, (), fixed_values, meta.get("declared_inputs", ()))


def load(source: Any, *, input_shapes: Mapping[str, Sequence[int]] | None = None,
         input_values: Mapping[str, Any] | None = None, passes: str | None = None, pipeline: str | None = None,
         threads: int | None = None, min_external_elements: int = MIN_EXTERNAL_ELEMENTS) -> Model:
    """Import an ONNX model (a path or a `ModelProto`) and compile it.

    `input_shapes` gives the full shape of inputs with dynamic dimensions (`{"x": (1, 128)}`);
    `input_values` fixes the value of inputs that decide shapes (`{"starts": np.array([1])}`: Slice's
    starts, Resize's sizes; xfuse/onnx/fixed_values.py): constants in the compiled code, which a
    call may still pass (checked to be equal) or omit;
    `passes` are the xfuse passes run before the backend (default `DEFAULT_PASSES`), `pipeline`
    the backend's lowering (default `DEFAULT_PIPELINE`); `threads` how many threads a call runs
    on, as onnxruntime's intra_op_num_threads (default 1, `pipelines.DEFAULT_THREADS`; N > 1: LLVM's
    OpenMP runtime of the `cmeel-libomp` wheel, which comes with xfuse); floating-point constants
    of at least `min_external_elements` elements are weights outside the IR."""
    from xfuse.backends.pipelines import check_threads
    from xfuse.onnx.importer import import_model

    check_threads(threads)  # before the import, which takes a while
    imported = import_model(source, input_shapes=input_shapes, input_values=input_values,
                            min_external_elements=min_external_elements)
    return Model.compile(imported, passes=passes, pipeline=pipeline, threads=threads)


def weights_in_argument_layouts(module: Any, imported: ImportedModel) -> Weights:
    """The weights as the passes left the function's arguments: a pass that permuted a weight
    argument (`xfuse-nhwc`: filters to HWCF) recorded the permutation (`xfuse.weight_layout`);
    the array is transposed here, once, not on every call."""
    from xfuse.transforms.layout.weight_layout import permute_weights, weight_layouts, weight_shapes, weight_transforms

    layouts = weight_layouts(module, imported.entry)
    if not layouts:
        return imported.weights
    return Weights(permute_weights(imported.weights, len(imported.input_names), layouts,
                                   weight_shapes(module, imported.entry), weight_transforms(module, imported.entry)))


def _info(name: str, spec: Any, onnx_dtype: np.dtype | None) -> TensorInfo:
    """The input or output `name` as the caller sees it: the imported function's shape, and the
    ONNX dtype, which may differ from the function's in the sign only (uint8 passed as the
    signless i8's int8: the same bytes)."""
    if spec.shape is None or any(d is None for d in spec.shape):
        raise OnnxError(f"'{name}' has type {spec.mlir_type}; xfuse.onnx needs static shapes")
    dtype = spec.dtype if onnx_dtype is None else onnx_dtype
    if dtype != spec.dtype and not _same_bytes(dtype, spec.dtype):
        raise OnnxError(f"'{name}' is {dtype.name} in the model, but torch-mlir's function passes it as "
                        f"{spec.mlir_type}")
    return TensorInfo(name, tuple(spec.shape), dtype)


def _padded(dtypes: Sequence[np.dtype | None], count: int) -> Sequence[np.dtype | None]:
    """`dtypes`, or None for each of `count` values when an `ImportedModel` made elsewhere gives none."""
    return tuple(dtypes) if len(dtypes) == count else (None,) * count


def _same_bytes(a: np.dtype, b: np.dtype) -> bool:
    """Integers of one width (the sign aside): one array can be viewed as the other."""
    return a.kind in "iu" and b.kind in "iu" and a.itemsize == b.itemsize


def _as_dtype(array: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """`array` viewed as `dtype` when they differ in the sign only (`_same_bytes`), else as it is
    (a mismatch the call then reports)."""
    return array.view(dtype) if array.dtype != dtype and _same_bytes(array.dtype, dtype) else array


def _info_record(info: TensorInfo) -> dict:
    return {"name": info.name, "shape": list(info.shape), "dtype": info.dtype.name}


def _spec_record(spec: Any) -> dict:
    return {"type": spec.mlir_type, "dtype": spec.dtype.name,
            "shape": None if spec.shape is None else list(spec.shape), "tensor": spec.is_tensor}
