// cuad: --fn sym_eig_closed --wrt T,eig3,eig2,aniso
// cuad: fwd --fn sym_eig_closed
// Closed-form eigenvalues of small symmetric matrices, one tensor per thread, as structure-
// tensor, stress and diffusion-tensor codes compute them: the 3x3 trigonometric method
// (shift by the trace, scale by the deviatoric norm, half the determinant clamped to [-1, 1]
// with fmin/fmax before acos, a diagonal-matrix branch), eigenvalues ordered by construction
// and the middle one from the trace; the 2x2 leading block through the discriminant with its
// eigenvector angle from atan2; an anisotropy measure built from both. The tensor is stored
// as its 6 unique entries (xx, yy, zz, xy, xz, yz).
#define PI_D 3.14159265358979323846

__device__ void eig3_trig(const double a[6], double e[3]) {
  const double a00 = a[0], a11 = a[1], a22 = a[2], a01 = a[3], a02 = a[4], a12 = a[5];
  const double p1 = a01 * a01 + a02 * a02 + a12 * a12;
  if (p1 < 1e-30) {
    e[0] = fmax(a00, fmax(a11, a22));
    e[2] = fmin(a00, fmin(a11, a22));
    e[1] = a00 + a11 + a22 - e[0] - e[2];
    return;
  }
  const double q = (a00 + a11 + a22) / 3.0;
  const double d0 = a00 - q, d1 = a11 - q, d2 = a22 - q;
  const double p2 = d0 * d0 + d1 * d1 + d2 * d2 + 2.0 * p1;
  const double p = sqrt(p2 / 6.0);
  const double ip = 1.0 / p;
  const double b00 = d0 * ip, b11 = d1 * ip, b22 = d2 * ip;
  const double b01 = a01 * ip, b02 = a02 * ip, b12 = a12 * ip;
  const double detb = b00 * (b11 * b22 - b12 * b12) - b01 * (b01 * b22 - b12 * b02) +
                      b02 * (b01 * b12 - b11 * b02);
  double r = 0.5 * detb;
  r = fmin(fmax(r, -1.0), 1.0);
  const double phi = acos(r) / 3.0;
  e[0] = q + 2.0 * p * cos(phi);
  e[2] = q + 2.0 * p * cos(phi + 2.0 * PI_D / 3.0);
  e[1] = 3.0 * q - e[0] - e[2];
}

__global__ void sym_eig_closed(int n, const double* T, double* eig3, double* eig2, double* aniso) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  double a[6];
#pragma unroll
  for (int k = 0; k < 6; ++k) a[k] = T[6 * t + k];
  double e[3];
  eig3_trig(a, e);
  for (int k = 0; k < 3; ++k) eig3[3 * t + k] = e[k];
  // leading 2x2 block [[xx, xy], [xy, yy]]
  const double mean = 0.5 * (a[0] + a[1]);
  const double half = 0.5 * (a[0] - a[1]);
  const double disc = sqrt(half * half + a[3] * a[3]);
  eig2[2 * t] = mean + disc;
  eig2[2 * t + 1] = mean - disc;
  const double theta = 0.5 * atan2(2.0 * a[3], a[0] - a[1]);
  const double fa = (e[0] - e[2]) / (fabs(e[0]) + fabs(e[1]) + fabs(e[2]) + 1.0);
  aniso[t] = fa + 0.25 * sin(2.0 * theta) * disc;
}
