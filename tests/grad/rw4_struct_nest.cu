// cuad: --fn mesh_energy --wrt e,m
// cuad: --fn poly_kernel --wrt out,c,x
// Structs holding arrays of structs, arrays of structs by pointer, __device__ methods using
// this->, an operator+= and operator[] returning references, and a class template
// template <int N> struct Poly evaluated by a method.
struct Vec2 {
  float x, y;
  __device__ Vec2& operator+=(const Vec2& o) {
    this->x += o.x;
    this->y += o.y;
    return *this;
  }
  __device__ float dot(const Vec2& o) const { return this->x * o.x + this->y * o.y; }
};

struct Node {
  Vec2 pos;
  float mass;
};

struct Tri {
  Node v[3];
  float stiff;
  __device__ Node& operator[](int k) { return v[k]; }
  __device__ float area2() const {
    Vec2 a{v[1].pos.x - v[0].pos.x, v[1].pos.y - v[0].pos.y};
    Vec2 b{v[2].pos.x - v[0].pos.x, v[2].pos.y - v[0].pos.y};
    return a.x * b.y - a.y * b.x;
  }
};

__global__ void mesh_energy(float* e, const Tri* m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Tri t = m[i];
  Vec2 c{0.0f, 0.0f};
  float mass = 0.0f;
  for (int k = 0; k < 3; ++k) {
    c += t[k].pos;
    mass += t[k].mass;
  }
  float a = t.area2();
  e[i] = t.stiff * a * a + mass * c.dot(c);
}

template <int N>
struct Poly {
  float c[N];
  __device__ float eval(float x) const {
    float r = c[N - 1];
    for (int k = N - 2; k >= 0; --k) r = r * x + this->c[k];
    return r;
  }
};

__global__ void poly_kernel(float* out, const Poly<4>* c, const float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = c->eval(x[i]) * x[i];
}
