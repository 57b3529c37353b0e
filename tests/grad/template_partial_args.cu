// cuad: --fn k --wrt x,out
// cuad: fwd --fn k --wrt x,out
// Calls of function templates whose leading template arguments are written and the rest
// deduced from the call's arguments: `warp_reduce<WIDTH>(v)` (value then type),
// `block_sum<BLOCK>(v, smem)` (the idiom of block reductions), `scaled<2>(a, b)` and
// `accumulate<double>(v, w)` (a type written, the next deduced), nested in expressions.
template <int WIDTH, typename T>
__device__ T warp_reduce(T v) {
  for (int off = WIDTH / 2; off > 0; off /= 2) v += __shfl_xor_sync(0xffffffffu, v, off, WIDTH);
  return v;
}

template <int BLOCK, typename T>
__device__ T block_sum(T v, T* smem) {
  int t = threadIdx.x;
  smem[t] = v;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s /= 2) {
    if (t < s) smem[t] += smem[t + s];
    __syncthreads();
  }
  T total = smem[0];
  __syncthreads();
  return total;
}

template <int N, typename T>
__device__ T scaled(T v, T w) {
  return N * v + w;
}

template <typename Acc, typename T>
__device__ Acc accumulate(T v, T w) {
  Acc a = v;
  a += w * w;
  return a;
}

__global__ void k(const double* x, double* out) {
  __shared__ double smem[64];
  int i = threadIdx.x;
  double v = x[i] * x[i];
  double s = block_sum<64>(v, smem);
  double r = warp_reduce<8>(x[i] * v);
  out[i] = scaled<2>(x[i], s) + accumulate<double>(r, x[i]) * 0.5 + scaled<3>(r, 1.0);
}
