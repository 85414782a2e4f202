cupy
numpy
