#!/usr/bin/env python3
"""Extract MLIR's own dialect tests into xfuse's corpus, and measure xfuse against mlir-opt.

  python scripts/mlir_corpus.py extract --src DIR --commit SHA   # DIR holds mlir/test/Dialect/...
  python scripts/mlir_corpus.py measure [--json FILE] [--update-expected]

The measured set (tests/mlir_corpus/) comes from the llvm-project files named in each piece's
header; docs/mlir-corpus.md says which, at which commit, and the counts. See
xfuse/testing/mlir_corpus.py for what "passes" means.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xfuse.testing import mlir_corpus as mc  # noqa: E402

CORPUS = ROOT / "tests" / "mlir_corpus"
EXPECTED = CORPUS / "expected_failures.txt"
EXPECTED_PREAMBLE = """Corpus pieces that xfuse does not yet read and print as mlir-opt 22.1.8 does, one per line,
with the reason (the measured failure category). tests/test_mlir_corpus.py fails when a piece
not listed here fails, and when a listed piece passes (then delete its line).
Regenerate with: python scripts/mlir_corpus.py measure --update-expected"""


def _extract(args: argparse.Namespace) -> int:
    src = Path(args.src)
    files = [Path(f).resolve() for f in args.files] if args.files else mc.default_files(src)
    if not files:
        print(f"error: no test files under {src}/mlir/test/Dialect/", file=sys.stderr)
        return 1
    counts = mc.extract(src.resolve(), Path(args.out), args.commit, files, mc.mlir_opt_path(), print)
    for dialect in sorted({k.removesuffix("-rejected") for k in counts}):
        print(f"{dialect:14} kept {counts.get(dialect, 0):4}  rejected by mlir-opt {counts.get(dialect + '-rejected', 0):4}")
    return 0


def _measure(args: argparse.Namespace) -> int:
    corpus = Path(args.corpus)
    names = mc.corpus_pieces(corpus)
    if args.dialect:
        names = [n for n in names if n.split("/")[0] in args.dialect]
    if not names:
        print(f"error: no corpus pieces under {corpus}", file=sys.stderr)
        return 1
    records = mc.measure(corpus, names, workers=args.workers)
    per_dialect: dict[str, list[int]] = {}
    for r in records:
        counts = per_dialect.setdefault(r.dialect, [0, 0])
        counts[0] += r.passed
        counts[1] += 1
    print(f"{'dialect':14} {'pass':>5} {'of':>5}")
    for dialect, (passed, total) in sorted(per_dialect.items()):
        print(f"{dialect:14} {passed:5} {total:5}")
    passed = sum(r.passed for r in records)
    print(f"{'total':14} {passed:5} {len(records):5}\n")
    categories = Counter(mc.category_group(r.category) for r in records if not r.passed)
    if categories:
        print("failures by category (shaped types elided):")
        for category, n in categories.most_common():
            print(f"{n:5}  {category}")
    if args.json:
        Path(args.json).write_text(json.dumps([r.as_dict() for r in records], indent=1) + "\n")
    if args.update_expected:
        n = mc.write_expected_failures(Path(args.expected), records, EXPECTED_PREAMBLE)
        print(f"\nwrote {n} expected failures to {args.expected}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("extract", help="split MLIR's test files into the corpus (pieces mlir-opt accepts)")
    ex.add_argument("--src", required=True, help="directory holding mlir/test/Dialect/<Dialect>/*.mlir")
    ex.add_argument("--commit", required=True, help="the llvm-project commit the files come from (for the headers)")
    ex.add_argument("--out", default=str(CORPUS), help="corpus directory (default: tests/mlir_corpus)")
    ex.add_argument("files", nargs="*", help="only these test files (default: every non-invalid file)")
    ex.set_defaults(run=_extract)
    me = sub.add_parser("measure", help="read and print every piece with xfuse, compare with mlir-opt")
    me.add_argument("--corpus", default=str(CORPUS), help="corpus directory (default: tests/mlir_corpus)")
    me.add_argument("--dialect", action="append", help="only this dialect's pieces (repeatable)")
    me.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    me.add_argument("--json", metavar="FILE", help="write one record per piece to FILE")
    me.add_argument("--update-expected", action="store_true", help="rewrite the expected-failure list")
    me.add_argument("--expected", default=str(EXPECTED), help="expected-failure list (default: %(default)s)")
    me.set_defaults(run=_measure)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `... | head` ends quietly
    sys.exit(main())
