"""Convolution layers as MLIR text, and seeded random ones, for the convolution schedule's tests.

A `ConvLayer` is one network layer in NHWC: the input zero-padded by a `tensor.pad`, the bias
broadcast into the output (the convolution's `outs`, as torch-mlir writes it), a
`linalg.conv_2d_nhwc_hwcf` or `linalg.depthwise_conv_2d_nhwc_hwc` with strides and dilations,
and optionally a ReLU and a residual add after it. `ConvLayer.text()` is the module (function
`@conv`, arguments input, filter, bias[, residual]); `random_layer(seed)` draws one with small
shapes (channels often not a multiple of the vector width, widths with no good divisor).

`python -m xfuse.testing.random_convs --count N` compiles N random layers with the `microkernel`
pipeline (which register-tiles them, xfuse/backends/schedules/conv.py) and with the reference
`default` pipeline and compares their results on seeded inputs; exit status 1 on a mismatch.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace

__all__ = ["FUSION", "ConvLayer", "check_layer", "is_scheduled", "layer_module", "main", "random_layer"]

FUSION = "xfuse-tile{loop=forall},xfuse-diffusion"
"""xfuse's passes that fuse a layer with `fuse_tile` into one `scf.forall` nest."""


@dataclass(frozen=True)
class ConvLayer:
    """One NHWC convolution layer (`depthwise`: `channels_out == channels_in`, one filter per channel)."""

    batch: int
    height: int
    width: int
    channels_in: int
    channels_out: int
    kernel: tuple[int, int]
    stride: int = 1
    dilation: int = 1
    padding: int = 0
    depthwise: bool = False
    relu: bool = False
    residual: bool = False
    element: str = "f32"
    input_relu: bool = False
    """The input goes through a ReLU first, as a network's layer reads the previous layer's
    activation: the ReLU is then a linalg producer of the pad (written into the padded buffer's
    interior, xfuse/backends/in_place/pads_in_place.py) or of the convolution."""
    fuse_tile: tuple[int, int, int, int] | None = None
    """When set, the convolution carries `xfuse.tile_sizes` = these (n, oh, ow, oc) tile sizes
    (reductions untiled), for `xfuse-tile` and `xfuse-diffusion` to fuse the layer into one loop
    nest (`FUSION`)."""

    @property
    def output_size(self) -> tuple[int, int]:
        def size(extent: int, k: int) -> int:
            return (extent + 2 * self.padding - self.dilation * (k - 1) - 1) // self.stride + 1
        return size(self.height, self.kernel[0]), size(self.width, self.kernel[1])

    def text(self) -> str:
        """The layer as an MLIR module with one function, `@conv`."""
        e, p = self.element, self.padding
        n, c, f = self.batch, self.channels_in, self.channels_out
        kh, kw = self.kernel
        oh, ow = self.output_size
        x = f"tensor<{n}x{self.height}x{self.width}x{c}x{e}>"
        padded = f"tensor<{n}x{self.height + 2 * p}x{self.width + 2 * p}x{c}x{e}>"
        filt = f"tensor<{kh}x{kw}x{c}x{e}>" if self.depthwise else f"tensor<{kh}x{kw}x{c}x{f}x{e}>"
        out = f"tensor<{n}x{oh}x{ow}x{f}x{e}>"
        op = "linalg.depthwise_conv_2d_nhwc_hwc" if self.depthwise else "linalg.conv_2d_nhwc_hwcf"
        args = [f"%x: {x}", f"%w: {filt}", f"%b: tensor<{f}x{e}>"] + ([f"%r: {out}"] if self.residual else [])
        par4 = '["parallel", "parallel", "parallel", "parallel"]'
        ident = "affine_map<(n, h, w, c) -> (n, h, w, c)>"
        lines = [f"func.func @conv({', '.join(args)}) -> {out} {{",
                 f"  %zero = arith.constant 0.0 : {e}"]
        source = "%x"
        if self.input_relu:
            lines += [f"  %xe = tensor.empty() : {x}",
                      f"  %xr = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = {par4}}} "
                      f"ins(%x : {x}) outs(%xe : {x}) {{",
                      f"  ^bb0(%in: {e}, %o: {e}):",
                      f"    %m = arith.maximumf %in, %zero : {e}",
                      f"    linalg.yield %m : {e}",
                      f"  }} -> {x}"]
            source = "%xr"
        if p:
            lines += [f"  %xp = tensor.pad {source} low[0, {p}, {p}, 0] high[0, {p}, {p}, 0] {{",
                      "  ^bb0(%i: index, %j: index, %k: index, %l: index):",
                      f"    tensor.yield %zero : {e}",
                      f"  }} : {x} to {padded}"]
            source = "%xp"
        reductions = 2 if self.depthwise else 3
        marker = (f", xfuse.tile_sizes = array<i64: {', '.join(map(str, (*self.fuse_tile, *[0] * reductions)))}>"
                  if self.fuse_tile else "")
        lines += [f"  %empty = tensor.empty() : {out}",
                  f"  %bias = linalg.generic {{indexing_maps = [affine_map<(n, h, w, c) -> (c)>, {ident}], "
                  f"iterator_types = {par4}}} ins(%b : tensor<{f}x{e}>) outs(%empty : {out}) {{",
                  f"  ^bb0(%in: {e}, %o: {e}):",
                  f"    linalg.yield %in : {e}",
                  f"  }} -> {out}",
                  f"  %y = {op} {{dilations = dense<[{self.dilation}, {self.dilation}]> : tensor<2xi64>, "
                  f"strides = dense<[{self.stride}, {self.stride}]> : tensor<2xi64>{marker}}} "
                  f"ins({source}, %w : {padded if p else x}, {filt}) outs(%bias : {out}) -> {out}"]
        result = "%y"
        if self.residual:
            lines.append(f"  %sum = linalg.add ins(%y, %r : {out}, {out}) outs(%empty : {out}) -> {out}")
            result = "%sum"
        if self.relu:
            lines += [f"  %relu = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = {par4}}} "
                      f"ins({result} : {out}) outs(%empty : {out}) {{",
                      f"  ^bb0(%in: {e}, %o: {e}):",
                      f"    %m = arith.maximumf %in, %zero : {e}",
                      f"    linalg.yield %m : {e}",
                      f"  }} -> {out}"]
            result = "%relu"
        lines += [f"  return {result} : {out}", "}"]
        return "\n".join(lines) + "\n"


