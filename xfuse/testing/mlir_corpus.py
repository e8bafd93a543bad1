"""MLIR's own dialect tests as a yardstick: do xfuse's reading and printing agree with mlir-opt's?

A corpus piece is one input of MLIR's test files (`mlir/test/Dialect/<D>/*.mlir`, split at
`// -----`, or per top-level op where a file has no splits) that stock mlir-opt 22.1.8 accepts
with no pass. A piece passes when xfuse parses and verifies it and both of its printed forms
(generic and custom) read back in mlir-opt as the same IR mlir-opt reads from the piece itself.
The comparison is between canonical texts: every text goes through `mlir-opt
--mlir-print-op-generic`, which prints without locations, so value names, aliases and attribute
spelling do not matter, only the IR.

`scripts/mlir_corpus.py` is the command line (extract the corpus, measure it);
`tests/test_mlir_corpus.py` holds every piece to this, except the expected failures listed with
a reason in `tests/mlir_corpus/expected_failures.txt`.
"""

from __future__ import annotations

import io
import multiprocessing
import re
import signal
import subprocess
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

# MLIR's test directory name -> the corpus subdirectory (the dialect's name).
DIALECT_DIRS = {
    "Linalg": "linalg",
    "Tensor": "tensor",
    "SCF": "scf",
    "MemRef": "memref",
    "Bufferization": "bufferization",
    "Arith": "arith",
    "Math": "math",
}

HEADER_TAG = "// mlir-corpus:"
LICENSE_LINES = (
    "// From LLVM's MLIR test suite (github.com/llvm/llvm-project), licensed Apache-2.0 WITH LLVM-exception.",
    "// Input IR only: the FileCheck lines of the original test are not reproduced.",
)
UNREGISTERED_FLAG = "--allow-unregistered-dialect"
SPLIT_MARKER = re.compile(r"^// -----\s*$", re.MULTILINE)
# A top-level op of a test file starts at column 0 with an op name, a quoted generic op name or
# a result (`%x = ...`); body lines are indented and closing braces are not op starts.
TOP_LEVEL_OP = re.compile(r'^(?:[a-z_][\w$]*(?:\.[\w$]+)+\b|module\b|"[a-z_][\w.$]*"|%)')
ALIAS_DEF = re.compile(r"^[#!][\w.$-]+\s*=")
PIECE_TIMEOUT_S = 10


@dataclass(frozen=True)
class Record:
    """The outcome for one piece: `category` is empty when it passes, else the first line of
    what went wrong (without its location, so equal failures group together)."""

    piece: str
    dialect: str
    category: str
    detail: str = ""

    @property
    def passed(self) -> bool:
        return not self.category

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "passed": self.passed}


# --- Splitting MLIR's test files into pieces -------------------------------------------------


def wants_unregistered(text: str) -> bool:
    """Whether the file's RUN lines pass `--allow-unregistered-dialect` (or `-allow-...`)."""
    return any("allow-unregistered-dialect" in line for line in text.splitlines() if "RUN:" in line)


def strip_test_comments(piece: str) -> str:
    """The piece without whole-line `//` comments (RUN, CHECK, prose) and without trailing
    `// CHECK...` comments; blank runs collapse to one line."""
    lines: list[str] = []
    for line in piece.splitlines():
        if line.lstrip().startswith("//"):
            continue
        line = re.sub(r"\s*//\s*CHECK.*$", "", line).rstrip()
        if not line and (not lines or not lines[-1]):
            continue
        lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines).strip("\n")


def _top_level_chunks(text: str) -> tuple[list[str], list[str]]:
    """(alias definitions, top-level op chunks) of a file without `// -----` splits."""
    aliases: list[list[str]] = []
    chunks: list[list[str]] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if ALIAS_DEF.match(line):
            current = [line]
            aliases.append(current)
        elif TOP_LEVEL_OP.match(line):
            current = [line]
            chunks.append(current)
        elif current is not None:
            current.append(line)
    return ["\n".join(a) for a in aliases], ["\n".join(c) for c in chunks]


