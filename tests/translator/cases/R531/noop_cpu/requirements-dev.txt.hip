torch==2.3.0
pytest
