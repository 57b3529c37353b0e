// cuad: --fn k --wrt ps,out
// cuad: fwd --fn k
// A `[&]` lambda in a kernel capturing a local *reference* (`const P& el = ps[i];`)
// is lifted into a function whose captured parameter is what the reference names (it was
// `const P&&`, with adjoint `const P&*`, which did not compile).
struct P {
  double a, b;
};
__global__ void k(const P* ps, double* out, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  const P& el = ps[i];
  auto f = [&](double t) { return el.a * t + el.b * el.b; };
  out[i] = f(2.0);
}