def _alias_name(definition: str) -> str:
    return definition.split("=", 1)[0].strip()


def _with_used_aliases(chunk: str, aliases: list[str]) -> str:
    """The chunk preceded by the alias definitions it uses, directly or through other aliases,
    in the file's order."""
    used: set[str] = set()
    frontier = [chunk]
    while frontier:
        text = frontier.pop()
        for definition in aliases:
            name = _alias_name(definition)
            if name not in used and re.search(re.escape(name) + r"(?![\w.$-])", text):
                used.add(name)
                frontier.append(definition.split("=", 1)[1])
    prelude = [d for d in aliases if _alias_name(d) in used]
    return "\n".join([*prelude, chunk])


def split_pieces(text: str) -> list[str]:
    """The inputs of one test file: its `// -----` pieces, or, without splits, one piece per
    top-level op (each with the file's attribute/type alias definitions in front)."""
    if SPLIT_MARKER.search(text):
        raw = SPLIT_MARKER.split(text)
    else:
        aliases, chunks = _top_level_chunks(text)
        raw = [_with_used_aliases(chunk, aliases) for chunk in chunks]
    # Pieces that expect a diagnostic are negative tests, not inputs.
    raw = [piece for piece in raw if "expected-error" not in piece and "expected-warning" not in piece]
    return [piece for piece in map(strip_test_comments, raw) if piece.strip()]


def per_op_pieces(piece: str) -> list[str]:
    """A `// -----` piece split further, one piece per top-level op (with the aliases each
    uses); `[piece]` when it holds a single op."""
    aliases, chunks = _top_level_chunks(piece)
    if len(chunks) <= 1:
        return [piece]
    return [_with_used_aliases(chunk, aliases).strip("\n") for chunk in chunks]


def _is_function(part: str) -> bool:
    return any(line.startswith("func.func") for line in part.splitlines())


def finest_accepted_pieces(pieces: list[str], flags: Sequence[str], mlir_opt: str) -> list[str]:
    """`pieces` with each one that holds several top-level ops replaced by one piece per op,
    where mlir-opt accepts every one of them alone (ops referring to each other's symbols stay
    together): a failure then spoils one function, not a dozen."""
    finest: list[str] = []
    for piece in pieces:
        parts = per_op_pieces(piece)
        accepted = [ok for ok, _ in canonical_batch(parts, flags, mlir_opt)] if len(parts) > 1 else [True]
        if all(accepted):
            finest += parts
            continue
        # The ops mlir-opt rejects alone (a function using a global, say) stay together, with
        # every op that is not a function (the globals they may use).
        alone = [part for part, ok in zip(parts, accepted) if ok]
        rest = [part for part, ok in zip(parts, accepted) if not ok or not _is_function(part)]
        rest_text = "\n\n".join(rest)
        if all(ok for ok, _ in canonical_batch([rest_text], flags, mlir_opt)):
            finest += [*alone, rest_text]
        else:
            finest.append(piece)
    return finest


def piece_header(source: str, index: int, commit: str, unregistered: bool) -> str:
    flags = f" flags={UNREGISTERED_FLAG}" if unregistered else ""
    return "\n".join([f"{HEADER_TAG} source={source} piece={index} commit={commit}{flags}", *LICENSE_LINES])


def piece_flags(text: str) -> list[str]:
    """The mlir-opt flags a corpus piece's header asks for."""
    for line in text.splitlines():
        if line.startswith(HEADER_TAG):
            return [UNREGISTERED_FLAG] if f"flags={UNREGISTERED_FLAG}" in line else []
    return []


# --- Running mlir-opt ------------------------------------------------------------------------


def mlir_opt_path() -> str:
    from xfuse.backends.toolchain import find_tool

    return str(find_tool("mlir-opt"))


