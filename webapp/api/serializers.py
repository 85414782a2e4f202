"""Validate API input and shape API output.

Translation options use the names of the report's ``options`` (and of
``translator.Options``); only the ones a client may choose are accepted. Include
folders and clang arguments are left out on purpose: they name paths and flags on the
server.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from translator.options import parse_version
from webapp import runners
from webapp.api.errors import PayloadTooLarge
from webapp.jobs.models import ARCHIVE_SUFFIXES, ARTIFACTS, Job
from webapp.jobs.queue import progress_of
from webapp.jobs.uploads import UploadRefused, check_archive

# Anchored: DRF's RegexField searches, it does not match the whole value.
_ARCH = re.compile(r"\Agfx[0-9a-f]{3,5}(?::[a-z-]+[+-])*\Z")
_RULE_PREFIX = re.compile(r"\A[REW][0-9]{0,3}\Z")
_DEFINE = re.compile(r"\A[A-Za-z_][A-Za-z0-9_]*(?:=[^\n]{0,200})?\Z")
_FILE_NAME = re.compile(r"\A[A-Za-z0-9_][A-Za-z0-9_.+-]{0,99}\Z")


def _flag(help_text: str) -> serializers.BooleanField:
    return serializers.BooleanField(required=False, default=False, help_text=help_text)


class OptionsSerializer(serializers.Serializer):
    """Translation options; ``options()`` gives the dict stored on a Job."""

    hip_kernel_execution_syntax = _flag("rewrite kernel launches as hipLaunchKernelGGL(...)")
    roc = _flag("use rocBLAS/rocRAND/... names instead of the hip* wrappers")
    miopen = _flag("use MIOpen names for cuDNN")
    experimental = _flag("translate names whose HIP counterpart is experimental")
    amap = _flag("translate names even when their HIP counterpart is marked unsupported")
    skip_excluded_preprocessor_blocks = _flag("leave preprocessor branches not taken as they are")
    fix_hazards = _flag("apply the safe suggested fixes of hazard findings")
    hipify_compat = _flag("use hipify-clang's spellings (bare library headers, "
                          "hip_runtime.h in every .cu file, HIP_KERNEL_NAME(k) in every "
                          "launch, CUDA names in strings renamed)")
    hip_version = serializers.CharField(
        required=False, allow_blank=True, max_length=20,
        help_text="target HIP version, e.g. 6.2 (jobs default to the version of the ROCm "
        "runners that compile them: webapp.runners.default_hip_version)")
    naming = serializers.ChoiceField(
        ("keep", "hip"), required=False,
        help_text="file names: keep them, or rename .cu to .hip (repository jobs only)")
    offload_archs = serializers.ListField(
        child=serializers.RegexField(_ARCH, max_length=40), required=False, max_length=8,
        help_text="GPU targets the port is meant for (default gfx942)")
    select = serializers.ListField(
        child=serializers.RegexField(_RULE_PREFIX), required=False, max_length=100,
        help_text="rule codes or prefixes to run (default: all)")
    ignore = serializers.ListField(
        child=serializers.RegexField(_RULE_PREFIX), required=False, max_length=100,
        help_text="rule codes or prefixes to skip")
    defines = serializers.ListField(
        child=serializers.RegexField(_DEFINE), required=False, max_length=100,
        help_text="macros for analysis, NAME or NAME=VALUE")

    def to_internal_value(self, data):
        """Refuse names that are not fields: a misspelled option would otherwise be
        dropped silently and the job translated without it."""
        if hasattr(data, "keys"):
            unknown = sorted(set(data.keys()) - set(self.fields))
            if unknown:
                allowed = ", ".join(self.fields)
                raise serializers.ValidationError({name: [
                    f"unknown field; the allowed names are: {allowed}"] for name in unknown})
        return super().to_internal_value(data)

    def validate_hip_version(self, value: str):
        if not value:
            return None
        try:
            return list(parse_version(value))
        except ValueError as error:
            raise serializers.ValidationError(str(error)) from None

    def options(self) -> dict:
        """The options the client chose, JSON-ready (a Job's ``options`` field). Options
        left empty or at their default are not stored, whichever way they came in."""
        return {name: value for name, value in self.validated_data.items()
                if name in OptionsSerializer._declared_fields
                and value not in (None, False, [], "") and (name, value) != ("naming", "keep")}


def with_default_hip_version(options: dict) -> dict:
    """A job's OPTIONS with the default target HIP version when none was chosen: the one
    the ROCm runners compile with (webapp.runners.default_hip_version), so that a correct
    translation also compiles there."""
    if options.get("hip_version"):
        return options
    default = runners.default_hip_version()
    return {**options, "hip_version": list(parse_version(default))} if default else options


class JobCreateSerializer(OptionsSerializer):
    archive = serializers.FileField(
        help_text=f"a {', '.join(ARCHIVE_SUFFIXES)} archive of the CUDA project")

    def options(self) -> dict:
        return with_default_hip_version(super().options())

    def validate_archive(self, upload):
        try:
            check_archive(upload)
        except UploadRefused as refusal:
            if refusal.status == PayloadTooLarge.status_code:
                raise PayloadTooLarge(refusal.message) from None
            raise serializers.ValidationError(refusal.message, refusal.code) from None
        return upload


class SnippetSerializer(OptionsSerializer):
    source = serializers.CharField(
        allow_blank=True, trim_whitespace=False,
        help_text="the CUDA source text (UTF-8), at most SNIPPET_MAX_BYTES")
    path = serializers.RegexField(
        _FILE_NAME, required=False, default="input.cu",
        help_text="the file's name; its suffix tells a header (.cuh) from a source (.cu)")

    def validate_source(self, value: str) -> str:
        if len(value.encode("utf-8", "surrogatepass")) > settings.SNIPPET_MAX_BYTES:
            raise PayloadTooLarge.over("the source", settings.SNIPPET_MAX_BYTES)
        return value


class FindingSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    category = serializers.CharField()
    severity = serializers.ChoiceField(("error", "warning", "note"))
    line = serializers.IntegerField()
    column = serializers.IntegerField()
    message = serializers.CharField()
    help = serializers.CharField()
    suppressed = serializers.BooleanField()


class UnsupportedSerializer(serializers.Serializer):
    name = serializers.CharField()
    line = serializers.IntegerField()
    column = serializers.IntegerField()
    reason = serializers.CharField()


class SnippetResultSerializer(serializers.Serializer):
    """The answer of ``/api/translate/`` (documentation only: the view returns the dict)."""

    path = serializers.CharField()
    source = serializers.CharField(help_text="the HIP text")
    changed = serializers.BooleanField()
    replacements = serializers.IntegerField()
    diff = serializers.CharField(help_text="unified diff, CUDA to HIP ('' when unchanged)")
    findings = FindingSerializer(many=True)
    unsupported = UnsupportedSerializer(many=True)
    note = serializers.CharField(required=False,
                                 help_text="present when libclang crashed and the file was "
                                 "translated with tokens only")


class ProgressSerializer(serializers.Serializer):
    phase = serializers.CharField(help_text="what done and total count: unpacking or "
                                  "translating (files), compiling (units); '' otherwise")
    done = serializers.IntegerField()
    total = serializers.IntegerField()
    percent = serializers.IntegerField()
    waiting = serializers.CharField(help_text="why the job waits (its place in the queue, "
                                    "the ROCm runners); '' when it does not wait")


class FailureSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()


class JobLinksSerializer(serializers.Serializer):
    self = serializers.URLField()
    page = serializers.URLField(help_text="the job's HTML page")
    report = serializers.URLField(allow_null=True)
    cancel = serializers.URLField(allow_null=True)
    files = serializers.DictField(child=serializers.URLField(),
                                  help_text=f"downloads by name: {', '.join(ARTIFACTS)}")


class HipVersionSerializer(serializers.Serializer):
    target = serializers.CharField(help_text="the HIP version the job was translated for "
                                   "('newest': the newest HIP rocport knows)")
    toolchain = serializers.CharField(allow_null=True, help_text="the HIP version of the "
                                      "hipcc that compiled it (null before the compile check)")
    mismatch = serializers.CharField(help_text="when the two differ, what that means for the "
                                     "compile results ('' otherwise)")


class JobSerializer(serializers.ModelSerializer):
    progress = serializers.SerializerMethodField()
    failure = serializers.SerializerMethodField()
    hip_version = serializers.SerializerMethodField()
    links = serializers.SerializerMethodField()

    class Meta:
        model = Job
        fields = ["id", "state", "source_kind", "source_name", "options", "progress",
                  "failure", "compile_status", "hip_version", "summary", "created_at",
                  "started_at", "finished_at", "links"]
        read_only_fields = fields

    @extend_schema_field(HipVersionSerializer)
    def get_hip_version(self, job: Job) -> dict:
        target = job.options.get("hip_version")
        return {"target": ".".join(str(part) for part in target) if target else "newest",
                "toolchain": job.summary.get("toolchain_hip_version") or None,
                "mismatch": job.summary.get("version_mismatch", "")}

    @extend_schema_field(ProgressSerializer)
    def get_progress(self, job: Job) -> dict:
        return progress_of(job)

    @extend_schema_field(FailureSerializer(allow_null=True))
    def get_failure(self, job: Job) -> dict | None:
        if job.state != Job.State.FAILED:
            return None
        return {"code": job.failure_code, "message": job.failure_message}

    @extend_schema_field(JobLinksSerializer)
    def get_links(self, job: Job) -> dict:
        absolute = self.context["request"].build_absolute_uri
        link = lambda name, *args: absolute(reverse(f"api:{name}", args=[job.pk, *args]))  # noqa: E731
        return {
            "self": link("job-detail"),
            "page": absolute(job.get_absolute_url()),
            "report": link("job-report") if "report.json" in job.artifacts else None,
            "cancel": link("job-cancel") if job.is_active else None,
            "files": {name: link("job-file", name) for name in ARTIFACTS
                      if name in job.artifacts},
        }


class RuleSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    category = serializers.CharField()
    summary = serializers.CharField()
    kind = serializers.ChoiceField(("rewrite", "warning", "engine"))
    url = serializers.URLField(help_text="the rule's documentation page")
