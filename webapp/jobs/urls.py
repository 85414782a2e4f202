from django.urls import path

from webapp.jobs import views

app_name = "jobs"
urlpatterns = [
    path("", views.job_list, name="list"),
    path("new/", views.upload, name="new"),
    path("<uuid:job_id>/", views.job_detail, name="detail"),
    path("<uuid:job_id>/status/", views.job_status, name="status"),
    path("<uuid:job_id>/review/", views.file_review_view, name="review"),
    path("<uuid:job_id>/viewed/", views.mark_viewed, name="viewed"),
    path("<uuid:job_id>/findings/", views.finding_review, name="finding-review"),
    path("<uuid:job_id>/cancel/", views.cancel, name="cancel"),
    path("<uuid:job_id>/files/<str:name>", views.download, name="download"),
]
