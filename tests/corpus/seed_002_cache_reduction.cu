// Seeds 002/003: the three caching strategies for a loop whose inputs are overwritten
// (each slide becomes one function; use/overwrite and their gradients are declared).
void use(double v);
void grad_use(double v);
void overwrite(double* x, double* y);
void grad_overwrite(double* x, double* y);

void uncached(double* x, double* y) {
 for(int i=0; i<10; i++) { 
  double sum = x[i] + y[i]; 

  use(sum); 
} 

overwrite(x, y); 
grad_overwrite(x, y); 

for(int i=9; i>=0; i--) { 
  double sum = 0.0;
  grad_use(sum); 
} 
}

void naive_cache(double* x, double* y) {
 double* x_cache = new double[10]; 
double* y_cache = new double[10]; 

for(int i=0; i<10; i++) { 
  double sum = x[i] + y[i]; 
  x_cache[i] = x[i]; 
  y_cache[i] = y[i]; 
  use(sum); 
} 

overwrite(x, y); 
grad_overwrite(x, y); 

for(int i=9; i>=0; i--) { 
  double sum = x_cache[i] + y_cache[i]; 
  grad_use(sum); 
} 
delete[] x_cache;
delete[] y_cache;
}

void smallest_cache(double* x, double* y) {
 double* sum_cache = new double[10]; 

for(int i=0; i<10; i++) { 
  double sum = x[i] + y[i]; 
  sum_cache[i] = sum; 

  use(sum); 
} 

overwrite(x, y); 
grad_overwrite(x, y); 

for(int i=9; i>=0; i--) { 

  grad_use(sum_cache[i]); 
} 
delete[] sum_cache;
}

void square_with_cache(double* x, double* out, double* grad_x, double* grad_out, int i) {
 double* x_cache = new double[10]; 
 
// Forward Pass 

out[i] = x[i] * x[i]; 
x_cache[i] = x[i]; 

x[i] = 0.0f; 
 
// Reverse (gradient) Pass 

grad_x[i] += 2 * x_cache[i] 
               * grad_out[i]; 

delete[] x_cache;
}
