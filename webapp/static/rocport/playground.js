// The playground: send the CUDA text and options to /api/translate/, show HIP, findings
// and the diff. Translates on submit, on Ctrl+Enter, and one second after typing stops.
"use strict";

(function () {
  const form = document.getElementById("playground");
  if (!form) return;
  const output = document.getElementById("hip-output");
  const findings = document.getElementById("findings");
  const diff = document.getElementById("diff");
  const status = document.getElementById("status");
  const source = form.elements.source;
  let timer = null;
  let sent = 0;

  function cookie(name) {
    const match = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    return match ? decodeURIComponent(match[1]) : "";
  }

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function request() {
    const body = { source: source.value, path: form.elements.path.value || "input.cu" };
    const version = form.elements.hip_version.value.trim();
    if (version) body.hip_version = version;
    for (const box of form.querySelectorAll("input[type=checkbox]")) {
      body[box.name] = box.checked;
    }
    return body;
  }

  function showFindings(list) {
    findings.replaceChildren();
    if (!list.length) {
      findings.append(element("p", "No findings."));
      return;
    }
    const table = element("table");
    const head = table.createTHead().insertRow();
    for (const title of ["Code", "Severity", "Line", "Message"]) head.append(element("th", title));
    const rows = table.createTBody();
    for (const finding of list) {
      const row = rows.insertRow();
      const link = element("a", finding.code);
      link.href = form.dataset.rules + encodeURIComponent(finding.code) + "/";
      row.insertCell().append(link);
      row.insertCell().textContent = finding.severity + (finding.suppressed ? " (suppressed)" : "");
      row.insertCell().textContent = finding.line + ":" + finding.column;
      const message = row.insertCell();
      message.textContent = finding.message;
      if (finding.help) message.append(element("br"), element("small", finding.help));
    }
    findings.append(table);
  }

  function showDiff(text) {
    diff.replaceChildren();
    if (!text) {
      diff.textContent = "No change.";
      return;
    }
    for (const line of text.split("\n")) {
      let kind = "";
      if (line.startsWith("+++") || line.startsWith("---")) kind = "file";
      else if (line.startsWith("@@")) kind = "hunk";
      else if (line.startsWith("+")) kind = "added";
      else if (line.startsWith("-")) kind = "removed";
      diff.append(element("span", line, kind));
    }
  }

  async function translate() {
    const number = ++sent;
    status.textContent = "translating…";
    let answer;
    try {
      const response = await fetch(form.dataset.endpoint, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": cookie("csrftoken") },
        body: JSON.stringify(request()),
      });
      answer = await response.json();
      if (!response.ok) {
        const error = answer.error || {};
        throw new Error(error.message || "the server answered " + response.status);
      }
    } catch (error) {
      if (number === sent) status.textContent = "error: " + error.message;
      return;
    }
    if (number !== sent) return; // an older answer arriving late
    output.textContent = answer.source;
    showFindings(answer.findings);
    showDiff(answer.diff);
    status.textContent = answer.replacements + " replacements, " + answer.findings.length +
      " findings, " + answer.unsupported.length + " names without a HIP counterpart";
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    translate();
  });
  source.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(translate, 1000);
  });
  translate();
})();
