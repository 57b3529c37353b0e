// cuad: --fn redo --wrt out,a,b
// cuad: --fn carried --wrt out,a,b
// cuad: --fn restored --wrt out,a,b
// Loops of local scalar work. In `redo`, every iteration overwrites what it computes before
// reading it (as LULESH's `rep` loop): only the last iteration reaches the outputs, so only
// its reverse contributes. It reads the counter (the last value counts) and calls a helper
// whose reference parameters it stores before reading (`split`). In `carried`, `acc` is read
// before it is written, so every iteration's reverse is needed. In `restored`, the loop
// overwrites `x`, whose value before the loop the reverse of `pre` needs, and carries `s`,
// which no derivative depends on: only the last iteration is reversed, `x` is put back.
__device__ void split(double& lo, double& hi, double v) {
  lo = v * 0.5;
  hi = v - lo * lo;
}

__global__ void redo(double* out, const double* a, const double* b, int reps, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double x = a[i];
    double c = b[i];
    double y = 0.0;
    double lo = 0.0;
    double hi = 0.0;
    for (int rep = 0; rep < reps; ++rep) {
      split(lo, hi, x * c);
      y = sin(lo) * (rep + 1);
      if (y > 0.2) {
        y = y * hi;
      } else {
        y = y + c * c;
      }
      y = fmax(y, -0.5);
    }
    out[i] = y * lo + hi;
  }
}

__global__ void carried(double* out, const double* a, const double* b, int reps, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double x = a[i];
    double c = b[i];
    double acc = 0.5;
    double lo = 0.0;
    double hi = 0.0;
    for (int rep = 0; rep < reps; ++rep) {
      split(lo, hi, x + acc);
      acc = sin(lo) * c + 0.5 * acc;
    }
    out[i] = acc * hi;
  }
}

__global__ void restored(double* out, const double* a, const double* b, int reps, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double x = a[i];
    double c = b[i];
    double pre = x * x * c;
    double y = 0.0;
    double s = 1.0;
    for (int rep = 0; rep < reps; ++rep) {
      s = s * 0.5 + 1.0;
      x = c * 2.0 + rep * s;
      y = sin(x) * c * s;
      y = y * y + x;
      y = fmax(y, 0.1) * c;
    }
    out[i] = y + pre * x;
  }
}
