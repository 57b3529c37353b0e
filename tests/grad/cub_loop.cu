// cuad: --fn row_energies --wrt x,out
// cuad: fwd --fn row_energies
// cub::BlockReduce called once per iteration of a loop (one block walks several rows, reusing
// its TempStorage after a barrier), each row's total used by thread 0 and broadcast to the
// block for the next row's weights.
#include <cub/cub.cuh>

__global__ void row_energies(const double* x, double* out, int rows, int cols) {
  typedef cub::BlockReduce<double, 32> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  __shared__ double s_prev;
  if (threadIdx.x == 0) s_prev = 1.0;
  __syncthreads();
  for (int r = 0; r < rows; ++r) {
    double v = 0;
    for (int c = threadIdx.x; c < cols; c += 32) v += sin(x[r * cols + c]) * s_prev;
    double total = BlockReduce(temp).Sum(v);
    __syncthreads();
    if (threadIdx.x == 0) {
      out[r] = total * total;
      s_prev = 1.0 / (1.0 + total * total);
    }
    __syncthreads();
  }
}
