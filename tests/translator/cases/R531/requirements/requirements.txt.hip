--extra-index-url https://download.pytorch.org/whl/rocm6.2
torch==2.3.0+rocm6.2
torchvision==0.18.0+rocm6.2
tensorflow-rocm==2.15
numpy>=1.24
