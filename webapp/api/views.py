"""REST API views: validate, create or read a Job, enqueue through ``submit_job``, answer.

Every answer is JSON; errors have the shape of ``webapp.api.errors``. A client sees only
its own jobs (a superuser sees all), and another client's job is answered 404.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.exceptions import NotFound
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from translator.rules import CODES
from webapp import runners
from webapp.api.errors import Conflict, Unavailable, refuse_large_body
from webapp.api.serializers import (
    JobCreateSerializer,
    JobSerializer,
    RuleSerializer,
    SnippetResultSerializer,
    SnippetSerializer,
)
from webapp.api.snippets import SnippetView
from webapp.github.ports import PortRefused, port_answer, request_port_for_job
from webapp.jobs.downloads import artifact_response
from webapp.jobs.models import InvalidTransition, Job
from webapp.jobs.submit import submit_job
from webapp.jobs.uploads import check_archive


class AnyAccept(BaseContentNegotiation):
    """File downloads answer with the file's own type, whatever Accept says."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None


class JobPagination(PageNumberPagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100


@extend_schema(tags=["jobs"])
@extend_schema_view(
    list=extend_schema(summary="Your jobs, newest first (paginated: ?page=, ?page_size=)"),
    retrieve=extend_schema(summary="One job: state, progress, failure, summary and links"),
)
class JobViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Repository translation jobs of the signed-in client."""

    serializer_class = JobSerializer
    pagination_class = JobPagination
    parser_classes = [MultiPartParser, FormParser]
    lookup_value_regex = "[0-9a-f-]{36}"

    def get_queryset(self):
        user = self.request.user
        jobs = Job.objects.owned_by(user) if self.action == "list" else \
            Job.objects.visible_to(user)
        return jobs.order_by("-created_at")

    @extend_schema(request=JobCreateSerializer, responses={201: JobSerializer},
                   summary="Submit an archive of a CUDA project for translation")
    def create(self, request):
        refuse_large_body(request, settings.MAX_UPLOAD_BYTES, "the upload")
        data = JobCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        archive = data.validated_data["archive"]
        job = submit_job(owner=request.user, archive=archive, suffix=check_archive(archive),
                         name=archive.name, options=data.options(), source_kind=Job.Source.API)
        answer = self.get_serializer(job).data
        return Response(answer, status=status.HTTP_201_CREATED,
                        headers={"Location": answer["links"]["self"]})

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT},
                   summary="The report JSON (files, findings, compile results, statistics)")
    @action(detail=True, methods=["get"])
    def report(self, request, pk=None):
        job = self.get_object()
        report = job.read_report()
        if report is None:
            raise Conflict(f"the report is not ready; the job is {job.state}", "not-ready")
        return Response(report)

    @extend_schema(request=None, responses={200: JobSerializer},
                   summary="Cancel a queued or running job")
    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        job = self.get_object()
        try:
            job.cancel()
        except InvalidTransition:
            raise Conflict(f"the job has already ended ({job.state})", "job-ended") from None
        return Response(self.get_serializer(job).data)

    @extend_schema(request=None, responses={202: OpenApiTypes.OBJECT},
                   summary="Open (or update) the HIP port pull request of a GitHub job")
    @action(detail=True, methods=["post"], url_path="hip-port")
    def hip_port(self, request, pk=None):
        """The job's HIP tree as branch ``rocport/hip-port/<number>`` of the base repository
        and a pull request into the source branch (the GitHub App's "Open HIP port")."""
        job = self.get_object()
        try:
            port = request_port_for_job(job, request.user.get_username())
        except PortRefused as refusal:
            raise Conflict(refusal.message, refusal.code) from None
        return Response({"status": "queued", "port": port_answer(port)},
                        status=status.HTTP_202_ACCEPTED)

    @extend_schema(request=None, summary="Download one of the job's files",
                   responses={(200, "application/octet-stream"): OpenApiTypes.BINARY})
    def file(self, request, pk=None, name=None):
        """Routed in urls.py (no trailing slash, so the URL ends with the file name)."""
        return artifact_response(self.get_object(), name)


#: The request Swagger UI offers for /api/translate/ (a test posts it).
SNIPPET_EXAMPLE = {
    "path": "saxpy.cu",
    "source": "__global__ void saxpy(int n, float a, float* x, float* y) {\n"
              "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  if (i < n) y[i] = a * x[i] + y[i];\n}\n\n"
              "void run(int n, float* x, float* y) {\n"
              "  float* d;\n  cudaMalloc(&d, n * sizeof(float));\n"
              "  saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, d, d);\n  cudaFree(d);\n}\n",
}


class TranslateView(SnippetView):
    """Translate one file synchronously; anonymous callers are rate-limited by address."""

    @extend_schema(tags=["translate"], request=SnippetSerializer,
                   responses={200: SnippetResultSerializer},
                   summary="Translate one CUDA file now (size- and time-limited)",
                   # Swagger UI's "Try it out" sends the first example: without one it made
                   # up "string" for every field, which the options refuse.
                   examples=[OpenApiExample("A kernel and its launch", request_only=True,
                                            value=SNIPPET_EXAMPLE)])
    def post(self, request):
        return Response(self.translate(request, self.posted(request)))


@extend_schema(tags=["runners"], responses={200: OpenApiTypes.OBJECT},
               summary="The ROCm workers online and the toolchains each compiles with")
@api_view(["GET"])
def runners_view(request):
    """``workers``: hostname, ``runners`` (name, HIP and clang versions, GPU targets,
    libraries) and runner builds in progress; 503 when the job queue does not answer."""
    found = runners.workers()
    if found is None:
        raise Unavailable("the job queue (Redis) does not answer", "queue-unavailable")
    return Response({"workers": found})


@extend_schema(tags=["rules"], responses={200: RuleSerializer(many=True)},
               summary="The rule catalogue, in the order rules run")
@api_view(["GET"])
@permission_classes([AllowAny])
def rules_view(request):
    absolute = request.build_absolute_uri
    return Response([
        {"code": rule.code, "name": rule.name, "category": rule.category,
         "summary": rule.summary, "kind": rule.kind,
         "url": absolute(reverse("rules:detail", args=[rule.code]))}
        for rule in CODES
    ])


@extend_schema(exclude=True)
@api_view(["GET", "POST", "PUT", "PATCH", "DELETE"])
@permission_classes([AllowAny])
def not_found_view(request, rest=""):
    raise NotFound(f"no API endpoint at {request.path}")
