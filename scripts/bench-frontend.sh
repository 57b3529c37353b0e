#!/usr/bin/env bash
# Front-end speed benchmark (not a test): generates a 20,000-line CUDA file (kernels, device
# helpers, structs, typedefs, macros) and times `cuad parse` (preprocess + parse + semantic
# check) on it, best of 5 runs. Usage: scripts/bench-frontend.sh [path/to/cuad]
set -euo pipefail
CUAD="${1:-target/release/cuad}"
FILE="$(mktemp /tmp/cuad-frontend-XXXXXX.cu)"
python3 - "$FILE" <<'PY'
import sys
blocks = []
for k in range(1112):
    blocks.append(f"""__device__ float helper{k}(const float* a, int i, float s) {{
    float t = a[i] * s + {k}.0f;
    if (t > 1.0f) t = sqrtf(t);
    return t * t;
}}
__global__ void kern{k}(float* out, const float* in, float s, int n) {{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int j = 0; j < 4; ++j) {{
        acc += helper{k}(in, (i + j) % n, s);
    }}
    out[i] = acc + expf(-acc);
}}
struct S{k} {{ float x, y; int id; }};
typedef S{k}* PS{k};
#define SCALE{k}(v) ((v) * {k})
static inline int idx{k}(int a) {{ return SCALE{k}(a) + 1; }}
""")
open(sys.argv[1], "w").write("".join(blocks))
PY
echo "$(wc -l <"$FILE") lines"
best=""
for _ in 1 2 3 4 5; do
  t=$( { /usr/bin/time -f "%e" "$CUAD" parse "$FILE" >/dev/null; } 2>&1 | tail -1)
  if [[ -z "$best" ]] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
done
echo "cuad parse: best of 5 = ${best} s (wall, whole process)"
rm -f "$FILE"
