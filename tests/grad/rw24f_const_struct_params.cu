// cuad: --fn integrate_system --wrt pos,vel,hp
// The CUDA samples' particles integrator pattern: simulation parameters in a
// `typedef struct { ... } SimParams;` held in a `__constant__ SimParams params;` symbol, filled
// from the host with cudaMemcpyToSymbol, read by the kernel as params.gravity, params.damping,
// ...; positions and velocities as float4 arrays updated in place with a boundary bounce, the
// host looping over steps with the same launch.
#include <cuda_runtime.h>
#include <stdlib.h>

typedef struct {
    float gravity;
    float global_damping;
    float boundary_damping;
    float particle_radius;
    float drag;
} SimParams;

__constant__ SimParams params;

__global__ void integrate_kernel(float4* pos, float4* vel, float dt, unsigned int n)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 p, v;
    if (i >= n) return;
    p = pos[i];
    v = vel[i];
    v.y += params.gravity * dt;
    v.x -= params.drag * v.x * fabsf(v.x) * dt;
    v.x *= params.global_damping;
    v.y *= params.global_damping;
    v.z *= params.global_damping;
    p.x += v.x * dt;
    p.y += v.y * dt;
    p.z += v.z * dt;
    if (p.y < -1.0 + params.particle_radius) {
        p.y = -1.0 + params.particle_radius;
        v.y *= params.boundary_damping;
    }
    pos[i] = p;
    vel[i] = v;
}

void integrate_system(float* pos, float* vel, const SimParams* hp, float dt, int n, int nsteps)
{
    float4 *d_pos, *d_vel;
    int s;
    cudaMemcpyToSymbol(params, hp, sizeof(SimParams));
    cudaMalloc((void**)&d_pos, n * sizeof(float4));
    cudaMalloc((void**)&d_vel, n * sizeof(float4));
    cudaMemcpy(d_pos, pos, n * sizeof(float4), cudaMemcpyHostToDevice);
    cudaMemcpy(d_vel, vel, n * sizeof(float4), cudaMemcpyHostToDevice);
    for (s = 0; s < nsteps; s++)
        integrate_kernel<<<(n + 31) / 32, 32>>>(d_pos, d_vel, dt, n);
    cudaMemcpy(pos, d_pos, n * sizeof(float4), cudaMemcpyDeviceToHost);
    cudaMemcpy(vel, d_vel, n * sizeof(float4), cudaMemcpyDeviceToHost);
    cudaFree(d_pos);
    cudaFree(d_vel);
}
