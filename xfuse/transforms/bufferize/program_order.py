"""Program order and nesting in the in-place analysis (a mixin of `FunctionAnalysis`).

The conflict rules ask, per pair of accesses, which comes first and whether a loop or a branch
separates them. Ops are numbered once in a pre-order walk (`pos`, and `end`: the last op nested
in each), and each op's enclosing loops and branches are cached: ops do not move during the
analysis, and walking parent chains per checked pair was a third of its time on networks.
"""

from __future__ import annotations

from xdsl.dialects import func, scf
from xdsl.ir import Block, Operation

from xfuse.dialects.scf import ForallOp
from xfuse.transforms.bufferize.models_scf import BRANCHING_OPS


class ProgramOrder:
    """Positions, loops and branches of the ops of one function (the attributes are set by
    `FunctionAnalysis.__init__`)."""

    function: func.FuncOp
    ops: list[Operation]
    pos: dict[Operation, int]
    end: dict[Operation, int]
    _loops: dict[Operation, list[Operation]]
    _branches: dict[Operation, dict[Operation, int]]

    def _number(self, root: Operation) -> None:
        def visit(op: Operation) -> None:
            self.pos[op] = len(self.ops)
            self.ops.append(op)
            for region in op.regions:
                for block in region.blocks:
                    for inner in block.ops:
                        visit(inner)
            self.end[op] = len(self.ops) - 1

        for block in root.regions[0].blocks:
            for op in block.ops:
                visit(op)

    def _inside(self, node: Operation | Block, loop: Operation) -> bool:
        op = node.parent_op() if isinstance(node, Block) else node
        if isinstance(node, Block) and op is loop:
            return True
        while op is not None and op is not self.function:
            if op is loop:
                return node is not loop
            op = op.parent_op()
        return False

    def _loops_of(self, op: Operation) -> list[Operation]:
        """The loops around `op`, innermost first."""
        loops = self._loops.get(op)
        if loops is None:
            loops = []
            parent = op.parent_op()
            while parent is not None and parent is not self.function:
                if isinstance(parent, scf.ForOp | ForallOp | scf.WhileOp):
                    loops.append(parent)
                parent = parent.parent_op()
            self._loops[op] = loops
        return loops

    def _branches_of(self, op: Operation) -> dict[Operation, int]:
        """The branching ops around `op`, innermost first, each with the region `op` is in."""
        chain = self._branches.get(op)
        if chain is None:
            chain = {}
            node: Operation | None = op
            while node is not None and node is not self.function:
                parent = node.parent_op()
                if isinstance(parent, BRANCHING_OPS):
                    region = node.parent_region()
                    chain.setdefault(parent, parent.regions.index(region) if region else -1)
                node = parent
            self._branches[op] = chain
        return chain

    def _exclusive(self, a: Operation, b: Operation) -> bool:
        """a and b are in different branches of one scf.if (their innermost common branching
        op)."""
        chain_a = self._branches_of(a)
        if not chain_a:
            return False
        for parent, region in self._branches_of(b).items():
            if parent in chain_a:
                return chain_a[parent] != region
        return False
