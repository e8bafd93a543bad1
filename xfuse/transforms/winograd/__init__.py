"""Winograd F(2x2, 3x3) convolutions (issue 42).

A static 3x3, stride-1, undilated NHWC/HWCF convolution whose filter is a weight argument
becomes an input transform (`B^T d B` of the 4x4 patches of its zero-padded input, two apart:
adds and subtracts only), 16 matrix products `V[xi] (tiles x C) * U[xi] (C x K)` that the
backend's matmul schedule register-tiles, and an output transform (`A^T M A`, 2x2 outputs per
tile) into which the convolution's bias and the elementwise chain after it (ReLU, residual add)
are fused. 16 multiplies per 2x2 outputs per (c, k) instead of 36. The filter transform
`U = G g G^T` runs once, at load, in numpy (`xfuse.weight_transform` beside
`xfuse.weight_layout`).

Modules: `matrices.py` (the transform matrices and the numpy filter transform), `cost.py` (which
convolutions take it), `rewrite.py` (the IR rewrite, the `xfuse-winograd` pass).
"""
