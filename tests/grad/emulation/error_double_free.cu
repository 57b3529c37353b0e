// expect-error: not the start of a live device allocation
int main() {
  double* d;
  cudaMalloc(&d, 4 * sizeof(double));
  cudaFree(d);
  cudaFree(d);
  return 0;
}
