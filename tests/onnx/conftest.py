"""The fixtures of the ONNX tests (the models are in onnx_test_models.py)."""

import pytest
from onnx_test_models import tiny_conv_model


@pytest.fixture
def tiny_conv():
    return tiny_conv_model()
