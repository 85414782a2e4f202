from django.urls import path

from webapp.github import views

app_name = "github"
urlpatterns = [path("", views.webhook, name="webhook")]
