// cuad: --fn relax --wrt a,r
// Global array elements overwritten in place many times in a loop (a[i] = f(a[i])), plus a
// logistic-map scalar iteration x = r x (1 - x) whose history the reverse pass needs.
__global__ void relax(double* a, double r, int n, int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = 0.2 + 0.05 * (i % 5);
  for (int s = 0; s < steps; ++s) {
    x = r * x * (1.0 - x);
    a[i] = a[i] * 0.9 + x * sin(a[i]);
  }
}
