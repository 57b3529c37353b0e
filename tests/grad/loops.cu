// cuad: --fn loops --wrt x,y
// for with continue and break, while, and do-while with break.
__host__ __device__ double loops(double x, double y, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    if (i % 3 == 1) continue;
    s += x * i - y;
    if (i == 7) break;
  }
  int j = 0;
  while (j < 4) {
    s = s * 0.5 + y * x;
    ++j;
  }
  int k = 0;
  do {
    s += sin(s) * x;
    k++;
    if (k > 2) break;
  } while (true);
  return s;
}
