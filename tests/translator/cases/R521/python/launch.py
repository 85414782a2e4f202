import os

os.environ["CUDA_VISIBLE_DEVICES"] = "0"  # CUDA_VISIBLE_DEVICES in a comment stays
print(os.environ.get("CUDA_VISIBLE_DEVICES_EXTRA"))
