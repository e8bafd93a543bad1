"""Whole networks (issue 21): which ops are roots (`roots.py`), their tile sizes
(`tile_choice.py`), tiling them and diffusing into them (`fusion.py`, `xfuse-network-fusion`), and
the default pipeline from linalg on tensors to a compiled network (`pipeline.py`)."""
