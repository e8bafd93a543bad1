"""rocMLIR's new fusion system (seed 002) on the CPU: views, regularization, fusion, lowering."""
