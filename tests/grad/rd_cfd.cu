// cuad: --fn cfd_run --wrt variables,areas,normals
// cuad: --fn compute_flux --wrt normals,variables,fluxes
// cuad: fwd --fn compute_flux --wrt normals,variables,fluxes
// Written for cuad in the style of Rodinia's cfd (euler3d): a finite-volume Euler solver on an
// unstructured mesh with the conserved variables stored structure-of-arrays
// (`variables[i + VAR_* * nelr]`), `__device__ inline` helpers taking and returning `float3`
// (velocity, squared speed, pressure, speed of sound with `sqrtf`, flux contributions written
// through `float3&` out-parameters), a flux kernel visiting NNB neighbours through an index
// array with negative ids for wing (-1) and far-field (-2) faces, the far-field state in a
// `__constant__` array, artificial viscosity from the speeds of both sides, a step-factor
// kernel and a Runge-Kutta time-step kernel. The host function saves the old state with a
// device-to-device copy and runs RK stages of flux + time step per iteration.
#include <cuda_runtime.h>
#define NNB 4
#define NDIM 3
#define VAR_DENSITY 0
#define VAR_MOMENTUM 1
#define VAR_DENSITY_ENERGY (VAR_MOMENTUM + NDIM)
#define NVAR (VAR_DENSITY_ENERGY + 1)
#define GAMMA 1.4f
#define RK 3
#define BLOCK_SIZE_1 32
#define BLOCK_SIZE_2 32

__constant__ float ff_variable[NVAR] = {1.0f, 0.3f, 0.05f, -0.02f, 2.6f};

__device__ inline void compute_velocity(float density, float3 momentum, float3& velocity) {
  velocity.x = momentum.x / density;
  velocity.y = momentum.y / density;
  velocity.z = momentum.z / density;
}

__device__ inline float compute_speed_sqd(float3 velocity) {
  return velocity.x * velocity.x + velocity.y * velocity.y + velocity.z * velocity.z;
}

__device__ inline float compute_pressure(float density, float density_energy, float speed_sqd) {
  return (float(GAMMA) - float(1.0f)) * (density_energy - float(0.5f) * density * speed_sqd);
}

__device__ inline float compute_speed_of_sound(float density, float pressure) {
  return sqrtf(float(GAMMA) * pressure / density);
}

__device__ __host__ inline void compute_flux_contribution(float density, float3 momentum,
                                                          float density_energy, float pressure,
                                                          float3 velocity, float3& fc_momentum_x,
                                                          float3& fc_momentum_y,
                                                          float3& fc_momentum_z,
                                                          float3& fc_density_energy) {
  fc_momentum_x.x = velocity.x * momentum.x + pressure;
  fc_momentum_x.y = velocity.x * momentum.y;
  fc_momentum_x.z = velocity.x * momentum.z;
  fc_momentum_y.x = fc_momentum_x.y;
  fc_momentum_y.y = velocity.y * momentum.y + pressure;
  fc_momentum_y.z = velocity.y * momentum.z;
  fc_momentum_z.x = fc_momentum_x.z;
  fc_momentum_z.y = fc_momentum_y.z;
  fc_momentum_z.z = velocity.z * momentum.z + pressure;
  float de_p = density_energy + pressure;
  fc_density_energy.x = velocity.x * de_p;
  fc_density_energy.y = velocity.y * de_p;
  fc_density_energy.z = velocity.z * de_p;
}

__global__ void compute_step_factor(int nelr, float* variables, float* areas,
                                    float* step_factors) {
  const int i = (blockDim.x * blockIdx.x + threadIdx.x);
  if (i >= nelr) return;
  float density = variables[i + VAR_DENSITY * nelr];
  float3 momentum;
  momentum.x = variables[i + (VAR_MOMENTUM + 0) * nelr];
  momentum.y = variables[i + (VAR_MOMENTUM + 1) * nelr];
  momentum.z = variables[i + (VAR_MOMENTUM + 2) * nelr];
  float density_energy = variables[i + VAR_DENSITY_ENERGY * nelr];
  float3 velocity;
  compute_velocity(density, momentum, velocity);
  float speed_sqd = compute_speed_sqd(velocity);
  float pressure = compute_pressure(density, density_energy, speed_sqd);
  float speed_of_sound = compute_speed_of_sound(density, pressure);
  step_factors[i] = float(0.5f) / (sqrtf(areas[i]) * (sqrtf(speed_sqd) + speed_of_sound));
}

