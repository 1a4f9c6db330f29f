from django.urls import include, path

from scorekeeper import views

urlpatterns = [
    path("", views.home, name="home"),
    path("referee/", include("referee.urls")),
]
