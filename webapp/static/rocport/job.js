// The job page: open one file at a time without reloading the page, step through the
// notes of a file (n / p, or the "Next finding" link), and apply the file filters at once.
// Without this script every link and the filter form still work as plain page loads.
"use strict";

(function () {
  const panel = document.getElementById("file-panel");
  const tree = document.getElementById("file-tree");
  const filters = document.getElementById("filters");
  if (!panel) return;

  if (filters) {
    for (const select of filters.querySelectorAll("select")) {
      select.addEventListener("change", () => filters.requestSubmit());
    }
  }

  function markCurrent(path) {
    if (!tree) return;
    for (const link of tree.querySelectorAll("a[aria-current]")) link.removeAttribute("aria-current");
    const link = tree.querySelector(`a[data-file="${CSS.escape(path)}"]`);
    if (link) link.setAttribute("aria-current", "page");
  }

  async function open(search, hash, push) {
    const params = new URLSearchParams(search);
    panel.setAttribute("aria-busy", "true");
    let html;
    try {
      const response = await fetch(panel.dataset.reviewUrl + "?" + params.toString(),
                                   { credentials: "same-origin" });
      if (!response.ok) throw new Error("the server answered " + response.status);
      html = await response.text();
    } catch (error) {
      location.assign(search + (hash || "")); // let the server show the page instead
      return;
    } finally {
      panel.removeAttribute("aria-busy");
    }
    panel.innerHTML = html;
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

  function sameFileLink(link) {
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
    const url = sameFileLink(link);
    if (!url || !url.searchParams.get("file")) return;
    if (!(tree && tree.contains(link)) && !panel.contains(link) &&
        !link.closest("#compile")) return;
    event.preventDefault();
    open(url.search, url.hash, true);
  });

  window.addEventListener("popstate", () => {
    if (new URLSearchParams(location.search).get("file")) open(location.search, location.hash, false);
  });

  // The notes of the open file, in line order; "current" is the focused or linked one.
  function notes() {
    return Array.from(panel.querySelectorAll(".note"));
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
    if (!tree) return;
    const links = Array.from(tree.querySelectorAll("a[data-file]"));
    const here = links.findIndex((link) => link.hasAttribute("aria-current"));
    const next = links.slice(here + 1).find((link) =>
      link.closest(".state-findings, .state-compile-error"));
    if (next) {
      const url = new URL(next.href, location.href);
      open(url.search, "#finding-1", true);
    }
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input, select, textarea, [contenteditable]")) return;
    if (event.key === "n") step(1, null);
    else if (event.key === "p") step(-1, null);
  });
})();
