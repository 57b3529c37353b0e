// cuad: --fn settle --wrt x,r
// A while loop whose trip count depends on the data.
__host__ __device__ double settle(double x, double r) {
  double v = x;
  int steps = 0;
  while (v > 0.1 && steps < 50) {
    v = v * r;
    ++steps;
  }
  return v + steps * x;
}
