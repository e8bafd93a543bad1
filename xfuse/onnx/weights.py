"""Weights outside the IR: large constants become function arguments fed from storage.

Printed as dense constants, ResNet-50's weights are 200 MB of MLIR text that every step parses
and prints again. Before import, every large floating-point initializer (and `Constant` node)
becomes a graph input instead, so torch-mlir makes it a function argument; the `Weights` keep
the arrays and the `Model` passes them with every call. IREE's importer does the same with
`--externalize-params`. Integer tensors (shapes, axes, indices) and small ones stay inline: the
lowering reads Reshape's shape, Slice's starts and the like as constants, and a scalar costs
nothing in the text.

The weight arguments follow the model's own inputs, in the order of `Weights.names`.
"""

from __future__ import annotations

import math
import struct
import zipfile
from collections.abc import Collection, Iterator, Mapping, ValuesView
from pathlib import Path

import numpy as np
import onnx
from onnx import numpy_helper

from xfuse.onnx.errors import OnnxError
from xfuse.onnx.graph import (constant_of_shape_nodes, describe_node, make_value_info, prune_unused_initializers,
                              readable_array)

MIN_EXTERNAL_ELEMENTS = 16
"""Floating-point constants with at least this many elements become arguments."""


class Weights(Mapping[str, np.ndarray]):
    """The externalized constants, by ONNX name, in argument order."""

    def __init__(self, arrays: Mapping[str, np.ndarray] | None = None):
        self._arrays: dict[str, np.ndarray] = {name: np.ascontiguousarray(a) for name, a in (arrays or {}).items()}
        """C-contiguous, as the backend passes them (memory maps of C-order arrays stay maps)."""

    def __getitem__(self, name: str) -> np.ndarray:
        return self._arrays[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._arrays)

    def __len__(self) -> int:
        return len(self._arrays)

    def values(self) -> ValuesView[np.ndarray]:  # type: ignore[override]
        """The arrays in argument order: the dict's own view. `Mapping.values` looks each name up
        again through `__getitem__`, and `Model._weights_bound` reads them on every call
        (DenseNet-121's 553 weights: 0.6 ms of each call, serial at any thread count)."""
        return self._arrays.values()

    @property
    def names(self) -> list[str]:
        return list(self._arrays)

    def replace(self, added: Mapping[str, np.ndarray], removed: Collection[str] = ()) -> None:
        """Drop the weights named in `removed` and append `added` (arguments in this new order):
        a decomposition that computes weights of its own at load (recurrent.py's per-direction
        transposed matrices) and leaves the originals unread."""
        for name in removed:
            del self._arrays[name]
        self._arrays.update((name, np.ascontiguousarray(a)) for name, a in added.items())

    @property
    def nbytes(self) -> int:
        return sum(a.nbytes for a in self._arrays.values())

    def save(self, path: str | Path) -> None:
        """Write an uncompressed `.npz`: one array per weight, keyed by its ONNX name, in order."""
        with open(path, "wb") as stream:
            np.savez(stream, **self._arrays)

    @staticmethod
    def load(path: str | Path, names: list[str] | None = None) -> Weights:
        """The weights saved in `path`; with `names`, exactly those, in that order.

        The arrays are memory-mapped read-only from the file (an uncompressed `.npz` stores each
        `.npy` whole), so loading costs no copy and processes share the pages."""
        try:
            arrays = _map_npz(Path(path))
        except (OSError, ValueError, zipfile.BadZipFile) as exc:
            raise OnnxError(f"{path}: cannot read the weights ({exc})") from None
        if names is None:
            return Weights(arrays)
        missing = [name for name in names if name not in arrays]
        if missing:
            raise OnnxError(f"{path}: weights missing: {', '.join(missing[:5])}"
                            + (f" and {len(missing) - 5} more" if len(missing) > 5 else ""))
        return Weights({name: arrays[name] for name in names})


