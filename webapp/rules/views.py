"""The rule catalogue (``/rules/``) and one page per code (``/rules/<code>/``)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from translator.rules import CODES, RULES_BY_CODE
from webapp.rules.docs import code_css, render_section


def rule_list(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/list.html", {"rules": CODES})


def rule_detail(request: HttpRequest, code: str) -> HttpResponse:
    rule = RULES_BY_CODE.get(code.upper())
    if rule is None:
        raise Http404(f"no rule {code}")
    context = {
        "code": rule.code, "name": rule.name, "category": rule.category,
        "summary": rule.summary,
        "sections": [(title, render_section(body)) for title, body in rule.sections.items()],
        "code_css": code_css(),
    }
    return render(request, "rules/detail.html", context)
