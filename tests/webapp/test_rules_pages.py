"""The rule pages render the registry and each rule's docstring."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from translator.rules import CODES, RULES


def test_catalogue_lists_every_rule_and_engine_code(client):
    page = client.get(reverse("rules:list")).content.decode()
    for rule in RULES:
        assert f'href="/rules/{rule.code}/"' in page
        assert escape(rule.summary) in page
    assert "parse-error" in page
    assert "E004" in page


@pytest.mark.parametrize("rule", CODES, ids=[r.code for r in CODES])
def test_rule_page_renders_each_doc_section(client, rule):
    page = client.get(reverse("rules:detail", args=[rule.code])).content.decode()
    for title in rule.sections:
        assert f"<h2>{title}</h2>" in page
    assert page.count('<div class="highlight">') == sum(
        body.count("```") // 2 for body in rule.sections.values()
    )


def test_inline_code_is_marked_and_escaped(client):
    page = client.get(reverse("rules:detail", args=["R001"])).content.decode()
    assert "<code>#include</code>" in page
    assert "<code>&lt;&gt;</code>" in page


def test_engine_code_page(client):
    page = client.get(reverse("rules:detail", args=["e002"])).content.decode()
    assert "conflicting-edits" in page
    assert "<h2>What to do</h2>" in page


def test_unknown_code_is_404(client):
    assert client.get(reverse("rules:detail", args=["R999"])).status_code == 404
