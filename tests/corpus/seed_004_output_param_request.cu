// Seed 004: asking for the derivative of a void kernel with respect to an output parameter.
#include "clad_mock.cuh"

__global__ void kernel(int *out, int *in);

void request_gradient() {
  clad::gradient(kernel, "out, in");
}

__global__ void kernel(int *out, int *in) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  out[i] = in[i] * in[i];
}
