"""`xfuse-explain`: what every loop nest of a module computes, as text, JSON or a picture.

    xfuse-explain FILE [-p PASSES] [--groups] [--json] [--svg OUT.svg] [--png OUT.png]

Parses FILE, applies the pass pipeline PASSES (xDSL's and xfuse's, as in xfuse-opt), and prints
the loops (kind, bounds, step, mapping) and, inside each, the ops that compute, with the tile each
one writes and reads and the original op it is a tile of; `--json` prints the same as a list of
records. `--groups` prints one line per fused group instead (each outermost loop nest: its
contractions, the tile they write, its loops, what else is in it) and one line of what is outside
every group; with `--json`, one record per group. `--svg`/`--png` also draw the picture (needs
matplotlib: `pip install xfuse[notebooks]`).
Bad input ends with `file:line:col: error: ...` and exit code 1, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from xfuse.diagnostics import report


def build_argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="xfuse-explain", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="MLIR input (custom or generic form); - for stdin")
    parser.add_argument("-p", "--passes", default="", help="pass pipeline to apply first")
    parser.add_argument("--groups", action="store_true", help="one line per fused group (loop nest)")
    parser.add_argument("--json", action="store_true", help="print the records as JSON")
    parser.add_argument("--svg", type=Path, metavar="OUT", help="write the picture as SVG")
    parser.add_argument("--png", type=Path, metavar="OUT", help="write the picture as PNG")
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    args = build_argument_parser().parse_args(argv)
    try:
        from xfuse.explain import explain
        from xfuse.parsing import parse
        from xfuse.passes import apply_passes

        if args.file == "-":
            text, name = sys.stdin.read(), "<stdin>"
        else:
            try:
                text, name = Path(args.file).read_text(), args.file
            except OSError as exc:
                print(f"xfuse-explain: error: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
                sys.exit(1)
        module = parse(text, name=name)
        if args.passes:
            apply_passes(module, args.passes)
        explanation = explain(module)
        if args.svg or args.png:
            try:
                import matplotlib  # noqa: F401
            except ImportError:
                print("xfuse-explain: error: --svg/--png need matplotlib: pip install 'xfuse[notebooks]'",
                      file=sys.stderr)
                sys.exit(1)
            if args.svg:
                args.svg.write_text(explanation.svg())
            if args.png:
                args.png.write_bytes(explanation.png())
    except Exception as exc:  # noqa: BLE001 - expected user errors are reported, bugs re-raised
        report(exc, "xfuse-explain")
    if args.groups:
        records = [g.record() for g in explanation.groups()]
        print(json.dumps(records, indent=1) if args.json else explanation.groups_text())
    else:
        print(json.dumps(explanation.records(), indent=1) if args.json else explanation.text())


if __name__ == "__main__":
    main()
