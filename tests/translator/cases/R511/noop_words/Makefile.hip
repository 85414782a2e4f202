NVCC_VERSION := 12
# nvcc is not called here
libnvcc.a:
	echo nvcc-like
