// cuad: --fn rgcn_aggregate --wrt h,basis,coef,out
// cuad: --fn jacobi_sweep --wrt val,b,x,x_new
// Two kernels of a relational graph model.
// rgcn_aggregate: relational GCN aggregation with basis decomposition, one thread per
// destination node over its incoming edges (CSR by destination). Each edge has a relation
// type: 0 = "same entity" (identity, no transform), 1 and 2 = learned relations whose F x F
// matrices are W_r = sum_b coef[r][b] * basis[b], built per edge in a local array by a
// helper; relation 2 is also scaled by 1/in-degree of its type; other types are ignored.
// A switch picks the case. The output is tanh of the aggregate plus the self feature.
// jacobi_sweep: one Jacobi sweep for a CSR matrix that stores its diagonal among the row
// entries: the row loop picks the diagonal out with `continue` and accumulates the rest.
#include <cuda_runtime.h>
#include <math.h>

#define FD 3
#define NB 2

__device__ void relation_matrix(const double* __restrict__ basis, const double* __restrict__ coef, int r,
                                double* __restrict__ W) {
  for (int q = 0; q < FD * FD; ++q) {
    double s = 0.0;
    for (int bb = 0; bb < NB; ++bb) s += coef[r * NB + bb] * basis[bb * FD * FD + q];
    W[q] = s;
  }
}

__global__ void rgcn_aggregate(int n, const int* __restrict__ indptr, const int* __restrict__ src,
                               const int* __restrict__ etype, const double* __restrict__ h,
                               const double* __restrict__ basis, const double* __restrict__ coef,
                               double* __restrict__ out) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n) return;
  int deg2 = 0;
  for (int e = indptr[v]; e < indptr[v + 1]; ++e) deg2 += etype[e] == 2;
  double acc[FD];
  for (int f = 0; f < FD; ++f) acc[f] = h[v * FD + f];
  double W[FD * FD];
  for (int e = indptr[v]; e < indptr[v + 1]; ++e) {
    const int u = src[e];
    const double* hu = h + u * FD;
    switch (etype[e]) {
      case 0:
        for (int f = 0; f < FD; ++f) acc[f] += hu[f];
        break;
      case 1:
      case 2: {
        const int r = etype[e];
        relation_matrix(basis, coef, r - 1, W);
        const double scale = r == 2 ? 1.0 / deg2 : 1.0;
        for (int f = 0; f < FD; ++f) {
          double s = 0.0;
          for (int g = 0; g < FD; ++g) s += W[f * FD + g] * hu[g];
          acc[f] += scale * s;
        }
        break;
      }
      default:
        break;
    }
  }
  for (int f = 0; f < FD; ++f) out[v * FD + f] = tanh(acc[f]);
}

__global__ void jacobi_sweep(int n, const int* __restrict__ rp, const int* __restrict__ col,
                             const double* __restrict__ val, const double* __restrict__ b,
                             const double* __restrict__ x, double* __restrict__ x_new) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double diag = 0.0, off = 0.0;
  int k = rp[i];
  while (k < rp[i + 1]) {
    const int j = col[k];
    if (j == i) {
      diag = val[k];
      ++k;
      continue;
    }
    off += val[k] * x[j];
    ++k;
  }
  x_new[i] = (b[i] - off) / diag;
}
