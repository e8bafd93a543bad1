"""MLIR's own dialect tests, read and printed by xfuse as mlir-opt 22.1.8 does.

Every corpus piece (tests/mlir_corpus/<dialect>/*.mlir, see docs/mlir-corpus.md) must pass, except
those listed in tests/mlir_corpus/expected_failures.txt; a listed piece that passes fails the
test too, so that the list only shrinks. The quick subset measures a fixed sample of pieces; the
whole corpus is `slow`.
"""

from pathlib import Path

import pytest

from xfuse.testing import mlir_corpus as mc

CORPUS = Path(__file__).parent / "mlir_corpus"
EXPECTED = CORPUS / "expected_failures.txt"
QUICK_SAMPLE_STRIDE = 9  # every 9th piece: about 20 pieces from every dialect's files


def _check(names: list[str]) -> None:
    expected = mc.read_expected_failures(EXPECTED)
    records = mc.measure(CORPUS, names, workers=2)
    assert [r.piece for r in records] == sorted(names)
    unexpected = [f"{r.piece}: {r.category}\n    {r.detail[:300]}" for r in records if not r.passed and r.piece not in expected]
    fixed = [r.piece for r in records if r.passed and r.piece in expected]
    message = ""
    if unexpected:
        message += "pieces that now fail (not in expected_failures.txt):\n" + "\n".join(unexpected) + "\n"
    if fixed:
        message += "pieces listed in expected_failures.txt that pass now (delete their lines):\n" + "\n".join(fixed)
    assert not message, message


def test_corpus_is_present_and_every_expected_failure_names_a_piece_with_a_reason():
    names = set(mc.corpus_pieces(CORPUS))
    assert len(names) > 150
    assert {name.split("/")[0] for name in names} == set(mc.DIALECT_DIRS.values())
    for piece, reason in mc.read_expected_failures(EXPECTED).items():
        assert piece in names, f"{piece} is listed in expected_failures.txt but is not in the corpus"
        assert reason, f"{piece} has no reason in expected_failures.txt"


def test_every_piece_names_its_source_commit_and_licence():
    for name in mc.corpus_pieces(CORPUS):
        head = (CORPUS / name).read_text(encoding="utf-8").splitlines()[:3]
        assert head[0].startswith(mc.HEADER_TAG) and " commit=" in head[0] and " source=mlir/test/Dialect/" in head[0]
        assert "Apache-2.0 WITH LLVM-exception" in head[1]


def test_quick_sample_reads_and_prints_as_mlir_opt_does():
    _check(mc.corpus_pieces(CORPUS)[::QUICK_SAMPLE_STRIDE])


@pytest.mark.slow
def test_whole_corpus_reads_and_prints_as_mlir_opt_does():
    _check(mc.corpus_pieces(CORPUS))


def test_splitting_keeps_inputs_and_drops_check_lines():
    text = "\n".join(
        [
            "// RUN: mlir-opt %s | FileCheck %s",
            "#map = affine_map<(d0) -> (d0)>",
            "#unused = affine_map<(d0) -> (0)>",
            "// CHECK-LABEL: func @a",
            "func.func @a(%x: index) -> index {",
            "  %0 = affine.apply #map(%x)  // CHECK: affine.apply",
            "  return %0 : index",
            "}",
            "func.func private @b(memref<*xf32, 4>)",
        ]
    )
    pieces = mc.split_pieces(text)
    assert pieces == [
        "#map = affine_map<(d0) -> (d0)>\nfunc.func @a(%x: index) -> index {\n  %0 = affine.apply #map(%x)\n  return %0 : index\n}",
        "func.func private @b(memref<*xf32, 4>)",
    ]
    split = mc.split_pieces("func.func @a() {\n  return\n}\n// -----\n// expected-error @+1 {{x}}\nfoo.bar\n// -----\n%c = arith.constant 1 : i32")
    assert split == ["func.func @a() {\n  return\n}", "%c = arith.constant 1 : i32"]


def test_a_wrong_printing_is_a_measured_failure(tmp_path, monkeypatch):
    """The comparison can fail: a printer that drops an op is caught as a difference."""
    piece = tmp_path / "arith" / "x-0.mlir"
    piece.parent.mkdir()
    piece.write_text(
        "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n", encoding="utf-8"
    )
    assert mc.measure(tmp_path, ["arith/x-0.mlir"], workers=1)[0].passed

    def dropping_addi(text, unregistered):
        generic = text.replace("%0 = arith.addi %a, %a : i32", "%0 = arith.subi %a, %a : i32")
        return generic, generic

    monkeypatch.setattr(mc, "_xfuse_texts", dropping_addi)
    record = mc.measure(tmp_path, ["arith/x-0.mlir"], workers=1)[0]
    assert record.category == "generic output differs from mlir-opt's reading"
    assert "arith.addi" in record.detail and "arith.subi" in record.detail


