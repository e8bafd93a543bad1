"""`xfuse-nhwc`: a network's NCHW convolutions, pooling and the ops between them in NHWC.

Per function body: `plan.py` decides which ops run in NHWC, `rewrite.py` builds them and puts
the transposes where NCHW and NHWC meet. Convolution filters that are function arguments take
the HWCF / HWC layout in the signature (`weight_layout.py`), and so do weight arguments that are
only transposed (`weight_transposes.py`: fully connected layers). Layout changes cost more than the
convolutions they feed (docs/passes/xfuse-nhwc.md), so each transpose is reported as a remark
with the reason it could not be avoided.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation
from xdsl.passes import ModulePass
from xdsl.dialects.tensor import ExtractSliceOp
from xdsl.rewriter import InsertPoint, Rewriter

from xfuse.diagnostics import format_diagnostic
from xfuse.transforms.layout.plan import NHWC_FORMS, plan_block
from xfuse.transforms.layout.grouped_convs import split_grouped_convolutions
from xfuse.transforms.layout.rewrite import NhwcRewriter, TransposeNote
from xfuse.transforms.layout.weight_transposes import fold_weight_transposes


@dataclass
class NhwcResult:
    """What the pass did, over every function."""

    converted: dict[str, int] = field(default_factory=dict)
    """NCHW op name -> how many became NHWC."""
    other_ops: int = 0
    """Elementwise, pad, concat, broadcast, fill and empty ops rewritten to NHWC."""
    transposes: list[TransposeNote] = field(default_factory=list)
    permuted_weights: int = 0
    split_groups: int = 0
    """Grouped convolutions made one NHWC convolution per group (`grouped_convs.py`)."""
    kept: list[tuple[Operation, str]] = field(default_factory=list)
    """Convolutions and pooling left in NCHW, and why."""

    def remark_lines(self) -> list[str]:
        lines = [format_diagnostic(f"xfuse-nhwc: keeps NCHW: {reason}", op, severity="remark")
                 for op, reason in self.kept]
        lines += [note.remark for note in self.transposes]
        convs = ", ".join(f"{count} {name}" for name, count in sorted(self.converted.items())) or "nothing"
        lines.append(f"remark: xfuse-nhwc: NHWC: {convs}, {self.other_ops} other ops; "
                     f"{self.permuted_weights} weight argument(s) permuted; "
                     f"{len(self.transposes)} transpose(s) inserted; "
                     f"{self.split_groups} grouped convolution(s) split per group")
        return lines


def convert_to_nhwc(module: ModuleOp, permute_arguments: bool = True) -> NhwcResult:
    """Rewrite every function of `module` (its top-level body; ops inside loops are left alone:
    run this before tiling)."""
    result = NhwcResult()
    for function in [op for op in module.walk() if isinstance(op, func.FuncOp) and op.body.blocks]:
        callers = permute_arguments and any(
            op.name == "func.call" and op.callee.root_reference.data == function.sym_name.data for op in module.walk())
        if permute_arguments and not callers:  # FC weights transposed on every call: once, at load
            result.permuted_weights += len(fold_weight_transposes(function))
        plan = plan_block(function.body.block)
        result.kept.extend(plan.kept)
        if not plan.converted:
            continue
        for op in plan.converted:
            if op.name in NHWC_FORMS:
                result.converted[op.name] = result.converted.get(op.name, 0) + 1
            else:
                result.other_ops += 1
        rewriter = NhwcRewriter(function, plan, permute_arguments and not callers)
        rewriter.rewrite()
        erased = fold_cancelling_transposes(function.body.block) | fold_transposed_slices(function.body.block)
        result.transposes.extend(note for note in rewriter.transposes if note.transpose not in erased)
        result.permuted_weights += len(rewriter.permuted_arguments)
        if permute_arguments and not callers:
            result.split_groups += split_grouped_convolutions(function)
    return result


def fold_cancelling_transposes(block: Block) -> set[Operation]:
    """Replace each `linalg.transpose` of a `linalg.transpose` whose permutations compose to the
    identity by the first one's input; the transposes erased (with their unused inits).

    A network that moves its channels last itself (ConvNeXt's `Transpose` to NHWC rows around its
    LayerNorm and Linear layers) meets the layout's own transpose back to NCHW there: the pair
    is a copy of the NHWC value, which its readers take as it is."""
    erased: set[Operation] = set()
    for second in [op for op in block.ops if op.name == "linalg.transpose"]:
        first = second.operands[0].owner
        if not isinstance(first, Operation) or first.name != "linalg.transpose" or first in erased:
            continue
        outer, inner = second.permutation.get_values(), first.permutation.get_values()
        source = first.operands[0]
        if any(inner[outer[i]] != i for i in range(len(outer))) or source.type != second.results[0].type:
            continue
        second.results[0].replace_all_uses_with(source)
        for transpose in (second, first):
            if transpose.results[0].uses:
                break
            init = transpose.operands[1].owner
            Rewriter.erase_op(transpose)
            erased.add(transpose)
            if isinstance(init, Operation) and init.name == "tensor.empty" and not init.results[0].uses:
                Rewriter.erase_op(init)
    return erased


def _static_slice(op: Operation) -> tuple[list[int], list[int], list[int]] | None:
    """The offsets, sizes and strides of a `tensor.extract_slice` with no dynamic one that keeps
    its rank, else None."""
    if op.name != "tensor.extract_slice" or op.operands[1:]:
        return None
    offsets, sizes, strides = (list(op.properties[name].get_values())
                               for name in ("static_offsets", "static_sizes", "static_strides"))
    if list(op.results[0].type.get_shape()) != sizes:
        return None
    return offsets, sizes, strides


def fold_transposed_slices(block: Block) -> set[Operation]:
    """Replace each transpose of an `extract_slice` of a transpose, the two permutations
    composing to the identity, by the slice of the first transpose's input, its offsets, sizes
    and strides permuted; the transposes no slice reads any more erased.

    A network that splits its channels in NCHW (YOLOv8's C2f blocks: `Split` along axis 1) gets
    the layout's transpose back to NCHW before the slice and one to NHWC after it: two passes
    over the activation for each part, where a slice of the NHWC value is the same elements."""
    erased: set[Operation] = set()
    for second in [op for op in block.ops if op.name == "linalg.transpose"]:
        middle = second.operands[0].owner
        if not isinstance(middle, Operation) or (parts := _static_slice(middle)) is None:
            continue
        first = middle.operands[0].owner
        if not isinstance(first, Operation) or first.name != "linalg.transpose" or first in erased:
            continue
        outer, inner = second.permutation.get_values(), first.permutation.get_values()
        if any(inner[outer[i]] != i for i in range(len(outer))):
            continue
        offsets, sizes, strides = ([values[q] for q in outer] for values in parts)
        sliced = ExtractSliceOp.from_static_parameters(first.operands[0], offsets, sizes, strides)
        if sliced.results[0].type != second.results[0].type:
            continue
        Rewriter.insert_op(sliced, InsertPoint.before(second))
        second.results[0].replace_all_uses_with(sliced.results[0])
        for dead in (second, middle, first):
            if dead.results[0].uses:
                break
            init = dead.operands[1].owner if dead.name == "linalg.transpose" else None
            Rewriter.erase_op(dead)
            erased.add(dead)
            if isinstance(init, Operation) and init.name == "tensor.empty" and not init.results[0].uses:
                Rewriter.erase_op(init)
    return erased


@dataclass(frozen=True)
class NhwcPass(ModulePass):
    """NCHW convolutions (`conv_2d_nchw_fchw`, `depthwise_conv_2d_nchw_chw`), pooling
    (`pooling_nchw_max` / `_sum`) and the elementwise, pad, concat, broadcast and fill ops between
    them rewritten to NHWC, transposes only where an op has no NHWC form and at the function's
    edges. Options: `permute-weights` (default true: a filter that is a function argument changes
    its type and gets `xfuse.weight_layout`; false: it is transposed in the function; a function
    that is called in the module is never changed), `remarks` (each transpose and why, and a
    summary, on stderr)."""

    name = "xfuse-nhwc"

    permute_weights: bool = True
    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        result = convert_to_nhwc(op, self.permute_weights)
        if self.remarks:
            for line in result.remark_lines():
                print(line, file=sys.stderr)
