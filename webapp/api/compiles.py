"""``POST /api/translate/compile/``: translate one file now, then compile its HIP on a ROCm
runner (the playground's "Compile on a runner"); ``GET .../compile/<id>/`` follows it.

The translation runs in the request, as ``/api/translate/`` does (same limits, same slots).
The compile goes to the ``rocm-snippets`` queue, which the ROCm workers serve beside their
jobs' batches: a small queue, so a snippet never waits behind a whole repository, with a
tight limit (``SNIPPET_COMPILE_TIME_LIMIT``). At most ``SNIPPET_COMPILE_QUEUE`` compiles
wait at once on the service, and one per client: the others are answered 429 at once. The
answer is in the database (``SnippetCompile``), never in Celery's results.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, Throttled
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from webapp.api.errors import Unavailable
from webapp.api.models import SnippetCompile
from webapp.api.serializers import (
    SnippetSerializer,
)
from webapp.api.snippet_slots import client_of
from webapp.api.snippets import SnippetView
from webapp.jobs.outbox import send

WAITING = (SnippetCompile.State.QUEUED, SnippetCompile.State.RUNNING)
#: Older compiles are removed by the workers' recovery.
KEPT_FOR = timedelta(days=1)


def compile_answer(request, compiled: SnippetCompile) -> dict:
    return {"id": str(compiled.pk), "state": compiled.state, "path": compiled.path,
            "result": compiled.result,
            "url": request.build_absolute_uri(reverse("api:snippet-compile",
                                                      args=[compiled.pk]))}


class CompileView(SnippetView):
    @extend_schema(tags=["translate"], request=SnippetSerializer,
                   responses={202: OpenApiTypes.OBJECT},
                   summary="Translate one CUDA file and compile its HIP on a ROCm runner",
                   examples=[OpenApiExample("A kernel", request_only=True, value={
                       "path": "k.cu", "source": "__global__ void k(float* x) "
                       "{ x[threadIdx.x] = 0; }\n"})])
    def post(self, request):
        """202 with the compile's ``id``, ``state`` (queued) and ``url`` to follow it; the
        ``result`` (``runner``, ``hip_version``, ``status``, ``ok``, ``diagnostics`` on the
        HIP lines, ``output``) is there once ``state`` is ``done`` or ``failed``."""
        data = self.posted(request)
        client = client_of(request)
        waiting = SnippetCompile.objects.filter(state__in=WAITING,
                                                created_at__gt=timezone.now() - KEPT_FOR)
        if waiting.filter(client=client).exists():
            raise Throttled(settings.SNIPPET_COMPILE_TIME_LIMIT,
                            "your previous snippet is still compiling", "throttled")
        if waiting.count() >= settings.SNIPPET_COMPILE_QUEUE:
            raise Throttled(settings.SNIPPET_COMPILE_TIME_LIMIT,
                            "the runners have too many snippets to compile now", "busy")
        answer = self.translate(request, data)
        path = data.validated_data["path"]
        compiled = SnippetCompile.objects.create(client=client, path=path,
                                                 source=answer["source"])
        if not send("compile_snippet", str(compiled.pk)):
            compiled.delete()
            raise Unavailable("the job queue (Redis) does not answer", "queue-unavailable")
        return Response(compile_answer(request, compiled), status=status.HTTP_202_ACCEPTED)


class CompileResultView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["translate"], responses={200: OpenApiTypes.OBJECT},
                   summary="A snippet compile: its state and, once ended, its result")
    def get(self, request, compile_id):
        compiled = SnippetCompile.objects.filter(pk=compile_id).first()
        if compiled is None:
            raise NotFound("no such compile (they are kept for a day)")
        return Response(compile_answer(request, compiled))
