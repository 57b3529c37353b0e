// cuad: --fn rho_sigma_on_grid --wrt atoms,expo,coef,dm,rho,sigma
// cuad: fwd --fn rho_sigma_on_grid --wrt atoms,expo,coef,dm,rho,sigma
// GGA ingredients on a grid: the density rho and sigma = |grad rho|^2 from Cartesian s, p and
// combined shells (Pople style: one contracted radial part shared by an s, a p and, for
// l = 2, three mixed d functions xy, yz, zx). A small Vec3 struct with operators carries
// positions and gradients; the AO values and gradients are built by a switch on the shell's
// top angular momentum that falls through (d adds its terms, then p, then s), the radial part and its
// derivative come from a helper writing through references, the AO values and gradients are
// stored in local arrays, and the double loop accumulates D_{mu nu} phi_mu (phi_nu, grad phi_nu)
// (the same as rw25d_gga_ao_grad without its lambda).
#include <cuda_runtime.h>
#include <math.h>

#define MAX_AO 12

struct Vec3 {
  double x, y, z;
  __host__ __device__ Vec3 operator-(const Vec3& o) const { return Vec3{x - o.x, y - o.y, z - o.z}; }
  __host__ __device__ Vec3 operator+(const Vec3& o) const { return Vec3{x + o.x, y + o.y, z + o.z}; }
  __host__ __device__ Vec3 operator*(double s) const { return Vec3{x * s, y * s, z * s}; }
  __host__ __device__ Vec3& operator+=(const Vec3& o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
};
__host__ __device__ inline double dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

struct ShellDesc {
  int l, atom, prim0, nprim, ao0;
};

// radial R(r) = sum_k c_k exp(-a_k r^2) and dR/dr^2
__device__ void contracted_radial(const double* expo, const double* coef, int p0, int np, double r2, double& R,
                                  double& dR) {
  R = 0.0;
  dR = 0.0;
  for (int k = p0; k < p0 + np; ++k) {
    const double g = coef[k] * exp(-expo[k] * r2);
    R += g;
    dR -= expo[k] * g;
  }
}

__global__ void rho_sigma_on_grid(int n_pts, const Vec3* __restrict__ pts, int n_shell,
                                  const ShellDesc* __restrict__ shells, const Vec3* __restrict__ atoms,
                                  const double* __restrict__ expo, const double* __restrict__ coef, int n_ao,
                                  const double* __restrict__ dm, double* __restrict__ rho,
                                  double* __restrict__ sigma) {
  const int ip = blockIdx.x * blockDim.x + threadIdx.x;
  if (ip >= n_pts) return;
  double phi[MAX_AO];
  Vec3 dphi[MAX_AO];
  for (int s = 0; s < n_shell; ++s) {
    const ShellDesc sh = shells[s];
    const Vec3 d = pts[ip] - atoms[sh.atom];
    const double r2 = dot(d, d);
    double R, dR;
    contracted_radial(expo, coef, sh.prim0, sh.nprim, r2, R, dR);
    const Vec3 gR = d * (2.0 * dR);  // grad R = 2 d dR/dr^2
    int a = sh.ao0;
    switch (sh.l) {
      case 2:  // xy, yz, zx (a pure-ish d subset)
        phi[a] = d.x * d.y * R;
        dphi[a] = gR * (d.x * d.y);
        dphi[a] += Vec3{d.y * R, d.x * R, 0.0};
        phi[a + 1] = d.y * d.z * R;
        dphi[a + 1] = gR * (d.y * d.z);
        dphi[a + 1] += Vec3{0.0, d.z * R, d.y * R};
        phi[a + 2] = d.z * d.x * R;
        dphi[a + 2] = gR * (d.z * d.x);
        dphi[a + 2] += Vec3{d.z * R, 0.0, d.x * R};
        a += 3;
        [[fallthrough]];
      case 1:
        phi[a] = d.x * R;
        dphi[a] = gR * d.x;
        dphi[a] += Vec3{R, 0.0, 0.0};
        phi[a + 1] = d.y * R;
        dphi[a + 1] = gR * d.y;
        dphi[a + 1] += Vec3{0.0, R, 0.0};
        phi[a + 2] = d.z * R;
        dphi[a + 2] = gR * d.z;
        dphi[a + 2] += Vec3{0.0, 0.0, R};
        a += 3;
        [[fallthrough]];
      default:
        phi[a] = R;
        dphi[a] = gR;
    }
  }
  double r = 0.0;
  Vec3 grad{0.0, 0.0, 0.0};
  for (int mu = 0; mu < n_ao; ++mu)
    for (int nu = 0; nu < n_ao; ++nu) {
      const double dmn = dm[mu * n_ao + nu];
      r += dmn * phi[mu] * phi[nu];
      grad += (dphi[mu] * phi[nu] + dphi[nu] * phi[mu]) * dmn;
    }
  rho[ip] = r;
  sigma[ip] = dot(grad, grad);
}
