// cuad: --fn k --wrt x,y
// A store through a local pointer into a parameter (`r = x + 2 * i; r[0] = ...`) that the
// reverse pass needs before it, read through the parameter itself (`x[2 * i]`): the store's
// overwrite is not matched with the reads through `x`, so the old value is not saved.
// Known silent failure (EXPECTED_FAILURES).
__global__ void k(float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float* r = x + 2 * i;
  const float s = x[2 * i] * x[2 * i] + x[2 * i + 1] * x[2 * i + 1];
  r[0] = r[0] * s;
  y[i] = x[2 * i] * x[2 * i];
}
