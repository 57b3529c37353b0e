// cuad: --fn ik_dls --wrt theta,len,tx,ty,damping
// Unrolled damped-least-squares inverse kinematics of a planar arm, as a __device__ routine a
// learned-IK or trajectory-optimisation kernel calls per problem (double precision): each
// iteration runs forward kinematics with cumulative link angles into local arrays, builds the
// 2 x n Jacobian, solves the 2 x 2 damped system (J J^T + lambda I) y = e in closed form and
// updates the joint angles in place (theta -= J^T y). A joint-limit penalty uses a smooth
// barrier. Returns the final IK loss: half the squared end-effector error plus the penalty;
// differentiating through the iterations gives the sensitivity of the solution to the
// initial guess, the link lengths, the target and the damping.
#include <cuda_runtime.h>

#define MAXN 6

__device__ void planar_fk(const double* theta, const double* len, int n, double* phi, double& x, double& y) {
  double acc = 0.0;
  x = 0.0;
  y = 0.0;
  for (int k = 0; k < n; ++k) {
    acc += theta[k];
    phi[k] = acc;
    x += len[k] * cos(acc);
    y += len[k] * sin(acc);
  }
}

__device__ double joint_penalty(const double* theta, int n) {
  double p = 0.0;
  for (int k = 0; k < n; ++k) {
    const double u = theta[k] / 2.5;
    p += 0.01 * u * u * u * u;
  }
  return p;
}

__device__ double ik_dls(double* theta, int n, const double* len, double tx, double ty, double damping, int iters) {
  double phi[MAXN];
  double J[2][MAXN];
  double x, y;
  for (int it = 0; it < iters; ++it) {
    planar_fk(theta, len, n, phi, x, y);
    // d(x, y)/d theta_k: sums over the links at and after k
    double sx = 0.0, sy = 0.0;
    for (int k = n - 1; k >= 0; --k) {
      sx += -len[k] * sin(phi[k]);
      sy += len[k] * cos(phi[k]);
      J[0][k] = sx;
      J[1][k] = sy;
    }
    const double ex = x - tx, ey = y - ty;
    double a = damping, b = 0.0, d = damping;
    for (int k = 0; k < n; ++k) {
      a += J[0][k] * J[0][k];
      b += J[0][k] * J[1][k];
      d += J[1][k] * J[1][k];
    }
    const double det = a * d - b * b;
    const double y0 = (d * ex - b * ey) / det;
    const double y1 = (a * ey - b * ex) / det;
    for (int k = 0; k < n; ++k) theta[k] -= J[0][k] * y0 + J[1][k] * y1;
  }
  planar_fk(theta, len, n, phi, x, y);
  const double ex = x - tx, ey = y - ty;
  return 0.5 * (ex * ex + ey * ey) + joint_penalty(theta, n);
}
