"""Jobs: the Job model and its state machine, the upload form, the job pages."""
