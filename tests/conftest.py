"""Shared pytest options for the whole suite."""


def pytest_addoption(parser):
    parser.addoption(
        "--update-cases",
        action="store_true",
        help="rewrite the expected outputs of translator cases (review the diff!)",
    )
