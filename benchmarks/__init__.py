"""Side-by-side measurements of xfuse's transformations (see docs/benchmarks.md)."""
