// cuad: --fn tree_inverse_dynamics<7> --wrt model,q,qd,qdd,tau
// cuad: fwd --fn tree_inverse_dynamics<7> --wrt model,q,qd,qdd,tau
// Inverse dynamics of a planar kinematic tree (a legged body: trunk + branches), one thread
// per environment, with the model passed by value as a struct template with fixed arrays
// (parent indices, masses, lengths, rotational inertias). The outward pass in topological
// order reads each link's parent from the model (the root's parent is -1) and fills local
// arrays of angles, angular velocities/accelerations, joint positions and accelerations; the
// inward pass, in reverse order, forms each link's force and moment about its joint and adds
// them into its parent's entries of the local force/moment arrays (data-dependent indices).
// The joint torque is the moment.
#include <cuda_runtime.h>

template <int NL>
struct TreeModel {
  int parent[NL];
  double mass[NL];
  double len[NL];
  double inertia[NL];
  double gravity;
  __device__ bool is_root(int i) const { return parent[i] < 0; }
};

template <int NL>
__global__ void tree_inverse_dynamics(int n_env, TreeModel<NL> model, const double* __restrict__ q,
                                      const double* __restrict__ qd, const double* __restrict__ qdd,
                                      double* __restrict__ tau) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  double th[NL], w[NL], al[NL];
  double ox[NL], oy[NL], ex[NL], ey[NL];      // joint and tip positions
  double aox[NL], aoy[NL], aex[NL], aey[NL];  // joint and tip accelerations
  double Fx[NL], Fy[NL], M[NL];
  for (int i = 0; i < NL; ++i) {
    const int p = model.parent[i];
    const double th_p = p >= 0 ? th[p] : 0.0, w_p = p >= 0 ? w[p] : 0.0, al_p = p >= 0 ? al[p] : 0.0;
    th[i] = th_p + q[e * NL + i];
    w[i] = w_p + qd[e * NL + i];
    al[i] = al_p + qdd[e * NL + i];
    ox[i] = p >= 0 ? ex[p] : 0.0;
    oy[i] = p >= 0 ? ey[p] : 0.0;
    aox[i] = p >= 0 ? aex[p] : 0.0;
    aoy[i] = p >= 0 ? aey[p] : 0.0;
    const double L = model.len[i], c = cos(th[i]), s = sin(th[i]);
    ex[i] = ox[i] + L * c;
    ey[i] = oy[i] + L * s;
    aex[i] = aox[i] - al[i] * L * s - w[i] * w[i] * L * c;
    aey[i] = aoy[i] + al[i] * L * c - w[i] * w[i] * L * s;
    Fx[i] = 0.0;
    Fy[i] = 0.0;
    M[i] = 0.0;
  }
  for (int i = NL - 1; i >= 0; --i) {
    const double L = model.len[i], c = cos(th[i]), s = sin(th[i]);
    const double rx = 0.5 * L * c, ry = 0.5 * L * s;
    const double acx = aox[i] - al[i] * ry - w[i] * w[i] * rx;
    const double acy = aoy[i] + al[i] * rx - w[i] * w[i] * ry;
    const double fx = model.mass[i] * acx, fy = model.mass[i] * (acy + model.gravity);
    Fx[i] += fx;
    Fy[i] += fy;
    M[i] += model.inertia[i] * al[i] + rx * fy - ry * fx;
    tau[e * NL + i] = M[i];
    const int p = model.parent[i];
    if (!model.is_root(i)) {
      Fx[p] += Fx[i];
      Fy[p] += Fy[i];
      M[p] += M[i] + (ox[i] - ox[p]) * Fy[i] - (oy[i] - oy[p]) * Fx[i];
    }
  }
}
