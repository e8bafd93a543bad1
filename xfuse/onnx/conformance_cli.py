"""`xfuse-onnx-conformance`: ONNX's operator conformance cases through xfuse, beside onnxruntime.

    xfuse-onnx-conformance --markdown table.md --json verdicts.json      # every case (long)
    xfuse-onnx-conformance --filter 'test_(conv|relu)' --jobs 2
    xfuse-onnx-conformance --fixed-sample                                # the sample CI runs

Exit code 1 when a case is wrong, crashed, timed out or ended in a traceback (xfuse/onnx/conformance.py).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from xfuse.onnx import conformance

TOOL = "xfuse-onnx-conformance"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=TOOL, description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--filter", metavar="REGEX", help="only the cases whose name matches (re.search)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--sample", type=int, metavar="N", help="a seeded random sample of N cases")
    which.add_argument("--fixed-sample", action="store_true", help="the fixed sample the test suite runs")
    which.add_argument("--cases", metavar="NAME,...", help="these cases, by name")
    parser.add_argument("--seed", type=int, default=0, help="the seed of --sample (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes at once (default 1)")
    parser.add_argument("--timeout", type=float, default=conformance.CASE_TIMEOUT,
                        help=f"seconds a case may take (default {conformance.CASE_TIMEOUT:.0f})")
    parser.add_argument("--no-ort", action="store_true", help="do not run onnxruntime beside xfuse")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every verdict and message as JSON")
    parser.add_argument("--markdown", type=Path, metavar="FILE", help="write the report (table by op) as markdown")
    parser.add_argument("-q", "--quiet", action="store_true", help="no line per case")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    modules = conformance.FIXED_SAMPLE_MODULES if args.fixed_sample else None
    cases = conformance.collect_cases(args.filter, modules)
    names = conformance.FIXED_SAMPLE if args.fixed_sample else args.cases.split(",") if args.cases else None
    try:
        cases = conformance.select(cases, names, args.sample, args.seed)
    except ValueError as exc:
        print(f"{TOOL}: error: {exc}", file=sys.stderr)
        return 2

    def progress(result: conformance.CaseResult) -> None:
        if not args.quiet:
            message = conformance._first_line(result.xfuse.message)
            print(f"{result.xfuse.verdict:9} ort={result.ort.verdict:8} {result.xfuse.seconds:6.1f}s "
                  f"{result.name}  {message[:150]}", flush=True)

    results = conformance.run_cases(cases, jobs=args.jobs, timeout=args.timeout, with_ort=not args.no_ort,
                                    progress=progress)
    report = conformance.markdown_report(results)
    if args.markdown:
        args.markdown.write_text(report)
    if args.json:
        conformance.write_json(results, args.json)
    print(report)
    return 1 if any(result.xfuse.verdict in conformance.BAD_VERDICTS for result in results) else 0


if __name__ == "__main__":
    sys.exit(main())
