"""The i8 mmt4d kernel on 16x16x4 tiles with AVX-512 VNNI's `vpdpbusd` (u8 x s8, four byte
pairs per i32 lane: 64 MACs per instruction, twice `vpdpwssd`'s 32), the form of onnxruntime's
VNNI kernel, kept exact for s8 x s8:

    a * b = (a + 128) * b - 128 * b       (a + 128 = a xor 0x80, an unsigned byte)

Before the loops a `linalg.generic` makes each `(a0, a1, a2, a3)` quadruple of the packed A one
i32 of the unsigned bytes `a_i xor 0x80`. Per K1 step the 16 x 4 B tile (64 contiguous bytes) is
one zmm as it is (no widening); per row, the row's quadruple broadcast and one
`vpdpbusd(acc, quad, b)`; a 17th accumulator takes `vpdpbusd(corr, splat(0x80), b)`, that is
`128 * colsum(B)`, subtracted from every row after the K loop. Exact: `vpdpbusd` (not the
saturating `vpdpbusds`) sums four products of at most 255 * 128 in i32, and the i32 results wrap
as the reference's do. Padding is zero in both packs, so a padded K adds `128 * 0`.
"""

from __future__ import annotations

VPDPBUSD_512 = "llvm.x86.avx512.vpdpbusd.512"

HOIST_CORRECTION = False
"""`128 * colsum(B)` of each of B's 16-column panels computed once, in a pass over B before the
tile loops (`n1 x 16` i32), and read after each tile's K loop, instead of a 17th `vpdpbusd` in
every (i, j) tile's K loop (m1 times per panel). False: the 17th accumulator. Off: 0.975-0.987
on the int8 MLP and transformer, 0.98 on the QDQ CNN, but 1.001 and 1.036 (83/300) on the
QOperator one (nineteenth session, docs/backend-measurements.md)."""
DECLARATION = f"func.func private @{VPDPBUSD_512}(vector<16xi32>, vector<64xi8>, vector<64xi8>) -> vector<16xi32>\n"


def _quads_text(ta: str, quads: str, sizes: str = "") -> str:
    maps = ", ".join(f"affine_map<(d0, d1, d2) -> (d0, d1, d2, {i})>" for i in range(4))
    lines = ["    %flip = arith.constant -128 : i8"]
    for i in range(4):
        lines += [f"    %u{i} = arith.xori %q{i}, %flip : i8", f"    %e{i} = arith.extui %u{i} : i8 to i32"]
        if i:
            lines += [f"    %w{i} = arith.constant {8 * i} : i32", f"    %s{i} = arith.shli %e{i}, %w{i} : i32"]
    lines += ["    %o1 = arith.ori %e0, %s1 : i32", "    %o2 = arith.ori %o1, %s2 : i32", "    %quad = arith.ori %o2, %s3 : i32",
              "    linalg.yield %quad : i32"]
    body = "\n".join(lines)
    return f"""  %qe = tensor.empty({sizes}) : {quads}
  %pa = linalg.generic {{indexing_maps = [{maps}, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%a, %a, %a, %a : {ta}, {ta}, {ta}, {ta}) outs(%qe : {quads}) {{
  ^bb0(%q0: i8, %q1: i8, %q2: i8, %q3: i8, %out: i32):
{body}
  }} -> {quads}"""


