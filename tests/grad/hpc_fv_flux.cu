// cuad: --fn fv_update --wrt qn,q,a
// 1-D finite-volume update with a minmod-limited MUSCL reconstruction and an upwind flux;
// helpers with branches, fmin/fmax/fabs, copysign.
__device__ double minmod(double a, double b) {
  if (a * b <= 0.0) return 0.0;
  return copysign(fmin(fabs(a), fabs(b)), a);
}

__device__ double upwind(double ul, double ur, double a) {
  return a > 0.0 ? a * ul : a * ur;
}

__device__ double face_flux(const double* q, int i, double a, int n) {
  // Face between cells i and i+1 (periodic).
  int im = (i - 1 + n) % n, ip = (i + 1) % n, ipp = (i + 2) % n;
  double sl = minmod(q[i] - q[im], q[ip] - q[i]);
  double sr = minmod(q[ip] - q[i], q[ipp] - q[ip]);
  double ul = q[i] + 0.5 * sl;
  double ur = q[ip] - 0.5 * sr;
  return upwind(ul, ur, a);
}

__global__ void fv_update(double* qn, const double* q, double a, double dtdx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double fr = face_flux(q, i, a, n);
    double fl = face_flux(q, (i - 1 + n) % n, a, n);
    qn[i] = q[i] - dtdx * (fr - fl);
  }
}
