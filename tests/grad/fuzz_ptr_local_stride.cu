// cuad: --fn k
// cuad: fwd --fn k
// From scripts/fuzz (seed 65, minimised): a grid-stride loop whose body defines pointer
// locals (`double* p = out + i`) and stores through them. The adjoint pointer `_d_p` is
// restored from the tape in reverse, so zeroing `*_d_p` must happen before that restore (it
// was postponed to the end of the body and zeroed the previous iteration's element, or
// dereferenced the initial null pointer).
__global__ void k(const double* x, double* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const double* px = x + i;
    double* p = out + i;
    *p = px[0] * sin(x[(i + 1) % n]);
  }
}
