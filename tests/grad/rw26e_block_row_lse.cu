// cuad: --fn sparse_row_xent --wrt logits,loss
// cuad: fwd --fn sparse_row_xent --wrt logits,loss
// Sparse softmax cross-entropy for link prediction: each CSR row holds the logits of one
// source node's candidate edges, and target[row] is the position (inside the row) of the
// true edge. One block per row in a grid-stride loop over rows (long rows: threads stride
// over the row); the row max and the sum of exponentials are block reductions in shared
// memory with barriers inside the row loop, through a helper that returns the block result
// and also hands back, by reference, the thread's own partial. Thread 0 writes
// loss[row] = logsumexp(row) - logit[target].
#include <cuda_runtime.h>
#include <math.h>

#define BT 64

__device__ double block_reduce(double v, double* s, bool take_max, double& mine) {
  mine = v;
  s[threadIdx.x] = v;
  __syncthreads();
  for (int st = BT / 2; st > 0; st >>= 1) {
    if (threadIdx.x < st) s[threadIdx.x] = take_max ? fmax(s[threadIdx.x], s[threadIdx.x + st])
                                                    : s[threadIdx.x] + s[threadIdx.x + st];
    __syncthreads();
  }
  const double r = s[0];
  __syncthreads();
  return r;
}

__global__ void sparse_row_xent(int rows, const int* __restrict__ rp, const int* __restrict__ target,
                                const double* __restrict__ logits, double* __restrict__ loss) {
  __shared__ double red[BT];
  for (int row = blockIdx.x; row < rows; row += gridDim.x) {
    const int beg = rp[row], end = rp[row + 1];
    if (end == beg) continue;  // uniform over the block
    double m = -INFINITY;
    for (int k = beg + threadIdx.x; k < end; k += blockDim.x) m = fmax(m, logits[k]);
    double my_max;
    m = block_reduce(m, red, true, my_max);
    double s = 0.0;
    for (int k = beg + threadIdx.x; k < end; k += blockDim.x) s += exp(logits[k] - m);
    double my_sum;
    s = block_reduce(s, red, false, my_sum);
    if (threadIdx.x == 0) loss[row] = m + log(s) - logits[beg + target[row]];
  }
}
