// cuad: --fn sh_to_rgb<3> --wrt means,cam_pos,shs,colors
// cuad: --fn sh_luminance<2> --wrt dir,coeffs
// cuad: fwd --fn sh_to_rgb<3> --wrt means,shs,colors
// View-dependent color of 3-D Gaussians from real spherical harmonics (3DGS's
// computeColorFromSH), float: a small vec3 class whose operator[] indexes the fields through
// (&x)[i], the SH coefficients of one Gaussian read as vec3 through reinterpret_cast of the
// flat float array, the basis constants in __constant__ arrays, the degree a template
// parameter with if constexpr per band, the direction from the camera to the Gaussian
// normalised with rsqrtf, and the result offset by 0.5 and clamped at zero per channel with
// the clamp flags written as an int mask (3DGS keeps them for its backward pass).
#include <cuda_runtime.h>

struct vec3 {
  float x, y, z;
  __host__ __device__ float& operator[](int i) { return (&x)[i]; }
  __host__ __device__ float operator[](int i) const { return (&x)[i]; }
};

__host__ __device__ inline vec3 operator+(const vec3& a, const vec3& b) { return vec3{a.x + b.x, a.y + b.y, a.z + b.z}; }
__host__ __device__ inline vec3 operator-(const vec3& a, const vec3& b) { return vec3{a.x - b.x, a.y - b.y, a.z - b.z}; }
__host__ __device__ inline vec3 operator*(float s, const vec3& a) { return vec3{s * a.x, s * a.y, s * a.z}; }
__host__ __device__ inline float dot(const vec3& a, const vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

__constant__ float SH_C0 = 0.28209479177387814f;
__constant__ float SH_C1 = 0.4886025119029199f;
__constant__ float SH_C2[5] = {1.0925484305920792f, -1.0925484305920792f, 0.31539156525252005f,
                               -1.0925484305920792f, 0.5462742152960396f};
__constant__ float SH_C3[7] = {-0.5900435899266435f, 2.890611442640554f, -0.4570457994644658f, 0.3731763325901154f,
                               -0.4570457994644658f, 1.445305721320277f, -0.5900435899266435f};

template <int DEG>
__device__ vec3 eval_sh(const vec3& dir, const vec3* coeffs) {
  vec3 result = SH_C0 * coeffs[0];
  if constexpr (DEG > 0) {
    const float x = dir.x, y = dir.y, z = dir.z;
    result = result - SH_C1 * y * coeffs[1] + SH_C1 * z * coeffs[2] - SH_C1 * x * coeffs[3];
    if constexpr (DEG > 1) {
      const float xx = x * x, yy = y * y, zz = z * z;
      const float xy = x * y, yz = y * z, xz = x * z;
      result = result + SH_C2[0] * xy * coeffs[4] + SH_C2[1] * yz * coeffs[5] +
               SH_C2[2] * (2.0f * zz - xx - yy) * coeffs[6] + SH_C2[3] * xz * coeffs[7] +
               SH_C2[4] * (xx - yy) * coeffs[8];
      if constexpr (DEG > 2) {
        result = result + SH_C3[0] * y * (3.0f * xx - yy) * coeffs[9] + SH_C3[1] * xy * z * coeffs[10] +
                 SH_C3[2] * y * (4.0f * zz - xx - yy) * coeffs[11] +
                 SH_C3[3] * z * (2.0f * zz - 3.0f * xx - 3.0f * yy) * coeffs[12] +
                 SH_C3[4] * x * (4.0f * zz - xx - yy) * coeffs[13] + SH_C3[5] * z * (xx - yy) * coeffs[14] +
                 SH_C3[6] * x * (xx - 3.0f * yy) * coeffs[15];
      }
    }
  }
  return result;
}

// Rec. 709 luminance of the SH color (a regulariser on view-dependent brightness).
template <int DEG>
__device__ float sh_luminance(const vec3& dir, const vec3* coeffs) {
  const vec3 c = eval_sh<DEG>(dir, coeffs);
  const vec3 w = vec3{0.2126f, 0.7152f, 0.0722f};
  float l = 0.0f;
  for (int k = 0; k < 3; ++k) l += w[k] * c[k];
  return l;
}

template <int DEG>
__global__ void sh_to_rgb(int n, const float* __restrict__ means, const float* __restrict__ cam_pos,
                          const float* __restrict__ shs, float* __restrict__ colors, int* __restrict__ clamped) {
  constexpr int K = (DEG + 1) * (DEG + 1);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const vec3 pos = reinterpret_cast<const vec3*>(means)[i];
  const vec3 cam = vec3{cam_pos[0], cam_pos[1], cam_pos[2]};
  vec3 dir = pos - cam;
  const float inv_len = rsqrtf(dot(dir, dir));
  dir = inv_len * dir;
  const vec3* sh = reinterpret_cast<const vec3*>(shs) + i * K;
  vec3 rgb = eval_sh<DEG>(dir, sh);
  int mask = 0;
  for (int c = 0; c < 3; ++c) {
    rgb[c] += 0.5f;
    if (rgb[c] < 0.0f) {
      mask |= 1 << c;
      rgb[c] = 0.0f;
    }
    colors[3 * i + c] = rgb[c];
  }
  clamped[i] = mask;
}

template __device__ float sh_luminance<2>(const vec3&, const vec3*);
template __global__ void sh_to_rgb<3>(int, const float*, const float*, const float*, float*, int*);
