"""The rule catalogue (``/rules/``) and one page per code (``/rules/<code>/``)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from translator.rules import ENGINE_CODES, RULES, RULES_BY_CODE
from webapp.rules.docs import code_css, render_section


def rule_list(request: HttpRequest) -> HttpResponse:
    engine = [
        {"code": code, "name": name, "category": category, "summary": summary}
        for code, (name, category, summary) in ENGINE_CODES.items()
    ]
    return render(request, "rules/list.html", {"rules": RULES, "engine_codes": engine})


def rule_detail(request: HttpRequest, code: str) -> HttpResponse:
    code = code.upper()
    if code in ENGINE_CODES:
        name, category, summary = ENGINE_CODES[code]
        context = {"code": code, "name": name, "category": category, "summary": summary,
                   "sections": []}
    elif code in RULES_BY_CODE:
        rule = RULES_BY_CODE[code]
        context = {
            "code": rule.code, "name": rule.name, "category": rule.category,
            "summary": rule.summary,
            "sections": [(title, render_section(body)) for title, body in rule.sections.items()],
        }
    else:
        raise Http404(f"no rule {code}")
    return render(request, "rules/detail.html", {**context, "code_css": code_css()})
