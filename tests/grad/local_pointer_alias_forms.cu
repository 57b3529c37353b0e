// cuad: --fn scale_then_read --wrt x,z
// cuad: --fn row_update --wrt a,out
// Stores and reads of the same memory through a parameter and through local pointers into
// it: the overwritten values the reverse pass reads are saved whichever name reads or
// stores them.

// Read through the local pointer, overwritten through the parameter, read back through the
// parameter.
__global__ void scale_then_read(float* x, float* z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float* r = x + i;
  float t = r[0] * r[0];
  x[i] = 3.0f * x[i] + t;
  z[i] = x[i] * x[i] + t;
}

// A row pointer walked over a row, updated in place in a loop, then read through the
// parameter by a second loop.
__global__ void row_update(float* a, float* out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float* p = a + r * cols;
  float s = 0.0f;
  for (int c = 0; c < cols; ++c) {
    s += p[c] * p[c];
    p[c] = sinf(p[c]) * s;
  }
  float acc = 0.0f;
  for (int c = 0; c < cols; ++c) acc += a[r * cols + c] * a[r * cols + c];
  out[r] = acc * s;
}

