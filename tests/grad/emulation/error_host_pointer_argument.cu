// expect-error: is not device memory
// Passing host memory to a kernel is an error (it would fault on a GPU).
__global__ void touch(double* p) { p[threadIdx.x] = 1.0; }

int main() {
  double host[4];
  touch<<<1, 4>>>(host);
  return 0;
}