__global__ void compute_flux(int nelr, int* elements_surrounding_elements, float* normals,
                             float* variables, float* fluxes) {
  const float smoothing_coefficient = float(0.2f);
  const int i = (blockDim.x * blockIdx.x + threadIdx.x);
  if (i >= nelr) return;
  int j, nb;
  float3 normal;
  float normal_len;
  float factor;
  float density_i = variables[i + VAR_DENSITY * nelr];
  float3 momentum_i;
  momentum_i.x = variables[i + (VAR_MOMENTUM + 0) * nelr];
  momentum_i.y = variables[i + (VAR_MOMENTUM + 1) * nelr];
  momentum_i.z = variables[i + (VAR_MOMENTUM + 2) * nelr];
  float density_energy_i = variables[i + VAR_DENSITY_ENERGY * nelr];
  float3 velocity_i;
  compute_velocity(density_i, momentum_i, velocity_i);
  float speed_sqd_i = compute_speed_sqd(velocity_i);
  float speed_i = sqrtf(speed_sqd_i);
  float pressure_i = compute_pressure(density_i, density_energy_i, speed_sqd_i);
  float speed_of_sound_i = compute_speed_of_sound(density_i, pressure_i);
  float3 flux_contribution_i_momentum_x, flux_contribution_i_momentum_y,
      flux_contribution_i_momentum_z;
  float3 flux_contribution_i_density_energy;
  compute_flux_contribution(density_i, momentum_i, density_energy_i, pressure_i, velocity_i,
                            flux_contribution_i_momentum_x, flux_contribution_i_momentum_y,
                            flux_contribution_i_momentum_z, flux_contribution_i_density_energy);
  float flux_i_density = float(0.0f);
  float3 flux_i_momentum;
  flux_i_momentum.x = float(0.0f);
  flux_i_momentum.y = float(0.0f);
  flux_i_momentum.z = float(0.0f);
  float flux_i_density_energy = float(0.0f);
  float3 velocity_nb;
  float density_nb, density_energy_nb;
  float3 momentum_nb;
  float3 flux_contribution_nb_momentum_x, flux_contribution_nb_momentum_y,
      flux_contribution_nb_momentum_z;
  float3 flux_contribution_nb_density_energy;
  float speed_sqd_nb, speed_of_sound_nb, pressure_nb;
#pragma unroll
  for (j = 0; j < NNB; j++) {
    nb = elements_surrounding_elements[i + j * nelr];
    normal.x = normals[i + (j + 0 * NNB) * nelr];
    normal.y = normals[i + (j + 1 * NNB) * nelr];
    normal.z = normals[i + (j + 2 * NNB) * nelr];
    normal_len = sqrtf(normal.x * normal.x + normal.y * normal.y + normal.z * normal.z);
    if (nb >= 0) {  // a neighbouring cell
      density_nb = variables[nb + VAR_DENSITY * nelr];
      momentum_nb.x = variables[nb + (VAR_MOMENTUM + 0) * nelr];
      momentum_nb.y = variables[nb + (VAR_MOMENTUM + 1) * nelr];
      momentum_nb.z = variables[nb + (VAR_MOMENTUM + 2) * nelr];
      density_energy_nb = variables[nb + VAR_DENSITY_ENERGY * nelr];
      compute_velocity(density_nb, momentum_nb, velocity_nb);
      speed_sqd_nb = compute_speed_sqd(velocity_nb);
      pressure_nb = compute_pressure(density_nb, density_energy_nb, speed_sqd_nb);
      speed_of_sound_nb = compute_speed_of_sound(density_nb, pressure_nb);
      compute_flux_contribution(density_nb, momentum_nb, density_energy_nb, pressure_nb,
                                velocity_nb, flux_contribution_nb_momentum_x,
                                flux_contribution_nb_momentum_y, flux_contribution_nb_momentum_z,
                                flux_contribution_nb_density_energy);
      // artificial viscosity
      factor = -normal_len * smoothing_coefficient * float(0.5f) *
               (speed_i + sqrtf(speed_sqd_nb) + speed_of_sound_i + speed_of_sound_nb);
      flux_i_density += factor * (density_i - density_nb);
      flux_i_density_energy += factor * (density_energy_i - density_energy_nb);
      flux_i_momentum.x += factor * (momentum_i.x - momentum_nb.x);
      flux_i_momentum.y += factor * (momentum_i.y - momentum_nb.y);
      flux_i_momentum.z += factor * (momentum_i.z - momentum_nb.z);
      // accumulate cell-centered fluxes
      factor = float(0.5f) * normal.x;
      flux_i_density += factor * (momentum_nb.x + momentum_i.x);
      flux_i_density_energy +=
          factor * (flux_contribution_nb_density_energy.x + flux_contribution_i_density_energy.x);
      flux_i_momentum.x +=
          factor * (flux_contribution_nb_momentum_x.x + flux_contribution_i_momentum_x.x);
      flux_i_momentum.y +=
          factor * (flux_contribution_nb_momentum_y.x + flux_contribution_i_momentum_y.x);
      flux_i_momentum.z +=
          factor * (flux_contribution_nb_momentum_z.x + flux_contribution_i_momentum_z.x);
      factor = float(0.5f) * normal.y;
      flux_i_density += factor * (momentum_nb.y + momentum_i.y);
      flux_i_density_energy +=
          factor * (flux_contribution_nb_density_energy.y + flux_contribution_i_density_energy.y);
      flux_i_momentum.x +=
          factor * (flux_contribution_nb_momentum_x.y + flux_contribution_i_momentum_x.y);
      flux_i_momentum.y +=
          factor * (flux_contribution_nb_momentum_y.y + flux_contribution_i_momentum_y.y);
      flux_i_momentum.z +=
          factor * (flux_contribution_nb_momentum_z.y + flux_contribution_i_momentum_z.y);
      factor = float(0.5f) * normal.z;
      flux_i_density += factor * (momentum_nb.z + momentum_i.z);
      flux_i_density_energy +=
          factor * (flux_contribution_nb_density_energy.z + flux_contribution_i_density_energy.z);
      flux_i_momentum.x +=
          factor * (flux_contribution_nb_momentum_x.z + flux_contribution_i_momentum_x.z);
      flux_i_momentum.y +=
          factor * (flux_contribution_nb_momentum_y.z + flux_contribution_i_momentum_y.z);
      flux_i_momentum.z +=
          factor * (flux_contribution_nb_momentum_z.z + flux_contribution_i_momentum_z.z);
    } else if (nb == -1) {  // a wing boundary: pressure only
      flux_i_momentum.x += normal.x * pressure_i;
      flux_i_momentum.y += normal.y * pressure_i;
      flux_i_momentum.z += normal.z * pressure_i;
    } else if (nb == -2) {  // a far-field boundary
      float3 ff_momentum = make_float3(ff_variable[VAR_MOMENTUM + 0],
                                       ff_variable[VAR_MOMENTUM + 1],
                                       ff_variable[VAR_MOMENTUM + 2]);
      float3 ff_velocity;
      compute_velocity(ff_variable[VAR_DENSITY], ff_momentum, ff_velocity);
      float ff_pressure = compute_pressure(ff_variable[VAR_DENSITY],
                                           ff_variable[VAR_DENSITY_ENERGY],
                                           compute_speed_sqd(ff_velocity));
      float3 ff_fc_x, ff_fc_y, ff_fc_z, ff_fc_e;
      compute_flux_contribution(ff_variable[VAR_DENSITY], ff_momentum,
                                ff_variable[VAR_DENSITY_ENERGY], ff_pressure, ff_velocity, ff_fc_x,
                                ff_fc_y, ff_fc_z, ff_fc_e);
      factor = float(0.5f) * normal.x;
      flux_i_density += factor * (ff_momentum.x + momentum_i.x);
      flux_i_density_energy += factor * (ff_fc_e.x + flux_contribution_i_density_energy.x);
      flux_i_momentum.x += factor * (ff_fc_x.x + flux_contribution_i_momentum_x.x);
      flux_i_momentum.y += factor * (ff_fc_y.x + flux_contribution_i_momentum_y.x);
      flux_i_momentum.z += factor * (ff_fc_z.x + flux_contribution_i_momentum_z.x);
      factor = float(0.5f) * normal.y;
      flux_i_density += factor * (ff_momentum.y + momentum_i.y);
      flux_i_density_energy += factor * (ff_fc_e.y + flux_contribution_i_density_energy.y);
      flux_i_momentum.x += factor * (ff_fc_x.y + flux_contribution_i_momentum_x.y);
      flux_i_momentum.y += factor * (ff_fc_y.y + flux_contribution_i_momentum_y.y);
      flux_i_momentum.z += factor * (ff_fc_z.y + flux_contribution_i_momentum_z.y);
      factor = float(0.5f) * normal.z;
      flux_i_density += factor * (ff_momentum.z + momentum_i.z);
      flux_i_density_energy += factor * (ff_fc_e.z + flux_contribution_i_density_energy.z);
      flux_i_momentum.x += factor * (ff_fc_x.z + flux_contribution_i_momentum_x.z);
      flux_i_momentum.y += factor * (ff_fc_y.z + flux_contribution_i_momentum_y.z);
      flux_i_momentum.z += factor * (ff_fc_z.z + flux_contribution_i_momentum_z.z);
    }
  }
  fluxes[i + VAR_DENSITY * nelr] = flux_i_density;
  fluxes[i + (VAR_MOMENTUM + 0) * nelr] = flux_i_momentum.x;
  fluxes[i + (VAR_MOMENTUM + 1) * nelr] = flux_i_momentum.y;
  fluxes[i + (VAR_MOMENTUM + 2) * nelr] = flux_i_momentum.z;
  fluxes[i + VAR_DENSITY_ENERGY * nelr] = flux_i_density_energy;
}

