"""The values an `scf.for` carries computed in the buffer of its iteration argument.

torch-mlir lowers an ONNX `Loop` (xfuse's loop form of LSTM, GRU and RNN: xfuse/onnx/recurrent.py)
to an `scf.for` whose body computes the next state with linalg ops that write `tensor.empty`s:

    %r = scf.for ... iter_args(%h = %h0) -> tensor<1x256xf32> {
      %e = tensor.empty() : tensor<1x256xf32>
      %n = linalg.generic ins(%a, %h) outs(%e) {...}
      scf.yield %n
    }

mlir-opt 22's one-shot-bufferize refuses that loop ("Yield operand #0 is not equivalent to the
corresponding iter bbArg"): the yielded buffer is a new one. Its `allow-return-allocs-from-loops`
accepts it, but then the deallocation pipeline stores `i1` ownership flags that
finalize-memref-to-llvm 22.1.8 asserts on. When the op that makes the yielded value writes every
element of it (an elementwise `linalg.generic`: all loops parallel, an identity output map, its
body not reading the destination) and nothing reads the iteration argument after that op, the op
may write into the iteration argument instead:

    %n = linalg.generic ins(%a, %h) outs(%h) {...}

Element by element the op reads `h[i]` before it writes `n[i]`, and no later op of the iteration
reads `h`, so the values are the same; the yield is then equivalent to its argument and
one-shot-bufferize updates the state in place (copying the loop's initial value once when that is
not writable). Whether in place is safe stays bufferization's decision (it copies otherwise: slower,
never wrong)."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import ArrayAttr, ModuleOp
from xdsl.dialects.linalg.ops import GenericOp, IteratorType
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

__all__ = ["LoopResultsInPlacePass", "loop_results_in_place"]


@dataclass(frozen=True)
class LoopResultsInPlacePass(ModulePass):
    """`xfuse-loop-results-in-place`: the rewrite above, on every `scf.for` of the module. The
    backend runs it before one-shot-bufferize; as a pass it shows what that step changes."""

    name = "xfuse-loop-results-in-place"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        loop_results_in_place(op)


def loop_results_in_place(module: ModuleOp) -> int:
    """Rewrite, in place, every `scf.for` iteration result of `module` that may be computed in its
    iteration argument's buffer (above); the number rewritten."""
    rewritten = 0
    for loop in [op for op in module.walk() if isinstance(op, scf.ForOp)]:
        body = loop.body.block
        terminator = body.last_op
        if not isinstance(terminator, scf.YieldOp):
            continue
        for argument, yielded in zip(body.args[1:], terminator.operands, strict=True):
            producer = _writer_of_whole(yielded, body)
            if producer is not None and yielded.type == argument.type and _not_read_after(argument, producer, body):
                producer.operands[len(producer.operands) - 1] = argument
                _read_through_destination(producer, argument)
                rewritten += 1
    return rewritten


def _read_through_destination(op: GenericOp, argument: BlockArgument) -> None:
    """`op` (writing into `argument`) reads `argument`'s element through its output block
    argument instead of through an input of its own. The values are the same; but once `op` is
    tiled (the elementwise schedule vectorizes the chains of a loop body,
    schedules/elementwise.py), an input `argument` is read whole while the tile loop writes its
    slices, and one-shot-bufferize copies the state again ("Yield operand #1 is not equivalent":
    an LSTM's cell `c' = f * c + i * g`)."""
    inputs = list(op.inputs)
    dropped = [index for index, value in enumerate(inputs) if value == argument]
    if not dropped:
        return
    block = op.body.block
    output = block.args[len(inputs)]
    for index in reversed(dropped):
        block.args[index].replace_all_uses_with(output)
        block.erase_arg(block.args[index])
    maps = op.indexing_maps.data
    kept = [index for index in range(len(inputs)) if index not in dropped]
    new = GenericOp([inputs[i] for i in kept], [argument], op.detach_region(op.body),
                    ArrayAttr([maps[i] for i in kept] + [maps[-1]]), op.iterator_types,
                    [result.type for result in op.res], op.doc, op.library_call)
    new.attributes.update(op.attributes)
    new.location = op.location
    Rewriter.replace_op(op, new)


def _writer_of_whole(value: SSAValue, block: Block) -> GenericOp | None:
    """The op of `block` that makes `value` by writing each of its elements once without reading
    its destination, when the destination is a `tensor.empty`; None otherwise."""
    if not isinstance(value, OpResult) or not isinstance(op := value.op, GenericOp) or op.parent_block() is not block:
        return None
    if len(op.outputs) != 1 or len(op.res) != 1 or not isinstance(init := op.outputs[0], OpResult):
        return None
    if init.op.name != "tensor.empty" or list(op.body.block.args[-1].uses):
        return None
    if any(kind.data != IteratorType.PARALLEL for kind in op.iterator_types.data):
        return None
    output_map = op.indexing_maps.data[-1].data
    return op if output_map == AffineMap.identity(output_map.num_dims) else None


def _not_read_after(argument: BlockArgument, producer: Operation, block: Block) -> bool:
    """Every reader of `argument` (or the op of `block` holding it) comes before `producer`, or is
    `producer` reading it element by element (an identity map)."""
    position = {op: index for index, op in enumerate(block.ops)}
    for use in argument.uses:
        user = block.find_ancestor_op_in_block(use.operation)
        if user is None:
            return False
        if user is producer:
            assert isinstance(producer, GenericOp)
            map_ = producer.indexing_maps.data[use.index].data
            if map_ != AffineMap.identity(map_.num_dims):
                return False
        elif position[user] > position[producer]:
            return False
    return True
