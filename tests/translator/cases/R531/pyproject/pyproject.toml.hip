[project]
dependencies = ["torch==2.4.0+rocm6.3", "tensorflow-rocm"]