__global__ void time_step(int j, int nelr, float* old_variables, float* variables,
                          float* step_factors, float* fluxes) {
  const int i = (blockDim.x * blockIdx.x + threadIdx.x);
  if (i >= nelr) return;
  float factor = step_factors[i] / float(RK + 1 - j);
  variables[i + VAR_DENSITY * nelr] =
      old_variables[i + VAR_DENSITY * nelr] + factor * fluxes[i + VAR_DENSITY * nelr];
  variables[i + VAR_DENSITY_ENERGY * nelr] = old_variables[i + VAR_DENSITY_ENERGY * nelr] +
                                             factor * fluxes[i + VAR_DENSITY_ENERGY * nelr];
  variables[i + (VAR_MOMENTUM + 0) * nelr] = old_variables[i + (VAR_MOMENTUM + 0) * nelr] +
                                             factor * fluxes[i + (VAR_MOMENTUM + 0) * nelr];
  variables[i + (VAR_MOMENTUM + 1) * nelr] = old_variables[i + (VAR_MOMENTUM + 1) * nelr] +
                                             factor * fluxes[i + (VAR_MOMENTUM + 1) * nelr];
  variables[i + (VAR_MOMENTUM + 2) * nelr] = old_variables[i + (VAR_MOMENTUM + 2) * nelr] +
                                             factor * fluxes[i + (VAR_MOMENTUM + 2) * nelr];
}

