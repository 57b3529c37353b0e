// cuad: --fn mix --wrt x,a,y
// cuad: fwd --fn mix --wrt x,a,y
// Local views that also carry a real weight: an array of them brace-initialized, one copied
// whole from another and moved, one built by a helper (address arithmetic and a real field),
// reassigned in a loop. The adjoint views' pointers follow the primal's; their weights'
// adjoints are sums that flow back to `a`.
struct WView {
  const float* p;
  float wgt;
  int step;
};

__device__ WView make_wview(const float* base, int off, float wgt) {
  if (off > 2) return WView{base + off - 1, wgt * 0.5f, 2};
  return WView{base + off, wgt, 1};
}

__global__ void mix(const float* x, const float* a, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  WView vs[2] = {{x + 4 * i, a[0], 1}, {x + 4 * i + 2, a[1], 1}};
  WView c = vs[1];
  c.p -= 1;
  float acc = c.wgt * c.p[0] + vs[0].wgt * vs[0].p[1];
  for (int k = 0; k < 3; ++k) {
    WView h = make_wview(x + 4 * i, k + 1, a[k]);
    acc += h.wgt * h.p[0] * h.p[h.step];
    vs[k & 1] = h;
    acc += vs[0].wgt * vs[0].p[0];
  }
  y[i] = acc;
}
