// cuad: --fn sparse_attention<16> --wrt q,k,v,out
// cuad: fwd --fn sparse_attention<16> --wrt q,k,v,out
// Graph-transformer attention restricted to the edges of a sparse pattern (CSR of the
// attention mask): one cooperative-groups tile of D lanes per query row, lane = feature.
// For each neighbour j in the row the score <q_i, k_j> / sqrt(D) is reduced over the tile
// with shfl_xor; a flash-attention style online softmax keeps the running max, the running
// normaliser and the running weighted sum of v_j (rescaled whenever the max grows), so the
// loop overwrites its state every edge. A small lambda reads one feature of a row.
#include <cooperative_groups.h>
#include <math.h>
namespace cg = cooperative_groups;

template <int D>
__global__ void sparse_attention(int rows, const int* __restrict__ indptr, const int* __restrict__ indices,
                                 const double* __restrict__ q, const double* __restrict__ k,
                                 const double* __restrict__ v, double* __restrict__ out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<D> tile = cg::tiled_partition<D>(block);
  const int row = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
  if (row >= rows) return;
  const int lane = tile.thread_rank();
  auto feat = [&](const double* M, int r) { return M[r * D + lane]; };

  const double scale = 1.0 / sqrt((double)D);
  const double qi = feat(q, row);
  double m = -INFINITY, l = 0.0, acc = 0.0;
  for (int e = indptr[row]; e < indptr[row + 1]; ++e) {
    const int j = indices[e];
    double s = qi * feat(k, j);
    for (int o = D / 2; o > 0; o >>= 1) s += tile.shfl_xor(s, o);
    s *= scale;
    const double m_new = fmax(m, s);
    const double corr = exp(m - m_new);
    const double p = exp(s - m_new);
    l = l * corr + p;
    acc = acc * corr + p * feat(v, j);
    m = m_new;
  }
  out[row * D + lane] = l > 0.0 ? acc / l : 0.0;
}
