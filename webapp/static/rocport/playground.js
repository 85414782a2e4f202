// The playground: edit CUDA on the left (CodeMirror, from vendor/codemirror.min.js), read
// HIP on the right, findings marked in the CUDA text and listed below, and the diff.
// Translates on submit, on Ctrl+Enter, and one second after typing stops. Errors are shown
// above the panes and the results they make stale are marked as such. Without the editor
// bundle the plain text area is used.
"use strict";

(function () {
  const form = document.getElementById("playground");
  if (!form) return;
  const findings = document.getElementById("findings");
  const diff = document.getElementById("diff");
  const status = document.getElementById("status");
  const banner = document.getElementById("error");
  const panes = document.getElementById("panes");
  const textarea = form.elements.source;
  const CM = window.RocportEditor;
  // The editor writes its styles into a <style> element: it carries this script's nonce.
  const nonce = document.currentScript ? document.currentScript.nonce : "";
  const CUDA_WORDS = /\b(?:__global__|__device__|__host__|__shared__|__constant__|__managed__|__restrict__|__launch_bounds__|__syncthreads|threadIdx|blockIdx|blockDim|gridDim|warpSize|cuda[A-Z]\w*|CUDA_\w+|cu[A-Z]\w*)\b|<<<|>>>/g;
  let timer = null;
  let sent = 0;
  let cuda = null;
  let hip = null;

  function cudaKeywords() {
    const decorator = new CM.MatchDecorator({
      regexp: CUDA_WORDS, decoration: CM.Decoration.mark({ class: "cm-cuda" }),
    });
    return CM.ViewPlugin.define((view) => ({
      decorations: decorator.createDeco(view),
      update(update) { this.decorations = decorator.updateDeco(update, this.decorations); },
    }), { decorations: (plugin) => plugin.decorations });
  }

  // Colours with at least 4.5:1 contrast on white and on the active line (WCAG AA).
  function highlightStyle() {
    const t = CM.tags;
    return CM.HighlightStyle.define([
      { tag: [t.keyword, t.controlKeyword, t.modifier, t.operatorKeyword], color: "#0033b3" },
      { tag: [t.typeName, t.standard(t.typeName)], color: "#1c6b87" },
      { tag: [t.string, t.special(t.string), t.character], color: "#a31515" },
      { tag: [t.number, t.bool, t.atom], color: "#096b2e" },
      { tag: [t.comment, t.lineComment, t.blockComment], color: "#4d6b2f", fontStyle: "italic" },
      { tag: [t.processingInstruction, t.meta], color: "#6f3a00" },
      { tag: [t.macroName], color: "#6f3a00" },
      { tag: t.invalid, color: "#b3261e" },
    ]);
  }

  function editor(parent, text, editable, label) {
    const extensions = [
      CM.lineNumbers(), CM.history(), CM.drawSelection(), CM.indentOnInput(),
      CM.bracketMatching(), CM.syntaxHighlighting(highlightStyle()), CM.cpp(),
      CM.EditorView.lineWrapping, CM.EditorView.cspNonce.of(nonce),
      CM.EditorView.contentAttributes.of({ "aria-label": label, tabindex: "0" }),
      CM.keymap.of([...CM.defaultKeymap, ...CM.historyKeymap, CM.indentWithTab]),
    ];
    if (editable) {
      extensions.push(cudaKeywords(), CM.lintGutter(), CM.highlightActiveLine(),
        CM.EditorView.updateListener.of((update) => {
          if (update.docChanged) { textarea.value = update.state.doc.toString(); later(); }
        }),
        CM.keymap.of([{ key: "Mod-Enter", run: () => { form.requestSubmit(); return true; } }]));
    } else {
      extensions.push(CM.EditorState.readOnly.of(true), CM.EditorView.editable.of(false));
    }
    return new CM.EditorView({ parent, state: CM.EditorState.create({ doc: text, extensions }) });
  }

  if (CM) {
    cuda = editor(document.getElementById("cuda-editor"), textarea.value, true, "CUDA source");
    hip = editor(document.getElementById("hip-output"), "", false, "HIP output");
    textarea.hidden = true;
  } else {
    document.getElementById("cuda-editor").hidden = true;
    textarea.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
  }

  function setText(view, text) {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  }

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
    const body = { source: cuda ? cuda.state.doc.toString() : textarea.value,
                   path: form.elements.path.value || "input.cu" };
    const version = form.elements.hip_version.value.trim();
    if (version) body.hip_version = version;
    for (const box of form.querySelectorAll("input[type=checkbox]")) body[box.name] = box.checked;
    return body;
  }

  // Findings as editor diagnostics: underlined at their place, marked in the gutter.
  function markFindings(list) {
    if (!cuda) return;
    const doc = cuda.state.doc;
    const marks = [];
    for (const finding of list) {
      if (finding.suppressed || finding.line < 1 || finding.line > doc.lines) continue;
      const line = doc.line(finding.line);
      const from = Math.min(line.from + Math.max(finding.column - 1, 0), line.to);
      const word = /^[\w.%<>*&]+/.exec(doc.sliceString(from, line.to));
      marks.push({
        from, to: word ? from + word[0].length : line.to,
        severity: finding.severity === "error" ? "error" : finding.severity === "note" ? "info" : "warning",
        source: finding.code, message: finding.message + (finding.help ? " — " + finding.help : ""),
      });
    }
    cuda.dispatch(CM.setDiagnostics(cuda.state, marks));
  }

  function showFindings(list, unsupported) {
    findings.replaceChildren();
    if (!list.length && !unsupported.length) {
      findings.append(element("p", "No findings."));
      return;
    }
    const items = element("ul", undefined, "finding-list");
    for (const finding of list) {
      const item = element("li", undefined, "note sev-" + finding.severity);
      item.append(element("span", finding.severity, "sev"));
      const link = element("a", finding.code + " " + finding.name, "rule");
      link.href = form.dataset.rules + encodeURIComponent(finding.code) + "/";
      item.append(link, " line " + finding.line + ": ", element("span", finding.message));
      if (finding.suppressed) item.append(element("em", " (suppressed)"));
      if (finding.help) item.append(element("div", finding.help, "help"));
      const jump = element("button", "show", "jump");
      jump.type = "button";
      jump.setAttribute("aria-label", "show line " + finding.line + " in the CUDA editor");
      jump.addEventListener("click", () => reveal(finding.line));
      item.append(jump);
      items.append(item);
    }
    for (const name of unsupported) {
      const item = element("li", undefined, "note sev-warning");
      item.append(element("span", "no HIP counterpart", "sev"),
        "line " + name.line + ": " + name.name + (name.reason ? " — " + name.reason : ""));
      items.append(item);
    }
    findings.append(items);
  }

  function reveal(number) {
    if (!cuda || number > cuda.state.doc.lines) return;
    const line = cuda.state.doc.line(number);
    cuda.dispatch({ selection: { anchor: line.from },
                    effects: CM.EditorView.scrollIntoView(line.from, { y: "center" }) });
    cuda.focus();
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

  function showError(message) {
    banner.textContent = "Translation failed: " + message +
      ". The HIP text, findings and diff below are from the last successful translation.";
    banner.hidden = false;
    panes.classList.add("stale");
    status.textContent = "";
  }

  function clearError() {
    banner.hidden = true;
    banner.textContent = "";
    panes.classList.remove("stale");
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
      answer = await response.json().catch(() => ({}));
      if (!response.ok) {
        const error = answer.error || {};
        throw new Error(error.message || "the server answered " + response.status);
      }
    } catch (error) {
      if (number === sent) showError(error.message);
      return;
    }
    if (number !== sent) return; // an older answer arriving late
    clearError();
    if (hip) setText(hip, answer.source);
    else document.getElementById("hip-output").textContent = answer.source;
    markFindings(answer.findings);
    showFindings(answer.findings, answer.unsupported);
    showDiff(answer.diff);
    status.textContent = answer.replacements + " replacements, " + answer.findings.length +
      " findings, " + answer.unsupported.length + " names without a HIP counterpart" +
      (answer.note ? " (" + answer.note + ")" : "");
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(translate, 1000);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    translate();
  });
  form.addEventListener("input", (event) => {
    if (!event.target.closest(".cm-editor")) later();
  });
  translate();
})();
