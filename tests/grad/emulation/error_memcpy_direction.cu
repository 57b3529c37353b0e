// expect-error: is device memory, but the copy kind says host
// cudaMemcpy with a kind that contradicts the pointers is an error.
int main() {
  double *a, *b;
  cudaMalloc(&a, 4 * sizeof(double));
  cudaMalloc(&b, 4 * sizeof(double));
  cudaMemcpy(a, b, 4 * sizeof(double), cudaMemcpyHostToDevice);
  return 0;
}
