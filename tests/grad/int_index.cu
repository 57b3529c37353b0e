// cuad: --fn gather_mix --wrt out,in
// Integer index arithmetic (/, %, *) selects what is read: several threads read the same
// elements, and integer values mixed into the result carry no derivative.
__global__ void gather_mix(double* out, const double* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int j = (i * 7) % n;
    int h = i / 2;
    int parity = i % 3;
    out[i] = in[j] * in[h] + parity * in[i] + (double)(h % 5);
  }
}
