// The "Menu" button of narrow screens. Loaded (not deferred) at the end of the nav, so the menu is
// folded before the page first paints; without script the button stays hidden and the menu open.
(() => {
  const nav = document.currentScript && document.currentScript.closest("nav");
  const toggle = nav && nav.querySelector(".app-nav-toggle");
  if (!toggle) {
    return;
  }
  nav.classList.add("app-nav-folding");
  toggle.hidden = false;
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    nav.classList.toggle("app-nav-open", open);
  });
  // the Admin menu (a <details>) closes on Escape and on a click elsewhere, like any menu
  const admin = nav.querySelector(".app-nav-admin");
  if (admin) {
    document.addEventListener("click", (event) => {
      if (admin.open && !admin.contains(event.target)) {
        admin.open = false;
      }
    });
    admin.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && admin.open) {
        admin.open = false;
        admin.querySelector("summary").focus();
      }
    });
  }
})();