def dpbusd_kernel_text(a: list, b: list, c: list, direct: bool = False, quads_given: bool = False) -> str:
    """The kernel as `@kernel(A, B, C) -> C` in MLIR text (A: m1 x k1 x m0 x 4, B: n1 x k1 x 16 x 4).
    `direct`: C is the unpacked `m1*m0 x n1*16` result of a zero accumulator (`direct_unpack.py`):
    the accumulators start at zero and each row is written at its place in C. `quads_given`: the
    kernel's first argument is the `m1 x k1 x m0` i32 quadruples already (fused_quads.py). A
    dynamic outer size is `"?"` (read with `tensor.dim`: `outer_bounds`)."""
    from xfuse.transforms.data_tiling.i8_mmt4d_kernel import outer_bounds

    m1, k1, m0, _ = a
    n1 = b[0]
    acc = "vector<16xi32>"
    ta, tb, tc = (f"tensor<{'x'.join(map(str, s))}x{t}>" for s, t in ((a, "i8"), (b, "i8"), (c, "i32")))
    a_type = ta
    flat_b, quads = f"tensor<{n1}x{k1}x64xi8>", f"tensor<{m1}x{k1}x{m0}xi32>"
    call = f": ({acc}, vector<64xi8>, vector<64xi8>) -> {acc}"
    body = [f"%bf = vector.transfer_read %fb[%j, %k, %c0], %z8 {{in_bounds = [true]}} : {flat_b}, vector<64xi8>"]
    for r in range(m0):
        body += [f"%quad{r} = vector.transfer_read %pa[%i, %k, %r{r}], %z32 "
                 f"{{in_bounds = [true], permutation_map = affine_map<(d0, d1, d2) -> (0)>}} : {quads}, {acc}",
                 f"%x{r} = vector.bitcast %quad{r} : {acc} to vector<64xi8>",
                 f"%next{r} = func.call @{VPDPBUSD_512}(%in{r}, %x{r}, %bf) {call}"]
    hoisted = HOIST_CORRECTION
    if not hoisted:
        body.append(f"%nextcorr = func.call @{VPDPBUSD_512}(%corr, %bias, %bf) {call}")
    inner = "\n          ".join(body)
    types = ", ".join([acc] * (m0 + (0 if hoisted else 1)))
    correction = "%corrj" if hoisted else f"%sum#{m0}"
    fixes = "\n        ".join(f"%fix{r} = arith.subi %sum#{r}, {correction} : {acc}" for r in range(m0))
    if hoisted:
        fixes = (f"%corrj = vector.transfer_read %corrs[%j, %c0], %z32 {{in_bounds = [true]}} : tensor<{n1}x16xi32>, {acc}"
                 "\n        " + fixes)
    if direct:  # no C to read; row r of the tile is row i * m0 + r of C, from column j * 16
        reads = "\n        ".join([f"%im = arith.muli %i, %cm0 : index", "%jn = arith.muli %j, %c16 : index",
                                   *(f"%row{r} = arith.addi %im, %r{r} : index" for r in range(m0)),
                                   *(f"%acc{r} = arith.constant dense<0> : {acc}" for r in range(m0))])
        places = [f"[%row{r}, %jn]" for r in range(m0)]
    else:
        reads = "\n        ".join(
            f"%acc{r} = vector.transfer_read %cj[%i, %j, %r{r}, %c0], %z32 {{in_bounds = [true]}} : {tc}, {acc}"
            for r in range(m0))
        places = [f"[%i, %j, %r{r}, %c0]" for r in range(m0)]
    writes = "\n        ".join(
        f"%w{r + 1} = vector.transfer_write %fix{r}, {'%cj' if r == 0 else f'%w{r}'}{places[r]} "
        f"{{in_bounds = [true]}} : {acc}, {tc}" for r in range(m0))
    rows = "\n  ".join(f"%r{r} = arith.constant {r} : index" for r in range(m0))
    iter_args = ", ".join([*(f"%in{r} = %acc{r}" for r in range(m0)), *([] if hoisted else ["%corr = %zero"])])
    nexts = ", ".join([*(f"%next{r}" for r in range(m0)), *([] if hoisted else ["%nextcorr"])])
    corrections = f"""  %ce = tensor.empty({"%n1" if n1 == "?" else ""}) : tensor<{n1}x16xi32>
  %corrs = scf.for %j = %c0 to %n1 step %c1 iter_args(%ct = %ce) -> (tensor<{n1}x16xi32>) {{
    %cs = scf.for %k = %c0 to %k1 step %c1 iter_args(%corr = %zero) -> ({acc}) {{
      %bf = vector.transfer_read %fb[%j, %k, %c0], %z8 {{in_bounds = [true]}} : {flat_b}, vector<64xi8>
      %nextcorr = func.call @{VPDPBUSD_512}(%corr, %bias, %bf) {call}
      scf.yield %nextcorr : {acc}
    }}
    %ct2 = vector.transfer_write %cs, %ct[%j, %c0] {{in_bounds = [true]}} : {acc}, tensor<{n1}x16xi32>
    scf.yield %ct2 : tensor<{n1}x16xi32>
  }}""" if hoisted else ""
    bounds, sizes = outer_bounds(a, b, ta, tb)  # A's dims 0 and 1 are m1 and k1 in both forms
    quads_pass = _quads_text(ta, quads, sizes)
    if quads_given:
        ta, quads_pass = quads, ""
        inner = inner.replace("%pa[", "%a[")
        bounds = bounds.replace(f": {a_type}", f": {ta}")
    return f"""func.func @kernel(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cm0 = arith.constant {m0} : index
  {rows}
  {bounds}
  %z8 = arith.constant 0 : i8
  %z32 = arith.constant 0 : i32
  %zero = arith.constant dense<0> : {acc}
  %bias = arith.constant dense<-128> : vector<64xi8>
{quads_pass}
  %fb = tensor.collapse_shape %b [[0], [1], [2, 3]] : {tb} into {flat_b}
{corrections}
  %result = scf.for %i = %c0 to %m1 step %c1 iter_args(%ci = %c) -> ({tc}) {{
    %row = scf.for %j = %c0 to %n1 step %c1 iter_args(%cj = %ci) -> ({tc}) {{
        {reads}
        %sum:{m0 + (0 if hoisted else 1)} = scf.for %k = %c0 to %k1 step %c1 iter_args({iter_args}) -> ({types}) {{
          {inner}
          scf.yield {nexts} : {types}
        }}
        {fixes}
        {writes}
        scf.yield %w{m0} : {tc}
    }}
    scf.yield %row : {tc}
  }}
  return %result : {tc}
}}
"""
