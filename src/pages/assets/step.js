// arbitre's game pages: the arrow keys (and Home, End) step through the moves by following
// the page's own links, which work without this script.
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
    return;
  }
  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  var step = keys[event.key];
  if (!step) {
    return;
  }
  var link = document.querySelector('nav.steps a[data-step="' + step + '"]');
  if (link) {
    event.preventDefault();
    window.location.href = link.href;
  }
});