def _map_npz(path: Path) -> dict[str, np.ndarray]:
    """Every array of an `.npz`, memory-mapped when stored uncompressed, else read."""
    arrays: dict[str, np.ndarray] = {}
    with zipfile.ZipFile(path) as archive, open(path, "rb") as stream:
        for member in archive.infolist():
            name = member.filename.removesuffix(".npy")
            if member.compress_type != zipfile.ZIP_STORED:
                with archive.open(member) as inner:
                    arrays[name] = np.lib.format.read_array(inner, allow_pickle=False)
                continue
            stream.seek(member.header_offset)
            local_header = stream.read(30)  # the zip local file header; name and extra field follow
            name_length, extra_length = struct.unpack("<HH", local_header[26:30])
            stream.seek(member.header_offset + 30 + name_length + extra_length)
            version = np.lib.format.read_magic(stream)
            read_header = {(1, 0): np.lib.format.read_array_header_1_0,
                           (2, 0): np.lib.format.read_array_header_2_0}.get(version)
            if read_header is None:
                raise ValueError(f"'{name}' is in .npy format {version[0]}.{version[1]}, not 1.0 or 2.0")
            shape, fortran_order, dtype = read_header(stream)
            if dtype.hasobject:
                raise ValueError(f"'{name}' holds Python objects")
            if math.prod(shape) == 0:
                arrays[name] = np.empty(shape, dtype)
                continue
            arrays[name] = np.memmap(stream, dtype=dtype, mode="r", offset=stream.tell(), shape=shape,
                                     order="F" if fortran_order else "C")
    return arrays


def is_external(array: np.ndarray, min_elements: int = MIN_EXTERNAL_ELEMENTS) -> bool:
    """Whether a constant is a weight kept outside the IR."""
    return array.dtype.kind == "f" and array.size >= min_elements


def externalize(model: onnx.ModelProto, min_elements: int = MIN_EXTERNAL_ELEMENTS) -> tuple[onnx.ModelProto, Weights]:
    """A model whose large floating-point constants (initializers, `Constant` nodes,
    `ConstantOfShape` of a constant shape, as old exporters make weights) are graph inputs
    after the model's own inputs, and their arrays in argument order.

    The result is built without the weights (not a copy of the whole model then trimmed): every
    later step serializes the model, and a few hundred MB of weights would dominate them."""
    graph = model.graph
    arrays: dict[str, np.ndarray] = {}
    kept_initializers = []
    for init in graph.initializer:
        array = readable_array(init, f"initializer '{init.name}'")
        if is_external(array, min_elements):
            arrays[init.name] = array
        else:
            kept_initializers.append(init)
    constant_shapes = {node.output[0]: shape for node, shape in constant_of_shape_nodes(model)}
    kept_nodes = []
    for node in graph.node:
        array = _constant_value(node, constant_shapes.get(node.output[0]) if node.output else None)
        if array is not None and is_external(array, min_elements):
            arrays[node.output[0]] = array
        else:
            kept_nodes.append(node)
    result = onnx.ModelProto()
    _copy_fields(model, result, skip={"graph"})
    _copy_fields(graph, result.graph, skip={"initializer", "node", "input"})
    kept_names = {init.name for init in kept_initializers}
    own_inputs = [value for value in graph.input if value.name not in arrays and value.name not in kept_names]
    declared = [value for value in graph.input if value.name in kept_names]  # IR version 3 style
    result.graph.initializer.extend(kept_initializers)
    result.graph.node.extend(kept_nodes)
    result.graph.input.extend([*own_inputs, *(make_value_info(name, array) for name, array in arrays.items()),
                               *declared])
    prune_unused_initializers(result)
    return result, Weights(arrays)


def _constant_value(node: onnx.NodeProto, constant_shape: tuple[int, ...] | None) -> np.ndarray | None:
    """The value of a `Constant` (tensor `value`) or of a `ConstantOfShape` of a constant shape."""
    if node.op_type == "Constant" and len(node.attribute) == 1 and node.attribute[0].name == "value":
        return readable_array(node.attribute[0].t, describe_node(node))
    if constant_shape is not None:
        fill = next((numpy_helper.to_array(a.t) for a in node.attribute if a.name == "value"),
                    np.zeros((1,), np.float32))
        return np.full(constant_shape, fill.reshape(-1)[0])
    return None


def _copy_fields(source, target, skip: set[str]) -> None:
    """Copy the set fields of protobuf message `source` into `target`, except those in `skip`."""
    for field, value in source.ListFields():
        if field.name in skip:
            continue
        if hasattr(value, "extend"):  # a repeated field
            getattr(target, field.name).extend(value)
        elif hasattr(value, "CopyFrom"):  # a message
            getattr(target, field.name).CopyFrom(value)
        else:
            setattr(target, field.name, value)
