"""scf ops xDSL 0.74 lacks: `scf.forall` and its terminator `scf.forall.in_parallel`.

Tiling and fusion produce `scf.forall` loops over tensors (MLIR's `tileUsingSCF` with
`LoopType::ForallOp`), so xfuse needs them with MLIR 22's exact spelling: the same property
names and `operandSegmentSizes` in generic form, and the same custom forms
(`in (4, %n)` when normalized, `= (lb) to (ub) step (s)` otherwise), so that IR crosses
between xfuse and `mlir-opt` unchanged in both directions.

`ParallelCombiningOpInterface` (MLIR's interface for ops allowed inside `in_parallel`) is here
too, as an xDSL trait: `tensor.parallel_insert_slice` implements it (see xfuse/dialects/tensor.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Self

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    TensorType,
    i64,
)
from xdsl.dialects.utils import (
    get_dynamic_index_list,
    parse_assignment,
    parse_dynamic_index_list_without_types,
    print_assignment,
    print_dynamic_index_list,
    split_dynamic_index_list,
    verify_dynamic_index_list,
)
from xdsl.ir import Attribute, Block, BlockArgument, Dialect, Operation, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    lazy_traits_def,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.printer import Printer
from xdsl.traits import (
    HasCanonicalizationPatternsTrait,
    HasParent,
    IsTerminator,
    NoTerminator,
    OpTrait,
    Pure,
    RecursiveMemoryEffect,
    SingleBlockImplicitTerminator,
)
from xdsl.utils.exceptions import VerifyException

from xfuse.dialects.gpu import DeviceMappingAttr

OpFoldResult = int | SSAValue
"""A static integer or an SSA value of index type (MLIR's OpFoldResult)."""


class ParallelCombiningOpInterface(OpTrait, ABC):
    """MLIR's ParallelCombiningOpInterface: an op that may sit in `scf.forall.in_parallel`.

    Such an op combines what one iteration computed into a `shared_outs` tensor; the
    destinations it updates must be block arguments of the enclosing `scf.forall`.
    """

    @abstractmethod
    def get_updated_destinations(self, op: Operation) -> Sequence[SSAValue]: ...


def _constant_int(value: OpFoldResult) -> int | None:
    """The integer `value` stands for: itself if static, an `arith.constant`'s value, else None.

    MLIR's printer folds constant SSA bounds this way when it decides whether a forall is
    normalized, so xfuse does the same to print the same text.
    """
    if isinstance(value, int):
        return value
    owner = value.owner
    if isinstance(owner, Operation) and owner.name == "arith.constant":
        attr = owner.properties.get("value", owner.attributes.get("value"))
        if isinstance(attr, IntegerAttr) and isinstance(attr.type, IndexType):
            return attr.value.data
    return None


def _print_index_list(printer: Printer, values: Sequence[SSAValue], static: Sequence[int]):
    print_dynamic_index_list(
        printer, DYNAMIC_INDEX, values, static, delimiter=Parser.Delimiter.PAREN
    )


def _parse_index_list(parser: Parser) -> tuple[list[SSAValue], list[int]]:
    unresolved, static = parse_dynamic_index_list_without_types(
        parser, DYNAMIC_INDEX, delimiter=Parser.Delimiter.PAREN
    )
    return [parser.resolve_operand(u, IndexType()) for u in unresolved], list(static)


@irdl_op_definition
class InParallelOp(IRDLOperation):
    """`scf.forall.in_parallel`: the terminator of `scf.forall`.

    Its single block (no terminator) holds the ParallelCombiningOpInterface ops
    (`tensor.parallel_insert_slice`) that write each iteration's tile into the shared outputs.
    """

    name = "scf.forall.in_parallel"

    region = region_def("single_block")

    traits = lazy_traits_def(
        lambda: (IsTerminator(), NoTerminator(), HasParent(ForallOp), Pure())
    )

    def __init__(self, ops: Sequence[Operation] | Region | Block = ()):
        if isinstance(ops, Region):
            region = ops
        elif isinstance(ops, Block):
            region = Region(ops)
        else:
            region = Region(Block(ops))
        super().__init__(regions=[region])

    @property
    def body(self) -> Block:
        return self.region.block

    @property
    def yielding_ops(self) -> Sequence[Operation]:
        return list(self.body.ops)

    def verify_(self) -> None:
        forall = self.parent_op()
        if not isinstance(forall, ForallOp):
            raise VerifyException("expected forall op parent")
        out_args = forall.region_iter_args
        for op in self.body.ops:
            interface = op.get_trait(ParallelCombiningOpInterface)
            if interface is None:
                raise VerifyException(
                    f"expected only ParallelCombiningOpInterface ops, got '{op.name}'"
                )
            for dest in interface.get_updated_destinations(op):
                if dest not in out_args:
                    raise VerifyException(
                        f"'{op.name}' op may only insert into an output block argument"
                    )

    def print(self, printer: Printer):
        printer.print_string(" ")
        printer.print_region(
            self.region,
            print_entry_block_args=False,
            print_empty_block=False,
            print_block_terminators=False,
        )
        printer.print_op_attributes(self.attributes)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        region = parser.parse_region()
        if not region.blocks:
            region.add_block(Block())
        op = cls(region)
        op.attributes |= parser.parse_optional_attr_dict()
        return op


class ForallOpIterArgsFolder(RewritePattern):
    """MLIR 22's `ForallOpIterArgsFolder` (SCF.cpp): drop the `shared_outs` that are dead.

    A shared_out goes when its result has no use, or when no combining op of the terminator
    writes into its block argument (then the result is the init unchanged). Its combining ops
    (`tensor.parallel_insert_slice` into it) are erased, other uses of its block argument in the
    body are replaced by its init, and so are the uses of its result. The ops that computed the
    inserted tiles are then dead and go with dead-code elimination (that is how the old matmul
    and add tiles of a diffused loop nest disappear, as with `mlir-opt -canonicalize`).
    """

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, ForallOp):
            return
        block = op.body.block
        terminator = block.last_op
        if not isinstance(terminator, InParallelOp):
            return
        dead: list[int] = []
        for index, (result, arg) in enumerate(zip(op.res, op.region_iter_args)):
            if not result.uses or not _combining_ops(terminator, arg):
                dead.append(index)
        if not dead:
            return

        inits = list(op.outputs)
        out_args = list(op.region_iter_args)
        for index in dead:
            for combining in _combining_ops(terminator, out_args[index]):
                rewriter.erase(combining)
            rewriter.replace_all_uses_with(out_args[index], inits[index])
        for index in dead:
            rewriter.erase_block_argument(out_args[index])

        kept = [i for i in range(len(inits)) if i not in dead]
        body = rewriter.move_region_contents_to_new_regions(op.body)
        new_op = ForallOp(
            op.mixed_lower_bound,
            op.mixed_upper_bound,
            op.mixed_step,
            [inits[i] for i in kept],
            body,
            op.mapping,
            dict(op.attributes),
        )
        new_results: list[SSAValue] = list(inits)
        for position, index in enumerate(kept):
            new_results[index] = new_op.res[position]
        rewriter.replace(op, new_op, new_results)


