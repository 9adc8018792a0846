// Live panels ([data-live-refresh]) poll with hx-trigger="every Ns, refresh". A hidden tab does not
// poll (done here, not with an hx-trigger filter: filters need eval, which the CSP does not allow);
// when it becomes visible again, they refresh at once.
document.addEventListener("htmx:beforeRequest", (event) => {
  const elt = event.detail && event.detail.elt;
  if (document.visibilityState !== "visible" && elt && elt.hasAttribute("data-live-refresh")) {
    event.preventDefault();
  }
});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && window.htmx) {
    document.querySelectorAll("[data-live-refresh]").forEach((el) => htmx.trigger(el, "refresh"));
  }
});
