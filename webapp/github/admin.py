from django.contrib import admin

from webapp.github.models import Delivery, Installation, PortRequest, PullRequest, Repository


@admin.register(PullRequest)
class PullRequestAdmin(admin.ModelAdmin):
    list_display = ("repository", "number", "head_sha", "run", "action", "job", "reported")
    search_fields = ("repository", "head_sha", "delivery")
    raw_id_fields = ("job",)


@admin.register(Installation)
class InstallationAdmin(admin.ModelAdmin):
    list_display = ("installation_id", "account", "suspended", "removed", "updated_at")


@admin.register(Repository)
class RepositoryAdmin(admin.ModelAdmin):
    list_display = ("full_name", "installation", "installed", "annotate_all_files")
    list_editable = ("annotate_all_files",)
    search_fields = ("full_name",)


@admin.register(PortRequest)
class PortRequestAdmin(admin.ModelAdmin):
    list_display = ("pull_request", "state", "requested_by", "created_at", "pull_url")
    raw_id_fields = ("pull_request",)


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    list_display = ("delivery", "event", "action", "received_at")
