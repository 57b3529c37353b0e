// cuad: --fn repeat_square --wrt x,c
// A parameter overwritten in a loop (x = x * x): old values are needed in reverse.
__host__ __device__ double repeat_square(double x, double c) {
  for (int i = 0; i < 4; ++i) {
    x = x * x + c;
    x = sin(x);
  }
  return x;
}
