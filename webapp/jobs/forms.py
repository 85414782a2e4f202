"""The upload form: an archive and a few translation options."""

from django import forms
from django.conf import settings
from django.template.defaultfilters import filesizeformat

from webapp.jobs.models import ARCHIVE_SUFFIXES


def archive_suffix(name: str) -> str | None:
    """The accepted suffix NAME ends with (``.tar.gz`` before ``.gz``), or None."""
    lowered = name.lower()
    return next((suffix for suffix in ARCHIVE_SUFFIXES if lowered.endswith(suffix)), None)


class UploadForm(forms.Form):
    archive = forms.FileField(
        help_text="a .zip, .tar.gz or .tar of your CUDA project",
        widget=forms.ClearableFileInput(attrs={"accept": ",".join(ARCHIVE_SUFFIXES)}),
    )
    hip_kernel_execution_syntax = forms.BooleanField(
        required=False, label="Rewrite kernel launches as hipLaunchKernelGGL(...)"
    )
    roc = forms.BooleanField(
        required=False, label="Use rocBLAS/rocRAND/... names instead of the hip* wrappers"
    )

    def clean_archive(self):
        upload = self.cleaned_data["archive"]
        if archive_suffix(upload.name) is None:
            raise forms.ValidationError("Upload a .zip, .tar.gz or .tar file.")
        if upload.size > settings.MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                f"The file is {filesizeformat(upload.size)}; the limit is "
                f"{filesizeformat(settings.MAX_UPLOAD_BYTES)}."
            )
        return upload

    def translation_options(self) -> dict:
        return {name: True for name in ("hip_kernel_execution_syntax", "roc")
                if self.cleaned_data.get(name)}
