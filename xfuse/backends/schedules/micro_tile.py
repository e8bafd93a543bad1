"""The register tile's cost model: which `MR x NR` accumulator tile a contraction gets, and when
its K loop is blocked for L2. Shared by the matmul and convolution schedules (matmul.py, conv.py).

Cost model of `choose_micro_tile` (an `MR x NR` accumulator, `L` lanes per vector register,
`R` registers): a K step loads `MR` broadcast scalars of A and `NR / L` vectors of B and issues
`MR * NR / L` FMAs. Candidates keep `MR * NR / L` accumulators + `NR / L` B vectors + one
broadcast within `R` (no spills), divide the tile (`MR | M`, `NR | N`), and have at least
`MIN_ACCUMULATORS` independent accumulators (FMA latency x FMA ports, so the FMA units never
wait on a previous FMA). Among those the score is FMAs per weighted load,
`(MR * NR / L) / (MR + B_LOAD_WEIGHT * NR / L)`: loads, not FMAs, bound a register-tiled loop,
and a vector of B (from L2) costs more than a broadcast of A (from L1). Ties go to more
accumulators, then the wider tile. When the best such tile has fewer than `SPLIT_ACCUMULATORS`,
tiles whose `MR` leaves `M % MR` rows compete too, with a `(M % MR) x NR` tile for the rest (the
op is split there; `_register_tiles`): each tile's score scaled by its share of the FMA units
(accumulators over `MIN_ACCUMULATORS`), the parts' times added (`row_weighted_fmas_per_load`). The dividing tiles are ranked with
a row of B narrower than a cache line weighed as the whole line (`CACHE_LINE_BITS`: AVX2's 14x8
loses to 4x16), and such a tile with 12 accumulators is still enough not to split. For f32 on AVX-512 (32 registers
of 16 lanes) a 64x64 tile gets 8x32 (16 accumulators; 8 broadcasts and 2 vector loads per 16
FMAs); on AVX2 (16 registers of 8 lanes) 6x16 (the classic AVX2 SGEMM kernel, 12 accumulators)
for rows 0-59 and 4x16 for rows 60-63. The weight of a B load depends on the CPU for matmuls
(`MATMUL_B_LOAD_WEIGHTS`): on Zen 4 it is 1, and the 64x64 matmul tile gets 4x64; for
convolutions (`CONV_B_LOAD_WEIGHTS`) on Zen 3 it is 2, and 14-wide rows get 2x32 instead of 14x8.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from xfuse.backends.target import CpuTarget

B_LOAD_WEIGHT = 3
"""Cost of one vector load of B relative to one broadcast of an A element. A's `MR x K` micro-panel
is read by every column of the tile and stays in L1; B's `K x NR` panel is reread by every row
block and comes from L2, a full cache line per vector. Fitted on Zen 5 (AVX-512, f32, 64x64 tiles,
CPU time per call with numpy's in the same run): 8x32 ran 1.2x (512^3) and 1.03-1.1x (1024^3)
faster than 4x64, which plain loads per FMA (weight 1) preferred, and 1.4x faster than 16x16 at
1024^3 (with weight 3 the model ranks 8x32 > 4x64 > 16x16, as measured)."""

MATMUL_B_LOAD_WEIGHTS = {"znver4": 1}
"""`B_LOAD_WEIGHT` for the matmuls (not the convolutions) of the CPUs where it was measured to
differ, by LLVM's CPU name. Zen 4 runs each 512-bit operation on its 256-bit units in two halves;
there 4x64 beat 8x32 on every matmul measured (one thread, interleaved in one process, 2026-11-28):
128x256x1024 with weights in panels 0.794 -> 0.736 ms, 128x1024x256 0.777 -> 0.684, 512^3 with
plain B 3.22 -> 3.02, the transformer layer 2.58 -> 2.50 ms. Weight 1 ranks 4x64 first (2 FMAs
per load against 1.6 for 8x32). The convolutions keep weight 3: with weight 1 the nine CNNs moved
by -2% to +6% each (AlexNet slower, ResNet-50 and VGG-19 faster), nothing overall."""

CONV_B_LOAD_WEIGHTS = {"znver3": 2}
"""`B_LOAD_WEIGHT` for the convolutions of the CPUs where it was measured to differ, by LLVM's CPU
name. A convolution's B is its filter: a panel row of `xfuse-block-filters` (256 bytes) or an HWCF
row, read in whole lines in order, while its A broadcasts come from `OWB` pixels `C x 4` bytes
apart. On Zen 3 (AVX2) weight 2 ranks 2x32 (2 broadcasts and 4 filter vectors, two whole lines,
per 8 FMAs) over 14x8 (14 broadcasts and half a line per 14 FMAs, no register left to unroll its
K loop) for 14-wide rows; one node through `xfuse.onnx.load`, CPU time, fastest of 15-25,
interleaved, load 4.2-4.6: 3x3 256 -> 256 at 14x14 4.25 -> 4.05, 5.19 -> 4.00, 5.57 -> 3.65,
4.90 -> 3.70 ms (four runs); 3x3 512 -> 512 at 14x14 17.3 -> 14.2; 3x3 stride 2 256 -> 256 to
14x14 4.82 -> 4.35; 1x1 stride 2 512 -> 256 to 14x14 2.40 -> 2.10; DenseNet's 3x3 128 -> 32 at
14x14 0.50 -> 0.48. Networks, both call orders: ResNet-50 about 4% faster, VGG-19 about 7%,
DenseNet-121 level (docs/backend-measurements.md, "Zen 3, fourth session"). The 56-, 28- and 7-wide rows keep
their tiles (4x16, 7x8) with weight 2, where 2x32 measured slower."""

MIN_ACCUMULATORS = 8
"""Independent accumulator registers needed to hide FMA latency (4 cycles x 2 FMA ports)."""

SPLIT_ACCUMULATORS = 12
"""A register tile with fewer accumulators than this is worth a remainder tile. With 16 AVX2
registers no tile of 12 or more accumulators divides a power-of-two tile (6x16, 4x24, 3x32 do
not), and the 8 of 4x16 leave no slack over FMA latency x ports while B's strided rows miss:
measured on Zen 4 (AVX2 code, 768x1024x1024, 48x64 tiles), 6x16 ran 1.7x faster than 4x16. So
when the best dividing tile has fewer, a tile that leaves `m % MR` rows is considered too: the op
is split at the last full row block (`transform.structured.split`), the rest gets its own tile."""

SPLIT_BY_TIME_MAX_REGISTERS = 16
"""Register files of at most this many vectors (AVX2, SSE) score a split by its parts' times, each
part's score scaled by the share of the FMA units its accumulators keep busy
(`MicroTile.row_weighted_fmas_per_load`). On Zen 3 the row average had chosen 6x16 + 1x16 for
7-wide rows, whose one-pixel remainder (2 accumulators, each K step waiting on the FMA before
it) took as long as the six pixels before it: ResNet-50's 3x3, 512-channel layer at 7x7 ran
13.1 ms against 9.8 with the dividing 7x8 (one node through `xfuse.onnx.load`, CPU time, fastest
of 11, load 8). Where splits have 32 registers (AVX-512) the row average stays, measured there:
on Zen 4 a 4x64 + 3x64 split beat 7x32 on 7-wide layers."""

TILE_VECTORS = (1, 2, 4)
"""Vector registers per row of a register tile (`NR / L`). Three (NR = 48 for f32 on AVX-512) is
left out: the tile's rows are `vector<48xf32>` values, which LLVM legalizes by widening to 64
lanes and rebuilding them element by element (`vinsertps` through the stack): measured on
Emerald Rapids, a 144x192x256 matmul ran 30x slower with 8x48 than with 8x32, and the
inception/AlexNet convolutions with 192 or 96 output channels (9x48 tiles) 40x slower than
onnxruntime instead of 1.2x. On AVX2 (Zen 3) `vector<24xf32>` does the same: 4x24 tiles for
24-channel 1x1 convolutions ran 16x slower than 14x8 (docs/backend-measurements.md, "SqueezeNet
and MobileNet-v3 layer by layer")."""

MAX_MR = 16
"""Largest register-tile height considered (rows of A broadcast per K step)."""

MIN_K_BLOCK = 32
"""Shortest K block worth its accumulator stores and reloads."""

CACHE_LINE_BITS = 512
"""A cache line (64 bytes on x86-64 and the usual AArch64 cores). A register tile whose rows of B
are narrower than one (`NR = 8` f32 on AVX2) reads part of a line per K step and the rest of it
a whole K loop later, when the line has left L1: dividing tiles are ranked with its B loads
weighed by the whole line (`MicroTile.fmas_per_line_load`). On Zen 3 (AVX2, one thread, busy
machine) ResNet-50 ran 3-6% faster with 4x16 instead of 14x8 where 4 divides the width; also
splitting for whole lines (6x16 and a remainder instead of a dividing 14x8) made it 15-19%
slower, so a dividing tile of part lines with `SPLIT_ACCUMULATORS` is kept (docs/backend-kernels.md,
"Register tiles on Zen 3")."""


@dataclass(frozen=True)
class MicroTile:
    """A register tile: `mr x nr` accumulators over a K loop of step 1."""

    mr: int
    nr: int
    lanes: int
    split_rows: int = 0
    """When `mr` does not divide the result's rows: the rows the `mr x nr` tile covers (a multiple
    of `mr`); the op is split there and the other `remainder` rows get one `remainder x nr` tile.
    0 when `mr` divides the rows."""
    remainder: int = 0
    element_bits: int = field(default=32, compare=False)
    """Bits of one element (with `lanes`, the width of a vector register)."""
    b_load_weight: float = field(default=B_LOAD_WEIGHT, compare=False)
    """The cost of a vector load of B in broadcasts of A (`B_LOAD_WEIGHT`); only the score uses it."""
    split_by_time: bool = field(default=False, compare=False)
    """Score a split by its parts' times, each latency-bound (`SPLIT_BY_TIME_MAX_REGISTERS`), not
    by the row average of their scores."""

    @property
    def accumulators(self) -> int:
        return self.mr * self.nr // self.lanes

    @property
    def registers(self) -> int:
        """Vector registers live in the K loop: accumulators, B row vectors, one A broadcast."""
        return self.accumulators + self.nr // self.lanes + 1

    @property
    def whole_lines(self) -> bool:
        """A row of the tile's B panel covers whole cache lines (`CACHE_LINE_BITS`)."""
        return self.nr * self.element_bits >= CACHE_LINE_BITS

    @property
    def fmas_per_load(self) -> float:
        """FMAs per unit of load cost in a K step: `MR` broadcasts of A (weight 1) and `NR / L`
        vector loads of B (weight `b_load_weight` each)."""
        return self.accumulators / (self.mr + self.b_load_weight * (self.nr // self.lanes))

    @property
    def fmas_per_line_load(self) -> float:
        """`fmas_per_load` with a row of B narrower than a cache line costing the vectors of a
        whole line (`CACHE_LINE_BITS`): what the dividing tiles are ranked by."""
        b_vectors = max(self.nr // self.lanes, CACHE_LINE_BITS // (self.lanes * self.element_bits))
        return self.accumulators / (self.mr + self.b_load_weight * b_vectors)

    @property
    def latency_bound_fmas_per_load(self) -> float:
        """`fmas_per_load` scaled by the share of the FMA units the tile's accumulators keep busy:
        with fewer than `MIN_ACCUMULATORS` (latency x ports), each K step waits for the FMA
        before it on the same accumulator."""
        return self.fmas_per_load * min(1.0, self.accumulators / MIN_ACCUMULATORS)

    def row_weighted_fmas_per_load(self) -> float:
        """The score of all the rows. With `split_by_time`: `latency_bound_fmas_per_load`, each
        part's rows taking the time its own score gives (times add, so the scores combine
        harmonically): a one-row remainder of 2 accumulators, latency-bound, costs as much as the
        6 rows of a 6x16 tile. Otherwise `fmas_per_load` averaged over the rows."""
        whole = replace(self, split_rows=0, remainder=0)
        if not self.split_by_time:
            if not self.remainder:
                return self.fmas_per_load
            rest = replace(whole, mr=self.remainder)
            return (self.split_rows * self.fmas_per_load + self.remainder * rest.fmas_per_load) / (
                self.split_rows + self.remainder)
        if not self.remainder:
            return self.latency_bound_fmas_per_load
        rest = replace(whole, mr=self.remainder)
        time = (self.split_rows / whole.latency_bound_fmas_per_load
                + self.remainder / rest.latency_bound_fmas_per_load)
        return (self.split_rows + self.remainder) / time


ONE_ROW_VECTORS = 0
"""Vector registers per row a one-row product (`m = 1`: a recurrence's per-step `h R`, a batch-1
classifier) may take beyond `TILE_VECTORS`; 0: none. With four (`1 x 64` on AVX-512) its four
accumulators are each a chain of K dependent FMAs (latency-bound: the CRNN's `1 x 96 x 384`
per step at 28 GFLOP/s); eight keep `MIN_ACCUMULATORS` chains in flight. Needs 17 registers, so
AVX2's 16 never take it. Off: an LSTM of 128 hidden 0.73-0.81 of its time with it, but the CRNN
level (docs/backend-measurements.md, "CRNN (Zen 4, nineteenth session)")."""


def _row_vectors(m: int) -> tuple[int, ...]:
    """The vectors per row of the register tiles tried for an `m`-row product."""
    return TILE_VECTORS + ((ONE_ROW_VECTORS,) if m == 1 and ONE_ROW_VECTORS > TILE_VECTORS[-1] else ())


def choose_micro_tile(m: int, n: int, element_bits: int, target: CpuTarget,
                      remainder: bool = True, b_load_weight: float = B_LOAD_WEIGHT) -> MicroTile | None:
    """The best register tile for an `m x n` result (cost model in the module docstring), or None
    when no tile divides `n` (then the contraction keeps the generic lowering). `remainder`: a
    tile may leave rows for a second tile (`SPLIT_ACCUMULATORS`)."""
    lanes = target.lanes(element_bits)
    by_time = target.vector_registers <= SPLIT_BY_TIME_MAX_REGISTERS
    fitting = [MicroTile(mr, nr, lanes, element_bits=element_bits, b_load_weight=b_load_weight, split_by_time=by_time)
               for nr in (v * lanes for v in _row_vectors(m)) if n % nr == 0
               for mr in range(1, min(m, MAX_MR) + 1)
               if MicroTile(mr, nr, lanes).registers <= target.vector_registers]
    dividing = [t for t in fitting if m % t.mr == 0]
    if not dividing:
        return None
    enough = [t for t in dividing if t.accumulators >= MIN_ACCUMULATORS] or dividing
    best = max(enough, key=lambda t: (t.fmas_per_line_load, t.accumulators, t.nr))
    # A dividing tile of `SPLIT_ACCUMULATORS` (of whole lines or not: AVX2's 14x8) is enough; a
    # split for whole lines was measured slower (CACHE_LINE_BITS).
    if not remainder or any(t.accumulators >= SPLIT_ACCUMULATORS and (t is best or not t.whole_lines)
                            for t in enough):
        return best
    split = [replace(t, split_rows=m - m % t.mr, remainder=m % t.mr) for t in fitting
             if m % t.mr and t.accumulators >= SPLIT_ACCUMULATORS]
    if not split:
        return best
    best_split = max(split, key=lambda t: (t.row_weighted_fmas_per_load(), t.accumulators, t.nr))
    return best_split if best_split.row_weighted_fmas_per_load() > best.row_weighted_fmas_per_load() else best


def choose_tile_at_any_width(m: int, n: int, element_bits: int, target: CpuTarget,
                             remainder: bool = True, min_bits: int = 128,
                             b_load_weight: float = B_LOAD_WEIGHT) -> MicroTile | None:
    """`choose_micro_tile` with the target's full vector width, else half of it, down to
    `min_bits` (128; the convolutions go down to one element): `n` no multiple of the full width
    (1000 classes, ShuffleNet's 28-channel groups) still gets vector FMAs of a narrower register
    (an `xmm`/`ymm` FMA on AVX-512), not scalar loops (ResNet-50's classifier, 2048 x 1000:
    4.5 ms as loops, reading B down its columns)."""
    for narrower in target.narrower(min_bits):
        tile = choose_micro_tile(m, n, element_bits, narrower, remainder, b_load_weight)
        if tile is not None:
            return tile
    return None


def matmul_b_load_weight(target: CpuTarget) -> float:
    """The load weight of the matmul cost model on `target` (`MATMUL_B_LOAD_WEIGHTS`)."""
    return MATMUL_B_LOAD_WEIGHTS.get(target.cpu, B_LOAD_WEIGHT)


def conv_b_load_weight(target: CpuTarget) -> float:
    """The load weight of the convolution cost model on `target` (`CONV_B_LOAD_WEIGHTS`)."""
    return CONV_B_LOAD_WEIGHTS.get(target.cpu, B_LOAD_WEIGHT)


def _rows_per_l2_set(rows: int, row_stride_bytes: int, target: CpuTarget) -> int:
    """How many of `rows` rows (at `row_stride_bytes` apart) share one L2 set. Rows whose stride
    has a large power-of-two factor land on few sets: with a stride of 4 KiB and 64 KiB per way,
    only 16 distinct positions."""
    way_bytes = target.l2_bytes // target.l2_ways
    power_of_two = row_stride_bytes & -row_stride_bytes
    positions = max(1, way_bytes // min(power_of_two, way_bytes))
    return -(-rows // positions)


def choose_k_block(k: int, row_stride_bytes: int, target: CpuTarget) -> int | None:
    """The K block of a contraction whose B rows are `row_stride_bytes` apart, or None (one pass).

    Every row block of a tile rereads the `K x NR` panel of B; it must stay in L2. Blocking costs
    a store and reload of the accumulators per block and moves the fused epilogue out of the
    K loop, so it is only worth it when the panel's rows overflow their L2 sets twice over
    (`> 2 x ways` rows per set); the block is then the largest divisor of K whose rows fit the
    ways. Fitted on Zen 5 (1 MiB 16-way L2, 8x32 register tiles): 1024^3 (4 KiB stride, 64 rows
    per set) blocks by 256 and ran 1.3x faster (128: 1.13x); 512^3 (16 per set) and the main job
    256x1024x512 (32 per set) ran slower with any block and are not blocked."""
    if _rows_per_l2_set(k, row_stride_bytes, target) <= 2 * target.l2_ways:
        return None
    fitting = [d for d in range(MIN_K_BLOCK, k) if k % d == 0
               and _rows_per_l2_set(d, row_stride_bytes, target) <= target.l2_ways]
    return max(fitting) if fitting else None


K_UNROLL = 4
"""Unroll factor of a register tile's innermost K loop, where `choose_k_unroll` allows it."""

K_UNROLL_MAX_REGISTERS = 16
"""Register files (AVX2, SSE) where the unrolled K loop was measured. On Zen 3 (one node through
`xfuse.onnx.load`, CPU time, interleaved): the 3x3, 64 -> 64 convolution at 56x56 (4x16 tiles)
6.25 -> 5.55 ms fastest (7.04 -> 6.26 median), the 3x3, 512 -> 512 one at 7x7 (7x8) 8.42 ->
7.51; the loop's add, compare and branch are then paid once per 4 steps (3 of the 17
instructions of the 4x16 loop). Larger files (AVX-512) keep the loop as it was: not measured
there."""

MATMUL_K_UNROLL_MIN_FREE = 1
"""Registers a matmul's register tile must leave free for its K loop to be unrolled. AVX2's 6x16
(15 of 16 registers) unrolled by 4 rotates its two B vectors and the broadcast through three
registers without a spill (48 FMAs, 24 broadcasts, 8 loads of B per iteration) and ran faster on
Zen 3 (ONNX MatMul + Add through `xfuse.onnx.load`, CPU time, fastest of 9-11, interleaved, load
3.5-4): 512 x 512 x 512 5.63 -> 4.60 ms, ConvNeXt's `[1,14,14,1536] x [1536,384]` 4.68 -> 3.94,
`[1,56,56,384] x [384,96]` 4.84 -> 4.46, 196 x 256 x 256 0.73 -> 0.63; 4x16 tiles at K = 96 and
384 were level (5.41 -> 5.61, 4.40 -> 4.56: within the noise). The convolutions keep their
stricter rule (`choose_k_unroll`'s default): AVX2's 13x8 convolution tile (15 registers)
unrolled was level on a 3x3 and 6% slower on a 1x1 layer at 13x13."""


MATMUL_K_UNROLL_ENABLED = False
"""Whether the matmul schedule unrolls its K loop at all (by `MATMUL_K_UNROLL_MIN_FREE`'s rule).
Off: on the merged code of 2026-11-29 (Zen 3, quiet, one process, alternated twice) the README's
fused MLP example (`examples/mlp.py`: 256 x 512 x 1024, 64x64 tiles, 6x16 register tiles) ran
9.9-10.6 ms with it against 7.6-8.0 ms without, and it made the transformers' LLVM code about
four times longer per tile (GPT-2's cold compile 20.8 -> 31.3 s; BERT-base's load over its 60 s
budget). The single-op gains above came from one-node models; the schedule keeps the rule so
that the next measurement can switch it on (docs/backend-measurements.md, "Zen 3, second session")."""


def choose_k_unroll(tile: MicroTile, trip_count: int, target: CpuTarget, min_free: int | None = None) -> int:
    """`K_UNROLL` when the register file is one it was measured on (`K_UNROLL_MAX_REGISTERS`),
    `trip_count` (the K loop's) is a multiple of it, and the tile leaves `min_free` registers
    free; else 1. By default `min_free` is the next step's B vectors and broadcast, so that LLVM
    can load them early without spilling: the convolutions' rule (AVX2's 14x8, all 16 registers,
    spilled 26 times per unrolled loop and ran up to 1.4x slower); the matmuls pass
    `MATMUL_K_UNROLL_MIN_FREE`."""
    free = target.vector_registers - tile.registers
    needed = tile.nr // tile.lanes + 1 if min_free is None else min_free
    if target.vector_registers > K_UNROLL_MAX_REGISTERS or free < needed:
        return 1
    return K_UNROLL if trip_count % K_UNROLL == 0 else 1
