from django.contrib import admin

from webapp.github.models import PullRequest


@admin.register(PullRequest)
class PullRequestAdmin(admin.ModelAdmin):
    list_display = ("repository", "number", "head_sha", "action", "job", "commented")
    search_fields = ("repository", "head_sha", "delivery")
    raw_id_fields = ("job",)
