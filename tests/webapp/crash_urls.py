"""The real URLconf (with its error handlers) plus views that fail unexpectedly."""

from django.urls import path

from webapp.urls import *  # noqa: F403  (handler400, handler500)
from webapp.urls import urlpatterns as real_urlpatterns


def crash(request):
    raise RuntimeError("a bug outside the API views")


urlpatterns = [path("api/crash/", crash), path("crash/", crash), *real_urlpatterns]
