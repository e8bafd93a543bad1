"""The default pipeline for a whole network: fuse, bufferize, share buffers, compile.

`NETWORK_PASSES` is the xfuse pass pipeline (a `-p` string for `xfuse-opt`, `xfuse-run`,
`xfuse-explain`); the module it leaves is on memrefs, so the backend pipeline after it is
`memref` (loops and LLVM, no second bufferization). `compile_network` runs both and times each
step, for tools and for `xfuse.onnx`'s `Model`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from xdsl.dialects.builtin import ModuleOp

from xfuse.backends.runner import CompiledModule, compile_module
from xfuse.passes import apply_passes

__all__ = ["NETWORK_BACKEND", "NETWORK_PASSES", "CompiledNetwork", "compile_network"]

NETWORK_PASSES = "xfuse-network-fusion,xfuse-bufferize,xfuse-share-buffers"
"""Roots tiled and diffused into (xfuse-network-fusion), xfuse's bufferization (it frees every
temporary), then buffers with disjoint lifetimes sharing memory (xfuse-share-buffers)."""

NETWORK_BACKEND = "memref"
"""The mlir-opt pipeline for what `NETWORK_PASSES` leaves: bufferized already, so loops + LLVM."""


@dataclass
class CompiledNetwork:
    """The compiled network and the seconds each step took (`passes`, `backend`)."""

    compiled: CompiledModule
    seconds: dict[str, float] = field(default_factory=dict)


def compile_network(
    module: ModuleOp, entry: str | None = None, passes: str = NETWORK_PASSES,
    backend: str = NETWORK_BACKEND, cache: bool = True,
) -> CompiledNetwork:
    """Apply `passes` to `module` (in place) and compile it with `backend`."""
    start = time.perf_counter()
    apply_passes(module, passes)
    passed = time.perf_counter()
    compiled = compile_module(module, entry, backend, cache=cache)
    return CompiledNetwork(compiled, {"passes": passed - start, "backend": time.perf_counter() - passed})
