// cuad: --fn run_steps --wrt st
// Minimal: a host function gets a struct of caller-allocated device buffers by reference and
// launches, for several steps, a kernel (taking the struct by value) that updates one buffer in
// place nonlinearly. The gradient neither saves nor restores the buffer between steps: every
// step's reverse kernel reads the final values. (Launching square_step(st.x, st.n, a) with
// the raw field instead passes; the struct by value or by reference at the host level fails.)
#include <cuda_runtime.h>

struct State {
  double* x;
  int n;
};

__global__ void square_step(State s, double a) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < s.n) s.x[i] = s.x[i] + a * s.x[i] * s.x[i];
}

void run_steps(State& st, int steps) {
  for (int k = 0; k < steps; ++k) square_step<<<1, 32>>>(st, 0.3);
}
