"""MLIR text for mlir-opt 22 from an xDSL module.

Always the generic form: xDSL's custom printers are not all faithful to MLIR's (xDSL 0.74 drops the
`indexing_maps` of `linalg.matmul` in custom form), while the generic form of every op xDSL knows
is what MLIR's generic parser expects. Checked against mlir-opt 22.1.8 for func, arith, math,
linalg (matmul, generic, fill, add, sub, mul, max, min, exp, copy, transpose, broadcast, reduce),
tensor (empty, extract_slice, insert_slice, pad, expand/collapse_shape, cast, dim), scf
(for, forall, if), memref and bufferization (see tests/backends/test_mlir_text.py).

Source locations are printed too (`loc("file.mlir":7:17)`), so that mlir-opt's diagnostics point
at the line the user wrote rather than at a line of the generated text.

Known gaps (xDSL constructs mlir-opt rejects): xDSL 0.74 prints a dense `i1` constant of over
100 elements as hex of one byte per element, where MLIR reads `i1` hex bit-packed (8 elements a
byte): `MlirPrinter` prints those packed (a causal attention mask). None other found for the
dialects above. Ops xfuse adds
must print a generic form MLIR accepts; an op xDSL parsed as unregistered is printed verbatim.
The generic form of xfuse's named linalg ops (their hidden bodies), `linalg.elementwise`,
`linalg.contract`, `linalg.map` and the gpu mapping attributes is compared with mlir-opt's own in
tests/filecheck/with-mlir/dialects/ (full cycles diffed against mlir-opt's output).
"""

from __future__ import annotations

from io import StringIO

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    ArrayAttr,
    BoolAttr,
    DenseIntOrFPElementsAttr,
    DictionaryAttr,
    IntegerType,
    ModuleOp,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Operation
from xdsl.printer import Printer

C_INTERFACE_ATTR = "llvm.emit_c_interface"
WRITABLE_ATTR = "bufferization.writable"


class MlirPrinter(Printer):
    """xDSL's printer, with the `i1` hex data MLIR reads (the module docstring's known gap)."""

    def print_attribute(self, attribute: Attribute) -> None:
        if (isinstance(attribute, DenseIntOrFPElementsAttr) and attribute.get_element_type() == IntegerType(1)
                and len(attribute) > 100 and not attribute.is_splat()):
            bits = np.packbits(np.array(attribute.get_values(), dtype=bool), bitorder="little")
            self.print_string(f'dense<"0x{bits.tobytes().hex().upper()}"> : ')
            self.print_attribute(attribute.get_type())
            return
        super().print_attribute(attribute)


def emit_mlir_text(module: ModuleOp, locations: bool = True) -> str:
    """The generic-form text of `module`, with source locations unless `locations=False`."""
    stream = StringIO()
    MlirPrinter(stream=stream, print_generic_format=True, print_debuginfo=locations).print_op(module)
    stream.write("\n")
    return stream.getvalue()


def public_functions(module: ModuleOp) -> list[func.FuncOp]:
    """Functions with a body and public visibility, in order (the callable entry points)."""
    return [
        op
        for op in module.walk()
        if isinstance(op, func.FuncOp)
        and op.body.blocks
        and (op.sym_visibility is None or op.sym_visibility.data == "public")
    ]


def prepare_for_execution(module: ModuleOp) -> ModuleOp:
    """A copy of `module` ready to be called from Python through the C interface.

    Every public function gets `llvm.emit_c_interface` (so `_mlir_ciface_<name>` exists), and
    its tensor arguments `bufferization.writable = false`: a tensor argument has value
    semantics, so bufferization must not write into the caller's (numpy) buffer. rock ops are
    lowered by `rock-to-loops` (xfuse/transforms/rock/lower.py), torch-mlir's `tm_tensor` ops by
    `xfuse-lower-tm-tensor`. A transform script (named
    sequences) is not executable code: it is dropped.
    """
    from xfuse.transform_interp.interpreter import erase_schedule

    module = module.clone()
    erase_schedule(module)
    if any(op.name.startswith("rock.") for op in module.walk()):
        # rock kernels run on the CPU at every stage of their pipeline: lower them here.
        from xfuse.transforms.rock.lower import lower_rock_to_loops

        lower_rock_to_loops(module)
    if any(op.name.startswith("tm_tensor.") for op in module.walk()):
        # torch-mlir's ops, which mlir-opt does not know: as loops (xfuse-lower-tm-tensor).
        from xfuse.transforms.lower_tm_tensor import lower_tm_tensor

        lower_tm_tensor(module)
    for function in public_functions(module):
        function.attributes[C_INTERFACE_ATTR] = UnitAttr()
        inputs = function.function_type.inputs.data
        if not any(isinstance(t, TensorType) for t in inputs):
            continue
        old = function.arg_attrs.data if function.arg_attrs is not None else [DictionaryAttr({})] * len(inputs)
        new = []
        for arg_type, attrs in zip(inputs, old, strict=True):
            entries = dict(attrs.data)
            if isinstance(arg_type, TensorType):
                entries.setdefault(WRITABLE_ATTR, BoolAttr.from_bool(False))
            new.append(DictionaryAttr(entries))
        function.arg_attrs = ArrayAttr(new)
    return module


