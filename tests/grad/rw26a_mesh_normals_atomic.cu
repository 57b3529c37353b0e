// cuad: --fn shade_mesh --wrt verts_h,mat,colors_h
// cuad: --fn accumulate_normals --wrt verts,vnormals
// Vertex shading of a triangle mesh (float) as a differentiable mesh renderer's first stage:
// a kernel per face computes the area-weighted face normal (cross product of two edges) and
// scatters it into its three vertices' normals with atomicAdd (the vertex buffer cleared with
// cudaMemset first); a kernel per vertex normalises the accumulated normal and shades with a
// half-Lambert diffuse term and a Blinn-Phong highlight, powf(n.h, shininess), for a light and
// a viewer given as positions (so the directions vary per vertex). The material is a struct
// passed by value; the host function uploads, launches both kernels and copies colors back.
#include <cuda_runtime.h>

struct Material {
  float3 albedo;
  float3 light_pos;
  float3 eye_pos;
  float ks;
  float shininess;
};

__device__ inline float3 sub(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ inline float3 cross(float3 a, float3 b) {
  return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
__device__ inline float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ inline float3 normalized(float3 a) {
  const float s = rsqrtf(dot(a, a));
  return make_float3(s * a.x, s * a.y, s * a.z);
}

__global__ void accumulate_normals(const float3* __restrict__ verts, const int3* __restrict__ faces, int nf,
                                   float* __restrict__ vnormals) {
  const int f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f >= nf) return;
  const int3 t = faces[f];
  const float3 a = verts[t.x], b = verts[t.y], c = verts[t.z];
  const float3 n = cross(sub(b, a), sub(c, a));  // twice the area times the unit normal
  const int idx[3] = {t.x, t.y, t.z};
  for (int k = 0; k < 3; ++k) {
    atomicAdd(&vnormals[3 * idx[k] + 0], n.x);
    atomicAdd(&vnormals[3 * idx[k] + 1], n.y);
    atomicAdd(&vnormals[3 * idx[k] + 2], n.z);
  }
}

__global__ void shade_vertices(const float3* __restrict__ verts, const float* __restrict__ vnormals, int nv,
                               Material mat, float3* __restrict__ colors) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= nv) return;
  const float3 p = verts[v];
  const float3 n = normalized(make_float3(vnormals[3 * v], vnormals[3 * v + 1], vnormals[3 * v + 2]));
  const float3 l = normalized(sub(mat.light_pos, p));
  const float3 e = normalized(sub(mat.eye_pos, p));
  const float3 h = normalized(make_float3(l.x + e.x, l.y + e.y, l.z + e.z));
  const float half_lambert = 0.5f * dot(n, l) + 0.5f;
  const float diff = half_lambert * half_lambert;
  const float ndh = fmaxf(dot(n, h), 1e-4f);
  const float spec = mat.ks * powf(ndh, mat.shininess);
  colors[v] = make_float3(mat.albedo.x * diff + spec, mat.albedo.y * diff + spec, mat.albedo.z * diff + spec);
}

void shade_mesh(const float* verts_h, const int* faces_h, int nv, int nf, Material mat, float* colors_h) {
  float3 *d_verts, *d_colors;
  int3* d_faces;
  float* d_vn;
  cudaMalloc(&d_verts, nv * sizeof(float3));
  cudaMalloc(&d_faces, nf * sizeof(int3));
  cudaMalloc(&d_vn, 3 * nv * sizeof(float));
  cudaMalloc(&d_colors, nv * sizeof(float3));
  cudaMemcpy(d_verts, verts_h, nv * sizeof(float3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_faces, faces_h, nf * sizeof(int3), cudaMemcpyHostToDevice);
  cudaMemset(d_vn, 0, 3 * nv * sizeof(float));
  accumulate_normals<<<(nf + 31) / 32, 32>>>(d_verts, d_faces, nf, d_vn);
  shade_vertices<<<(nv + 31) / 32, 32>>>(d_verts, d_vn, nv, mat, d_colors);
  cudaMemcpy(colors_h, d_colors, nv * sizeof(float3), cudaMemcpyDeviceToHost);
  cudaFree(d_verts);
  cudaFree(d_faces);
  cudaFree(d_vn);
  cudaFree(d_colors);
}
