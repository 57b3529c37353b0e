#!/bin/bash
# Runs the Clad test programs adapted in tests/clad through `cuad build` and nvcc on a GPU
# machine and compares what they print with their `// CHECK-EXEC:` lines (the CPU emulation
# checks the same in crates/cli/tests/build.rs; this catches what only a GPU shows).
# Usage (repository root, a cuad binary at build/cuad): scripts/clad-gpu.sh
for f in tests/clad/*.cu; do
  n=$(basename $f .cu)
  echo "=== $n"
  build/cuad build $f -o /tmp/$n.out.cu || { echo "cuad build failed"; continue; }
  nvcc -std=c++17 -arch=sm_90 -I"$(build/cuad --include-dir)" /tmp/$n.out.cu -o /tmp/$n.bin 2>&1 | grep -v warning | head -5
  /tmp/$n.bin > /tmp/$n.txt 2>&1; echo "rc=$?"
  grep -o "CHECK-EXEC: .*" $f | sed 's/CHECK-EXEC: //' > /tmp/$n.expect
  if [ -s /tmp/$n.expect ]; then diff <(tr -s ' \n' '\n' < /tmp/$n.txt) <(tr -s ' \n' '\n' < /tmp/$n.expect) > /dev/null && echo "output == CHECK-EXEC" || { echo "DIFF"; paste -d'|' /tmp/$n.txt /tmp/$n.expect | head -40; }; else cat /tmp/$n.txt | head -20; fi
done
