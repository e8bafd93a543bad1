"""Buffers written in place: rewrites before mlir-opt that keep a network's activations in fewer,
smaller buffers (pads, residuals, loop results, pooling and convolution borders, shuffles)."""
