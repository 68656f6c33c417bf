  // Written into the page by `companion build-web`. The app keeps its matches in this browser's
  // storage: ask the browser not to clear it when space runs short. The service worker keeps a
  // copy of every file of the site (flutter_service_worker.js); on a first visit the app's files
  // are loaded only once it controls the page, so each one is downloaded once and kept as it
  // passes, and once Python has started the worker is asked to keep the rest.
  (() => {
    navigator.storage?.persist?.().catch(() => {});
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      const bootstrap = document.createElement("script");
      bootstrap.src = "flutter_bootstrap.js";
      bootstrap.async = true;
      document.body.append(bootstrap);
    };
    const whenLoaded = (then) => document.readyState === "loading"
      ? document.addEventListener("DOMContentLoaded", then, { once: true }) : then();
    if (!("serviceWorker" in navigator)) {  // an insecure address (not HTTPS): no copy, no offline start
      whenLoaded(start);
      return;
    }
    window.addEventListener("companion-ready", () => {
      navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage("keep-all"));
    }, { once: true });
    const controlled = navigator.serviceWorker.controller
      ? Promise.resolve()
      : new Promise((done) => navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }));
    navigator.serviceWorker.register("flutter_service_worker.js").then((registration) => {
      // Active but not in control: a reload that bypassed it (Shift+reload). Start at once.
      if (registration.active && !navigator.serviceWorker.controller) whenLoaded(start);
    }, (error) => {
      console.warn("The app cannot be kept for offline use:", error);
      whenLoaded(start);
    });
    // The app starts once the worker controls the page, or after 5 s without it (it is kept then
    // from the next visit on).
    Promise.race([controlled, new Promise((done) => setTimeout(done, 5000))]).then(() => whenLoaded(start));
  })();
