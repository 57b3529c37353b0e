#!/bin/bash
# Times every workload's gradient with register caps (__maxnreg__ on the gradient kernels).
# Usage (GPU machine, repository root): bench/regcap.sh   (cuad binary at build/cuad)
set -u
V=/tmp/regcap; mkdir -p $V
mapfile -t W < <(sed -n '/WORKLOADS=(/,/^)/p' bench/run.sh | grep '|' | sed 's/^ *"//; s/"$//')
for w in "${W[@]}"; do
  IFS='|' read -r unit k fn wrt drv args <<<"$w"
  [[ -f $V/${drv}_as_is.cu ]] && continue
  build/cuad grad bench/kernels/$k --fn $fn --wrt $wrt -o $V/${drv}_as_is.cu || continue
  for cap in 32 40 48 64 96; do
    sed -E "s/__global__ void (\w+_grad\w*)\(/__global__ void __maxnreg__($cap) \1(/" $V/${drv}_as_is.cu > $V/${drv}_cap$cap.cu
  done
  gf=$(grep -oE "\b${fn}_grad(_[0-9]+)*" $V/${drv}_as_is.cu | head -1)
  for f in $V/${drv}_as_is.cu $V/${drv}_cap*.cu; do
    name=$(basename $f .cu)
    mkdir -p $V/inc_$name; cp $f $V/inc_$name/${drv}_gen.cu
    ( nvcc -O3 -std=c++17 -arch=sm_90 -Ibench/common -Iinclude -I$V/inc_$name -DHAVE_CUAD -DGRAD_FN=$gf bench/drivers/${drv}_bench.cu -o $V/$name.bin -Xptxas -v 2>$V/$name.nvcc || echo "nvcc failed $name" ) &
  done
done
wait
for w in "${W[@]}"; do
  IFS='|' read -r unit k fn wrt drv args <<<"$w"
  for b in $V/${drv}_as_is.bin $V/${drv}_cap*.bin; do
    [[ -x $b ]] || continue
    regs=$(grep -A4 "entry function .*_grad" $(dirname $b)/$(basename $b .bin).nvcc | grep -oE "Used [0-9]+ registers" | head -1)
    spill=$(grep -A4 "entry function .*_grad" $(dirname $b)/$(basename $b .bin).nvcc | grep -oE "[0-9]+ bytes spill stores" | head -1)
    t=$(timeout 60 $b $args 2>&1 | grep -E "time grad" | grep -oE "median [0-9.]+")
    echo "$unit $(basename $b .bin) $t | $regs | $spill"
  done
done
