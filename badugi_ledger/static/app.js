// The web app's only script (Content-Security-Policy: script-src 'self', no inline scripts).
// badugiFetch(url, options): fetch that sends the page's CSRF token (meta csrf-token) in the
// X-CSRF-Token header, as every write must.
"use strict";
(function () {
  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : "";
  }
  window.badugiFetch = function (url, options) {
    var opts = Object.assign({ credentials: "same-origin" }, options || {});
    opts.headers = Object.assign({}, opts.headers || {}, { "X-CSRF-Token": csrfToken() });
    return fetch(url, opts);
  };
  // <select data-autosubmit> sends its form when an option is picked with a finger or a
  // mouse (season and event pickers).  A keyboard's arrow keys change a closed select option
  // by option, each a "change": sent at once, the first press reloaded the page, focus was
  // lost and the option wanted never reached.  A change made with keys waits for Enter or
  // the form's button.
  var keyed = null;
  function picker(target) {
    return target && target.matches && target.matches("select[data-autosubmit]") && target.form
      ? target
      : null;
  }
  document.addEventListener("keydown", function (event) {
    var select = picker(event.target);
    if (!select) return;
    keyed = select;
    if (event.key === "Enter") {
      event.preventDefault();
      select.form.submit();
    }
  });
  document.addEventListener("pointerdown", function () {
    keyed = null;
  });
  document.addEventListener("change", function (event) {
    var select = picker(event.target);
    if (select && select !== keyed) {
      select.form.submit();
    }
  });
  // A standings table wider than its box (a phone) scrolls sideways in it, the player column
  // kept in view: nothing said so, and the columns past the edge (a cash table's hands, best
  // and worst session) went unseen.  A line above the table names the columns out of view
  // and the way to them, kept true as the table is scrolled or the window resized.
  function words(names) {
    return names.length < 2
      ? names.join("")
      : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
  }
  function hintColumns(wrap) {
    var hint = wrap.previousElementSibling;
    if (!hint || !hint.classList.contains("report-scroll-hint")) {
      hint = document.createElement("p");
      hint.className = "report-note report-scroll-hint";
      hint.hidden = true;
      wrap.parentNode.insertBefore(hint, wrap);
    }
    var box = wrap.getBoundingClientRect();
    var kept = wrap.querySelector("thead th.report-player");
    var passed = false; // a column after the player's slides under it when scrolled
    var after = [];
    var before = [];
    wrap.querySelectorAll("thead th").forEach(function (th) {
      if (th === kept) {
        passed = true;
        return;
      }
      var at = th.getBoundingClientRect();
      var edge = passed && kept ? kept.getBoundingClientRect().right : box.left;
      if (at.right > box.right + 1) after.push(th.textContent.trim());
      else if (at.left < edge - 1) before.push(th.textContent.trim());
    });
    var said = "";
    if (after.length) said = "The table scrolls sideways: " + words(after) + " →";
    if (before.length) {
      said = said
        ? said + ", and back to " + words(before) + " ←"
        : "← The table scrolls back to " + words(before);
    }
    hint.textContent = said;
    hint.hidden = !said;
  }
  function hintAll() {
    document.querySelectorAll(".report-table-wrap").forEach(hintColumns);
  }
  document.addEventListener("DOMContentLoaded", function () {
    hintAll();
    document.querySelectorAll(".report-table-wrap").forEach(function (wrap) {
      wrap.addEventListener("scroll", function () {
        hintColumns(wrap);
      }, { passive: true });
    });
    window.addEventListener("resize", hintAll);
  });
})();
