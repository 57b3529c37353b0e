// Seed 001: how Clad's execute helper launches a derived kernel with a full launch
// configuration (completed into a variadic function template around the quoted return).
#include <cstddef>
#include <cuda_runtime.h>

template <typename... Rest, typename F, typename... Args>
void execute_with_default_args(F f, dim3 grid_size, dim3 block_size,
                               size_t shared_mem_size, cudaStream_t stream, Args... args) {
  return f<<<grid_size, block_size, shared_mem_size, stream>>>
					(static_cast<Args>(args)..., static_cast<Rest>(nullptr)...);
}

__global__ void scale_grad(double *x, double *_d_x) {
  if (_d_x)
    _d_x[threadIdx.x] *= 2.0 * x[threadIdx.x];
}

void run_scale_grad(double *x, cudaStream_t stream) {
  execute_with_default_args<double *>(scale_grad, dim3(1), dim3(32), 0, stream, x);
}
