// cuad: --fn hd_views --wrt x,p
// cuad: --fn host_views --wrt x
// Views in sequential code: a `__host__ __device__` function moves a local view's pointer
// (`v.p += i`), copies a view whole, picks operands from a local pointer table over its input
// and a local array, and moves the pointer of its by-value struct parameter; a host function
// does the same with a table of row pointers. The adjoint views and tables move with them.
struct View {
  const double* p;
  int s;
};

__host__ __device__ double hd_views(const double* x, View p, int i) {
  double loc[2] = {x[0] * x[1], x[2]};
  View v{x, 2};
  v.p += i;
  View w = v;
  w.p += 1;
  const double* t[2] = {loc, x + 3};
  p.p += i;
  return v.p[0] * w.p[v.s - 1] + t[0][0] * t[1][i] + p.p[0] * t[0][1];
}

double host_views(const double* x, int rows, int w) {
  const double* r[3];
  double acc = 0.0;
  for (int k = 0; k < rows; ++k) {
    r[k % 3] = x + k * w;
    for (int j = 0; j < w; ++j) acc += r[k % 3][j] * r[k % 3][j] * (k + 1);
  }
  return acc + r[0][0] * r[(rows - 1) % 3][w - 1];
}