def run_mlir_opt(text: str, flags: Sequence[str], mlir_opt: str, split: bool = False) -> tuple[bool, str]:
    """(accepted, canonical generic text or the first error line) of `text` through mlir-opt."""
    args = [mlir_opt, "--mlir-print-op-generic", *flags] + (["--split-input-file"] if split else [])
    try:
        done = subprocess.run(args, input=text, capture_output=True, text=True, timeout=PIECE_TIMEOUT_S * 4)
    except subprocess.TimeoutExpired:
        return False, "mlir-opt timed out"
    if done.returncode != 0:
        return False, first_error_line(done.stderr)
    return True, done.stdout


def mlir_opt_custom_round_trip(text: str, flags: Sequence[str], mlir_opt: str) -> str | None:
    """mlir-opt's own custom printing of `text`, read back by mlir-opt (canonical generic text);
    None when either step fails. Where it differs from mlir-opt's reading of `text`, mlir-opt's
    custom form itself does not round-trip (an `scf.forall` whose constant bounds are SSA values
    prints as `in (%c100)`), so xfuse printing the same is as good as it gets."""
    try:
        done = subprocess.run([mlir_opt, *flags], input=text, capture_output=True, text=True,
                              timeout=PIECE_TIMEOUT_S * 4)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        return None
    ok, out = run_mlir_opt(done.stdout, flags, mlir_opt)
    return _normalise(out) if ok else None


def first_error_line(message: str) -> str:
    """The first line of a diagnostic that says something, without its `file:line:col:` prefix
    and `error:` word, so that the same failure in different pieces reads the same."""
    lines = message.splitlines()
    if lines and re.fullmatch(r"\S+:\d+:\d+", lines[0].strip()):
        # xDSL's parse errors: location line, source line, caret line, then the message.
        lines = [line for line in lines[1:] if line.strip() and not set(line.strip()) <= set("^~")][1:] or lines
    for line in lines:
        line = re.sub(r"^\s*(?:<[^>]*>|[^\s:]+)(?::\d+)+:\s*", "", line.strip())
        line = re.sub(r"^error:\s*", "", line)
        if line and not set(line) <= set("^~ "):
            return line[:200]
    return "(no message)"


_SHAPED_TYPE = re.compile(r"\b(tensor|vector|memref)<(?:[^<>]|<[^<>]*>)*>")


def category_group(category: str) -> str:
    """A category with its shaped types elided (`tensor<...>`), so that one failure on many
    types counts as one kind in summaries."""
    return _SHAPED_TYPE.sub(lambda m: f"{m.group(1)}<...>", category)


def canonical_batch(texts: Sequence[str], flags: Sequence[str], mlir_opt: str) -> list[tuple[bool, str]]:
    """`run_mlir_opt` of several texts, in one mlir-opt call when all are accepted (split with
    `// -----`); a rejected one sends every text through its own call, to say which failed."""
    if not texts:
        return []
    ok, out = run_mlir_opt("\n// -----\n".join(texts), flags, mlir_opt, split=True)
    if ok:
        parts = SPLIT_MARKER.split(out)
        if len(parts) == len(texts):
            return [(True, _normalise(p)) for p in parts]
    results = [run_mlir_opt(t, flags, mlir_opt) for t in texts]
    return [(ok, _normalise(out) if ok else out) for ok, out in results]


