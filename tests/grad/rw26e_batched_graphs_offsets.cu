// cuad: --fn batched_graph_conv --wrt val,x,bias,y,readout
// cuad: fwd --fn batched_graph_conv --wrt val,x,bias,y,readout
// A batch of small graphs packed back to back (as a GNN data loader collates them): one
// buffer of CSR values, one of node features, one of outputs, with per-graph offsets. The
// host loops over the graphs and launches, per graph, a SpMV on views of the packed buffers
// (pointers offset by the graph's node and entry offsets, row pointers local to the graph),
// then, per graph again, an in-place update of that graph's slice of y,
// y_i <- tanh(y_i + bias_g) * x_i, which needs the pre-update y in the reverse pass, and a
// final per-graph mean readout of y into readout[g]. Two rounds of the in-place update.
#include <cuda_runtime.h>
#include <math.h>
#include <vector>

__global__ void local_spmv(int n, const int* __restrict__ rp, const int* __restrict__ col,
                           const double* __restrict__ val, const double* __restrict__ x, double* __restrict__ y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = 0.0;
  for (int k = rp[i]; k < rp[i + 1]; ++k) s += val[k] * x[col[k]];
  y[i] = s;
}

__global__ void gate_inplace(int n, double b, const double* __restrict__ x, double* __restrict__ y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = tanh(y[i] + b) * x[i];
}

__global__ void mean_readout(int n, const double* __restrict__ y, double* __restrict__ out) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    double s = 0.0;
    for (int i = 0; i < n; ++i) s += y[i];
    out[0] = s / n;
  }
}

void batched_graph_conv(int num_graphs, const int* node_off, const int* nnz_off, const int* rp_local,
                        const int* col_local, const double* val, const double* x, const double* bias,
                        double* y, double* readout) {
  const int N = node_off[num_graphs], NNZ = nnz_off[num_graphs];
  int *d_rp, *d_col;
  double *d_val, *d_x, *d_y, *d_ro;
  // rp_local holds n_g + 1 entries per graph, back to back
  const int RP = N + num_graphs;
  cudaMalloc(&d_rp, RP * sizeof(int));
  cudaMalloc(&d_col, NNZ * sizeof(int));
  cudaMalloc(&d_val, NNZ * sizeof(double));
  cudaMalloc(&d_x, N * sizeof(double));
  cudaMalloc(&d_y, N * sizeof(double));
  cudaMalloc(&d_ro, num_graphs * sizeof(double));
  cudaMemcpy(d_rp, rp_local, RP * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, col_local, NNZ * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_val, val, NNZ * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, N * sizeof(double), cudaMemcpyHostToDevice);
  for (int g = 0; g < num_graphs; ++g) {
    const int n = node_off[g + 1] - node_off[g];
    local_spmv<<<(n + 31) / 32, 32>>>(n, d_rp + node_off[g] + g, d_col + nnz_off[g], d_val + nnz_off[g],
                                      d_x + node_off[g], d_y + node_off[g]);
  }
  for (int round = 0; round < 2; ++round) {
    for (int g = 0; g < num_graphs; ++g) {
      const int n = node_off[g + 1] - node_off[g];
      gate_inplace<<<(n + 31) / 32, 32>>>(n, bias[g], d_x + node_off[g], d_y + node_off[g]);
    }
  }
  for (int g = 0; g < num_graphs; ++g) {
    const int n = node_off[g + 1] - node_off[g];
    mean_readout<<<1, 32>>>(n, d_y + node_off[g], d_ro + g);
  }
  cudaMemcpy(y, d_y, N * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(readout, d_ro, num_graphs * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_rp);
  cudaFree(d_col);
  cudaFree(d_val);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_ro);
}
