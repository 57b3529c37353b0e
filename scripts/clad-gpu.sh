#!/bin/bash
# Runs the Clad-compatibility programs of tests/clad (cuad's own, written for this repository)
# through `cuad build` and nvcc on a GPU machine and matches what they print against their
# `// CHECK-EXEC:` / `// CHECK-EXEC-NEXT:` lines as FileCheck does (each pattern in a later
# output line than the previous match, a -NEXT one in the line right after it). The CPU
# emulation checks the same in crates/cli/tests/build.rs; this catches what only a GPU shows.
# Usage (repository root, a cuad binary at build/cuad): scripts/clad-gpu.sh
# Prints per program `=== NAME`, `rc=0` and `output matches CHECK-EXEC` (or what is missing).

# check_exec SOURCE OUTPUT: FileCheck of OUTPUT against SOURCE's CHECK-EXEC lines.
check_exec() {
  local out line rest pat next at=0 found i
  mapfile -t out < "$2"
  while IFS= read -r line; do
    case "$line" in *'`// CHECK-EXEC'*) continue ;; esac  # quoted in a comment
    rest=${line#*// CHECK-EXEC}
    if [[ $rest == -NEXT:* ]]; then pat=${rest#-NEXT:}; next=1; else pat=${rest#:}; next=0; fi
    pat=$(sed 's/^ *//; s/ *$//' <<< "$pat")
    found=-1
    if [ $next = 1 ]; then
      [[ ${out[$at]} == *"$pat"* ]] && found=$at
    else
      for ((i = at; i < ${#out[@]}; i++)); do
        [[ ${out[$i]} == *"$pat"* ]] && { found=$i; break; }
      done
    fi
    if [ $found -lt 0 ]; then echo "MISSING from output line $((at + 1)): $pat"; return 1; fi
    at=$((found + 1))
  done < <(grep "// CHECK-EXEC" "$1")
}

for f in tests/clad/*.cu; do
  n=$(basename $f .cu)
  echo "=== $n"
  build/cuad build $f -o /tmp/$n.out.cu || { echo "cuad build failed"; continue; }
  nvcc -std=c++17 -arch=sm_90 -I"$(build/cuad --include-dir)" -Itests/clad /tmp/$n.out.cu -o /tmp/$n.bin 2>&1 | grep -v warning | head -5
  /tmp/$n.bin > /tmp/$n.txt 2>&1; echo "rc=$?"
  if grep -q "// CHECK-EXEC" $f; then
    check_exec $f /tmp/$n.txt && echo "output matches CHECK-EXEC" || head -40 /tmp/$n.txt
  else
    head -20 /tmp/$n.txt
  fi
done
