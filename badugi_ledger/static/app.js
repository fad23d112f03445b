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
  // <select data-autosubmit> sends its form when changed (season and event pickers).
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target && target.matches && target.matches("select[data-autosubmit]") && target.form) {
      target.form.submit();
    }
  });
})();
