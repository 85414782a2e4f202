from django.contrib import admin

from webapp.jobs.models import Job


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ("id", "source_name", "owner", "source_kind", "state", "progress_done",
                    "progress_total", "failure_code", "created_at")
    list_filter = ("state", "source_kind", "failure_code")
    search_fields = ("id", "source_name", "owner__username")
    readonly_fields = ("id", "created_at", "updated_at", "started_at", "compile_started_at",
                       "finished_at", "artifacts", "summary")
