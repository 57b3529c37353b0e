// cuad: --fn gbm_barrier --wrt out,s0,sigma -DCUAD_TAPE_CAPACITY=201
// A Monte Carlo path with a knock-out barrier: `break` in a loop whose counter the `for`
// declares. The loop stays a counted `for` (its condition also tests the break flag), the
// reverse pass recomputes the step index from the trip count, and the only value taped per
// step is the path's level: 200 steps fit a tape of capacity 201 (before: a bool tape of two
// entries per step and an int tape of the counter overflowed it at 100 steps).
__global__ void gbm_barrier(double* out, const double* z, double s0, double sigma, double barrier,
                            int steps, int paths) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= paths) return;
  double s = s0;
  double sum = 0.0;
  for (int t = 0; t < steps; ++t) {
    s *= exp(sigma * z[p * steps + t] - 0.5 * sigma * sigma * 0.01);
    sum += s;
    if (s > barrier) break;
  }
  out[p] = sum / steps;
}
