"""One memory arena per call: a compiled module's buffers come from memory planned at its first
call, not from `malloc` on every call.

Why: bufferization turns every intermediate tensor into a `memref.alloc`, lowered to `malloc`
and `free`, so a call's speed rested on glibc's heuristics and on what else the process did. In
a process where onnxruntime had run, each call of an OCR detector took 5,600-66,000 minor page
faults and up to 2.2x the time (issue 40). With an arena, a steady-state call allocates nothing
large and touches no new page.

How (the C half: xfuse/runtime/arena_c.py): the first call of a function records its
allocations (size, when allocated, when freed; libc serves them); the plan puts each at an offset
of one block by its lifetime (xfuse/runtime/placement.py, as `xfuse-share-buffers` places
buffers in IR), the buffers the call returns included (they live to the end; the caller copies
them out before the arena is used again). Every later call is served from an arena of that
size, allocation by allocation, as long as it allocates what the plan says in the same order;
a call that departs from it (a size that depends on the data) gets the rest from `malloc`, and
stays correct.

The plan is recorded from the calling thread's allocations only, so it holds for every pipeline:
mlir-opt's bufferization and xfuse's alike; allocations on a parallel loop's worker threads
stay with `malloc`. Calls from several Python threads at once each take an arena of their own
from the function's `ArenaPool` (created on demand, kept for reuse: as many as calls ran at once).
`XFUSE_ARENA=0` turns arenas off (every buffer from `malloc`, as before).
"""

from __future__ import annotations

import ctypes
import os
import threading
from dataclasses import dataclass

import numpy as np

from xfuse.runtime.placement import aligned, peak_live_bytes, place

__all__ = ["ALIGNMENT", "Arena", "ArenaPlan", "ArenaPool", "arenas_enabled"]

ALIGNMENT = 64
"""Bytes: the arena's base and every offset (a cache line, a whole AVX-512 vector; malloc's 16
would do for correctness: MLIR aligns an `alignment`-attributed buffer itself)."""

RECORD_CAPACITY = 1 << 16
"""Allocations one recorded call may make; a call that makes more gets no arena (each slot costs
40 bytes while recording)."""

_REGISTRY_LOCK = threading.Lock()


def arenas_enabled() -> bool:
    """Arenas are on unless `XFUSE_ARENA=0`."""
    return os.environ.get("XFUSE_ARENA", "1") != "0"


class _Slot(ctypes.Structure):
    _fields_ = [("bytes", ctypes.c_int64), ("offset", ctypes.c_int64), ("allocated_at", ctypes.c_int64),
                ("freed_at", ctypes.c_int64)]


class _ArenaState(ctypes.Structure):
    """`Arena` of arena_c.py's SOURCE, field for field."""

    _fields_ = [("base", ctypes.c_void_p), ("capacity", ctypes.c_int64), ("slots", ctypes.POINTER(_Slot)),
                ("slot_count", ctypes.c_int64), ("slot_capacity", ctypes.c_int64),
                ("addresses", ctypes.POINTER(ctypes.c_void_p)), ("live", ctypes.POINTER(ctypes.c_int64)),
                ("live_capacity", ctypes.c_int64), ("recording", ctypes.c_int64), ("next_slot", ctypes.c_int64),
                ("event", ctypes.c_int64), ("live_count", ctypes.c_int64), ("diverged", ctypes.c_int64),
                ("overflowed", ctypes.c_int64), ("fallbacks", ctypes.c_int64)]


_SLOT_DTYPE = np.dtype([("bytes", np.int64), ("offset", np.int64), ("allocated_at", np.int64),
                        ("freed_at", np.int64)])


@dataclass(frozen=True)
class ArenaPlan:
    """Where each allocation of a call goes: `slots` (bytes, offset, allocated_at, freed_at; -1:
    returned) in the order the call allocates them."""

    slots: np.ndarray
    bytes: int
    """The arena's size."""
    peak_live_bytes: int
    """The most bytes live at once in the recorded call (no plan can use less)."""
    result_bytes: int
    """Bytes of the buffers the call returns (in the arena too)."""
    peak_intermediate_bytes: int
    """The most bytes of intermediates (buffers not returned) live at once."""
    max_live: int
    """The most buffers live at once."""

    @staticmethod
    def of(slots: np.ndarray) -> ArenaPlan:
        """The plan for the slots of a recorded call (offsets filled in). A returned buffer lives
        to the end of the call, after every event."""
        slots = slots.copy()
        end_of_call = 2 * len(slots)
        sizes = [int(b) for b in slots["bytes"]]
        firsts = [int(f) for f in slots["allocated_at"]]
        lasts = [end_of_call if f < 0 else int(f) for f in slots["freed_at"]]
        offsets, nbytes = place(sizes, firsts, lasts, ALIGNMENT)
        slots["offset"] = offsets
        returned = [f < 0 for f in slots["freed_at"]]
        kept = [i for i, r in enumerate(returned) if not r]
        changes = sorted([(f, 1) for f in firsts] + [(last + 1, -1) for last in lasts])
        live = max(np.cumsum([c for _, c in changes]), default=0)
        return ArenaPlan(slots, aligned(nbytes, ALIGNMENT), peak_live_bytes(sizes, firsts, lasts),
                         sum(s for s, r in zip(sizes, returned) if r),
                         peak_live_bytes([sizes[i] for i in kept], [firsts[i] for i in kept], [lasts[i] for i in kept]),
                         max(int(live), 1))


