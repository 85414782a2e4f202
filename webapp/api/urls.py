"""``/api/``: jobs, single-file translation, rules, the OpenAPI schema and its docs pages."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import SimpleRouter

from webapp.api import compiles, pages, views

app_name = "api"
router = SimpleRouter()
router.register("jobs", views.JobViewSet, basename="job")

urlpatterns = [
    *router.urls,
    path("jobs/<uuid:pk>/files/<str:name>",
         views.JobViewSet.as_view({"get": "file"}, content_negotiation_class=views.AnyAccept),
         name="job-file"),
    path("translate/", views.TranslateView.as_view(), name="translate"),
    path("translate/compile/", compiles.CompileView.as_view(), name="snippet-compiles"),
    path("translate/compile/<uuid:compile_id>/", compiles.CompileResultView.as_view(),
         name="snippet-compile"),
    path("rules/", views.rules_view, name="rules"),
    path("runners/", views.runners_view, name="runners"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # Split: the page's script is a second request, so the CSP needs no inline script.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path("token/", pages.token_page, name="token"),
    re_path(r"^(?P<rest>.*)$", views.not_found_view),
]
