// cuad: --fn smooth_shared --wrt out,in
// A tile of the input staged in shared memory (with halo), a barrier, then neighbour reads.
#define TILE 64

__global__ void smooth_shared(double* out, const double* in, int n) {
  __shared__ double tile[TILE + 2];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int t = threadIdx.x + 1;
  tile[t] = i < n ? in[i] : 0.0;
  if (threadIdx.x == 0) tile[0] = i > 0 ? in[i - 1] : 0.0;
  if (threadIdx.x == blockDim.x - 1) tile[t + 1] = i + 1 < n ? in[i + 1] : 0.0;
  __syncthreads();
  if (i < n) out[i] = tile[t - 1] * tile[t] + 0.5 * tile[t + 1];
}
