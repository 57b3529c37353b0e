// cuad: --fn nbody_forces --wrt acc,pos,mass
// O(n^2) gravitational accelerations with Plummer softening: every thread reads all bodies.
__global__ void nbody_forces(double* acc, const double* pos, const double* mass, double eps2,
                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double xi = pos[3 * i], yi = pos[3 * i + 1], zi = pos[3 * i + 2];
  double ax = 0.0, ay = 0.0, az = 0.0;
  for (int j = 0; j < n; ++j) {
    double dx = pos[3 * j] - xi;
    double dy = pos[3 * j + 1] - yi;
    double dz = pos[3 * j + 2] - zi;
    double r2 = dx * dx + dy * dy + dz * dz + eps2;
    double inv = rsqrt(r2);
    double inv3 = inv * inv * inv;
    double s = mass[j] * inv3;
    ax += s * dx;
    ay += s * dy;
    az += s * dz;
  }
  acc[3 * i] = ax;
  acc[3 * i + 1] = ay;
  acc[3 * i + 2] = az;
}