def split_shared_empties(module: ModuleOp) -> None:
    """Give every user of a `tensor.empty` its own `tensor.empty`.

    `cse` merges identical empties, so after fusion one empty can initialise several loop outputs
    (`shared_outs`) and tiles. mlir-opt 22's one-shot-bufferize then may give them one buffer and
    let a dead fused tile overwrite a live output (found by the random tester:
    tests/random_corpus/tensor-empty-cse-105.mlir). An empty has no contents, so one per user
    changes nothing in tensor semantics and leaves each destination a buffer of its own. The
    runner does this before handing tensor code to one-shot-bufferize; xfuse-bufferize needs
    it not (it gives two destinations tied to one tensor two buffers itself).

    Left shared: an empty read only by one `tensor.extract_slice` and one `tensor.insert_slice`
    into it at the same place (`_slice_update`), a slice computed in place (an attention head's
    product in its slice of the heads' result, xfuse-batch-matmul-to-matmul): split, the slice
    was computed in a buffer of its own and copied into the result."""
    for op in list(module.walk()):
        uses = list(op.results[0].uses) if op.name == "tensor.empty" else []
        if len(uses) < 2 or _slice_update(op.results[0], uses):
            continue
        block = op.parent_block()
        assert block is not None
        for use in uses[1:]:
            copy = op.clone()
            block.insert_op_after(copy, op)
            use.operation.operands[use.index] = copy.results[0]


def _slice_update(empty, uses) -> bool:
    """`empty`'s uses are one extract_slice of it and one insert_slice into it, both at the same
    static offsets, sizes and strides."""
    if len(uses) != 2:
        return False
    ops = {use.operation.name: use for use in uses}
    extract, insert = ops.get("tensor.extract_slice"), ops.get("tensor.insert_slice")
    if extract is None or insert is None or insert.index != 1:
        return False
    a, b = extract.operation, insert.operation
    if len(a.operands) != 1 or len(b.operands) != 2:  # dynamic offsets, sizes or strides
        return False
    return all(a.properties[key] == b.properties[key] for key in ("static_offsets", "static_sizes", "static_strides"))


def sink_empties(module: Operation) -> None:
    """Move every `tensor.empty` right before the first op of its block that uses it.

    One-shot-bufferize allocates an empty's buffer where the empty is, and torch-mlir's output
    and the schedules' rewrites leave many far ahead of their users (SqueezeNet: 41 of 61 empties,
    up to 129 ops ahead), so each buffer was allocated, and held memory, long before it was
    written. Allocated at its first use, it can take the place of buffers freed in between (the
    per-call arena plans by these lifetimes: xfuse/runtime/arena.py). An empty has no contents
    and no effects; its size operands dominate the new place, which its old place dominated."""
    positions: dict[Block, dict[Operation, int]] = {}  # moving empties keeps the other ops' order
    for op in [op for op in module.walk() if op.name == "tensor.empty"]:
        block = op.parent_block()
        if block is None:
            continue
        if block not in positions:
            positions[block] = {o: i for i, o in enumerate(block.ops)}
        index = positions[block]
        first = None
        for use in op.results[0].uses:
            user: Operation | None = use.operation
            while user is not None and user.parent_block() is not block:
                user = user.parent_op()
            if user is None:
                first = None
                break
            if first is None or index[user] < index[first]:
                first = user
        if first is not None and first is not op.next_op:
            op.detach()
            block.insert_op_before(op, first)
