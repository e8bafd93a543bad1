"""MLIR's transform dialect, interpreted with xfuse's TilingInterface and drivers.

- `interpreter.py`: the driver (entry point lookup, op dispatch, schedule erasure);
- `state.py`: handles, invalidation, silenceable/definite failures;
- `core_ops.py`: match, handle ops, apply_patterns/apply_cse, print;
- `structured_ops.py`: tile_using_for/forall, fuse, fuse_into_containing_op, xfuse.* ops;
- `interpreter_pass.py`: the `xfuse-transform-interpreter` pass and `apply_transform_script`.

See docs/transform-dialect.md and docs/passes/xfuse-transform-interpreter.md.
"""
