"""Pass pipelines from Python and xfuse-opt: options checked at parse time and located in the
spec (by a pass's `PassOptionError`, or by elimination for any other refusal), and the dialects
of other `xdsl.universe` plugins kept."""

from __future__ import annotations

import importlib.metadata
from dataclasses import dataclass
from typing import Literal

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, UnitAttr
from xdsl.irdl import IRDLOperation, irdl_op_definition
from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import Universe

from xfuse.diagnostics import XfuseError
from xfuse.passes import PassOptionError, available_passes, parse_pipeline


@dataclass(frozen=True)
class CheckedPass(ModulePass):
    """A pass validating its options in __post_init__, the hook every xfuse pass may use."""

    name = "test-checked"
    mode: Literal["fast", "slow"] = "fast"
    threshold: int = 1

    def __post_init__(self) -> None:
        if self.threshold < 0:
            raise PassOptionError("threshold", f"must be non-negative, got {self.threshold}")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        pass


@dataclass(frozen=True)
class PlainValueErrorPass(ModulePass):
    name = "test-plain"
    size: int = 1

    def __post_init__(self) -> None:
        if self.size > 8:
            raise ValueError("size too large")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        pass


PASSES = {**available_passes(), "test-checked": lambda: CheckedPass, "test-plain": lambda: PlainValueErrorPass}


def _error(spec: str) -> str:
    with pytest.raises(XfuseError) as info:
        parse_pipeline(spec, passes=PASSES)
    return str(info.value)


def test_pass_option_error_points_at_the_option():
    spec = "cse,test-checked{mode=fast threshold=-2}"
    lines = _error(spec).splitlines()
    assert lines[0] == f"error: invalid pass pipeline '{spec}': test-checked option threshold: must be non-negative, got -2"
    assert lines[1] == f"  {spec}"
    assert lines[2].index("^") - 2 == spec.index("threshold")


def test_literal_option_is_checked_at_parse_time():
    message = _error("test-checked{mode=medium}")
    assert "test-checked option mode: expected one of 'fast', 'slow', got 'medium'" in message


def test_any_value_error_is_located_by_elimination():
    spec = "test-plain{size=9},cse"
    lines = _error(spec).splitlines()
    assert "test-plain option size: size too large" in lines[0]
    assert lines[2].index("^") - 2 == spec.index("size")


def test_the_second_occurrence_of_a_pass_is_located():
    spec = "test-checked{threshold=1},test-checked{threshold=-1}"
    caret = _error(spec).splitlines()[2].index("^") - 2
    assert caret == spec.rindex("threshold")


def test_valid_options_build_the_pipeline():
    pipeline = parse_pipeline("test-checked{mode=slow threshold=3}", passes=PASSES)
    assert pipeline.passes == (CheckedPass("slow", 3),)


def test_syntax_errors_keep_xdsl_message():
    assert "Malformed pass arguments" in _error("test-checked{mode=fast")


def test_unknown_pass_is_named():
    assert "Unrecognized passes: ['no-such-pass']" in _error("cse,no-such-pass")


# Other plugins' dialects -------------------------------------------------------------------


@irdl_op_definition
class ProbeOp(IRDLOperation):
    name = "probe_plugin.probe"


PROBE_UNIVERSE = Universe(all_dialects={"probe_plugin": lambda: Dialect("probe_plugin", [ProbeOp])})


class _EntryPoint:
    name = "zz-probe-plugin"

    @staticmethod
    def load():
        return PROBE_UNIVERSE


def test_xfuse_opt_parses_other_plugins_dialects(monkeypatch, tmp_path, capsys):
    real = importlib.metadata.entry_points

    def entry_points(**kwargs):
        found = list(real(**kwargs))
        return [*found, _EntryPoint()] if kwargs.get("group") == "xdsl.universe" else found

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    source = tmp_path / "in.mlir"
    source.write_text('"probe_plugin.probe"() : () -> ()\n'
                      'func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n')
    from xfuse.tools.xfuse_opt import main

    main([str(source), "--print-op-generic"])  # returns normally: no error
    out = capsys.readouterr().out
    assert '"probe_plugin.probe"() : () -> ()' in out
    # ... and xfuse's extended dialects are still the extended ones.
    from xfuse.context import make_context

    assert make_context().get_optional_op("scf.forall") is not None
    assert make_context().get_optional_op("probe_plugin.probe") is ProbeOp


def test_python_pipelines_know_other_plugins_passes(monkeypatch):
    @dataclass(frozen=True)
    class PluginPass(ModulePass):
        name = "probe-plugin-pass"

        def apply(self, ctx: Context, op: ModuleOp) -> None:
            op.attributes["probe.ran"] = UnitAttr()

    universe = Universe(all_passes={"probe-plugin-pass": lambda: PluginPass})

    class EntryPoint:
        name = "zz-probe-passes"

        @staticmethod
        def load():
            return universe

    real = importlib.metadata.entry_points
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda **kw: [*real(**kw), EntryPoint()] if kw.get("group") == "xdsl.universe" else real(**kw))
    import xfuse

    module = xfuse.parse("func.func @f() {\n  return\n}\n")
    xfuse.apply_passes(module, "probe-plugin-pass,cse")
    assert "probe.ran" in module.attributes
