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
})();
