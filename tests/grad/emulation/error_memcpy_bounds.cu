// expect-error: runs past the end of its device allocation
// Copying more bytes than a device allocation holds is an error.
int main() {
  double host[8] = {0};
  double* d;
  cudaMalloc(&d, 4 * sizeof(double));
  cudaMemcpy(d, host, 8 * sizeof(double), cudaMemcpyHostToDevice);
  return 0;
}
