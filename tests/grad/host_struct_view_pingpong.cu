// cuad: --fn run --wrt x0,out
// Views (structs of device pointers) built from ping-pong pointers each time step and given
// whole to a kernel that writes through a view's field: the buffer written is the one last
// assigned to the field (`b.u = q`), checkpointed before the launch like a pointer argument.
// An odd step count leaves `p` and `q` swapped: the frees at the end free the buffers the
// variables held there, not those the reverse pass restored into them. (Before: no
// checkpoint, a silently wrong gradient from 2 steps on, and a double free for odd counts.)
#include <cuda_runtime.h>
#include <utility>

struct View {
  double* u;
};

__global__ void square_into(View a, View b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b.u[i] = a.u[i] * a.u[i] - 0.5 * a.u[i];
}

void run(const double* x0, double* out, int n, int steps) {
  double *p, *q;
  cudaMalloc(&p, n * sizeof(double));
  cudaMalloc(&q, n * sizeof(double));
  cudaMemcpy(p, x0, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int t = 0; t < steps; ++t) {
    View a{p}, b{q};
    square_into<<<1, 32>>>(a, b, n);
    std::swap(p, q);
  }
  cudaMemcpy(out, p, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(p);
  cudaFree(q);
}
