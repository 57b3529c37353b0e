// cuad: --fn scale_shift --wrt out,out2,a,b
// Kernel-invariant scalar adjoints (`a` float, `b` double) summed over the grid by block
// reductions (`cuad_block_add_n`, one per type): blocks of a partial warp, grid sizes from 1
// to 131 blocks, repeated launches into one adjoint (totals accumulate), many adjoint
// addresses.
__global__ void scale_shift(float* out, double* out2, const float* in, float a, double b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = a * in[i] * in[i];
    out2[i] = b * sin((double)in[i]) + in[i];
  }
}
