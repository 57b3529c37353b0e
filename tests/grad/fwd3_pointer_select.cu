// cuad: fwd --fn upwind
// A local pointer chosen by a ternary between the input array and a local ghost array
// (boundary handling): both need tangents, the ghost array's shadow included; a second
// pointer chosen between two offsets of the input, read in a loop.
__global__ void upwind(int n, const double* x, const double* vel, double dt, double* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double ghost[6];  // x[-3..2], mirrored below 0
  for (int k = 0; k < 3; ++k) ghost[k] = 2.0 * x[0] - x[3 - k];
  for (int k = 3; k < 6; ++k) ghost[k] = x[k - 3];
  const double* src = i < 3 ? ghost + i : x + i - 3;
  const double* side = vel[i] > 0 ? x + (i > 0 ? i - 1 : 0) : x + (i + 1 < n ? i + 1 : i);
  double acc = 0.0;
  for (int k = 0; k < 3; ++k) acc += src[k] * (k + 1) * 0.25;
  y[i] = x[i] - dt * vel[i] * (x[i] - side[0]) + 0.1 * acc * acc;
}
