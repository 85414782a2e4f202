from django.urls import path

from webapp.rules import views

app_name = "rules"
urlpatterns = [
    path("", views.rule_list, name="list"),
    path("<str:code>/", views.rule_detail, name="detail"),
]
