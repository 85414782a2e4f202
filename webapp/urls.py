"""Root URLconf: pages, /rules/, /accounts/ (Django's login views), /admin/.

The REST API (``/api/``, with the playground page) and the GitHub webhook
(``/hooks/github/``) are separate apps; each adds its ``path(...)`` lines below.
"""

from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from webapp.api.pages import playground
from webapp.pages import runners_page

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="jobs:list", permanent=False), name="home"),
    path("jobs/", include("webapp.jobs.urls")),
    path("rules/", include("webapp.rules.urls")),
    path("api/", include("webapp.api.urls")),
    path("playground/", playground, name="playground"),
    path("runners/", runners_page, name="runners"),
    path("hooks/github/", include("webapp.github.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
]

# Errors raised outside the views: JSON under /api/, Django's pages elsewhere.
handler400 = "webapp.api.errors.bad_request"
handler500 = "webapp.api.errors.server_error"

