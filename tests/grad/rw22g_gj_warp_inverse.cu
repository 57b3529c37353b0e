// cuad: --fn gj_inverse_warp --wrt A,det
// cuad: fwd --fn gj_inverse_warp
// Batched 4x4 inverses by Gauss-Jordan elimination with partial pivoting, one 8-lane group of
// a warp per matrix, as a small-matrix GPU library lays it out: lane c of the group holds
// column c of the augmented matrix [A | I] in registers, every step broadcasts the pivot
// column with __shfl_sync(..., width 8), each lane picks the same pivot row by fabs, swaps its
// two entries, scales the pivot row and eliminates the others (`continue` on the pivot row);
// the determinant's sign flips per swap. The inverse overwrites A in global memory (lanes
// 4..7 write what lanes 0..3 read before the first shuffle).
#define NM 4
#define GW 8

__global__ void gj_inverse_warp(int nmat, double* A, double* det) {
  const int gt = blockIdx.x * blockDim.x + threadIdx.x;
  const int m = gt / GW, c = gt % GW;
  if (m >= nmat) return;  // nmat is a multiple of 4: whole warps leave together
  double* Am = A + m * NM * NM;
  double col[NM];
#pragma unroll
  for (int r = 0; r < NM; ++r) col[r] = c < NM ? Am[r * NM + c] : (r == c - NM ? 1.0 : 0.0);
  double d = 1.0;
  for (int k = 0; k < NM; ++k) {
    double pc[NM];
#pragma unroll
    for (int r = 0; r < NM; ++r) pc[r] = __shfl_sync(0xffffffffu, col[r], k, GW);
    int p = k;
    for (int r = k + 1; r < NM; ++r)
      if (fabs(pc[r]) > fabs(pc[p])) p = r;
    if (p != k) {
      double tmp = col[k];
      col[k] = col[p];
      col[p] = tmp;
      tmp = pc[k];
      pc[k] = pc[p];
      pc[p] = tmp;
      d = -d;
    }
    d *= pc[k];
    col[k] /= pc[k];
    for (int r = 0; r < NM; ++r) {
      if (r == k) continue;
      col[r] -= pc[r] * col[k];
    }
  }
  __syncwarp();
  if (c >= NM) {
#pragma unroll
    for (int r = 0; r < NM; ++r) Am[r * NM + (c - NM)] = col[r];
  }
  if (c == 0) det[m] = d;
}
