// cuad: --fn asian_barrier_price --wrt market,path_values
// Written for cuad in the style of a host-side Monte Carlo pricing routine: the host function
// allocates the generator states and buffers, copies the market data with cudaMemcpyAsync on
// its own stream, launches a curand_init kernel and a pricing kernel on that stream, copies the
// sum and the per-path values back asynchronously, synchronizes and discounts on the host.
// The pricing kernel is an arithmetic-average Asian call on a down-and-out barrier monitored
// with the Brownian-bridge survival probability (smooth in the parameters), and it advances the
// states it reads, so its gradient must see them as they were before the primal launch.
#include <cuda_runtime.h>
#include <curand_kernel.h>

__global__ void init_states(curandState* states, unsigned long long seed, int n_paths) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n_paths) curand_init(seed, p, 0, &states[p]);
}

// market = {spot, vol, rate, barrier, strike, T}
__global__ void asian_paths(curandState* states, const double* market, double* values,
                            double* sum, int n_steps, int n_paths) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_paths) return;
  curandState local = states[p];
  const double vol = market[1], barrier = market[3], dt = market[5] / n_steps;
  const double drift = (market[2] - 0.5 * vol * vol) * dt, vsq = vol * sqrt(dt);
  double s = market[0], avg = 0.0, survive = 1.0;
  for (int k = 0; k < n_steps; ++k) {
    const double s_next = s * exp(drift + vsq * curand_normal_double(&local));
    // probability that the bridge between s and s_next stayed above the barrier
    const double a = log(s / barrier), b = log(s_next / barrier);
    survive *= 1.0 - exp(-2.0 * a * b / (vol * vol * dt));
    avg += s_next;
    s = s_next;
  }
  states[p] = local;
  avg /= n_steps;
  const double v = survive * log1p(exp(8.0 * (avg - market[4]))) / 8.0;
  values[p] = v;
  atomicAdd(sum, v);
}

double asian_barrier_price(const double* market, double* path_values, int n_paths, int n_steps,
                           unsigned long long seed) {
  curandState* d_states;
  double *d_market, *d_values, *d_sum;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaMalloc(&d_states, n_paths * sizeof(curandState));
  cudaMalloc(&d_market, 6 * sizeof(double));
  cudaMalloc(&d_values, n_paths * sizeof(double));
  cudaMalloc(&d_sum, sizeof(double));
  cudaMemcpyAsync(d_market, market, 6 * sizeof(double), cudaMemcpyHostToDevice, stream);
  cudaMemsetAsync(d_sum, 0, sizeof(double), stream);
  const int blocks = (n_paths + 63) / 64;
  init_states<<<blocks, 64, 0, stream>>>(d_states, seed, n_paths);
  asian_paths<<<blocks, 64, 0, stream>>>(d_states, d_market, d_values, d_sum, n_steps, n_paths);
  double sum = 0.0;
  cudaMemcpyAsync(&sum, d_sum, sizeof(double), cudaMemcpyDeviceToHost, stream);
  cudaMemcpyAsync(path_values, d_values, n_paths * sizeof(double), cudaMemcpyDeviceToHost, stream);
  cudaStreamSynchronize(stream);
  cudaFree(d_states);
  cudaFree(d_market);
  cudaFree(d_values);
  cudaFree(d_sum);
  cudaStreamDestroy(stream);
  return exp(-market[2] * market[5]) * sum / n_paths;
}
