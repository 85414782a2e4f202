// The playground: edit CUDA on the left (CodeMirror, from vendor/codemirror.min.js), read
// HIP on the right, findings marked in the CUDA text and listed below, and the diff.
// Translates on submit, on Ctrl+Enter, and one second after typing stops. Errors are shown
// above the panes and the results they make stale are marked as such. Without the editor
// bundle the plain text area is used. The text and options survive a reload (kept in the
// browser's localStorage); "Share link" puts them, compressed, in the link's #fragment
// (nothing is stored on the server); "Compile on a runner" compiles the HIP text with hipcc
// on a ROCm runner and marks its diagnostics in the HIP text.
"use strict";

(async function () {
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
  let saveTimer = null;
  const STORE = "rocport.playground.v1";

  // --- the text and options: kept across reloads, and in share links ------------------
  function currentState() {
    const options = {};
    for (const box of form.querySelectorAll("input[type=checkbox]")) {
      if (box.checked) options[box.name] = true;
    }
    return { source: cuda ? cuda.state.doc.toString() : textarea.value,
             path: form.elements.path.value, hip_version: form.elements.hip_version.value,
             options };
  }

  function applyState(state) {
    if (!state || typeof state.source !== "string") return;
    textarea.value = state.source;
    if (typeof state.path === "string") form.elements.path.value = state.path;
    if (typeof state.hip_version === "string") form.elements.hip_version.value = state.hip_version;
    for (const box of form.querySelectorAll("input[type=checkbox]")) {
      box.checked = Boolean(state.options && state.options[box.name]);
    }
  }

  function save() {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      try { localStorage.setItem(STORE, JSON.stringify(currentState())); } catch (error) { /* full or off */ }
    }, 300);
  }

  function base64url(bytes) {
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  async function packState(state) {
    const stream = new Blob([JSON.stringify(state)]).stream()
      .pipeThrough(new CompressionStream("deflate-raw"));
    return base64url(new Uint8Array(await new Response(stream).arrayBuffer()));
  }

  async function unpackState(text) {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return JSON.parse(await new Response(stream).text());
  }

  let restored = null;
  if (location.hash.startsWith("#s=")) {
    try { restored = await unpackState(location.hash.slice(3)); } catch (error) { restored = null; }
  }
  if (!restored) {
    try { restored = JSON.parse(localStorage.getItem(STORE) || "null"); } catch (error) { restored = null; }
  }
  applyState(restored);

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
          if (update.docChanged) { textarea.value = update.state.doc.toString(); later(); save(); }
        }),
        CM.keymap.of([{ key: "Mod-Enter", run: () => { form.requestSubmit(); return true; } }]));
    } else {
      extensions.push(CM.lintGutter(), CM.EditorState.readOnly.of(true),
                      CM.EditorView.editable.of(false));
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

  // One translation at a time: the service runs one per client (a second one at once is
  // refused), so a request asked for meanwhile waits for the one in flight, then goes.
  let inFlight = false;
  let again = false;

  async function translate() {
    if (inFlight) { again = true; return; }
    inFlight = true;
    try {
      await translateOnce();
    } finally {
      inFlight = false;
      if (again) { again = false; translate(); }
    }
  }

  async function translateOnce() {
    const number = ++sent;
    status.textContent = "translating…";
    let answer;
    try {
      let response;
      // "throttled": this client's other translation (another tab, a page just closed)
      // still runs on the server; it ends within seconds, so wait for it, a few times.
      for (let tries = 0; ; tries += 1) {
        response = await fetch(form.dataset.endpoint, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRFToken": cookie("csrftoken") },
          body: JSON.stringify(request()),
        });
        answer = await response.json().catch(() => ({}));
        if (response.status !== 429 || (answer.error || {}).code !== "throttled" || tries >= 5) break;
        status.textContent = "waiting for your other translation…";
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
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
    if (event.target.id === "share-link") return;
    if (!event.target.closest(".cm-editor")) later();
    save();
  });

  // --- share -------------------------------------------------------------------------
  document.getElementById("share-button").addEventListener("click", async () => {
    const link = location.origin + location.pathname + "#s=" + await packState(currentState());
    history.replaceState(null, "", link);
    const box = document.getElementById("share");
    const field = document.getElementById("share-link");
    field.value = link;
    box.hidden = false;
    field.focus();
    field.select();
    try { await navigator.clipboard.writeText(link); status.textContent = "link copied"; }
    catch (error) { status.textContent = "link ready to copy"; }
  });

  // --- compile on a runner ------------------------------------------------------------
  const compiled = document.getElementById("compiled");
  const compileButton = document.getElementById("compile-button");

  function showCompile(answer) {
    compiled.replaceChildren();
    const result = answer.result || {};
    if (answer.state === "queued" || answer.state === "running") {
      compiled.append(element("p", answer.state === "queued" ? "waiting for a ROCm runner…"
                                                              : "compiling…"));
      return;
    }
    const where = result.runner ? " on the " + result.runner + " runner (hipcc " +
      (result.hip_version || "?") + ", " + (result.offload_archs || []).join(", ") + ")" : "";
    const verdict = result.skipped ? result.skipped :
      (result.ok ? "compiled" : (result.status || "failed")) + where +
      (result.message && !result.ok ? ": " + result.message : "");
    compiled.append(element("p", verdict, result.ok ? "ok" : "bad"));
    const list = element("ul", undefined, "finding-list");
    for (const diagnostic of result.diagnostics || []) {
      const item = element("li", undefined, "note sev-" + String(diagnostic.severity).replace(" ", "-"));
      item.append(element("span", "hipcc " + diagnostic.severity, "sev"),
        "HIP line " + diagnostic.line + ": ", element("span", diagnostic.message));
      list.append(item);
    }
    if (list.children.length) compiled.append(list);
    if (result.output) compiled.append(element("pre", result.output, "output"));
    if (hip) {
      const doc = hip.state.doc;
      const marks = (result.diagnostics || []).filter((d) => d.line >= 1 && d.line <= doc.lines)
        .map((d) => {
          const line = doc.line(d.line);
          const from = Math.min(line.from + Math.max((d.column || 1) - 1, 0), line.to);
          return { from, to: line.to, source: "hipcc",
                   severity: d.severity === "warning" ? "warning" : d.severity === "note" ? "info" : "error",
                   message: d.message };
        });
      hip.dispatch(CM.setDiagnostics(hip.state, marks));
    }
  }

  async function compileOnRunner() {
    compileButton.disabled = true;
    compiled.replaceChildren(element("p", "translating and sending to a ROCm runner…"));
    try {
      // It translates too: wait for the translation in flight, and hold the next one.
      while (inFlight) await new Promise((resolve) => setTimeout(resolve, 100));
      inFlight = true;
      let response;
      try {
        response = await fetch(form.dataset.compile, {
          method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRFToken": cookie("csrftoken") },
          body: JSON.stringify(request()),
        });
      } finally {
        inFlight = false;
        if (again) { again = false; translate(); }
      }
      let answer = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error((answer.error || {}).message || "the server answered " + response.status);
      showCompile(answer);
      while (answer.state === "queued" || answer.state === "running") {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const next = await fetch(answer.url, { credentials: "same-origin", cache: "no-store" });
        if (!next.ok) throw new Error("the server answered " + next.status);
        answer = await next.json();
        showCompile(answer);
      }
    } catch (error) {
      compiled.replaceChildren(element("p", "Compile failed: " + error.message, "error"));
    } finally {
      compileButton.disabled = false;
    }
  }

  compileButton.addEventListener("click", compileOnRunner);
  translate();
})();
