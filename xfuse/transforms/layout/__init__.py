"""Data layout of networks (issue 22): `xfuse-nhwc` turns torch-mlir's NCHW convolutions,
pooling and the ops between them into NHWC, which the backend's direct-convolution schedule
runs (`nhwc.py`: the pass; `plan.py`: which ops change; `rewrite.py`: the rewrite;
`weight_layout.py`: the `xfuse.weight_layout` argument attribute). docs/passes/xfuse-nhwc.md."""

from xfuse.transforms.layout.nhwc import NhwcPass, NhwcResult, convert_to_nhwc
from xfuse.transforms.layout.weight_layout import WEIGHT_LAYOUT_ATTR, permute_weights, weight_layouts

__all__ = ["WEIGHT_LAYOUT_ATTR", "NhwcPass", "NhwcResult", "convert_to_nhwc", "permute_weights", "weight_layouts"]
