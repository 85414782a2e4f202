"""The client side of the rocport service: ``rocport submit`` sends a project to the REST
API, follows the job and downloads its results. Kept out of ``translator/``, which never
touches the network or the environment."""
