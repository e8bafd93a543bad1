"""What a compiled module needs at run time, apart from the code generation in xfuse/backends/:
the calling convention (`calling.py`: numpy arrays in as memref descriptors, results out and
freed), LLVM's OpenMP runtime that threads link (`openmp.py`), the per-call memory arena
(`arena.py`, its C half `arena_c.py`) and the placement of buffers by lifetime it shares with
`xfuse-share-buffers` (`placement.py`)."""
