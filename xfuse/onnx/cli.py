"""`xfuse-import-onnx MODEL.onnx -o MODEL.mlir`: an ONNX model as MLIR on tensors, weights beside it.

    xfuse-import-onnx squeezenet.onnx -o squeezenet.mlir      # + squeezenet.weights.npz
    xfuse-import-onnx bert.onnx --input-shape input_ids=1,128 -o bert.mlir
    xfuse-import-onnx crop.onnx --input-value starts=0,16 -o crop.mlir   # a value fixed at load
    xfuse-run squeezenet.mlir ...                              # any xfuse tool reads the IR

The IR's function takes the model's inputs, then the weights in the order of the `.npz`
(`--weights`, by default next to `-o`). Bad input ends with `error: ...` and exit code 1.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from xfuse.diagnostics import report
from xfuse.onnx.errors import OnnxError, require_onnx_packages
from xfuse.onnx.weights import MIN_EXTERNAL_ELEMENTS

TOOL = "xfuse-import-onnx"


def parse_input_shape(text: str) -> tuple[str, tuple[int, ...]]:
    """`name=1,3,224,224` -> ("name", (1, 3, 224, 224))."""
    name, sep, dims = text.rpartition("=")
    try:
        shape = tuple(int(d) for d in dims.split(",")) if sep and name else None
    except ValueError:
        shape = None
    if shape is None or any(d < 0 for d in shape):
        raise OnnxError(f"--input-shape {text}: expected NAME=D0,D1,... with sizes >= 0")
    return name, shape


def parse_input_value(text: str, model) -> tuple[str, np.ndarray]:
    """`name=1,0,2` -> ("name", the array of the input's declared dtype): of its declared shape
    when that is static, else one-dimensional (a scalar for a rank-0 input)."""
    from onnx import helper

    from xfuse.onnx.graph import runtime_inputs

    name, sep, values = text.partition("=")
    declarations = {value.name: value for value in runtime_inputs(model)}
    if not sep or not name:
        raise OnnxError(f"--input-value {text}: expected NAME=V0,V1,...")
    if name not in declarations:
        raise OnnxError(f"--input-value {text}: '{name}' is not an input of the model "
                        f"(inputs: {', '.join(repr(n) for n in declarations) or 'none'})")
    tensor_type = declarations[name].type.tensor_type
    dtype = helper.tensor_dtype_to_np_dtype(tensor_type.elem_type)
    try:
        array = np.array([float(v) if dtype.kind == "f" else int(v) for v in values.split(",") if v.strip()], dtype)
    except (ValueError, OverflowError):
        raise OnnxError(f"--input-value {text}: expected {dtype.name} values separated by commas") from None
    dims = tensor_type.shape.dim
    if tensor_type.HasField("shape") and all(d.HasField("dim_value") for d in dims):
        shape = tuple(d.dim_value for d in dims)
        if array.size != math.prod(shape):
            raise OnnxError(f"--input-value {text}: '{name}' has shape {shape}, {math.prod(shape)} value(s); "
                            f"got {array.size}")
        array = array.reshape(shape)
    return name, array


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=TOOL, description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", type=Path, help="the .onnx file")
    parser.add_argument("-o", "--output", type=Path, help="the .mlir file to write (default: stdout)")
    parser.add_argument("--weights", type=Path,
                        help="the .npz of the weights (default: OUTPUT with .weights.npz; none with stdout)")
    parser.add_argument("--input-shape", action="append", default=[], metavar="NAME=D0,D1,...",
                        help="the full shape of an input with dynamic dimensions (repeatable)")
    parser.add_argument("--input-value", action="append", default=[], metavar="NAME=V0,V1,...",
                        help="fix an input that decides shapes (Slice's starts, Resize's sizes) to these "
                             "values, of its declared dtype: a constant, not an argument (repeatable)")
    parser.add_argument("--min-external-elements", type=int, default=MIN_EXTERNAL_ELEMENTS, metavar="N",
                        help=f"floating-point constants of at least N elements are weights (default {MIN_EXTERNAL_ELEMENTS})")
    parser.add_argument("--random-weights", type=int, metavar="SEED",
                        help="replace ConstantOfShape weights by seeded random ones (the onnx wheel's light models)")
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    try:
        require_onnx_packages()
        from xfuse.onnx.graph import read_model
        from xfuse.onnx.importer import import_model
        from xfuse.onnx.seeded_weights import random_weights

        shapes = dict(parse_input_shape(text) for text in args.input_shape)
        if args.min_external_elements < 1:
            raise OnnxError("--min-external-elements must be at least 1")
        model = read_model(args.model)
        if args.random_weights is not None:
            model = random_weights(model, args.random_weights)
        values = dict(parse_input_value(text, model) for text in args.input_value)
        imported = import_model(model, input_shapes=shapes, input_values=values,
                                min_external_elements=args.min_external_elements)
        weights_path = args.weights
        if weights_path is None and args.output is not None:
            weights_path = args.output.with_name(args.output.name.removesuffix(".mlir") + ".weights.npz")
        header = (f"// Imported from {args.model.name} by {TOOL}. @{imported.entry} takes "
                  f"{len(imported.input_names)} input(s) ({', '.join(imported.input_names)}), then "
                  f"{len(imported.weights)} weight(s)"
                  + (f" from {weights_path.name}, in its order." if weights_path else " (not written).")
                  + (f" Fixed at load: {', '.join(imported.fixed_values)}.\n" if imported.fixed_values else "\n"))
        if weights_path is not None:
            imported.weights.save(weights_path)
        text = header + imported.mlir.rstrip("\n") + "\n"
        if args.output is None:
            sys.stdout.write(text)
        else:
            args.output.write_text(text)
    except Exception as exc:  # noqa: BLE001 - expected user errors are reported, bugs re-raised
        report(exc, TOOL)


if __name__ == "__main__":
    main()
