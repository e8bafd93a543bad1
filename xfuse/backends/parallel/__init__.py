"""What runs across the CPUs in the parallel pipelines: the split of the ops outside the register
tiles, and the copies of concatenations."""