def test_error_lines_group_without_locations():
    assert mc.first_error_line("<piece>:4:31\n#CSR = #sparse\n      ^\n      'x' is not registered\n") == "'x' is not registered"
    assert mc.first_error_line("<stdin>:3:5: error: custom op 'foo' is unknown\n  foo\n  ^") == "custom op 'foo' is unknown"


def test_pieces_split_per_op_only_where_each_op_stands_alone():
    """A `// -----` piece is split per function where mlir-opt accepts every function alone;
    functions using a global stay with it."""
    mlir_opt = mc.mlir_opt_path()
    independent = "func.func @a() {\n  return\n}\n\nfunc.func @b() {\n  return\n}"
    assert mc.finest_accepted_pieces([independent], [], mlir_opt) == ["func.func @a() {\n  return\n}", "func.func @b() {\n  return\n}"]
    with_global = (
        "memref.global @g : memref<2xf32>\n"
        "func.func @uses() {\n  %0 = memref.get_global @g : memref<2xf32>\n  return\n}\n"
        "func.func @alone() {\n  return\n}"
    )
    pieces = mc.finest_accepted_pieces([with_global], [], mlir_opt)
    assert "func.func @alone() {\n  return\n}" in pieces
    together = [p for p in pieces if "@uses" in p]
    assert len(together) == 1 and "memref.global @g" in together[0]


def test_categories_group_over_shaped_types():
    assert mc.category_group("x: tensor<8x8xi32> should be of base attribute integer_type") == (
        "x: tensor<...> should be of base attribute integer_type"
    )
    assert mc.category_group("y memref<?xf32, strided<[1]>> z vector<[8]xi1>") == "y memref<...> z vector<...>"


def test_extract_and_measure_from_the_command_line(tmp_path, capsys):
    """scripts/mlir_corpus.py end to end on a two-piece test file: the piece mlir-opt rejects is
    left out, the kept one carries the header, and `measure --json` reports it passing."""
    import importlib.util
    import json

    spec = importlib.util.spec_from_file_location("mlir_corpus_cli", Path(__file__).parent.parent / "scripts" / "mlir_corpus.py")
    assert spec is not None and spec.loader is not None
    cli = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cli)

    source = tmp_path / "src" / "mlir" / "test" / "Dialect" / "Arith" / "ops.mlir"
    source.parent.mkdir(parents=True)
    source.write_text(
        "// RUN: mlir-opt %s | FileCheck %s\n"
        "// CHECK-LABEL: func @ok\n"
        "func.func @ok(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n"
        "// -----\n"
        "func.func @not_mlir_22(%a: f32) -> f32 {\n  %0 = arith.maxf %a, %a : f32\n  return %0 : f32\n}\n",
        encoding="utf-8",
    )
    corpus = tmp_path / "corpus"
    assert cli.main(["extract", "--src", str(tmp_path / "src"), "--commit", "abc123", "--out", str(corpus)]) == 0
    assert mc.corpus_pieces(corpus) == ["arith/ops-0.mlir"]
    text = (corpus / "arith" / "ops-0.mlir").read_text(encoding="utf-8")
    assert "commit=abc123" in text and "CHECK" not in text and "arith.addi" in text

    # Re-extracting replaces the file's earlier pieces, and only those.
    (corpus / "arith" / "ops-7.mlir").write_text("stale", encoding="utf-8")
    (corpus / "arith" / "ops-extra-0.mlir").write_text("another file's piece", encoding="utf-8")
    assert cli.main(["extract", "--src", str(tmp_path / "src"), "--commit", "abc123", "--out", str(corpus)]) == 0
    assert mc.corpus_pieces(corpus) == ["arith/ops-0.mlir", "arith/ops-extra-0.mlir"]
    (corpus / "arith" / "ops-extra-0.mlir").unlink()

    records = tmp_path / "records.json"
    assert cli.main(["measure", "--corpus", str(corpus), "--json", str(records), "--workers", "1"]) == 0
    assert json.loads(records.read_text())[0] == {"piece": "arith/ops-0.mlir", "dialect": "arith", "category": "", "detail": "", "passed": True}
    assert "arith" in capsys.readouterr().out