def _normalise(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


# --- Extracting the corpus -------------------------------------------------------------------


def default_files(src_root: Path) -> list[Path]:
    """Every test file of the seven dialects under `src_root` (an llvm-project checkout, or a
    directory holding `mlir/test/Dialect/...`), except the invalid-input ones."""
    files: list[Path] = []
    for test_dir in DIALECT_DIRS:
        base = src_root / "mlir" / "test" / "Dialect" / test_dir
        files += sorted(p for p in base.rglob("*.mlir") if "invalid" not in p.name)
    return files


def corpus_name(source: Path, src_root: Path, index: int) -> str:
    """`<dialect>/<file stem>-<n>.mlir`; files in subdirectories keep them in the stem."""
    rel = source.relative_to(src_root / "mlir" / "test" / "Dialect")
    dialect = DIALECT_DIRS[rel.parts[0]]
    stem = "_".join([*rel.parts[1:-1], rel.stem])
    return f"{dialect}/{stem}-{index}.mlir"


def extract(
    src_root: Path, out_dir: Path, commit: str, files: Iterable[Path], mlir_opt: str, log: Callable[[str], None]
) -> dict[str, int]:
    """Write every piece of `files` that mlir-opt accepts to `out_dir`; returns per-dialect
    (kept, rejected) counts as `{dialect: kept, dialect+"-rejected": rejected}`."""
    counts: dict[str, int] = {}
    for source in files:
        text = source.read_text(encoding="utf-8")
        unregistered = wants_unregistered(text)
        flags = [UNREGISTERED_FLAG] if unregistered else []
        pieces = split_pieces(text)
        if SPLIT_MARKER.search(text):
            pieces = finest_accepted_pieces(pieces, flags, mlir_opt)
        accepted = canonical_batch(pieces, flags, mlir_opt)
        rel = source.relative_to(src_root).as_posix()
        # Pieces of an earlier extraction of this file go: the file may have fewer now.
        stale_prefix = corpus_name(source, src_root, 0).removesuffix("0.mlir")
        for stale in out_dir.glob(f"{stale_prefix}*.mlir"):
            if re.fullmatch(r"\d+\.mlir", stale.name.removeprefix(Path(stale_prefix).name)):
                stale.unlink()
        kept = 0
        for index, (piece, (ok, _)) in enumerate(zip(pieces, accepted)):
            name = corpus_name(source, src_root, index)
            dialect = name.split("/")[0]
            if not ok:
                counts[f"{dialect}-rejected"] = counts.get(f"{dialect}-rejected", 0) + 1
                continue
            target = out_dir / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(f"{piece_header(rel, index, commit, unregistered)}\n{piece}\n", encoding="utf-8")
            counts[dialect] = counts.get(dialect, 0) + 1
            kept += 1
        log(f"{rel}: {kept} of {len(pieces)} pieces accepted by mlir-opt")
    return counts


# --- Measuring xfuse against mlir-opt --------------------------------------------------------


def corpus_pieces(corpus_dir: Path) -> list[str]:
    """The corpus pieces' names (`<dialect>/<file>-<n>.mlir`), sorted."""
    return sorted(p.relative_to(corpus_dir).as_posix() for p in corpus_dir.glob("*/*.mlir"))


_CONTEXTS: dict[bool, object] = {}


def _xfuse_texts(text: str, unregistered: bool) -> tuple[str, str]:
    """(generic, custom) printings of the piece as xfuse reads it; raises what xfuse raises."""
    from xdsl.printer import Printer

    from xfuse.context import make_context
    from xfuse.parsing import parse

    if unregistered not in _CONTEXTS:
        _CONTEXTS[unregistered] = make_context(allow_unregistered=unregistered)
    module = parse(text, _CONTEXTS[unregistered], "<piece>")
    generic, custom = io.StringIO(), io.StringIO()
    Printer(stream=generic, print_generic_format=True).print_op(module)
    Printer(stream=custom).print_op(module)
    return generic.getvalue(), custom.getvalue()


class _PieceTimeout(Exception):
    pass


def _on_alarm(signum, frame):  # pragma: no cover - only under a hang
    raise _PieceTimeout()


def _first_difference(expected: str, actual: str) -> str:
    for want, got in zip(expected.splitlines(), actual.splitlines()):
        if want != got:
            return f"mlir-opt: {want.strip()[:150]} | xfuse: {got.strip()[:150]}"
    return "one text is a prefix of the other"


def measure_group(args: tuple[Path, list[str], str]) -> list[Record]:
    """Measure the pieces of one source file (batched mlir-opt calls); runs in a worker."""
    corpus_dir, names, mlir_opt = args
    texts = [(corpus_dir / name).read_text(encoding="utf-8") for name in names]
    flags = piece_flags(texts[0]) if texts else []
    references = canonical_batch(texts, flags, mlir_opt)
    records: list[Record] = []
    printed: list[tuple[int, str, str]] = []
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        for i, (name, text) in enumerate(zip(names, texts)):
            dialect = name.split("/")[0]
            if not references[i][0]:
                records.append(Record(name, dialect, "mlir-opt rejects the corpus piece", references[i][1]))
                continue
            signal.alarm(PIECE_TIMEOUT_S)
            try:
                generic, custom = _xfuse_texts(text, bool(flags))
            except _PieceTimeout:
                records.append(Record(name, dialect, f"xfuse takes over {PIECE_TIMEOUT_S} s to read and print it"))
                continue
            except Exception as exc:  # noqa: BLE001 - every failure of xfuse is a measured category
                kind = "xfuse rejects it" if not isinstance(exc, (RecursionError, MemoryError)) else "xfuse crashes"
                message = str(exc) or type(exc).__name__
                records.append(Record(name, dialect, f"{kind}: {first_error_line(message)}", message[:2000]))
                continue
            finally:
                signal.alarm(0)
            records.append(Record(name, dialect, ""))
            printed.append((len(records) - 1, generic, custom))
    finally:
        signal.signal(signal.SIGALRM, previous)
    readback = canonical_batch([t for _, g, c in printed for t in (g, c)], flags, mlir_opt)
    reference_of = {name: ref for name, (ok, ref) in zip(names, references)}
    for k, (index, _, _) in enumerate(printed):
        record = records[index]
        reference = reference_of[record.piece]
        (generic_ok, generic_out), (custom_ok, custom_out) = readback[2 * k], readback[2 * k + 1]
        category, detail = "", ""
        if not generic_ok:
            category = f"mlir-opt rejects xfuse's generic output: {generic_out}"
        elif generic_out != reference:
            category, detail = "generic output differs from mlir-opt's reading", _first_difference(reference, generic_out)
        elif not custom_ok:
            category = f"mlir-opt rejects xfuse's custom output: {custom_out}"
        elif custom_out != reference and custom_out != mlir_opt_custom_round_trip(
                texts[names.index(record.piece)], flags, mlir_opt):
            category, detail = "custom output reads back differently", _first_difference(reference, custom_out)
        if category:
            records[index] = Record(record.piece, record.dialect, category, detail)
    return records


def measure(corpus_dir: Path, names: Sequence[str], workers: int = 2, mlir_opt: str | None = None) -> list[Record]:
    """Records for `names` (corpus pieces), grouped by source file, on at most `workers`
    processes."""
    mlir_opt = mlir_opt or mlir_opt_path()
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(re.sub(r"-\d+\.mlir$", "", name), []).append(name)
    jobs = [(corpus_dir, members, mlir_opt) for members in groups.values()]
    if workers <= 1 or len(jobs) <= 1:
        results = [measure_group(job) for job in jobs]
    else:
        with multiprocessing.get_context("fork").Pool(min(workers, len(jobs))) as pool:
            results = pool.map(measure_group, jobs, chunksize=1)
    return sorted((r for group in results for r in group), key=lambda r: r.piece)


# --- The expected-failure list ---------------------------------------------------------------


def read_expected_failures(path: Path) -> dict[str, str]:
    """`{piece: reason}` from lines `<piece>: <reason>` (`#` comments and blank lines ignored)."""
    expected: dict[str, str] = {}
    if not path.exists():
        return expected
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        piece, _, reason = line.partition(": ")
        expected[piece.strip()] = reason.strip()
    return expected


def write_expected_failures(path: Path, records: Iterable[Record], preamble: str) -> int:
    failing = [r for r in records if not r.passed]
    lines = [f"# {line}" if line else "#" for line in preamble.splitlines()]
    lines += [f"{r.piece}: {r.category}" for r in failing]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(failing)