class Arena:
    """One call's memory: the C state the module's allocation functions read, and its buffers."""

    def __init__(self, library: ctypes.CDLL, plan: ArenaPlan | None):
        self._library = library
        self.state = _ArenaState()
        self.plan = plan
        self._registered = -1
        if plan is None:  # record the call
            self._slots = np.zeros(RECORD_CAPACITY, _SLOT_DTYPE)
            self._addresses = np.zeros(RECORD_CAPACITY, np.uintp)
            self.state.slots = self._slots.ctypes.data_as(ctypes.POINTER(_Slot))
            self.state.slot_capacity = RECORD_CAPACITY
            self.state.addresses = self._addresses.ctypes.data_as(ctypes.POINTER(ctypes.c_void_p))
            self.state.recording = 1
            return
        raw = np.empty(plan.bytes + ALIGNMENT, np.uint8)
        start = -raw.ctypes.data % ALIGNMENT
        self.memory = raw[start:start + plan.bytes]
        self._raw = raw
        self.memory.fill(0)  # touch every page now, not during the first call
        self._slots = np.ascontiguousarray(plan.slots)
        self._live = np.zeros(plan.max_live, np.int64)
        self.state.base = self.memory.ctypes.data
        self.state.capacity = plan.bytes
        self.state.slots = self._slots.ctypes.data_as(ctypes.POINTER(_Slot))
        self.state.slot_count = len(plan.slots)
        self.state.live = self._live.ctypes.data_as(ctypes.POINTER(ctypes.c_int64))
        self.state.live_capacity = plan.max_live
        with _REGISTRY_LOCK:
            self._registered = library.xfuse_arena_register(ctypes.c_void_p(self.state.base),
                                                            ctypes.c_void_p(self.state.base + plan.bytes))

    @property
    def recording(self) -> bool:
        return self.plan is None

    def holds(self, address: int) -> bool:
        """`address` is in this arena's memory (a result the caller must not free)."""
        return self.plan is not None and self.state.base <= address < self.state.base + self.plan.bytes

    def enter(self) -> None:
        """Make this arena the calling thread's for the next call into the module."""
        self._library.xfuse_arena_enter(ctypes.byref(self.state))

    def leave(self) -> None:
        self._library.xfuse_arena_leave()

    def recorded_plan(self) -> ArenaPlan | None:
        """After a recorded call: the plan of its allocations (None if there were too many)."""
        if self.state.overflowed:
            return None
        return ArenaPlan.of(self._slots[:self.state.slot_count])

    def __del__(self) -> None:
        if self._registered >= 0:
            with _REGISTRY_LOCK:
                self._library.xfuse_arena_unregister(ctypes.c_int64(self._registered))


def _return_free_heap_memory() -> None:
    """glibc's `malloc_trim(0)`: the recorded call's buffers, malloc'ed and freed, are kept in the
    heap for reuse (the backend raises glibc's trim threshold); from now on the arena holds them."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except AttributeError:  # not glibc
        return
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    trim(0)


class ArenaPool:
    """The arenas of one compiled function: the plan, and the arenas no call is using.

    `checkout()` gives a call an arena of its own (a recording one until a call has been
    recorded), `checkin()` takes it back once the call's results are copied out."""

    def __init__(self, library: ctypes.CDLL, function: str):
        self._library = library
        self.function = function
        self._lock = threading.Lock()
        self._free: list[Arena] = []
        self.plan: ArenaPlan | None = None
        self.unplannable = False
        """A recorded call made more than `RECORD_CAPACITY` allocations: no arena."""
        self.arenas = 0
        """Arenas made (the most calls that ran at once, after the plan)."""
        self.diverged_calls = 0
        """Calls that departed from the plan (the rest of their buffers came from malloc)."""

    def checkout(self) -> Arena | None:
        """An arena for one call; None when the function gets none (`unplannable`)."""
        with self._lock:
            if self.unplannable:
                return None
            if self._free:
                return self._free.pop()
            plan = self.plan
            if plan is not None:
                self.arenas += 1
        return Arena(self._library, plan)

    def checkin(self, arena: Arena) -> None:
        """Give an arena back after its call (its results copied out or freed)."""
        if arena.recording:
            plan = arena.recorded_plan()
            with self._lock:
                if plan is None:
                    self.unplannable = True
                elif self.plan is None:
                    self.plan = plan
            _return_free_heap_memory()
            return
        with self._lock:
            if arena.state.diverged:
                self.diverged_calls += 1
            if arena.plan is self.plan:
                self._free.append(arena)
