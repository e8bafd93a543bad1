"""The memory relations of the in-place analysis: which tensor values may share a buffer.

`UnionFind` keeps *equivalences* (values that are one buffer: a destination and the result of
the op writing it). `AliasGraph` keeps *aliases* (values that may share memory, e.g. a slice and
its source) as a graph whose edges are the in-place decisions, because aliasing through a
value that is *one of* several others is not transitive: the result of an `scf.if` /
`scf.index_switch` (or an `arith.select`) is, at run time, the buffer of one yielded value,
so it may share memory with each of them, but two values yielded by different branches do not
share memory through it. A write into the value one branch computes is then no write into the
read-only argument another branch yields, nor into an iter_arg a third one yields. (Upstream's
One-Shot Analysis keeps union-find alias sets but makes these yields always in place: a write
into the result after the op, or a conflict, is charged to the writer instead.)

Two values may share memory when a path of edges joins them that never *turns* at a choice:
enters a choice result through the edge of one alternative and leaves it through the edge of
another. Paths are symmetric (a reversed turn is a turn), so the relation is too.
"""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.ir import SSAValue


class OrderedValues(list[SSAValue]):
    """The analysis's tensor values in program order, each with its position, so that
    `members` lists a class by walking the class, not every value of the function (on a
    network of thousands of values the scan made the analysis quadratic)."""

    def __init__(self) -> None:
        super().__init__()
        self.position: dict[SSAValue, int] = {}

    def append(self, value: SSAValue) -> None:
        self.position.setdefault(value, len(self))
        super().append(value)

    def extend(self, values: Iterable[SSAValue]) -> None:
        for value in values:
            self.append(value)


def _in_order(found: Iterable[SSAValue], universe: Iterable[SSAValue]) -> list[SSAValue] | None:
    """`found`'s values of `universe` in its order, when `universe` knows its positions."""
    if not isinstance(universe, OrderedValues):
        return None
    position = universe.position
    return sorted((u for u in found if u in position), key=position.__getitem__)


class UnionFind:
    def __init__(self) -> None:
        self.parent: dict[SSAValue, SSAValue] = {}

    def find(self, v: SSAValue) -> SSAValue:
        self.parent.setdefault(v, v)
        root = v
        while self.parent[root] is not root:
            root = self.parent[root]
        while self.parent[v] is not root:
            self.parent[v], v = root, self.parent[v]
        return root

    def union(self, a: SSAValue, b: SSAValue) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra is not rb:
            self.parent[rb] = ra

    def copy(self) -> UnionFind:
        other = UnionFind()
        other.parent = dict(self.parent)
        return other

    def members(self, v: SSAValue, universe: Iterable[SSAValue]) -> list[SSAValue]:
        root = self.find(v)
        return [u for u in universe if self.find(u) is root]


# An edge: (the other end, the choice result whose alternative this edge is, or None).
_Edge = tuple[SSAValue, SSAValue | None]
# A cached reach set: (the values it is cached for, first the one it was computed from; the set).
_Cached = tuple[tuple[SSAValue, ...], frozenset[SSAValue]]