void cfd_run(float* variables, const float* areas, const int* elements_surrounding_elements,
             const float* normals, int nelr, int iterations) {
  float *d_variables, *d_old_variables, *d_areas, *d_normals, *d_fluxes, *d_step_factors;
  int* d_ese;
  cudaMalloc((void**)&d_variables, sizeof(float) * nelr * NVAR);
  cudaMalloc((void**)&d_old_variables, sizeof(float) * nelr * NVAR);
  cudaMalloc((void**)&d_fluxes, sizeof(float) * nelr * NVAR);
  cudaMalloc((void**)&d_areas, sizeof(float) * nelr);
  cudaMalloc((void**)&d_step_factors, sizeof(float) * nelr);
  cudaMalloc((void**)&d_normals, sizeof(float) * nelr * NDIM * NNB);
  cudaMalloc((void**)&d_ese, sizeof(int) * nelr * NNB);
  cudaMemcpy(d_variables, variables, sizeof(float) * nelr * NVAR, cudaMemcpyHostToDevice);
  cudaMemcpy(d_areas, areas, sizeof(float) * nelr, cudaMemcpyHostToDevice);
  cudaMemcpy(d_normals, normals, sizeof(float) * nelr * NDIM * NNB, cudaMemcpyHostToDevice);
  cudaMemcpy(d_ese, elements_surrounding_elements, sizeof(int) * nelr * NNB,
             cudaMemcpyHostToDevice);
  dim3 Dg1(nelr / BLOCK_SIZE_1), Db1(BLOCK_SIZE_1);
  dim3 Dg2(nelr / BLOCK_SIZE_2), Db2(BLOCK_SIZE_2);
  for (int i = 0; i < iterations; i++) {
    cudaMemcpy(d_old_variables, d_variables, sizeof(float) * nelr * NVAR,
               cudaMemcpyDeviceToDevice);
    compute_step_factor<<<Dg1, Db1>>>(nelr, d_variables, d_areas, d_step_factors);
    for (int j = 0; j < RK; j++) {
      compute_flux<<<Dg2, Db2>>>(nelr, d_ese, d_normals, d_variables, d_fluxes);
      time_step<<<Dg2, Db2>>>(j, nelr, d_old_variables, d_variables, d_step_factors, d_fluxes);
    }
  }
  cudaMemcpy(variables, d_variables, sizeof(float) * nelr * NVAR, cudaMemcpyDeviceToHost);
  cudaFree(d_variables);
  cudaFree(d_old_variables);
  cudaFree(d_fluxes);
  cudaFree(d_areas);
  cudaFree(d_step_factors);
  cudaFree(d_normals);
  cudaFree(d_ese);
}
