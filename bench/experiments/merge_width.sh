#!/bin/bash
# How many blocks' work one working block of a merged gradient should run (block_merge.rs,
# `cuad_blocks_per_worker`), measured on workload 1 (elementwise, --keep-seeds).
# Usage (GPU machine, from the repository root): bench/experiments/merge_width.sh build/cuad
# Variants of the generated file: at most 8 (as shipped), 32 or 128 blocks per worker, the
# merged loop unrolled 8 times, and no merging.
set -e
CUAD=${1:?cuad binary}
W=/tmp/merge_width; mkdir -p $W
NV=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
for v in 8 32 128 unroll none; do
  mkdir -p $W/$v
  $CUAD grad bench/kernels/elementwise.cu --fn ew_map --wrt out,x,a --keep-seeds -o $W/$v/elementwise_gen.cu
done
python3 - "$W" <<'PY'
import sys
w = sys.argv[1]
def patch(v, f):
    p = f"{w}/{v}/elementwise_gen.cu"
    s = open(p).read(); s = f(s); open(p, "w").write(s)
more = lambda k: lambda s: s.replace("k >= 8u ? 8u", " : ".join(f"k >= {m}u ? {m}u" for m in [2**e for e in range(k, 2, -1)]), 1).replace("(1u << 20)", "(1u << 17)")
patch("32", more(5)); patch("128", more(7))
patch("unroll", lambda s: s.replace("    for (unsigned int _cuad_block = blockIdx.x;", "    #pragma unroll 8\n    for (unsigned int _cuad_block = blockIdx.x;", 1))
patch("none", lambda s: s.replace("return k >= 8u ? 8u : k >= 4u ? 4u : k >= 2u ? 2u : 1u;", "return 1u;", 1))
PY
for v in 8 32 128 unroll none; do
  $NV -O3 -std=c++17 -arch=sm_90 -Ibench/common -Iinclude -I$W/$v -DHAVE_CUAD -DGRAD_FN=ew_map_grad_0_1_2 bench/drivers/elementwise_bench.cu -o $W/e$v &
done; wait
for v in 8 32 128 unroll none; do echo "== $v"; $W/e$v 2>&1 | grep -E "time (grad|forward|hand)"; done
