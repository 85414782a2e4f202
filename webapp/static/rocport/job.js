// The job page. Follows a running job without reloading: polls the small live view
// (data-status-url) while the job is active and the tab visible, swaps the status block in
// place, and when the results change (the translation is stored, units finish compiling)
// fetches them again and swaps them in, keeping the open file, its view and the scroll.
// Opens one file at a time, steps through its notes (n / p), filters and searches the
// files (/ focuses the search), marks a file viewed (v) and resolves or dismisses a
// finding (d opens its form). Without this script every link and form works as a page load.
"use strict";

(function () {
  const statusBox = document.getElementById("job-status");
  const results = document.getElementById("job-results");
  if (!statusBox || !results) return;
  const POLL_MS = 2000;
  let etag = "";
  let timer = null;
  let polling = false;

  const $ = (selector, root) => (root || document).querySelector(selector);
  const panel = () => document.getElementById("file-panel");
  const tree = () => document.getElementById("file-tree");

  function cookie(name) {
    const match = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    return match ? decodeURIComponent(match[1]) : "";
  }

  async function getText(url) {
    const response = await fetch(url, { credentials: "same-origin",
                                        headers: { "X-Requested-With": "fetch" } });
    if (!response.ok) throw new Error("the server answered " + response.status);
    return response.text();
  }

  function parse(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    return template.content;
  }

  // --- live status -------------------------------------------------------------------
  function schedule() {
    clearTimeout(timer);
    timer = null;
    if (statusBox.dataset.active === "1" && !document.hidden) timer = setTimeout(poll, POLL_MS);
  }

  async function poll() {
    if (polling || document.hidden) return;
    polling = true;
    try {
      const response = await fetch(statusBox.dataset.statusUrl, {
        credentials: "same-origin", cache: "no-store",
        headers: etag ? { "If-None-Match": etag } : {},
      });
      if (response.status === 200) {
        etag = response.headers.get("ETag") || "";
        const answer = await response.json();
        statusBox.innerHTML = answer.html;
        statusBox.dataset.active = answer.active ? "1" : "";
        if (answer.results !== statusBox.dataset.results) {
          await refreshResults();
          statusBox.dataset.results = answer.results;
        }
      }
    } catch (error) {
      // the next poll tries again (a restarting server, a network hiccup)
    } finally {
      polling = false;
      schedule();
    }
  }

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) { clearTimeout(timer); timer = null; }
    else if (statusBox.dataset.active === "1") poll();
  });

  function fragmentUrl(search) {
    const params = new URLSearchParams(search);
    params.set("fragment", "results");
    return location.pathname + "?" + params.toString();
  }

  function swap(selector, fresh) {
    const old = $(selector);
    const replacement = $(selector, fresh);
    if (old && replacement) old.replaceWith(replacement);
    else if (old && !replacement) old.remove();
  }

  // New results: swap everything but the open file, which is swapped only when what the
  // page now knows about it changed (its compile result, its notes); the scroll stays.
  async function refreshResults(search, forcePanel) {
    const fresh = parse(await getText(fragmentUrl(search === undefined ? location.search
                                                                        : search)));
    if (!$("#review", results)) {
      results.replaceChildren(fresh);
      return;
    }
    // What the reviewer looks at stays where it is on the screen: the open file, when it
    // is in view (the compile table above it grows as units finish), else the page's top.
    const anchored = panel() && panel().getBoundingClientRect().top < window.innerHeight;
    const before = anchored ? panel().getBoundingClientRect().top : 0;
    const x = window.scrollX, y = window.scrollY;
    const treeBox = $(".files");
    const treeScroll = treeBox ? treeBox.scrollTop : 0;
    const focused = document.activeElement;
    const focusedId = focused && focused.id;
    const typing = focused && focused.id === "file-search";
    for (const selector of ["#hip-build", "#summary", "#compile-section", "#shown-count",
                            "#file-tree"]) swap(selector, fresh);
    if (!typing) swap("#filters", fresh);
    const newPanel = $("#file-panel", fresh);
    if (newPanel && (forcePanel || panelChanged(panel(), newPanel))) {
      const diffBox = $(".diff-box", panel());
      const left = diffBox ? diffBox.scrollLeft : 0;
      panel().innerHTML = newPanel.innerHTML;
      const box = $(".diff-box", panel());
      if (box) box.scrollLeft = left;
    }
    if (treeBox && $(".files")) $(".files").scrollTop = treeScroll;
    window.scrollTo(x, y);
    if (anchored) window.scrollBy(0, panel().getBoundingClientRect().top - before);
    if (focusedId && !document.activeElement.id) {
      const again = document.getElementById(focusedId);
      if (again) again.focus({ preventScroll: true });
    }
    applySearch();
  }

  function panelChanged(old, fresh) {
    const key = (root) => {
      const title = $("#file-title", root);
      const unit = $("#compile-unit", root);
      const notes = Array.from(root.querySelectorAll(".note")).map((n) => n.className);
      return JSON.stringify([title && title.dataset.path, unit && unit.textContent, notes,
                             $("#viewed-toggle", root) && $("#viewed-toggle", root).ariaPressed]);
    };
    return !old || key(old) !== key(fresh);
  }

  // --- one file at a time ------------------------------------------------------------
  function markCurrent(path) {
    if (!tree()) return;
    for (const link of tree().querySelectorAll("a[aria-current]")) link.removeAttribute("aria-current");
    const link = tree().querySelector(`a[data-file="${CSS.escape(path)}"]`);
    if (link) link.setAttribute("aria-current", "page");
    const hidden = $('#filters input[name="file"]');
    if (hidden) hidden.value = path;
  }

  async function open(search, hash, push) {
    const params = new URLSearchParams(search);
    const box = panel();
    box.setAttribute("aria-busy", "true");
    let html;
    try {
      html = await getText(box.dataset.reviewUrl + "?" + params.toString());
    } catch (error) {
      location.assign(search + (hash || "")); // let the server show the page instead
      return;
    } finally {
      box.removeAttribute("aria-busy");
    }
    box.innerHTML = html;
    if (push) history.pushState(null, "", search + (hash || ""));
    markCurrent(params.get("file") || "");
    const target = hash ? document.getElementById(hash.slice(1)) : null;
    if (target) {
      target.scrollIntoView({ block: "center" });
      if (target.classList.contains("note")) target.focus({ preventScroll: true });
    } else {
      const title = document.getElementById("file-title");
      if (title && title.getBoundingClientRect().top < 0) title.scrollIntoView();
    }
  }

  function samePage(link) {
    const url = new URL(link.href, location.href);
    return url.origin === location.origin && url.pathname === location.pathname ? url : null;
  }

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey ||
        event.shiftKey || event.altKey) return;
    const link = event.target.closest("a");
    if (!link) return;
    if (link.dataset.step) {
      event.preventDefault();
      step(link.dataset.step === "next" ? 1 : -1, link);
      return;
    }
    const url = samePage(link);
    if (!url) return;
    if (link.id === "clear-filters") {
      event.preventDefault();
      applyFilters(url.search);
      return;
    }
    if (!url.searchParams.get("file")) return;
    const inTree = tree() && tree().contains(link);
    if (!inTree && !panel().contains(link) && !link.closest("#compile")) return;
    event.preventDefault();
    open(url.search, url.hash, true);
  });

  window.addEventListener("popstate", () => {
    applyFilters(location.search, false);
  });

  // --- filters and search: the list and the open file's notes, in the address ---------
  async function applyFilters(search, push = true) {
    const filters = document.getElementById("filters");
    if (filters) filters.setAttribute("aria-busy", "true");
    try {
      await refreshResults(search, true);
      // The filters may have left the open file out: the address says which one is open.
      const params = new URLSearchParams(search);
      const title = document.getElementById("file-title");
      if (title && params.get("file") && params.get("file") !== title.dataset.path) {
        params.set("file", title.dataset.path);
        search = "?" + params.toString();
      }
      if (title) markCurrent(title.dataset.path);
      if (push) history.pushState(null, "", search || location.pathname);
    } catch (error) {
      location.assign(search || location.pathname);
    } finally {
      const form = document.getElementById("filters");
      if (form) form.removeAttribute("aria-busy");
    }
  }

  function formSearch(form) {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (value) params.set(key, value);
    const file = new URLSearchParams(location.search).get("file");
    if (file) params.set("file", file);
    const view = new URLSearchParams(location.search).get("view");
    if (view) params.set("view", view);
    const text = params.toString();
    return text ? "?" + text : "";
  }

  document.addEventListener("change", (event) => {
    const select = event.target.closest("#filters select");
    if (select) applyFilters(formSearch(select.form));
  });

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.id === "filters") {
      event.preventDefault();
      applyFilters(formSearch(form));
    } else if (form.classList.contains("viewed-form")) {
      event.preventDefault();
      toggleViewed(form);
    } else if (form.classList.contains("finding-review")) {
      event.preventDefault();
      reviewFinding(form, event.submitter);
    }
  });

  // As you type: files whose path holds the text stay, the others (and emptied folders)
  // hide; the address keeps the search for sharing. Enter asks the server (counts too).
  let searchTimer = null;
  function applySearch() {
    const input = document.getElementById("file-search");
    if (!input || !tree()) return;
    const wanted = input.value.trim().toLowerCase();
    let shown = 0;
    for (const item of tree().querySelectorAll("li.file")) {
      const link = item.querySelector("a[data-file]");
      const name = link ? link.dataset.file : item.textContent;
      const match = !wanted || name.toLowerCase().includes(wanted);
      item.hidden = !match;
      if (match) shown += 1;
    }
    for (const folder of Array.from(tree().querySelectorAll("li.folder")).reverse()) {
      folder.hidden = !folder.querySelector("li.file:not([hidden])");
    }
    const count = document.getElementById("shown-count");
    if (count && wanted) count.dataset.searched = String(shown);
  }

  document.addEventListener("input", (event) => {
    if (event.target.id !== "file-search") return;
    applySearch();
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
      const params = new URLSearchParams(location.search);
      if (event.target.value.trim()) params.set("q", event.target.value.trim());
      else params.delete("q");
      const text = params.toString();
      history.replaceState(null, "", text ? "?" + text : location.pathname);
    }, 300);
  });

  // --- review marks --------------------------------------------------------------------
  async function post(form, extra) {
    const body = new FormData(form);
    for (const [key, value] of Object.entries(extra || {})) body.set(key, value);
    const response = await fetch(form.action, {
      method: "POST", credentials: "same-origin", body,
      headers: { "Accept": "application/json", "X-CSRFToken": cookie("csrftoken") },
    });
    if (!response.ok) throw new Error("the server answered " + response.status);
    return response.json();
  }

  async function toggleViewed(form) {
    try {
      const answer = await post(form);
      const button = $("#viewed-toggle", form);
      button.setAttribute("aria-pressed", answer.viewed ? "true" : "false");
      button.firstChild.textContent = answer.viewed ? "✓ Viewed " : "Mark viewed ";
      form.elements.viewed.value = answer.viewed ? "0" : "1";
      const item = tree() && tree().querySelector(`a[data-file="${CSS.escape(answer.path)}"]`);
      if (item) {
        item.closest("li").classList.toggle("viewed", answer.viewed);
        let mark = item.querySelector(".viewed-mark");
        if (answer.viewed && !mark) {
          mark = document.createElement("span");
          mark.className = "viewed-mark";
          mark.title = "viewed";
          mark.innerHTML = '✓<span class="visually-hidden"> viewed</span>';
          item.append(mark);
        } else if (!answer.viewed && mark) mark.remove();
      }
    } catch (error) {
      form.submit();
    }
  }

  async function reviewFinding(form, submitter) {
    const note = form.closest(".note");
    const id = note && note.id;
    try {
      await post(form, submitter ? { state: submitter.value } : {});
      const params = new URLSearchParams(location.search);
      panel().innerHTML = await getText(panel().dataset.reviewUrl + "?" + params.toString());
      const again = id && document.getElementById(id);
      if (again) again.focus();
    } catch (error) {
      form.submit();
    }
  }

  // --- notes of the open file, in line order --------------------------------------------
  function notes() {
    return Array.from(panel().querySelectorAll(".note"));
  }

  function current(list, from) {
    const holder = from && from.closest(".note");
    if (holder) return list.indexOf(holder);
    const focused = document.activeElement && document.activeElement.closest(".note");
    if (focused) return list.indexOf(focused);
    const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    return target ? list.indexOf(target) : -1;
  }

  function step(direction, from) {
    const list = notes();
    const index = current(list, from) + direction;
    if (index >= 0 && index < list.length) {
      const note = list[index];
      history.replaceState(null, "", location.search + "#" + note.id);
      note.scrollIntoView({ block: "center" });
      note.focus({ preventScroll: true });
      return;
    }
    if (direction > 0) nextFileWithNotes();
  }

  function nextFileWithNotes() {
    if (!tree()) return;
    const links = Array.from(tree().querySelectorAll("a[data-file]"))
      .filter((link) => !link.closest("li").hidden);
    const here = links.findIndex((link) => link.hasAttribute("aria-current"));
    const next = links.slice(here + 1).find((link) =>
      link.closest(".state-findings, .state-compile-error"));
    if (next) {
      const url = new URL(next.href, location.href);
      open(url.search, "#finding-1", true);
    }
  }

  function openReviewBox() {
    const list = notes();
    const note = list[current(list, null)] || list.find((n) => n.querySelector(".review-box"));
    const box = note && note.querySelector(".review-box");
    if (!box) return;
    box.open = true;
    const select = box.querySelector("select");
    if (select) select.focus();
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input, select, textarea, [contenteditable]")) {
      if (event.key === "Escape" && event.target.id === "file-search") event.target.blur();
      return;
    }
    if (!panel()) return;
    if (event.key === "n") step(1, null);
    else if (event.key === "p") step(-1, null);
    else if (event.key === "v") {
      const form = $(".viewed-form", panel());
      if (form) toggleViewed(form);
    } else if (event.key === "d") openReviewBox();
    else if (event.key === "/") {
      const input = document.getElementById("file-search");
      if (input) { event.preventDefault(); input.focus(); input.select(); }
    } else return;
  });

  applySearch();
  schedule();
})();
