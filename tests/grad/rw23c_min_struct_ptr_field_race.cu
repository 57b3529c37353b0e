// cuad: --fn k --wrt x,t,y
// Minimal: a kernel parameter struct holding a device pointer (a lookup table) that many
// threads read at overlapping entries. The gradient accumulates into the table's adjoint
// (through the adjoint struct's pointer field) with a plain `+=` from every thread, not an
// atomic: a data race (ThreadSanitizer reports it; on a GPU updates are lost, a silently
// wrong gradient). A plain `const double* table` parameter read the same way gets atomics.
struct Table {
  const double* vals;
  double scale;
};
__device__ double lookup(const Table& t, int k) { return t.scale * t.vals[k]; }
__global__ void k(const double* x, Table t, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] * lookup(t, i % 3);
}
