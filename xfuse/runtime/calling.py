"""How a compiled function is called with numpy arrays: its signature, memref descriptors, results.

Every public function gets `llvm.emit_c_interface`, so the shared object exports
`_mlir_ciface_<name>`, which takes memrefs as pointers to descriptors
`{allocated, aligned, offset, sizes[rank], strides[rank]}` (rank 0: the first three only) and
scalars by value. Results come back the C-interface way: a single scalar result is the return
value; otherwise the first argument points to a struct holding every result (one descriptor per
memref result). `BoundCall` copies each result memref into a fresh numpy array and then frees its
buffer with libc `free` (guarded for already-bufferized input: see xfuse/backends/runner.py).

Each call takes an arena of its function's `ArenaPool` (xfuse/runtime/arena.py) when the shared
object has the arena's allocation functions: the buffers the module allocates, results included,
then come from memory planned at the first call; a result in the arena is copied out before the
arena goes back to the pool, and never freed. malloc's policy (`mallopt`) is the process's own:
xfuse does not change it (docs/backend-memory.md, "Memory of compiled calls").

`FunctionSignature` / `ValueSpec` describe what a function takes and returns and check arrays
against it (shape, dtype, the sizes of dynamic dimensions); `CompiledModule` loads a shared object
and calls its functions. Building the shared object is xfuse/backends/runner.py's part.
"""

from __future__ import annotations

import ctypes
import functools
import struct
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    Float64Type,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    Signedness,
    TensorType,
)
from xdsl.ir import Attribute
from xdsl.utils.exceptions import DiagnosticException

from xfuse.backends import toolchain
from xfuse.backends.size_constraints import SizeConstraints
from xfuse.runtime.arena import Arena, ArenaPool, arenas_enabled
from xfuse.runtime.openmp import OPENMP_RUNTIME, quiet_idle_workers, teams_fit_idle_cpus

if TYPE_CHECKING:
    from xfuse.backends.pipelines import Pipeline

GLOBAL_MEMREF_MARKER = 0xDEADBEEF
"""The `allocated` pointer finalize-memref-to-llvm gives memref.get_global (never to be freed)."""


_IONBF = 2  # setvbuf's "unbuffered" mode


def unbuffer_c_stdout() -> None:
    """Make the C library's stdout unbuffered, so that what compiled code prints just before it
    aborts (a failed runtime check's op and location) reaches a pipe or file: buffered, it dies
    with the process. Python's `-u` does the same; `xfuse-run --runtime-checks` may not get it."""
    libc = ctypes.CDLL(None)
    try:
        stdout = ctypes.c_void_p.in_dll(libc, "stdout")
    except ValueError:  # a libc without the `stdout` symbol: leave it
        return
    libc.fflush(stdout)
    libc.setvbuf(stdout, None, _IONBF, 0)


class BackendError(DiagnosticException):
    """A tool of the backend failed, or a call's arguments do not match the signature."""


class MissingToolError(BackendError, toolchain.ToolchainError):
    """A tool or library the backend needs is missing (also a `ToolchainError`)."""


# Signatures -------------------------------------------------------------------------------


def _dtype_of(element: Attribute) -> np.dtype | None:
    if isinstance(element, Float32Type):
        return np.dtype(np.float32)
    if isinstance(element, Float64Type):
        return np.dtype(np.float64)
    if isinstance(element, Float16Type):
        return np.dtype(np.float16)
    if isinstance(element, IndexType):
        return np.dtype(np.int64)
    if isinstance(element, IntegerType):
        if element.width.data == 1:
            return np.dtype(np.bool_)  # a tensor's: passed as bytes (xfuse/backends/lowering_fixes/bool_bytes.py)
        unsigned = element.signedness.data == Signedness.UNSIGNED
        return _UNSIGNED.get(element.width.data) if unsigned else _SIGNED.get(element.width.data)
    return None


