"""`xfuse-import-onnx MODEL.onnx -o MODEL.mlir`: an ONNX model as MLIR on tensors, weights beside it.

    xfuse-import-onnx squeezenet.onnx -o squeezenet.mlir      # + squeezenet.weights.npz
    xfuse-import-onnx bert.onnx --input-shape input_ids=1,128 -o bert.mlir
    xfuse-run squeezenet.mlir ...                              # any xfuse tool reads the IR

The IR's function takes the model's inputs, then the weights in the order of the `.npz`
(`--weights`, by default next to `-o`). Bad input ends with `error: ...` and exit code 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=TOOL, description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", type=Path, help="the .onnx file")
    parser.add_argument("-o", "--output", type=Path, help="the .mlir file to write (default: stdout)")
    parser.add_argument("--weights", type=Path,
                        help="the .npz of the weights (default: OUTPUT with .weights.npz; none with stdout)")
    parser.add_argument("--input-shape", action="append", default=[], metavar="NAME=D0,D1,...",
                        help="the full shape of an input with dynamic dimensions (repeatable)")
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
        imported = import_model(model, input_shapes=shapes, min_external_elements=args.min_external_elements)
        weights_path = args.weights
        if weights_path is None and args.output is not None:
            weights_path = args.output.with_name(args.output.name.removesuffix(".mlir") + ".weights.npz")
        header = (f"// Imported from {args.model.name} by {TOOL}. @{imported.entry} takes "
                  f"{len(imported.input_names)} input(s) ({', '.join(imported.input_names)}), then "
                  f"{len(imported.weights)} weight(s)"
                  + (f" from {weights_path.name}, in its order.\n" if weights_path else " (not written).\n"))
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
