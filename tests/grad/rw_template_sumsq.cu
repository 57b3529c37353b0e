// cuad: --fn sumsq_reduce<float,64> --wrt total,x
// cuad: --fn sumsq_reduce<double,64> --wrt total,x
// A kernel template over the element type and the block size: a grid-stride loop of a
// templated device helper, a shared-memory block reduction, thread 0 adds the block's
// sum into a scalar with atomicAdd.
template <typename T>
__device__ __forceinline__ T huber(T r, T delta) {
  const T a = r < T(0) ? -r : r;
  return a <= delta ? T(0.5) * r * r : delta * (a - T(0.5) * delta);
}

template <typename T, int BS>
__global__ void sumsq_reduce(T* total, const T* __restrict__ x, const T* __restrict__ target,
                             T delta, int n) {
  __shared__ T buf[BS];
  T acc = T(0);
  for (int i = blockIdx.x * BS + threadIdx.x; i < n; i += BS * gridDim.x)
    acc += huber(x[i] - target[i], delta);
  buf[threadIdx.x] = acc;
  __syncthreads();
  for (int s = BS / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(total, buf[0]);
}

template __global__ void sumsq_reduce<float, 64>(float*, const float*, const float*, float, int);
template __global__ void sumsq_reduce<double, 64>(double*, const double*, const double*, double,
                                                  int);