_SIGNED = {8: np.dtype(np.int8), 16: np.dtype(np.int16), 32: np.dtype(np.int32), 64: np.dtype(np.int64)}
_UNSIGNED = {8: np.dtype(np.uint8), 16: np.dtype(np.uint16), 32: np.dtype(np.uint32), 64: np.dtype(np.uint64)}
"""numpy's integers by width. MLIR's signless integers are signed ones here; `ui8`...`ui64` are
numpy's unsigned ones (the same bytes: only the numpy dtype differs)."""

_SCALAR_CTYPES = {
    np.dtype(np.float32): ctypes.c_float,
    np.dtype(np.float64): ctypes.c_double,
    np.dtype(np.int8): ctypes.c_int8,
    np.dtype(np.int16): ctypes.c_int16,
    np.dtype(np.int32): ctypes.c_int32,
    np.dtype(np.int64): ctypes.c_int64,
    np.dtype(np.uint8): ctypes.c_uint8,
    np.dtype(np.uint16): ctypes.c_uint16,
    np.dtype(np.uint32): ctypes.c_uint32,
    np.dtype(np.uint64): ctypes.c_uint64,
}


@dataclass(frozen=True)
class ValueSpec:
    """One argument or result: a shaped value (tensor or memref) or a scalar."""

    mlir_type: str
    dtype: np.dtype
    shape: tuple[int | None, ...] | None
    """Dimensions (None where dynamic); None for a scalar."""
    is_tensor: bool = False

    @property
    def is_scalar(self) -> bool:
        return self.shape is None

    @property
    def rank(self) -> int:
        return 0 if self.shape is None else len(self.shape)

    @staticmethod
    def of(type_: Attribute, where: str) -> ValueSpec:
        if isinstance(type_, TensorType | MemRefType):
            dtype = _dtype_of(type_.element_type)
            if dtype == np.bool_ and isinstance(type_, MemRefType):
                raise BackendError(f"{where}: type {type_} is not supported by the runner: a memref of i1, which "
                                   "MLIR 22's lowering to LLVM cannot load or store; pass bools as a tensor of i1 or a "
                                   "memref of i8 (numpy bool arrays viewed as uint8)")
            if dtype is not None:
                if isinstance(type_, MemRefType) and not _has_identity_layout(type_):
                    raise BackendError(f"{where}: {type_} has a non-identity layout; the C interface "
                                       "of xfuse's runner passes row-major arrays only")
                shape = tuple(None if d < 0 else d for d in type_.get_shape())
                return ValueSpec(str(type_), dtype, shape, isinstance(type_, TensorType))
        else:
            dtype = _dtype_of(type_)
            if dtype is not None and dtype in _SCALAR_CTYPES:
                return ValueSpec(str(type_), dtype, None)
        raise BackendError(f"{where}: type {type_} is not supported by the runner (supported: "
                           "ranked tensors/memrefs of f16/f32/f64/i8/i16/i32/i64/ui8/ui16/ui32/ui64/index, "
                           "tensors of i1, and scalars of f32/f64/i8/i16/i32/i64/ui8/ui16/ui32/ui64/index)")

    def describe(self) -> str:
        if self.shape is None:
            return f"{self.mlir_type} (numpy {self.dtype.name} scalar)"
        dims = ", ".join("?" if d is None else str(d) for d in self.shape)
        return f"{self.mlir_type} (numpy {self.dtype.name} array of shape ({dims}{',' if len(self.shape) == 1 else ''}))"


def _has_identity_layout(type_: MemRefType) -> bool:
    from xdsl.dialects.builtin import AffineMapAttr, NoneAttr
    from xdsl.ir.affine import AffineMap

    layout = type_.layout
    if isinstance(layout, NoneAttr):
        return True
    return isinstance(layout, AffineMapAttr) and layout.data == AffineMap.identity(len(type_.get_shape()))


