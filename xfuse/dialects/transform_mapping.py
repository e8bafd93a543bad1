"""The GPU mapping attributes transform scripts put on `scf.forall` (`#gpu.thread<y>`, ...).

`transform.structured.tile_using_forall ... (mapping = [#gpu.thread<y>, #gpu.thread<x>])` is
how MLIR's tiling tests spell a forall mapping; xDSL 0.74's `gpu` dialect lacks these
attributes, so xfuse appends them to it. xfuse never interprets a mapping: it is carried to the
`scf.forall` unchanged (mlir-opt's `scf-forall-to-parallel` drops it when lowering for CPU).
"""

from __future__ import annotations

import re

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Dialect, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

_DIMENSION = re.compile(r"^(x|y|z|linear_dim_[0-9]+)$")


class _MappingAttr(ParametrizedAttribute):
    """`#gpu.<kind><x|y|z|linear_dim_N>`."""

    dimension: StringAttr

    def __init__(self, dimension: str):
        super().__init__(StringAttr(dimension))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[StringAttr]:
        with parser.in_angle_brackets():
            pos = parser.pos
            keyword = parser.parse_identifier()
            if not _DIMENSION.match(keyword):
                parser.raise_error(
                    f"expected x, y, z or linear_dim_<n>, got '{keyword}'", pos, parser.pos
                )
        return (StringAttr(keyword),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.dimension.data}>")

    def verify(self) -> None:
        if not _DIMENSION.match(self.dimension.data):
            raise VerifyException(f"bad mapping dimension '{self.dimension.data}'")


@irdl_attr_definition
class GPUThreadMappingAttr(_MappingAttr):
    name = "gpu.thread"


@irdl_attr_definition
class GPUBlockMappingAttr(_MappingAttr):
    name = "gpu.block"


@irdl_attr_definition
class GPUWarpMappingAttr(_MappingAttr):
    name = "gpu.warp"


@irdl_attr_definition
class GPUWarpgroupMappingAttr(_MappingAttr):
    name = "gpu.warpgroup"


@irdl_attr_definition
class GPULaneMappingAttr(_MappingAttr):
    name = "gpu.lane"


GPU_MAPPING_EXTENSION = Dialect(
    "gpu",
    [],
    [
        GPUThreadMappingAttr,
        GPUBlockMappingAttr,
        GPUWarpMappingAttr,
        GPUWarpgroupMappingAttr,
        GPULaneMappingAttr,
    ],
)
