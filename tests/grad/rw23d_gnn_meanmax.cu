// cuad: --fn gnn_meanmax_aggregate --wrt g,h,root_w,out
// cuad: --fn edge_message --wrt w,hu,hv
// cuad: fwd --fn gnn_meanmax_aggregate --wrt g,h,root_w,out
// One GraphSAGE / PNA-style aggregation layer: for every destination node v and feature f,
// gather the messages m_e = edge_message(w_e, h[u, f], h[v, f]) of the in-edges e = (u -> v)
// (CSR by destination, the graph passed as a struct by value carrying the edge weights),
// then write [mean_e m_e + root_w[f] * h[v, f] | max_e m_e] (2F outputs per node). Nodes
// without in-edges get only the root term and a zero max. One thread per (node, feature),
// a 2-D block (x: features, y: nodes).
#include <cuda_runtime.h>
#include <math.h>

struct Graph {
  int n_nodes;
  const int* indptr;  // n_nodes + 1
  const int* src;     // source node of each in-edge
  const float* ew;    // edge weight
};

__host__ __device__ inline float edge_message(float w, float hu, float hv) {
  // gated message: the edge weight scales the neighbor, modulated by the receiver's state
  const float gate = 1.0f / (1.0f + expf(-(hv + 0.5f * w)));
  return w * hu * gate + 0.1f * hu * hu;
}

template <int F>
__device__ void aggregate_node(const Graph& g, int v, int f, const float* __restrict__ h,
                               const float* __restrict__ root_w, float* __restrict__ out) {
  const int beg = g.indptr[v], end = g.indptr[v + 1];
  const float hv = h[v * F + f];
  float sum = 0.0f;
  float mx = -INFINITY;
  for (int e = beg; e < end; ++e) {
    const int u = g.src[e];
    const float m = edge_message(g.ew[e], h[u * F + f], hv);
    sum += m;
    mx = fmaxf(mx, m);
  }
  const int deg = end - beg;
  float mean = 0.0f;
  if (deg > 0) {
    mean = sum / (float)deg;
  } else {
    mx = 0.0f;
  }
  out[v * 2 * F + f] = mean + root_w[f] * hv;
  out[v * 2 * F + F + f] = mx;
}

__global__ void gnn_meanmax_aggregate(Graph g, const float* __restrict__ h,
                                      const float* __restrict__ root_w, float* __restrict__ out) {
  const int f = threadIdx.x;
  const int v = blockIdx.x * blockDim.y + threadIdx.y;
  if (v >= g.n_nodes || f >= 8) return;
  aggregate_node<8>(g, v, f, h, root_w, out);
}
