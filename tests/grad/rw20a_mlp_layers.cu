// cuad: --fn mlp2_forward --wrt x,W1,b1,W2,b2,y
// A 2-layer MLP forward pass (tanh hidden layer, softplus output) written with one struct
// per layer, as small inference codes do: the layer owns its weights, bias and activation
// buffer on the device (`Layer { double* W; double* b; double* act; int in, out; }`);
// `layer_create(Layer&, ...)` allocates and uploads, `layer_forward(const Layer&, input)`
// launches a dense kernel then an activation kernel over `L.act`, and `layer_destroy(Layer*)`
// frees. The second layer reads the first layer's activation buffer.
#include <cuda_runtime.h>

struct Layer {
  double* W = nullptr;   // out x in, row-major
  double* b = nullptr;   // out
  double* act = nullptr; // batch x out
  int in = 0;
  int out = 0;
  int batch = 0;
  int kind = 0;          // 0: tanh, 1: softplus
};

__global__ void dense(const double* W, const double* b, const double* x, double* z, int in,
                      int out, int batch) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= out * batch) return;
  const int r = t / out, o = t % out;
  double s = b[o];
  for (int k = 0; k < in; ++k) s += W[o * in + k] * x[r * in + k];
  z[t] = s;
}

__global__ void activate(double* z, int count, int kind) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < count) {
    const double v = z[t];
    z[t] = kind == 0 ? tanh(v) : log1p(exp(v));
  }
}

static void layer_create(Layer& L, const double* hW, const double* hb, int in, int out,
                         int batch, int kind) {
  L.in = in;
  L.out = out;
  L.batch = batch;
  L.kind = kind;
  cudaMalloc(&L.W, out * in * sizeof(double));
  cudaMalloc(&L.b, out * sizeof(double));
  cudaMalloc(&L.act, batch * out * sizeof(double));
  cudaMemcpy(L.W, hW, out * in * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(L.b, hb, out * sizeof(double), cudaMemcpyHostToDevice);
}

static void layer_forward(const Layer& L, const double* d_in) {
  const int count = L.batch * L.out;
  const int threads = 64, blocks = (count + threads - 1) / threads;
  dense<<<blocks, threads>>>(L.W, L.b, d_in, L.act, L.in, L.out, L.batch);
  activate<<<blocks, threads>>>(L.act, count, L.kind);
}

static void layer_destroy(Layer* L) {
  cudaFree(L->W);
  cudaFree(L->b);
  cudaFree(L->act);
}

void mlp2_forward(const double* x, const double* W1, const double* b1, const double* W2,
                  const double* b2, double* y, int batch, int nin, int nhid, int nout) {
  double* d_x;
  cudaMalloc(&d_x, batch * nin * sizeof(double));
  cudaMemcpy(d_x, x, batch * nin * sizeof(double), cudaMemcpyHostToDevice);
  Layer hidden, output;
  layer_create(hidden, W1, b1, nin, nhid, batch, 0);
  layer_create(output, W2, b2, nhid, nout, batch, 1);
  layer_forward(hidden, d_x);
  layer_forward(output, hidden.act);
  cudaMemcpy(y, output.act, batch * nout * sizeof(double), cudaMemcpyDeviceToHost);
  layer_destroy(&hidden);
  layer_destroy(&output);
  cudaFree(d_x);
}
