"""The main job (examples/mlp.py) runs and agrees with numpy."""

import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).parent.parent / "examples" / "mlp.py"


def _load_example():
    spec = importlib.util.spec_from_file_location("mlp_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_mlp_example_matches_numpy(capsys):
    assert _load_example().main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert ": OK" in out and "median" in out


def test_reference_is_relu_of_affine():
    import numpy as np

    example = _load_example()
    x = np.array([[1.0, -2.0]], dtype=np.float32)
    w = np.array([[1.0, 0.0], [0.0, 1.0]], dtype=np.float32)
    bias = np.array([0.5, 0.5], dtype=np.float32)
    assert example.reference(x, w, bias).tolist() == [[1.5, 0.0]]