class AliasGraph:
    """May-share-memory between tensor values, with choices (see the module docstring).

    `reach` is cached and dropped, on a new edge, only for the values that reached one of its
    ends (their sets may grow; no other set can). A trial decision adds its edges after
    `checkpoint`; `rollback` removes them and restores the cached sets they dropped. So the
    in-place analysis neither copies the graph per decision nor recomputes what a trial did not
    touch (both made it quadratic on networks)."""

    def __init__(self) -> None:
        self.edges: dict[SSAValue, list[_Edge]] = {}
        self._reach: dict[SSAValue, frozenset[SSAValue]] = {}
        # value -> the cached sets that contain it, each as (the values it is cached for,
        # the set); they are dropped together, so an entry whose set is no longer cached for
        # its first value is stale.
        self._cached_in: dict[SSAValue, list[_Cached]] = {}
        # While a trial runs: the edges it added, and the cached sets it dropped.
        self._trial: list[tuple[SSAValue, SSAValue]] | None = None
        self._dropped: list[_Cached] = []

    def union(self, a: SSAValue, b: SSAValue, choice: SSAValue | None = None) -> None:
        """a and b share memory; with `choice` (a or b, the result of an op that selects one of
        its alternatives), the other end is one alternative of that result."""
        assert choice is None or choice is a or choice is b
        self.edges.setdefault(a, []).append((b, choice))
        self.edges.setdefault(b, []).append((a, choice))
        if self._trial is not None:
            self._trial.append((a, b))
        self._drop_containing(a)
        self._drop_containing(b)

    def _drop_containing(self, end: SSAValue) -> None:
        for entry in self._cached_in.pop(end, ()):
            keys, found = entry
            if self._reach.get(keys[0]) is not found:
                continue  # stale: dropped (and maybe recomputed) before
            for key in keys:
                del self._reach[key]
            if self._trial is not None:
                self._dropped.append(entry)

    def checkpoint(self) -> None:
        """Start a trial: the unions until `rollback` are undone by it."""
        assert self._trial is None, "trials do not nest"
        self._trial, self._dropped = [], []

    def rollback(self) -> None:
        """Remove the trial's edges (the last ones of their ends' lists) and bring back the
        cached sets of the graph before it."""
        assert self._trial is not None
        added, self._trial = self._trial, None
        for a, b in reversed(added):
            self.edges[a].pop()
            self.edges[b].pop()
        for a, b in added:
            self._drop_containing(a)  # sets computed during the trial (through its edges)
            self._drop_containing(b)
        for keys, found in self._dropped:
            self._cache(keys, found)
        self._dropped = []

    def _cache(self, keys: tuple[SSAValue, ...] | frozenset[SSAValue], found: frozenset[SSAValue]) -> None:
        ordered = tuple(keys)
        for key in ordered:
            self._reach[key] = found
        entry = (ordered, found)
        for node in found:
            self._cached_in.setdefault(node, []).append(entry)

    def copy(self) -> AliasGraph:
        assert self._trial is None, "copy during a trial"
        other = AliasGraph()
        other.edges = {v: list(e) for v, e in self.edges.items()}
        return other

    def reach(self, v: SSAValue) -> frozenset[SSAValue]:
        """Every value that may share memory with `v` (itself included)."""
        found = self._reach.get(v)
        if found is not None:
            return found
        # State: (value, entered through one of its own alternatives' edges). Such a value
        # may only be left through its other edges (its uses), never to another alternative.
        seen: set[tuple[SSAValue, bool]] = {(v, False)}
        work = [(v, False)]
        choices = False
        while work:
            node, entered_as_choice = work.pop()
            for other, choice in self.edges.get(node, ()):
                if choice is not None:
                    choices = True
                if choice is node and entered_as_choice:
                    continue  # a turn: from one alternative to another
                state = (other, choice is other)
                if state in seen or (state[1] and (other, False) in seen):
                    continue
                seen.add(state)
                work.append(state)
        found = frozenset(node for node, _ in seen)
        # Without choices the relation is an equivalence: one set for the whole component
        # (for its values without a set of their own: a value is cached by one entry only).
        others = () if choices else (n for n in found if n is not v and n not in self._reach)
        self._cache((v, *others), found)
        return found

    def may_alias(self, a: SSAValue, b: SSAValue) -> bool:
        return a is b or b in self.reach(a)

    def members(self, v: SSAValue, universe: Iterable[SSAValue]) -> list[SSAValue]:
        """The values of `universe` that may share memory with `v`, in `universe`'s order."""
        reach = self.reach(v)
        ordered = _in_order(reach, universe)
        return ordered if ordered is not None else [u for u in universe if u in reach]
