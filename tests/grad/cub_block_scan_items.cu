// cuad: --fn scan_items --wrt x,y
// cuad: fwd --fn scan_items
// cuad: --fn row_cumsum<8,4> --wrt x,y,scale
// cub::BlockScan's InclusiveSum and ExclusiveSum of several items per thread (the blocked
// arrangement: thread t holds items t * ITEMS .. t * ITEMS + ITEMS - 1 of the block's
// sequence): in place and into another array, through temporaries and a named object, with
// the block aggregate; a running maximum (InclusiveScan with cuda::maximum, inputs far from
// ties); every result used nonlinearly. row_cumsum is a kernel template over
// BLOCK x ITEMS (a row-wise transform + inclusive prefix sum, torch.cumsum of a map) whose
// items array has the template's length.
#include <cub/cub.cuh>

constexpr int kBlock = 16;

__global__ void scan_items(const double* x, double* y, int n) {
  typedef cub::BlockScan<double, kBlock> BlockScan;
  __shared__ typename BlockScan::TempStorage st1;
  __shared__ typename BlockScan::TempStorage st2;
  __shared__ typename BlockScan::TempStorage st3;
  __shared__ typename BlockScan::TempStorage st4;
  __shared__ typename BlockScan::TempStorage st5;
  const int base = (blockIdx.x * kBlock + threadIdx.x) * 3;
  double a[3], b[3], c[3], d[3], e[3], m[3];
  for (int k = 0; k < 3; ++k) {
    const int i = base + k;
    a[k] = i < n ? x[i] : 0.0;
    c[k] = i < n ? sin(x[i]) : 0.0;
  }
  BlockScan(st1).InclusiveSum(a, a);  // in place
  double total;
  BlockScan s2(st2);
  s2.ExclusiveSum(c, b, total);  // out of place, with the aggregate
  for (int k = 0; k < 3; ++k) d[k] = 0.1 * a[k] * a[k];
  BlockScan(st3).ExclusiveSum(d, d);  // in place
  BlockScan(st4).InclusiveSum(b, e);  // out of place
  BlockScan(st5).InclusiveScan(c, m, cuda::maximum<>{});  // running maximum
  for (int k = 0; k < 3; ++k) {
    const int i = base + k;
    if (i < n) y[i] = 0.3 * a[k] * b[k] + d[k] + sin(0.2 * e[k]) + 0.05 * total * c[k] +
                   m[k] * m[k];
  }
}

template <int BLOCK, int ITEMS>
__global__ void row_cumsum(const float* x, float* y, int cols, float scale) {
  using BlockScan = cub::BlockScan<float, BLOCK>;
  __shared__ typename BlockScan::TempStorage tmp;
  const float* xr = x + (size_t)blockIdx.x * cols;
  float* yr = y + (size_t)blockIdx.x * cols;
  float items[ITEMS];
#pragma unroll
  for (int i = 0; i < ITEMS; ++i) {
    const int c = threadIdx.x * ITEMS + i;
    items[i] = c < cols ? scale * xr[c] * xr[c] + xr[c] : 0.0f;
  }
  BlockScan(tmp).InclusiveSum(items, items);
#pragma unroll
  for (int i = 0; i < ITEMS; ++i) {
    const int c = threadIdx.x * ITEMS + i;
    if (c < cols) yr[c] = items[i] * yr[c];
  }
}
