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

from translator.compile.build_config import build_config_from
from translator.options import Options, options_from_json, parse_version
from translator.rules import CODES
from webapp import runners
from webapp.api.errors import PayloadTooLarge
from webapp.jobs.models import ARCHIVE_SUFFIXES, ARTIFACTS, Job
from webapp.jobs.queue import progress_of
from webapp.jobs.uploads import UploadRefused, check_archive
from webapp.jobs.verdict import VERDICTS, verdict

# Anchored: DRF's RegexField searches, it does not match the whole value.
_ARCH = re.compile(r"\Agfx[0-9a-f]{3,5}(?::[a-z-]+[+-])*\Z")
_RULE_PREFIX = re.compile(r"\A[REW][0-9]{0,3}\Z")
_DEFINE = re.compile(r"\A[A-Za-z_][A-Za-z0-9_]*(?:=[^\n]{0,200})?\Z")
_FILE_NAME = re.compile(r"\A[A-Za-z0-9_][A-Za-z0-9_.+-]{0,99}\Z")
_REWRITE_CODE = re.compile(r"\AR[0-9]{3}\Z")
#: Options of the API that are not the translator's (kept on the job, for people).
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
        help_text="rule codes or prefixes to skip; a rewrite rule (R…) it skips must be named "
        "in skip_rewrites too, since its code then stays CUDA")
    skip_rewrites = serializers.ListField(
        child=serializers.RegexField(_REWRITE_CODE), required=False, max_length=100,
        help_text="rewrite rules (full codes, e.g. R542) whose rewrite is turned off: the "
        "code they would rewrite stays CUDA (and may not compile)")
    defines = serializers.ListField(
        child=serializers.RegexField(_DEFINE), required=False, max_length=100,
        help_text="macros for analysis, NAME or NAME=VALUE")
    cmake = serializers.ListField(
        child=serializers.CharField(max_length=1100), required=False, max_length=100,
        help_text="CMake cache entries the compile check configures the project with, "
        "NAME=VALUE (NAME alone is NAME=ON), e.g. USE_CUDA=ON; added to what rocport finds "
        "and to the repository's .rocport.toml")
    make_variables = serializers.ListField(
        child=serializers.CharField(max_length=1100), required=False, max_length=100,
        help_text="make variables for the compile check, NAME=VALUE, e.g. GPU=1")
    make_goals = serializers.ListField(
        child=serializers.CharField(max_length=200), required=False, max_length=100,
        help_text="make goals the compile check builds, e.g. all kernels")

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

    def validate(self, data):
        """A rewrite rule that select or ignore leaves out must be named in skip_rewrites:
        skipping it silently left CUDA in the port (and failed its compile check)."""
        data = super().validate(data)
        skipped = rewrites_left_out(data.get("select") or (), data.get("ignore") or ())
        named = set(data.get("skip_rewrites") or ())
        unknown = sorted(named - {rule.code for rule in CODES if rule.kind == "rewrite"})
        if unknown:
            raise serializers.ValidationError({"skip_rewrites": [
                f"{', '.join(unknown)}: not a rewrite rule (see /api/rules/)"]})
        missing = [rule for rule in skipped if rule.code not in named]
        if missing:
            listed = "; ".join(f"{rule.code} {rule.name} ({rule.summary.rstrip('.')})"
                               for rule in missing[:5])
            more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
            raise serializers.ValidationError({"skip_rewrites": [
                f"select/ignore turn off rewrite rules, which leaves their code CUDA: "
                f"{listed}{more}. Name them in skip_rewrites to confirm: "
                f"{' '.join(rule.code for rule in missing)}"]})
        return data

    def validate_cmake(self, words: list[str]) -> list[str]:
        return _checked(words, lambda words: build_config_from(cmake=words))

    def validate_make_variables(self, words: list[str]) -> list[str]:
        return _checked(words, lambda words: build_config_from(make_variables=words))

    def validate_make_goals(self, words: list[str]) -> list[str]:
        return _checked(words, lambda words: build_config_from(make_goals=words))

    def validate_hip_version(self, value: str):
        if not value:
            return None
        try:
            return list(parse_version(value))
        except ValueError as error:
            raise serializers.ValidationError(str(error)) from None

    def options(self) -> dict:
        """The options the client chose, JSON-ready (a Job's ``options`` field). Options
        left empty or at their default are not stored, whichever way they came in. The
        rewrites named in ``skip_rewrites`` are ignored by the translator too."""
        chosen = {name: value for name, value in self.validated_data.items()
                  if name in OptionsSerializer._declared_fields
                  and value not in (None, False, [], "") and (name, value) != ("naming", "keep")}
        skipped = [code for code in chosen.get("skip_rewrites", ())
                   if code not in chosen.get("ignore", ())]
        if skipped:
            chosen["ignore"] = [*chosen.get("ignore", ()), *skipped]
        return chosen


def _checked(words: list[str], check) -> list[str]:
    """WORDS when CHECK (translator.compile.build_config's parser) accepts them."""
    try:
        check(words)
    except ValueError as error:
        raise serializers.ValidationError(str(error)) from None
    return words


def rewrites_left_out(select, ignore) -> list:
    """The rewrite rules that SELECT and IGNORE (rule codes or prefixes) turn off."""
    options = Options(select=tuple(select), ignore=tuple(ignore))
    return [rule for rule in CODES if rule.kind == "rewrite" and not options.rule_enabled(
        rule.code)]


def translator_options(options: dict) -> Options:
    """The translator's Options from OPTIONS (a job's, or a request's, as ``options()``
    stores them): the others (``skip_rewrites``, the build configuration) are left out."""
    return options_from_json({**options, "clang_resource_dir": settings.CLANG_RESOURCE_DIR})


def with_default_hip_version(options: dict) -> dict:
    """OPTIONS (a job's, a snippet's) with the default target HIP version when none was
    chosen: the one the ROCm runners compile with (webapp.runners.default_hip_version),
    so that a correct translation also compiles there."""
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
    # A field of the API named "source": DRF's metaclass takes declared fields out of the
    # class, so it never meets Field.source, which the stubs see it override.
    source = serializers.CharField(  # type: ignore[assignment]
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
    source = serializers.CharField(help_text="the HIP text")  # type: ignore[assignment]  # as above
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
                                  "translating (files), packing, storing, compiling or "
                                  "merging (units); '' otherwise")
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
    compile_verdict = serializers.SerializerMethodField()
    failure = serializers.SerializerMethodField()
    hip_version = serializers.SerializerMethodField()
    links = serializers.SerializerMethodField()

    class Meta:
        model = Job
        fields = ["id", "state", "source_kind", "source_name", "options", "progress",
                  "failure", "compile_status", "compile_verdict", "hip_version", "summary",
                  "created_at", "started_at", "finished_at", "links"]
        read_only_fields = fields

    @extend_schema_field(HipVersionSerializer)
    def get_hip_version(self, job: Job) -> dict:
        target = job.options.get("hip_version")
        return {"target": ".".join(str(part) for part in target) if target else "newest",
                "toolchain": job.summary.get("toolchain_hip_version") or None,
                "mismatch": job.summary.get("version_mismatch", "")}

    @extend_schema_field(serializers.ChoiceField(
        ("", *VERDICTS), help_text="what the compile check of a done job is worth: ok, "
        "skipped, translation-errors, none-compiled (no unit compiled) or incomplete (GPU "
        "sources left unchecked: summary.gpu_sources says which); '' before the job is done"))
    def get_compile_verdict(self, job: Job) -> str:
        return verdict(job.summary) if job.state == Job.State.DONE else ""

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
