jobs:
  test:
    env:
      HIP_VISIBLE_DEVICES: "0"
    steps:
      - run: HIP_LAUNCH_BLOCKING=1 pytest