@dataclass(frozen=True)
class FunctionSignature:
    """The numpy-facing signature of a compiled function."""

    name: str
    inputs: tuple[ValueSpec, ...]
    results: tuple[ValueSpec, ...]

    @staticmethod
    def of(function: func.FuncOp) -> FunctionSignature:
        name = function.sym_name.data
        ftype = function.function_type
        inputs = tuple(ValueSpec.of(t, f"argument #{i} of @{name}") for i, t in enumerate(ftype.inputs.data))
        results = tuple(ValueSpec.of(t, f"result #{i} of @{name}") for i, t in enumerate(ftype.outputs.data))
        return FunctionSignature(name, inputs, results)

    @staticmethod
    def from_type(function_type: FunctionType, name: str = "f") -> FunctionSignature:
        inputs = tuple(ValueSpec.of(t, f"argument #{i}") for i, t in enumerate(function_type.inputs.data))
        results = tuple(ValueSpec.of(t, f"result #{i}") for i, t in enumerate(function_type.outputs.data))
        return FunctionSignature(name, inputs, results)

    def __str__(self) -> str:
        ins = ", ".join(s.mlir_type for s in self.inputs)
        outs = ", ".join(s.mlir_type for s in self.results)
        return f"@{self.name}({ins}) -> ({outs})"


# Memref descriptors -----------------------------------------------------------------------

_DESCRIPTOR_TYPES: dict[int, type[ctypes.Structure]] = {}