def _combining_ops(terminator: InParallelOp, out_arg: BlockArgument) -> list[Operation]:
    """MLIR's ForallOp::getCombiningOps: the terminator's ops that update `out_arg`."""
    found: list[Operation] = []
    for op in terminator.body.ops:
        interface = op.get_trait(ParallelCombiningOpInterface)
        if interface is not None and out_arg in interface.get_updated_destinations(op):
            found.append(op)
    return found


class ForallOpHasCanonicalizationPatterns(HasCanonicalizationPatternsTrait):
    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        return (ForallOpIterArgsFolder(),)


@irdl_op_definition
class ForallOp(IRDLOperation):
    """`scf.forall`: a parallel loop nest whose iterations write disjoint tiles of `shared_outs`.

    Bounds and steps are mixed static/dynamic lists (static values in `static*` properties,
    `DYNAMIC_INDEX` marking positions taken by the `dynamic*` operands), as in MLIR.
    The body block's arguments are the induction variables (index) then one tensor per
    shared output; the results are the final values of the shared outputs.
    """

    name = "scf.forall"

    dynamicLowerBound = var_operand_def(IndexType)
    dynamicUpperBound = var_operand_def(IndexType)
    dynamicStep = var_operand_def(IndexType)
    outputs = var_operand_def(TensorType)

    staticLowerBound = prop_def(DenseArrayBase.constr(i64))
    staticUpperBound = prop_def(DenseArrayBase.constr(i64))
    staticStep = prop_def(DenseArrayBase.constr(i64))
    # MLIR requires DeviceMappingAttrInterface elements (e.g. #gpu.thread<x>); xDSL has no such
    # attributes, so any array is accepted (they parse as unregistered attributes).
    mapping = opt_prop_def(ArrayAttr)

    res = var_result_def()

    body = region_def("single_block")

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    traits = traits_def(
        SingleBlockImplicitTerminator(InParallelOp),
        RecursiveMemoryEffect(),
        ForallOpHasCanonicalizationPatterns(),
    )

    def __init__(
        self,
        lower_bounds: Sequence[OpFoldResult],
        upper_bounds: Sequence[OpFoldResult],
        steps: Sequence[OpFoldResult],
        outputs: Sequence[SSAValue | Operation],
        body: Region | Block,
        mapping: ArrayAttr | None = None,
        attributes: dict[str, Attribute] | None = None,
    ):
        static_lbs, dynamic_lbs = split_dynamic_index_list(lower_bounds, DYNAMIC_INDEX)
        static_ubs, dynamic_ubs = split_dynamic_index_list(upper_bounds, DYNAMIC_INDEX)
        static_steps, dynamic_steps = split_dynamic_index_list(steps, DYNAMIC_INDEX)
        if isinstance(body, Block):
            body = Region(body)
        super().__init__(
            operands=[dynamic_lbs, dynamic_ubs, dynamic_steps, outputs],
            result_types=[[SSAValue.get(o).type for o in outputs]],
            properties={
                "staticLowerBound": DenseArrayBase.from_list(i64, static_lbs),
                "staticUpperBound": DenseArrayBase.from_list(i64, static_ubs),
                "staticStep": DenseArrayBase.from_list(i64, static_steps),
                "mapping": mapping,
            },
            attributes=attributes,
            regions=[body],
        )

    @classmethod
    def from_bounds(
        cls,
        upper_bounds: Sequence[OpFoldResult],
        outputs: Sequence[SSAValue | Operation] = (),
        *,
        lower_bounds: Sequence[OpFoldResult] | None = None,
        steps: Sequence[OpFoldResult] | None = None,
        mapping: ArrayAttr | None = None,
    ) -> ForallOp:
        """A forall with a fresh body: index block args, one tensor arg per output, and an
        empty `scf.forall.in_parallel` terminator. Lower bounds default to 0, steps to 1.

        Fill it by inserting before `op.terminator` and appending combining ops to
        `op.terminator.body`.
        """
        rank = len(upper_bounds)
        lower_bounds = [0] * rank if lower_bounds is None else lower_bounds
        steps = [1] * rank if steps is None else steps
        output_types = [SSAValue.get(o).type for o in outputs]
        block = Block(arg_types=[IndexType()] * rank + output_types)
        block.add_op(InParallelOp())
        return cls(lower_bounds, upper_bounds, steps, outputs, block, mapping)

    # Accessors, named after MLIR's.

    @property
    def rank(self) -> int:
        return len(self.staticLowerBound)

    @property
    def induction_vars(self) -> Sequence[BlockArgument]:
        return self.body.block.args[: self.rank]

    @property
    def region_iter_args(self) -> Sequence[BlockArgument]:
        """The block arguments standing for the shared outputs (MLIR's getRegionOutArgs)."""
        return self.body.block.args[self.rank :]

    @property
    def terminator(self) -> InParallelOp:
        last = self.body.block.last_op
        assert isinstance(last, InParallelOp), "scf.forall without in_parallel terminator"
        return last

    def tied_output(self, block_arg: BlockArgument) -> SSAValue:
        """The `shared_outs` operand a region iter arg is initialized with."""
        return self.outputs[self.region_iter_args.index(block_arg)]

    @property
    def mixed_lower_bound(self) -> list[OpFoldResult]:
        return get_dynamic_index_list(
            self.staticLowerBound.get_values(), self.dynamicLowerBound, DYNAMIC_INDEX
        )

    @property
    def mixed_upper_bound(self) -> list[OpFoldResult]:
        return get_dynamic_index_list(
            self.staticUpperBound.get_values(), self.dynamicUpperBound, DYNAMIC_INDEX
        )

    @property
    def mixed_step(self) -> list[OpFoldResult]:
        return get_dynamic_index_list(
            self.staticStep.get_values(), self.dynamicStep, DYNAMIC_INDEX
        )

    @property
    def is_normalized(self) -> bool:
        """All lower bounds 0 and steps 1, folding `arith.constant`s as MLIR's printer does."""
        try:
            lower_bounds, steps = self.mixed_lower_bound, self.mixed_step
        except IndexError:  # malformed (unverified) op being printed: use the explicit form
            return False
        return all(_constant_int(v) == 0 for v in lower_bounds) and all(
            _constant_int(v) == 1 for v in steps
        )

    def verify_(self) -> None:
        rank = self.rank
        for what, static, dynamic in (
            ("lower bound", self.staticLowerBound, self.dynamicLowerBound),
            ("upper bound", self.staticUpperBound, self.dynamicUpperBound),
            ("step", self.staticStep, self.dynamicStep),
        ):
            if len(static) != rank:
                raise VerifyException(f"expected {rank} {what} values, got {len(static)}")
            verify_dynamic_index_list(
                static.get_values(), dynamic, DYNAMIC_INDEX, f" in the {what} values"
            )
        for step in self.staticStep.get_values():
            # Not checked by MLIR 22; a zero or negative step is never what a tiling meant.
            if step != DYNAMIC_INDEX and step <= 0:
                raise VerifyException(f"expected positive static step values, got {step}")

        if len(self.res) != len(self.outputs):
            raise VerifyException(
                f"produces {len(self.res)} results, but has only {len(self.outputs)} outputs"
            )
        for i, (output, result) in enumerate(zip(self.outputs, self.res)):
            if output.type != result.type:
                raise VerifyException(
                    f"type mismatch between {i}-th output ({output.type}) and "
                    f"corresponding result ({result.type})"
                )

        args = self.body.block.args
        if len(args) != rank + len(self.outputs):
            raise VerifyException(
                f"region expects {rank} induction variables and {len(self.outputs)} "
                f"shared_outs arguments, got {len(args)} block arguments"
            )
        for i, arg in enumerate(args[:rank]):
            if not isinstance(arg.type, IndexType):
                raise VerifyException(f"expects {i}-th block argument to be an index")
        for i, (arg, output) in enumerate(zip(args[rank:], self.outputs)):
            if arg.type != output.type:
                raise VerifyException(
                    f"type mismatch between {i}-th output and corresponding block argument"
                )

        if self.mapping is not None and not all(
            isinstance(entry, DeviceMappingAttr) for entry in self.mapping
        ):
            raise VerifyException(
                "attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute"
            )
        if self.mapping is not None and len(self.mapping) and len(self.mapping) != rank:
            raise VerifyException("mapping attribute size must match op rank")

    # Custom form, as MLIR's ForallOp::print / ForallOp::parse.

    def print(self, printer: Printer):
        printer.print_string(" (")
        printer.print_list(self.induction_vars, printer.print_ssa_value)
        if self.is_normalized:
            printer.print_string(") in ")
            _print_index_list(
                printer, self.dynamicUpperBound, self.staticUpperBound.get_values()
            )
        else:
            printer.print_string(") = ")
            _print_index_list(
                printer, self.dynamicLowerBound, self.staticLowerBound.get_values()
            )
            printer.print_string(" to ")
            _print_index_list(
                printer, self.dynamicUpperBound, self.staticUpperBound.get_values()
            )
            printer.print_string(" step ")
            _print_index_list(printer, self.dynamicStep, self.staticStep.get_values())
        if self.outputs:
            printer.print_string(" shared_outs(")
            printer.print_list(
                zip(self.region_iter_args, self.outputs),
                lambda pair: print_assignment(printer, *pair),
            )
            printer.print_string(") -> (")
            printer.print_list(self.res.types, printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" ")
        printer.print_region(
            self.body,
            print_entry_block_args=False,
            print_empty_block=False,
            print_block_terminators=bool(self.res),
        )
        # `mapping` is inherent but MLIR prints it in the attribute dictionary, which MLIR
        # keeps sorted by name.
        attributes = dict(self.attributes)
        if self.mapping is not None:
            attributes["mapping"] = self.mapping
        printer.print_op_attributes(dict(sorted(attributes.items())))

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        unresolved_ivs = parser.parse_comma_separated_list(
            Parser.Delimiter.PAREN, lambda: parser.parse_argument(expect_type=False)
        )
        rank = len(unresolved_ivs)
        if parser.parse_optional_keyword("in"):
            dynamic_ubs, static_ubs = _parse_index_list(parser)
            lower_bounds: list[OpFoldResult] = [0] * rank
            steps: list[OpFoldResult] = [1] * rank
        else:
            parser.parse_punctuation("=")
            dynamic_lbs, static_lbs = _parse_index_list(parser)
            parser.parse_keyword("to")
            dynamic_ubs, static_ubs = _parse_index_list(parser)
            parser.parse_keyword("step")
            dynamic_steps, static_steps = _parse_index_list(parser)
            lower_bounds = get_dynamic_index_list(static_lbs, dynamic_lbs, DYNAMIC_INDEX)
            steps = get_dynamic_index_list(static_steps, dynamic_steps, DYNAMIC_INDEX)
        upper_bounds = get_dynamic_index_list(static_ubs, dynamic_ubs, DYNAMIC_INDEX)

        unresolved_out_args: list[Parser.UnresolvedArgument] = []
        unresolved_outputs: list[UnresolvedOperand] = []
        output_types: list[Attribute] = []
        pos = parser.pos
        if parser.parse_optional_keyword("shared_outs"):
            for out_arg, output in parser.parse_comma_separated_list(
                Parser.Delimiter.PAREN, lambda: parse_assignment(parser)
            ):
                unresolved_out_args.append(out_arg)
                unresolved_outputs.append(output)
            parser.parse_punctuation("->")
            if parser.parse_optional_punctuation("(") is not None:
                output_types = parser.parse_comma_separated_list(
                    Parser.Delimiter.NONE, parser.parse_type
                )
                parser.parse_punctuation(")")
            else:
                output_types = [parser.parse_type()]
        outputs = parser.resolve_operands(unresolved_outputs, output_types, pos)

        block_args = [iv.resolve(IndexType()) for iv in unresolved_ivs] + [
            arg.resolve(t) for arg, t in zip(unresolved_out_args, output_types)
        ]
        region = parser.parse_region(block_args)
        attributes = dict(parser.parse_optional_attr_dict())
        mapping = attributes.pop("mapping", None)
        if mapping is not None and not isinstance(mapping, ArrayAttr):
            parser.raise_error("expected 'mapping' to be an array attribute")

        op = cls(lower_bounds, upper_bounds, steps, outputs, region, mapping, attributes)
        op.ensure_terminator()
        return op

    def ensure_terminator(self) -> None:
        """Append an empty `scf.forall.in_parallel` when the body has no terminator, as the
        custom form may omit it (xDSL's generic `ensure_terminator` would build it without
        its region)."""
        block = self.body.block
        last = block.last_op
        # An unregistered last op is no terminator to MLIR (xDSL would guess that it is).
        if last is None or not last.has_trait(IsTerminator, value_if_unregistered=False):
            block.add_op(InParallelOp())


SCF_EXTENSION = Dialect("scf", [ForallOp, InParallelOp], [])
