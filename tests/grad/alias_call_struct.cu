// cuad: --fn pend --wrt th,om,h
// cuad: fwd --fn pend --wrt th,om,h
// A host-and-device function calling helpers with one object for the input and the output:
// a struct by reference (`step(s, h, s)`, its second field reading the first after the
// update), in straight-line code and in a loop, and a local array given to a pointer it
// reads and one it writes (`relax(c, h, c, 3)`, a later element reading an updated one).
struct P2 {
  double x, y;
};
__host__ __device__ void step(const P2& in, double h, P2& out) {
  out.x = in.x + h * in.y;
  out.y = in.y - h * sin(in.x);
}
__host__ __device__ void relax(const double* c, double r, double* cn, int n) {
  for (int k = 0; k < n; ++k) cn[k] = (c[k] + r * c[(k + n - 1) % n]) / (1.0 + r);
}
__host__ __device__ double pend(double th, double om, double h) {
  P2 s{th, om};
  step(s, h, s);
  for (int t = 0; t < 3; ++t) step(s, h, s);
  double c[3] = {th, om, th * om};
  relax(c, h, c, 3);
  return s.x * s.y + c[0] + c[1] * c[2];
}