def descriptor_type(rank: int) -> type[ctypes.Structure]:
    """The ctypes struct of a ranked memref descriptor (element type erased: pointers are void*)."""
    if rank not in _DESCRIPTOR_TYPES:
        fields: list[tuple[str, Any]] = [
            ("allocated", ctypes.c_void_p),
            ("aligned", ctypes.c_void_p),
            ("offset", ctypes.c_int64),
        ]
        if rank > 0:
            fields += [("sizes", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
        _DESCRIPTOR_TYPES[rank] = type(f"MemRefDescriptor{rank}D", (ctypes.Structure,), {"_fields_": fields})
    return _DESCRIPTOR_TYPES[rank]


def descriptor_of(array: np.ndarray) -> ctypes.Structure:
    """A descriptor viewing `array` (which must stay alive while the descriptor is used). Packed
    in one go: a call binds every weight of a network again, and setting the fields one by one
    took 4 us per array (70 us of a 3 ms transformer-layer call)."""
    address = array.ctypes.data
    itemsize = array.itemsize
    rank = array.ndim
    return descriptor_type(rank).from_buffer_copy(struct.pack(
        f"=QQq{2 * rank}q", address, address, 0, *array.shape, *[stride // itemsize for stride in array.strides]))


def array_from_descriptor(descriptor: ctypes.Structure, rank: int, dtype: np.dtype) -> np.ndarray:
    """A fresh C-contiguous copy of the memref a descriptor describes (a row-major one, what
    every result of an identity layout is, with one `memmove`: the general copy through a
    strided view cost 6 us a result)."""
    shape = tuple(descriptor.sizes[:rank]) if rank else ()
    strides = tuple(descriptor.strides[:rank]) if rank else ()
    if 0 in shape:
        return np.empty(shape, dtype)
    address = descriptor.aligned + descriptor.offset * dtype.itemsize
    if strides == _row_major_strides(shape):
        result = np.empty(shape, dtype)
        ctypes.memmove(result.ctypes.data, address, result.nbytes)
        return result
    span = (sum((s - 1) * abs(st) for s, st in zip(shape, strides)) + 1) * dtype.itemsize
    if any(st < 0 for st in strides):
        raise BackendError("a result memref has negative strides; the runner cannot copy it")
    buffer = (ctypes.c_char * span).from_address(address)
    view = np.ndarray(shape, dtype, buffer=buffer, strides=tuple(st * dtype.itemsize for st in strides))
    return np.array(view, copy=True, order="C")


@functools.lru_cache(maxsize=256)
def _row_major_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    """The element strides of a C-contiguous array of `shape` (a memref's canonical strides)."""
    strides, step = [], 1
    for size in reversed(shape):
        strides.append(step)
        step *= size
    return tuple(reversed(strides))


_libc = ctypes.CDLL(None)
_libc.free.argtypes = [ctypes.c_void_p]
_libc.free.restype = None


# Compiled modules -------------------------------------------------------------------------


@functools.cache
def _results_type(results: tuple[tuple[int | None, np.dtype], ...]) -> type[ctypes.Structure]:
    """The ctypes type a function's results are returned in, per (rank or None for a scalar,
    dtype) of each result; made once (creating a Structure type costs 16 us per call)."""
    fields = [(f"r{i}", _SCALAR_CTYPES[dtype] if rank is None else descriptor_type(rank))
              for i, (rank, dtype) in enumerate(results)]
    if len(results) == 1:
        return fields[0][1]
    return type("Results", (ctypes.Structure,), {"_fields_": fields})


class BoundCall:
    """A call of a compiled function with validated arguments, ready to be invoked repeatedly.

    `invoke()` is exactly the foreign call (what `xfuse-run --bench` times); `collect()` turns the
    results of the last invocation into numpy arrays and frees their buffers; `release()` frees
    them without copying.
    """

    def __init__(self, function: Any, signature: FunctionSignature, c_args: list[Any],
                 keep_alive: list[Any], input_buffers: set[int], arenas: ArenaPool | None = None,
                 leading: list[tuple[np.ndarray, ctypes.Structure] | None] | None = None):
        self._leading = list(leading or [])
        """The first arguments as `bind` took them: (array, descriptor), None for a scalar
        (`rebind`)."""
        self._function = function
        self._arenas = arenas
        self._arena: Arena | None = None
        self._signature = signature
        self._c_args = c_args
        self._keep_alive = keep_alive
        self._input_buffers = input_buffers
        self._leading_addresses = [bound[0].ctypes.data if bound else 0 for bound in self._leading]
        self._other_buffers = input_buffers - set(self._leading_addresses)
        self._results_struct = self._make_results_struct()
        self._scalar_return: Any = None
        self._pending = False

    def _make_results_struct(self) -> ctypes.Structure | None:
        results = self._signature.results
        if not results or (len(results) == 1 and results[0].is_scalar):
            return None
        struct_type = _results_type(tuple((None if spec.is_scalar else spec.rank, spec.dtype) for spec in results))
        return struct_type()

    def rebind(self, *arrays: Any) -> bool:
        """Point the first `len(arrays)` arguments at `arrays` instead, when each is a numpy
        array of the bound one's dtype and shape, C-contiguous (what `bind` would have checked
        and described the same way): the descriptors are updated in place, nothing else is
        rebuilt. False, and nothing changed, when one is not (bind it then, for its error)."""
        leading = self._leading
        if len(arrays) > len(leading):
            return False
        for array, bound in zip(arrays, leading):
            if (bound is None or type(array) is not np.ndarray or array.dtype != bound[0].dtype
                    or array.shape != bound[0].shape or not array.flags.c_contiguous):
                return False
        if self._pending:
            self.release()
        keep_alive, addresses = self._keep_alive, self._leading_addresses
        for index, array in enumerate(arrays):
            old, descriptor = leading[index]
            addresses[index] = descriptor.allocated = descriptor.aligned = array.ctypes.data
            leading[index] = (array, descriptor)
            for position, kept in enumerate(keep_alive):  # by identity: `==` of arrays compares elements
                if kept is old:
                    keep_alive[position] = array
                    break
        self._input_buffers = self._other_buffers.union(addresses)
        return True

    def invoke(self) -> None:
        if self._pending:
            self.release()
        arena = self._arenas.checkout() if self._arenas is not None else None
        if arena is not None:
            arena.enter()
        try:
            if self._results_struct is not None:
                self._function(ctypes.byref(self._results_struct), *self._c_args)
            else:
                self._scalar_return = self._function(*self._c_args)
        finally:
            if arena is not None:
                arena.leave()
        self._arena = arena
        self._pending = True

    def _result_values(self) -> list[Any]:
        results = self._signature.results
        if self._results_struct is None:
            return [self._scalar_return] if results else []
        if len(results) == 1:
            return [self._results_struct]
        return [getattr(self._results_struct, f"r{i}") for i in range(len(results))]

    def collect(self) -> list[np.ndarray]:
        """The results of the last `invoke()` as fresh numpy values (scalars as 0-d numpy scalars)."""
        if not self._pending:
            raise BackendError("collect() without a preceding invoke()")
        values = []
        for spec, value in zip(self._signature.results, self._result_values(), strict=True):
            if spec.is_scalar:
                values.append(spec.dtype.type(value))
            else:
                values.append(array_from_descriptor(value, spec.rank, spec.dtype))
        self.release()
        return values

    def release(self) -> None:
        """Free the result buffers of the last invocation (those the caller owns) and give its
        arena back."""
        if not self._pending:
            return
        arena, self._arena = self._arena, None
        freed: set[int] = set()
        for spec, value in zip(self._signature.results, self._result_values(), strict=True):
            if spec.is_scalar:
                continue
            allocated = value.allocated
            if not allocated or allocated == GLOBAL_MEMREF_MARKER:
                continue
            if allocated in self._input_buffers or allocated in freed or (arena and arena.holds(allocated)):
                continue
            _libc.free(allocated)
            freed.add(allocated)
        self._pending = False
        if arena is not None:
            self._arenas.checkin(arena)

    def __del__(self) -> None:  # results of an invoke() nobody collected
        if sys.is_finalizing():  # the process is ending: its memory goes back with it
            return
        try:
            self.release()
        except Exception:  # noqa: BLE001 - never raise from a finalizer
            pass


@dataclass
class BoundArguments:
    """Consecutive arguments of a function, checked and described as the C interface takes them
    (`CompiledModule.bind_trailing`); they keep their arrays alive."""

    function: str
    arrays: list[Any]
    """The checked values, in order (arrays as passed, or the contiguous copies that were bound)."""
    c_args: list[Any]
    keep_alive: list[Any]
    input_buffers: set[int]
    described: list[tuple[np.ndarray, ctypes.Structure] | None] = field(default_factory=list)
    """Per argument, the array bound and its descriptor (None for a scalar): `BoundCall.rebind`."""

    def extend(self, other: BoundArguments) -> None:
        self.arrays += other.arrays
        self.c_args += other.c_args
        self.keep_alive.append(other)
        self.input_buffers |= other.input_buffers
        self.described += other.described


class CompiledModule:
    """A module lowered to a shared object; call its functions with numpy arrays."""

    def __init__(self, library_path: Path, signatures: dict[str, FunctionSignature], entry: str,
                 mlir_text: str, pipeline: Pipeline,
                 size_constraints: dict[str, SizeConstraints] | None = None, kept_as_loops: tuple[str, ...] = ()):
        self.library_path = library_path
        self.kept_as_loops = kept_as_loops
        """Where the ops are (`file:line:col`) that the vectorizer refused: they run as scalar
        loops (xfuse/backends/lowering_fixes/vectorize_fallback.py)."""
        self.size_constraints = size_constraints or {}
        """Per function, the argument sizes its body ties together (checked by `bind`)."""
        self.signatures = signatures
        self.entry = entry
        self.mlir_text = mlir_text
        """The text handed to mlir-opt (generic form)."""
        self.pipeline = pipeline
        if pipeline.runtime_checks:
            unbuffer_c_stdout()
        if OPENMP_RUNTIME in pipeline.runtime_libraries:
            quiet_idle_workers()  # before libomp initializes (xfuse/runtime/openmp.py)
            teams_fit_idle_cpus()
        try:
            self._library = ctypes.CDLL(str(library_path))
        except OSError as exc:
            raise BackendError(f"cannot load the compiled module {library_path}: {exc}") from exc
        self._functions: dict[str, Any] = {}
        self._arena_pools: dict[str, ArenaPool] = {}
        self.has_arenas = arenas_enabled() and _declare_arena_functions(self._library)
        """The shared object serves its allocations from per-call arenas (`arena_pool`)."""

    @property
    def signature(self) -> FunctionSignature:
        return self.signatures[self.entry]

    def _c_function(self, name: str) -> Any:
        if name not in self._functions:
            signature = self.signatures[name]
            function = getattr(self._library, f"_mlir_ciface_{name}")
            results = signature.results
            if len(results) == 1 and results[0].is_scalar:
                function.restype = _SCALAR_CTYPES[results[0].dtype]
            else:
                function.restype = None
            self._functions[name] = function
        return self._functions[name]

    def bind(self, *args: Any, function: str | None = None, trailing: BoundArguments | None = None) -> BoundCall:
        """Validate `args` against the signature of `function` (default: the entry) and bind them;
        `trailing` (from `bind_trailing`) supplies the last arguments, validated before."""
        name = function or self.entry
        signature = self._signature_of(name)
        given = len(args) + (len(trailing.arrays) if trailing else 0)
        if trailing is not None and trailing.function != name:
            raise BackendError(f"the trailing arguments were bound for @{trailing.function}, not @{name}")
        if given != len(signature.inputs):
            raise BackendError(f"@{name} takes {len(signature.inputs)} argument(s) "
                               f"({', '.join(s.mlir_type for s in signature.inputs)}), got {given}")
        bound = self._bind_values(name, signature.inputs[:len(args)], args, 0)
        if trailing is not None:
            bound.extend(trailing)
        if name in self.size_constraints and (problem := self.size_constraints[name].check(bound.arrays)):
            raise BackendError(f"sizes of the arguments contradict each other: {problem}")
        return BoundCall(self._c_function(name), signature, bound.c_args, bound.keep_alive, bound.input_buffers,
                         self.arena_pool(name), bound.described[:len(args)])

    def arena_pool(self, function: str | None = None) -> ArenaPool | None:
        """The arenas of `function` (default: the entry); None without arenas."""
        if not self.has_arenas:
            return None
        name = function or self.entry
        if name not in self._arena_pools:
            self._arena_pools.setdefault(name, ArenaPool(self._library, name))
        return self._arena_pools[name]

    def bind_trailing(self, *args: Any, function: str | None = None) -> BoundArguments:
        """Validate and describe the last `len(args)` arguments of `function` once, for `bind(...,
        trailing=)`: a network's weights are the same on every call, and binding ShuffleNet's 100
        of them took 0.65 ms of its 6.9 ms call."""
        name = function or self.entry
        signature = self._signature_of(name)
        if len(args) > len(signature.inputs):
            raise BackendError(f"@{name} takes {len(signature.inputs)} argument(s), got {len(args)} trailing ones")
        first = len(signature.inputs) - len(args)
        return self._bind_values(name, signature.inputs[first:], args, first)

    def _signature_of(self, name: str) -> FunctionSignature:
        if name not in self.signatures:
            raise BackendError(f"no public function @{name} (have: {', '.join('@' + n for n in self.signatures)})")
        return self.signatures[name]

    @staticmethod
    def _bind_values(name: str, specs: tuple[ValueSpec, ...] | list[ValueSpec], args: tuple[Any, ...],
                     first: int) -> BoundArguments:
        """Arguments `first`, `first + 1`, ... of @`name` checked against `specs` and described."""
        bound = BoundArguments(name, [], [], [], set())
        for index, (spec, value) in enumerate(zip(specs, args, strict=True), start=first):
            where = f"argument #{index} of @{name}"
            if spec.is_scalar:
                bound.arrays.append(value)
                bound.c_args.append(_SCALAR_CTYPES[spec.dtype](_check_scalar(value, spec, where)))
                bound.described.append(None)
                continue
            array = _check_array(value, spec, where)
            descriptor = descriptor_of(array)
            bound.arrays.append(array)
            bound.keep_alive += [array, descriptor]
            bound.input_buffers.add(array.ctypes.data)
            bound.c_args.append(ctypes.byref(descriptor))
            bound.described.append((array, descriptor))
        return bound

    def call(self, name: str, *args: Any) -> list[np.ndarray]:
        """Call public function `name`; returns its results as numpy values."""
        bound = self.bind(*args, function=name)
        bound.invoke()
        return bound.collect()

    def __call__(self, *args: Any) -> list[np.ndarray]:
        """Call the entry function; returns its results as numpy values."""
        return self.call(self.entry, *args)

    def benchmark(self, *args: Any, repeat: int = 10, warmup: int = 1) -> list[float]:
        """Seconds per call of the entry over `repeat` runs, timing only the foreign call."""
        bound = self.bind(*args)
        times = []
        for i in range(warmup + repeat):
            start = time.perf_counter()
            bound.invoke()
            elapsed = time.perf_counter() - start
            bound.release()
            if i >= warmup:
                times.append(elapsed)
        return times


def _declare_arena_functions(library: ctypes.CDLL) -> bool:
    """Give the arena functions of `library` their C types; False when it has none (built before
    arenas, or by another tool)."""
    try:
        enter, leave = library.xfuse_arena_enter, library.xfuse_arena_leave
        register, unregister = library.xfuse_arena_register, library.xfuse_arena_unregister
    except AttributeError:
        return False
    enter.argtypes, enter.restype = [ctypes.c_void_p], None
    leave.argtypes, leave.restype = [], None
    register.argtypes, register.restype = [ctypes.c_void_p, ctypes.c_void_p], ctypes.c_int64
    unregister.argtypes, unregister.restype = [ctypes.c_int64], None
    return True


def _check_array(value: Any, spec: ValueSpec, where: str) -> np.ndarray:
    array = value if isinstance(value, np.ndarray) else np.asarray(value)
    problem = None
    if array.dtype != spec.dtype:
        problem = f"dtype {array.dtype.name}"
    elif array.ndim != spec.rank:
        problem = f"rank {array.ndim} (shape {array.shape})"
    elif spec.shape is not None and any(d is not None and d != a for d, a in zip(spec.shape, array.shape)):
        problem = f"shape {array.shape}"
    if problem:
        raise BackendError(f"{where}: expected {spec.describe()}, got an array of {problem}")
    # Identity-layout memrefs assume row-major strides; the C interface cannot express others.
    return np.ascontiguousarray(array)


def _check_scalar(value: Any, spec: ValueSpec, where: str) -> Any:
    if isinstance(value, np.ndarray):
        if value.ndim != 0:
            raise BackendError(f"{where}: expected {spec.describe()}, got an array of shape {value.shape}")
        value = value[()]
    kind = spec.dtype.kind
    ok = (kind == "f" and isinstance(value, int | float | np.floating | np.integer)) or (
        kind in "iu" and isinstance(value, int | np.integer) and not isinstance(value, bool)
    )
    if not ok:
        raise BackendError(f"{where}: expected {spec.describe()}, got {type(value).__name__} {value!r}")
    value = value.item() if isinstance(value, np.generic) else value
    if kind in "iu" and not np.iinfo(spec.dtype).min <= value <= np.iinfo(spec.dtype).max:
        raise BackendError(f"{where}: expected {spec.describe()}, got {value}, outside its range")  # ctypes would wrap
    return value


# Building ---------------------------------------------------------------------------------
