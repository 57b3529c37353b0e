// cuad: --fn normalize --wrt v
// A value-returning function that also overwrites its array argument in place: the objective
// is the return value plus a weighted sum of the array's final values.
__host__ __device__ double normalize(double* v, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += v[i] * v[i];
  double norm = sqrt(s);
  for (int i = 0; i < n; ++i) v[i] = v[i] / norm;
  return norm;
}
