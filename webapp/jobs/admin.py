from django.contrib import admin

from webapp.jobs.batches import CompileBatch
from webapp.jobs.marks import FindingReview
from webapp.jobs.models import Job


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ("id", "source_name", "owner", "source_kind", "state", "progress_done",
                    "progress_total", "failure_code", "created_at")
    list_filter = ("state", "source_kind", "failure_code")
    search_fields = ("id", "source_name", "owner__username")
    readonly_fields = ("id", "created_at", "updated_at", "started_at", "compile_started_at",
                       "finished_at", "artifacts", "summary")


@admin.register(FindingReview)
class FindingReviewAdmin(admin.ModelAdmin):
    """Findings resolved or dismissed, per repository: an operator may undo one here."""

    list_display = ("repository", "path", "code", "state", "reason", "by", "updated_at")
    list_filter = ("state",)
    search_fields = ("repository", "path", "code", "by")
    readonly_fields = ("fingerprint", "job", "updated_at")


@admin.register(CompileBatch)
class CompileBatchAdmin(admin.ModelAdmin):
    """The compile queue: batches of split checks until they are merged."""

    list_display = ("job", "number", "attempt", "state", "tries", "hostname", "sent_at",
                    "started_at", "finished_at")
    list_filter = ("state",)
    readonly_fields = ("outcome",)
