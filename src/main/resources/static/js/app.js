// Live panels poll with hx-trigger="every Ns [document.visibilityState === 'visible']", so a hidden
// tab stops polling; when it becomes visible again, refresh them at once.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && window.htmx) {
    document.querySelectorAll("[data-live-refresh]").forEach((el) => htmx.trigger(el, "refresh"));
  }
});
