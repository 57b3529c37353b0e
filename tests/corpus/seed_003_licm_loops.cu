// Seed 003: loops where LICM/CSE would remove loads that the reverse pass still needs.
void use(double v);
void overwrite(double* array);

void invariant_load(double* array, int N, int M) {
for(int i=0; i<N; i++) {

  for(int j=0; j<M; j++) {

    use(array[i]);

  }

}


overwrite(array);
}

void variant_load(double* array, int N, int M) {
for(int i=0; i<N; i++) {

  for(int j=0; j<M; j++) {

   

    use(array[j]);

  }

}


overwrite(array);
}
