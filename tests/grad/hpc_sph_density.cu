// cuad: --fn sph_density --wrt rho,x,y,m,h
// SPH density summation with a poly6 kernel and a cutoff branch; float3-free SoA layout.
#define PI_D 3.14159265358979323846
__global__ void sph_density(double* rho, const double* x, const double* y, const double* m,
                            double h, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double h2 = h * h;
    double coef = 4.0 / (PI_D * pow(h, 8.0));
    double sum = 0.0;
    for (int j = 0; j < n; ++j) {
      double dx = x[i] - x[j];
      double dy = y[i] - y[j];
      double r2 = dx * dx + dy * dy;
      if (r2 < h2) {
        double d = h2 - r2;
        sum += m[j] * coef * d * d * d;
      }
    }
    rho[i] = sum;
  }
}
