// Thread-local arrays (1-D and 2-D), arrays of structs, brace initialisers, structs
// passed by value and by pointer, nested member access and pointer arithmetic.
struct Mat3 {
  float m[3][3];
};

struct Sample {
  float3 p;
  float weight;
  int label;
};

__device__ Mat3 mat3_mul(const Mat3 &a, const Mat3 &b) {
  Mat3 c;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      float s = 0.0f;
      for (int k = 0; k < 3; ++k)
        s += a.m[i][k] * b.m[k][j];
      c.m[i][j] = s;
    }
  return c;
}

__device__ float3 apply(const Mat3 *t, float3 v) {
  return make_float3(t->m[0][0] * v.x + t->m[0][1] * v.y + t->m[0][2] * v.z,
                     t->m[1][0] * v.x + t->m[1][1] * v.y + t->m[1][2] * v.z,
                     t->m[2][0] * v.x + t->m[2][1] * v.y + t->m[2][2] * v.z);
}

__global__ void transform_samples(Sample *samples, Mat3 rot, Mat3 scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Mat3 t = mat3_mul(scale, rot);
  Sample *s = samples + i;
  s->p = apply(&t, s->p);
  float hist[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  int coords[3] = {(int)s->p.x, (int)s->p.y, (int)s->p.z};
  for (int k = 0; k < 3; ++k)
    hist[(coords[k] & 3)] += 1.0f;
  float best = hist[0];
  for (int k = 1; k < 4; ++k)
    best = hist[k] > best ? hist[k] : best;
  s->weight *= best / 3.0f;
  (*s).label = coords[0] & 1;
}
