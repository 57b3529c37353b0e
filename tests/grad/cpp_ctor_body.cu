// cuad: --fn step --wrt pos,energy
// cuad: fwd --fn step --wrt pos,energy
// Constructors that compute (not just copy parameters into fields): a frame built from a
// pointer into an array of coordinates with a normalization in its body, a spring with a
// default member initializer updated by the body and a parameter named like its field, a
// one-argument constructor used in direct initialization, and a struct without a default
// constructor kept across loop iterations (hoisted and taped).
struct Frame {
  double ux, uy, len;
  __device__ Frame(const double* p) : ux(p[3] - p[0]), uy(p[4] - p[1]) {
    len = sqrt(ux * ux + uy * uy);
    ux /= len;
    uy /= len;
  }
};

struct Spring {
  double k = 2.0;
  double rest;
  __device__ Spring(double rest, double stiff) : rest(0.5 * rest) { k *= stiff; }
  __device__ double energy(double len) const {
    double d = len - rest;
    return 0.5 * k * d * d;
  }
};

struct State {
  double a, b;
  __device__ State(double s, double t) : a(s), b(t) {}
};

__device__ State advance(State s, double h) { return State(s.a + h * s.b * s.b, s.b - h * s.a); }

__global__ void step(const double* pos, double* energy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Frame f(pos + 6 * i);
  Spring sp = Spring(pos[6 * i + 2], 1.5 + pos[6 * i + 5]);
  State st(f.ux, f.uy);
  for (int s = 0; s < 4; ++s) st = advance(st, 0.1);
  energy[i] = sp.energy(f.len) + st.a * st.b;
}
