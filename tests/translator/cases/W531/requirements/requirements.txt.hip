cupy-cuda12x==13.0.0
nvidia-cublas-cu12==12.1.3.1
nvidia-ml-py
flash-attn==2.5.8
-f https://flashinfer.ai/whl/cu121/torch2.4
flashinfer-python
pycuda
