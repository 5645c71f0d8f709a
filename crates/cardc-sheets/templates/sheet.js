// Runs in the browser after load (and again once the fonts are ready):
//  * `?page=N` shows page N alone (for PNG screenshots);
//  * shrinks any `.fit` box whose text still overflows, a quarter point at a time,
//    down to its `data-min` (sizes computed in Rust usually fit already; `?nofit`
//    turns this off);
//  * reports every `.check` box whose content overflows, and each card's trim size in
//    mm, as JSON in #overflow-report (read back by the browser tests).
(function () {
  var params = new URLSearchParams(window.location.search);
  var only = params.get("page");
  if (only) {
    document.body.classList.add("single");
    document.querySelectorAll(".page").forEach(function (p) {
      if (p.getAttribute("data-page") !== only) p.style.display = "none";
    });
  }
  function overflows(el) {
    return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
  }
  function fit() {
    if (params.has("nofit")) return;
    document.querySelectorAll(".fit").forEach(function (el) {
      var pt = parseFloat(el.style.fontSize) || 8;
      var min = parseFloat(el.getAttribute("data-min") || "4");
      var steps = 0;
      while (overflows(el) && pt > min && steps < 40) {
        pt -= 0.25;
        el.style.fontSize = pt + "pt";
        steps++;
      }
      if (steps) el.setAttribute("data-shrunk", String(steps));
    });
  }
  function report() {
    var bad = [];
    document.querySelectorAll(".check").forEach(function (el) {
      if (el.offsetParent === null) return;
      if (overflows(el)) {
        el.classList.add("overflowing");
        var card = el.closest("[data-card-name]");
        bad.push((card ? card.getAttribute("data-card-name") : "?") + " :: " + el.className);
      }
    });
    var sizes = [];
    document.querySelectorAll(".card").forEach(function (c) {
      if (c.offsetParent === null) return;
      var r = c.getBoundingClientRect();
      sizes.push([r.width * 25.4 / 96, r.height * 25.4 / 96]);
    });
    document.body.setAttribute("data-overflow-count", String(bad.length));
    document.getElementById("overflow-report").textContent = JSON.stringify({
      overflow: bad,
      cards: sizes,
      shrunk: document.querySelectorAll("[data-shrunk]").length,
      fonts: document.fonts ? document.fonts.status : "unknown"
    });
  }
  fit();
  report();
  if (document.fonts && document.fonts.ready) {
    document.fonts.ready.then(function () { fit(); report(); });
  }
})();
