"""The GPU dialect's device-mapping attributes xDSL 0.74 lacks (MLIR 22 GPUDeviceMappingAttr.td).

They say how an `scf.forall` is distributed (`{mapping = [#gpu.block<y>, #gpu.block<x>]}`); MLIR's
`scf.forall` verifier accepts only attributes implementing `DeviceMappingAttrInterface` in its
`mapping`, which these model with the `DeviceMappingAttr` base class:

| attribute | parameter |
|---|---|
| `#gpu.block<x>`, `#gpu.thread<y>`, `#gpu.warpgroup<z>`, `#gpu.warp<x>`, `#gpu.lane<x>` | a `MappingId`: `x`, `y`, `z`, `linear_dim_0` ... `linear_dim_9` |
| `#gpu.memory_space<global>` | `global`, `workgroup`, `private` |
| `#gpu.mask<255>` | an unsigned 64-bit mask of active ids, printed in decimal |

and `#gpu.address_space<workgroup>` (a memref memory space, not a mapping).

They are appended to xDSL's `gpu` dialect (its ops stay as they are). On CPU, mlir-opt's
lowering of `scf.forall` ignores the mapping (see tests/filecheck/with-mlir/dialects/gpu/).
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntAttr
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition, param_def
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.str_enum import StrEnum

from xfuse.dialects.attr_syntax import AngleBracketed


class DeviceMappingAttr(Attribute):
    """What MLIR's `DeviceMappingAttrInterface` marks: an attribute allowed in a forall mapping."""


class MappingId(StrEnum):
    """MLIR's `MappingId`: three dimensions and ten linear ids."""

    X = "x"
    Y = "y"
    Z = "z"
    LINEAR_DIM_0 = "linear_dim_0"
    LINEAR_DIM_1 = "linear_dim_1"
    LINEAR_DIM_2 = "linear_dim_2"
    LINEAR_DIM_3 = "linear_dim_3"
    LINEAR_DIM_4 = "linear_dim_4"
    LINEAR_DIM_5 = "linear_dim_5"
    LINEAR_DIM_6 = "linear_dim_6"
    LINEAR_DIM_7 = "linear_dim_7"
    LINEAR_DIM_8 = "linear_dim_8"
    LINEAR_DIM_9 = "linear_dim_9"


class MemorySpace(StrEnum):
    GLOBAL = "global"
    WORKGROUP = "workgroup"
    PRIVATE = "private"


class _AngleEnumAttr(AngleBracketed, EnumAttribute[MappingId], DeviceMappingAttr):
    """`#gpu.<mnemonic><id>`."""

    @property
    def is_linear(self) -> bool:
        """A linear id (`linear_dim_N`) rather than a grid dimension."""
        return self.data.value.startswith("linear_dim_")


@irdl_attr_definition
class BlockMappingAttr(_AngleEnumAttr):
    name = "gpu.block"


@irdl_attr_definition
class ThreadMappingAttr(_AngleEnumAttr):
    name = "gpu.thread"


@irdl_attr_definition
class WarpgroupMappingAttr(_AngleEnumAttr):
    name = "gpu.warpgroup"


@irdl_attr_definition
class WarpMappingAttr(_AngleEnumAttr):
    name = "gpu.warp"


@irdl_attr_definition
class LaneMappingAttr(_AngleEnumAttr):
    name = "gpu.lane"


@irdl_attr_definition
class MemorySpaceMappingAttr(AngleBracketed, EnumAttribute[MemorySpace], DeviceMappingAttr):
    """`#gpu.memory_space<workgroup>`: a forall whose iterations map to a memory space."""

    name = "gpu.memory_space"


@irdl_attr_definition
class AddressSpaceAttr(AngleBracketed, EnumAttribute[MemorySpace]):
    """`#gpu.address_space<workgroup>`: a memref memory space (not a mapping; it comes with
    distributed foralls in GPU pipelines, e.g. `memref<4xf32, #gpu.address_space<workgroup>>`)."""

    name = "gpu.address_space"


_MASK_LIMIT = 1 << 64


@irdl_attr_definition
class MappingMaskAttr(ParametrizedAttribute, DeviceMappingAttr):
    """`#gpu.mask<N>`: the ids (bits of an unsigned 64-bit N) a mapping keeps active."""

    name = "gpu.mask"

    mask: IntAttr = param_def(IntAttr)

    def __init__(self, mask: int | IntAttr):
        super().__init__(mask if isinstance(mask, IntAttr) else IntAttr(mask))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[IntAttr]:
        with parser.in_angle_brackets():
            pos = parser.pos
            value = parser.parse_integer(allow_boolean=False)
            if not 0 <= value < _MASK_LIMIT:
                # MLIR reads the mask as an uint64_t: -1 wraps around.
                if -_MASK_LIMIT < value < 0:
                    value += _MASK_LIMIT
                else:
                    parser.raise_error("mask does not fit in 64 bits", pos, parser.pos)
            return (IntAttr(value),)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_int(self.mask.data)


DEVICE_MAPPING_ATTRS: tuple[type[Attribute], ...] = (
    BlockMappingAttr,
    ThreadMappingAttr,
    WarpgroupMappingAttr,
    WarpMappingAttr,
    LaneMappingAttr,
    MemorySpaceMappingAttr,
    MappingMaskAttr,
)

GPU_EXTENSION = Dialect("gpu", [], [*DEVICE_MAPPING_ATTRS, AddressSpaceAttr])
