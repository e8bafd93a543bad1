# lit configuration for xfuse's FileCheck suite.
#
# Tools: xfuse-opt, xdsl-opt, xfuse-run and filecheck come from the active environment;
# mlir-opt/mlir-translate/mlir-runner/llc are resolved exactly as the backend resolves them
# (xfuse.backends.toolchain) and substituted by name, so tests say `mlir-opt` and get 22.1.8.
import os
import shutil

import lit.formats

config.name = "xfuse"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["lit.cfg.py", "lit.local.cfg", "Inputs", "xfuse-failures", "Output"]

# Keep the caller's PATH (the venv's scripts) and the toolchain overrides.
for var in ("PATH", "HOME", "XFUSE_MLIR_BIN", "XFUSE_LLVM_BIN", "CC", "VIRTUAL_ENV", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

from xfuse.backends.toolchain import ToolchainError, find_tool  # noqa: E402

for tool in ("mlir-opt", "mlir-translate", "mlir-runner", "llc"):
    # The MLIR 22 tools are dependencies: a missing one stops the suite, it never skips tests.
    try:
        path = find_tool(tool)
    except ToolchainError as exc:
        lit_config.fatal(str(exc))
    config.available_features.add(tool)
    config.substitutions.append((rf"(?<![\w/.-]){tool}(?![\w.-])", str(path)))

# The tools of the Python environment running lit come first, activated or not.
import sys  # noqa: E402

config.environment["PATH"] = os.pathsep.join(
    [os.path.dirname(sys.executable), config.environment.get("PATH", "")]
)

if shutil.which("filecheck", path=config.environment["PATH"]) is None:
    lit_config.fatal("the `filecheck` command is missing: pip install filecheck")

# `avx512vnni`: a RUN line executing AVX-512 VNNI code (the i8 mmt4d kernel's `vnni` flavor)
# needs a host that has it and a backend target that is not narrowed by XFUSE_TARGET_CPU.
from xfuse.transforms.data_tiling.targets import host_target  # noqa: E402

if "avx512vnni" in host_target().features:
    config.available_features.add("avx512vnni")

# `not --crash` (a RUN line that expects an abort, e.g. a failed runtime check) needs LLVM's own
# `not` program: lit's built-in `not` cannot expect a crash. The LLVM wheel ships it beside llc.
llvm_not = find_tool("llc").parent / "not"
if llvm_not.is_file():
    config.available_features.add("llvm-not")
    config.substitutions.append((r"(?<![\w/.-])not --crash(?![\w.-])", f"{llvm_not} --crash"))
