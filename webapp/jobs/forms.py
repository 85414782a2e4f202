"""The upload form: an archive and every translation option the API takes, grouped.

The archive is checked by ``webapp.jobs.uploads.check_archive`` and the options by the
API's own ``OptionsSerializer``, so the form and ``POST /api/jobs/`` accept exactly the
same uploads and values, and refuse the others with the same messages.
"""

from __future__ import annotations

import re

from django import forms

from webapp import runners
from webapp.jobs.models import ARCHIVE_SUFFIXES
from webapp.jobs.uploads import UploadRefused, check_archive


def _words(text: str) -> list[str]:
    return [word for word in re.split(r"[\s,]+", text) if word]


def _flag(label: str, help_text: str) -> forms.BooleanField:
    return forms.BooleanField(required=False, label=label, help_text=help_text)


class UploadForm(forms.Form):
    #: (legend, explanation, field names) in the order the page shows them
    GROUPS = (
        ("Project", "", ("archive",)),
        ("Target", "What the port is for.", ("hip_version", "offload_archs", "naming")),
        ("Library names", "Which libraries CUDA library calls become.",
         ("roc", "miopen", "experimental", "amap")),
        ("Code", "How much rocport rewrites beyond renaming.",
         ("hip_kernel_execution_syntax", "fix_hazards", "skip_excluded_preprocessor_blocks")),
        ("Analysis", "What the checks see and which run.",
         ("defines", "select", "ignore", "skip_rewrites")),
        ("Build", "How the compile check configures the project, besides the GPU options "
         "rocport finds itself and the repository's .rocport.toml.",
         ("cmake", "make_variables", "make_goals")),
    )

    archive = forms.FileField(
        help_text="a .zip, .tar.gz or .tar of your CUDA project",
        widget=forms.ClearableFileInput(attrs={"accept": ",".join(ARCHIVE_SUFFIXES)}),
    )
    hip_version = forms.CharField(
        required=False, max_length=20, label="HIP version",
        help_text="names newer than this HIP release count as having no HIP counterpart; "
        "the default (also when left empty) is the version the compile check's runners "
        "have")
    offload_archs = forms.CharField(
        required=False, max_length=400, label="GPU targets", initial="gfx942",
        help_text="AMD GPU architectures written into the build files, separated by commas "
        "(e.g. gfx942, gfx90a)")
    naming = forms.ChoiceField(
        choices=(("keep", "keep file names"), ("hip", "rename .cu files to .hip")),
        initial="keep", required=False, widget=forms.RadioSelect, label="File names",
        help_text="with .hip, includes and build files follow the new names")
    roc = _flag("rocBLAS, rocRAND, rocFFT… names",
                "call the roc* libraries directly instead of the hip* wrappers")
    miopen = _flag("MIOpen for cuDNN", "translate cuDNN calls to MIOpen")
    experimental = _flag("Experimental HIP names",
                         "also translate names whose HIP counterpart is experimental")
    amap = _flag("As much as possible",
                 "translate names even when HIP marks their counterpart unsupported")
    hip_kernel_execution_syntax = _flag(
        "Launch kernels with hipLaunchKernelGGL",
        "rewrite kernel<<<grid, block>>>(…) launches as hipLaunchKernelGGL(…)")
    fix_hazards = _flag("Apply safe fixes of hazards",
                        "apply the suggested fixes of findings that are safe to apply "
                        "mechanically (e.g. 32-bit lane masks)")
    skip_excluded_preprocessor_blocks = _flag(
        "Leave inactive #if branches alone",
        "do not translate preprocessor branches that the given macros switch off")
    defines = forms.CharField(
        required=False, max_length=4000, label="Macros", widget=forms.Textarea(attrs={"rows": 2}),
        help_text="NAME or NAME=VALUE, one per line: which #if branches the analysis takes")
    select = forms.CharField(
        required=False, max_length=1000, label="Only these rules",
        help_text="rule codes or prefixes separated by spaces, e.g. R1 W201 (empty: all)")
    ignore = forms.CharField(
        required=False, max_length=1000, label="Skip these rules",
        help_text="rule codes or prefixes separated by spaces, e.g. W5; a rewrite rule (R…) "
        "must be named below too")
    skip_rewrites = forms.CharField(
        required=False, max_length=1000, label="Turn these rewrites off",
        help_text="rewrite rules whose code stays CUDA, full codes separated by spaces, e.g. "
        "R542: the port may then not compile")

    cmake = forms.CharField(
        required=False, max_length=4000, label="CMake cache entries",
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="NAME=VALUE, one per line, e.g. USE_CUDA=ON (NAME alone is NAME=ON)")
    make_variables = forms.CharField(
        required=False, max_length=4000, label="make variables",
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="NAME=VALUE, one per line, e.g. GPU=1")
    make_goals = forms.CharField(
        required=False, max_length=1000, label="make goals",
        help_text="goals to build, separated by spaces, e.g. all kernels")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The version a new job targets unless the user picks another: the runners', and why.
        version, reason = runners.default_hip_version_and_reason()
        self.fields["hip_version"].initial = version
        if version:
            self.fields["hip_version"].help_text += f" (now {version}: {reason})"

    def groups(self):
        """(legend, explanation, bound fields) per fieldset, for the template."""
        return [(legend, text, [self[name] for name in names])
                for legend, text, names in self.GROUPS]

    def clean_archive(self):
        upload = self.cleaned_data["archive"]
        try:
            check_archive(upload)
        except UploadRefused as refusal:
            raise forms.ValidationError(refusal.message, code=refusal.code) from None
        return upload

    def refusal_status(self) -> int:
        """The status of a page that shows this form's errors: 413 for an archive over the
        limit (as the API answers), else 400."""
        return 413 if self.has_error("archive", "too-large") else 400

    def clean(self):
        from webapp.api.serializers import OptionsSerializer, with_default_hip_version

        data = self.cleaned_data
        values = {name: data.get(name) for name in (
            "roc", "miopen", "experimental", "amap", "hip_kernel_execution_syntax",
            "fix_hazards", "skip_excluded_preprocessor_blocks") if data.get(name)}
        values.update(hip_version=(data.get("hip_version") or "").strip(),
                      naming=data.get("naming") or "keep")
        for name in ("offload_archs", "select", "ignore", "skip_rewrites", "make_goals"):
            values[name] = _words(data.get(name) or "")
        for name in ("defines", "cmake", "make_variables"):  # a value may hold spaces
            values[name] = [line.strip() for line in (data.get(name) or "").splitlines()
                            if line.strip()]
        options = OptionsSerializer(data=values)
        if not options.is_valid():
            for name, errors in options.errors.items():
                messages = errors.values() if isinstance(errors, dict) else [errors]
                for message in messages:
                    self.add_error(name if name in self.fields else None,
                                   " ".join(str(m) for m in message)
                                   if isinstance(message, list) else str(message))
            return data
        self._options = with_default_hip_version(options.options())
        return data

    def translation_options(self) -> dict:
        """The options the user chose, as a Job stores them (what the API would store)."""
        return dict(self._options)