def random_layer(seed: int) -> ConvLayer:
    """A seeded random layer: 1x1 to 7x7 filters, strides 1-2, dilations 1-2, padding 0-3,
    channel counts 1-40, output widths 1-19, sometimes depthwise, ReLU, a residual add, batch 2,
    fused by xfuse (`fuse_tile`), a ReLU before the layer (`input_relu`)."""
    rng = random.Random(seed)
    depthwise = rng.random() < 0.3
    kh, kw = rng.choice([(1, 1), (3, 3), (3, 3), (5, 5), (7, 7), (1, 3), (3, 1)])
    stride, dilation = rng.choice([1, 1, 2]), rng.choice([1, 1, 2])
    padding = rng.choice([0, 0, max(kh, kw) // 2, 3])
    channels_in = rng.choice([1, 3, 4, 8, 16, 17, 24, 32, 40])
    channels_out = channels_in if depthwise else rng.choice([8, 16, 20, 24, 32, 40, 48, 64])
    def extent(k: int) -> int:
        least = dilation * (k - 1) + 1 - 2 * padding
        return max(least, 1) + rng.randrange(0, 20)
    layer = ConvLayer(rng.choice([1, 1, 2]), extent(kh), extent(kw), channels_in, channels_out, (kh, kw), stride,
                      dilation, padding, depthwise, rng.random() < 0.5, rng.random() < 0.3)
    if rng.random() < 0.3:  # fused by xfuse into tiles that divide the output (so they stay static)
        oh, ow = layer.output_size
        rows = rng.choice([d for d in range(1, oh + 1) if oh % d == 0])
        channels = rng.choice([d for d in range(1, channels_out + 1) if channels_out % d == 0 and d % 8 == 0]
                              or [channels_out])
        layer = replace(layer, fuse_tile=(1, rows, ow, channels))
    if rng.random() < 0.3:  # drawn last: the seeds' other choices stay what they were
        layer = replace(layer, input_relu=True)
    return layer


def layer_module(layer: ConvLayer):
    """The layer parsed, and fused by `FUSION` when it has a `fuse_tile`."""
    from xfuse.passes import apply_passes
    from xfuse.parsing import parse

    module = parse(layer.text())
    if layer.fuse_tile:
        apply_passes(module, FUSION)
    return module


def is_scheduled(layer: ConvLayer) -> bool:
    """The convolution schedule (xfuse/backends/schedules/conv.py) register-tiles the layer on this host."""
    from xfuse.backends.mlir_text import prepare_for_execution
    from xfuse.backends.schedules.conv import plan_convolutions
    from xfuse.backends.target import host_target

    return bool(plan_convolutions(prepare_for_execution(layer_module(layer)), host_target()))


def check_layer(layer: ConvLayer, seeds: Sequence[int] = (0,), rtol: float = 1e-4, atol: float = 1e-4,
                pipeline: str = "microkernel") -> None:
    """Compile `layer` with `pipeline` (a micro-kernel one) and the reference `default` pipeline;
    raise AssertionError when their results on seeded inputs differ."""
    import numpy as np

    from xfuse.backends.runner import compile_module, random_inputs

    candidate = compile_module(layer_module(layer), "conv", pipeline)
    reference = compile_module(layer_module(layer), "conv", "default")
    for seed in seeds:
        inputs = random_inputs(candidate.signature, seed=seed)
        (got,), (want,) = candidate(*inputs), reference(*inputs)
        np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, err_msg=str(layer))


def main(argv: Sequence[str] | None = None) -> int:
    from xdsl.utils.exceptions import DiagnosticException

    from xfuse.diagnostics import describe

    parser = argparse.ArgumentParser(description="Random convolution layers: microkernel against default.")
    parser.add_argument("--count", type=int, default=20, help="layers to check")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    args = parser.parse_args(argv)
    failures = 0
    for seed in range(args.start, args.start + args.count):
        layer = random_layer(seed)
        try:
            check_layer(layer)
        except AssertionError as error:
            failures += 1
            print(f"seed {seed}: MISMATCH {layer}\n{error}")
        except DiagnosticException as error:  # a build that fails (the backend's diagnostic, its input kept)
            failures += 1
            print(f"seed {seed}: FAILED TO COMPILE {layer}\n{describe(error)}")
        else:
            print(f"seed {seed}: ok ({'register-tiled' if is_scheduled(layer) else 'generic lowering'}) {layer}")
    print(f"{args.count - failures}/{args.count} layers agree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
