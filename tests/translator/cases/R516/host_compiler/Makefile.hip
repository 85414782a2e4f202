# Host code built by g++ against the CUDA runtime.
ROCM_PATH ?= /opt/rocm
CUDA_PATH ?= /usr/local/cuda
INCLUDES := -Icommon -I$(ROCM_PATH)/include -D__HIP_PLATFORM_AMD__

app: main.cpp
	g++ $(INCLUDES) -I$(ROCM_PATH)/include -D__HIP_PLATFORM_AMD__ main.cpp -L$(ROCM_PATH)/lib -lamdhip64

drv: drv.cpp
	$(CXX) -I$(ROCM_PATH)/include -D__HIP_PLATFORM_AMD__ drv.cpp -L$(ROCM_PATH)/lib -lamdhip64
