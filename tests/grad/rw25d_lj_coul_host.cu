// cuad: --fn lj_coulomb_energy --wrt pos,charge,lj_table
// cuad: fwd --fn lj_coulomb_energy --wrt pos,charge,lj_table
// A host driver for a Lennard-Jones + shifted-Coulomb energy evaluation, as a small MD code
// writes it: the neighbour list is built on the host in CSR form (std::vector push_back over
// all pairs inside cutoff + skin), the per-type-pair LJ table (epsilon, sigma) goes to
// __constant__ memory with cudaMemcpyToSymbol, positions and charges are uploaded, a kernel
// computes one energy per atom over its full neighbour list (pairs past the cutoff skipped,
// LJ shifted to zero at the cutoff, Coulomb damped by the Wolf-like shift 1/r - 1/rc), and
// the per-atom energies are copied back and summed on the host with a 1/2 for double counting.
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

#define NTYPES 2
#define MAX_PAIRS_TABLE (NTYPES * NTYPES)

__constant__ double c_lj[2 * MAX_PAIRS_TABLE];  // (epsilon, sigma) for type pair ti * NTYPES + tj

struct Box {
  double L;
  double rc;
};

__device__ inline void lj_pair(int tt, double r2, double rc2, double& e) {
  const double eps = c_lj[2 * tt], sig = c_lj[2 * tt + 1];
  const double s2 = sig * sig / r2;
  const double s6 = s2 * s2 * s2;
  const double s2c = sig * sig / rc2;
  const double s6c = s2c * s2c * s2c;
  e = 4.0 * eps * (s6 * s6 - s6) - 4.0 * eps * (s6c * s6c - s6c);
}

__global__ void atom_energy(int n, const double* __restrict__ pos, const double* __restrict__ charge,
                            const int* __restrict__ type, const int* __restrict__ start,
                            const int* __restrict__ nbr, Box box, double* __restrict__ e_atom) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double rc2 = box.rc * box.rc;
  double e = 0.0;
  for (int k = start[i]; k < start[i + 1]; ++k) {
    const int j = nbr[k];
    double r2 = 0.0;
    for (int d = 0; d < 3; ++d) {
      double dx = pos[3 * i + d] - pos[3 * j + d];
      dx -= box.L * rint(dx / box.L);
      r2 += dx * dx;
    }
    if (r2 >= rc2) continue;
    double elj;
    lj_pair(type[i] * NTYPES + type[j], r2, rc2, elj);
    const double r = sqrt(r2);
    e += elj + charge[i] * charge[j] * (1.0 / r - 1.0 / box.rc);
  }
  e_atom[i] = e;
}

double lj_coulomb_energy(int n, const double* pos, const double* charge, const int* type,
                         const double* lj_table, double L, double rc, double skin) {
  // neighbour list on the host (full list, both directions)
  std::vector<int> start(n + 1), nbr;
  for (int i = 0; i < n; ++i) {
    start[i] = (int)nbr.size();
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      double r2 = 0.0;
      for (int d = 0; d < 3; ++d) {
        double dx = pos[3 * i + d] - pos[3 * j + d];
        dx -= L * std::rint(dx / L);
        r2 += dx * dx;
      }
      if (r2 < (rc + skin) * (rc + skin)) nbr.push_back(j);
    }
  }
  start[n] = (int)nbr.size();
  const int m = (int)nbr.size();

  cudaMemcpyToSymbol(c_lj, lj_table, 2 * MAX_PAIRS_TABLE * sizeof(double));
  double *d_pos, *d_q, *d_e;
  int *d_type, *d_start, *d_nbr;
  cudaMalloc(&d_pos, 3 * n * sizeof(double));
  cudaMalloc(&d_q, n * sizeof(double));
  cudaMalloc(&d_e, n * sizeof(double));
  cudaMalloc(&d_type, n * sizeof(int));
  cudaMalloc(&d_start, (n + 1) * sizeof(int));
  cudaMalloc(&d_nbr, m * sizeof(int));
  cudaMemcpy(d_pos, pos, 3 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_q, charge, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_type, type, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_start, start.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_nbr, nbr.data(), m * sizeof(int), cudaMemcpyHostToDevice);
  Box box{L, rc};
  const int threads = 32;
  atom_energy<<<(n + threads - 1) / threads, threads>>>(n, d_pos, d_q, d_type, d_start, d_nbr, box, d_e);
  std::vector<double> e_atom(n);
  cudaMemcpy(e_atom.data(), d_e, n * sizeof(double), cudaMemcpyDeviceToHost);
  double total = 0.0;
  for (int i = 0; i < n; ++i) total += 0.5 * e_atom[i];
  cudaFree(d_pos);
  cudaFree(d_q);
  cudaFree(d_e);
  cudaFree(d_type);
  cudaFree(d_start);
  cudaFree(d_nbr);
  return total;
}
