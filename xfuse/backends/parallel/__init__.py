"""What runs across the CPUs in the parallel pipelines: the split of the ops outside the register
tiles, the copies of concatenations, and the schedule of the OpenMP worksharing loops."""
