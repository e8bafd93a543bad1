"""Models of destination-style linalg ops: inputs are read, each init is written in place into
its result (read too when the payload uses the output value)."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import Operation, SSAValue

from xfuse.transforms.bufferize.models import READ, OperandModel


def _values(operands: SSAValue | Sequence[SSAValue]) -> list[SSAValue]:
    return [operands] if isinstance(operands, SSAValue) else list(operands)


def dps_operands(op: Operation) -> tuple[list[SSAValue], list[SSAValue]] | None:
    """(ins, outs) of a destination-style linalg op, None for anything else."""
    if not op.name.startswith("linalg.") or op.name in ("linalg.yield", "linalg.index"):
        return None
    for ins, outs in (("inputs", "outputs"), ("inputs", "inits"), ("input", "init"), ("inputs", "init")):
        if hasattr(op, ins) and hasattr(op, outs):
            return _values(getattr(op, ins)), _values(getattr(op, outs))
    return None


def payload_reads_output(op: Operation, n_ins: int, k: int) -> bool:
    """The payload uses the current value of output k (linalg.fill / elementwise ops do not)."""
    if op.name == "linalg.reduce":
        return True  # its init is the accumulator
    if not op.regions or not op.regions[0].blocks:
        return True
    args = op.regions[0].blocks[0].args
    if n_ins + k >= len(args):
        return True
    return args[n_ins + k].first_use is not None


def linalg_model(op: Operation, index: int) -> OperandModel | None:
    split = dps_operands(op)
    if split is None:
        return None
    ins, outs = split
    n_ins = len(ins)
    if index < n_ins:
        return READ
    k = index - n_ins
    result = (op.results[k],) if k < len(op.results) else ()
    return OperandModel(reads=payload_reads_output(op, n_ins, k), writes=True, aliases=result)
