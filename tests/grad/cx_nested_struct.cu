// cuad: --fn nested --wrt out,bodies,k
// Nested structs (struct in struct, array member), a local array of structs, references to
// fields (`double& r = b.pos.x`), a struct-returning helper, and a helper taking a struct field
// by reference.
struct Pt {
  double x, y;
};
struct Body {
  Pt pos;
  Pt vel;
  double w[2];
};
struct Pair {
  Body a, b;
};

__device__ Pt midpoint(const Body& a, const Body& b) {
  return Pt{0.5 * (a.pos.x + b.pos.x), 0.5 * (a.pos.y + b.pos.y)};
}
__device__ void scale_ref(double& v, double k) { v *= k; }

__global__ void nested(double* out, const Body* bodies, double k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Pair p;
    p.a = bodies[2 * i];
    p.b = bodies[2 * i + 1];
    Body local[2] = {p.a, p.b};
    double& rx = local[0].pos.x;
    rx = rx * k + local[1].vel.y;
    double& wy = p.b.w[1];
    scale_ref(wy, k);
    scale_ref(local[1].vel.x, 2.0);
    Pt m = midpoint(local[0], local[1]);
    double acc = 0.0;
    for (int j = 0; j < 2; ++j) acc += local[j].w[0] * local[j].vel.x + local[j].w[1] * m.y;
    out[i] = acc + m.x * wy + p.a.vel.y * rx;
  }
}
