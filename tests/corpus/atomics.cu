// Atomic accumulation patterns: a histogram (atomicAdd on ints), a global max
// (atomicMax on ints and a CAS loop for floats), a double add emulated with atomicCAS,
// and a scalar adjoint accumulated once per block.
__device__ float atomic_max_float(float *addr, float value) {
  int *addr_as_int = (int *)addr;
  int old = *addr_as_int, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= value)
      break;
    old = atomicCAS(addr_as_int, assumed, __float_as_int(value));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ double atomic_add_double_cas(double *address, double val) {
  unsigned long long int *address_as_ull = (unsigned long long int *)address;
  unsigned long long int old = *address_as_ull, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed,
                    __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}

__global__ void histogram(const float *data, unsigned int *bins, int nbins, float lo, float hi,
                          int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int b = (int)((data[i] - lo) / (hi - lo) * nbins);
    b = min(max(b, 0), nbins - 1);
    atomicAdd(&bins[b], 1u);
  }
}

__global__ void global_max(const int *v, int *imax, const float *f, float *fmax_out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicMax(imax, v[i]);
    atomic_max_float(fmax_out, f[i]);
  }
}

__global__ void weighted_sum(const double *w, const double *x, double *total, int n) {
  __shared__ double block_total;
  if (threadIdx.x == 0)
    block_total = 0.0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&block_total, w[i] * x[i]);
  __syncthreads();
  if (threadIdx.x == 0)
    atomic_add_double_cas(total, block_total);
}

__global__ void count_and_claim(int *counter, int *slots, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int slot = atomicAdd(counter, 1);
    atomicExch(&slots[slot], i);
    atomicMin(&slots[0], i);
    atomicSub(counter, 0);
  }
}
