"""What the browser is given besides Flet's own web client, for the server and the static build alike.

- The font manifest: Flutter loads every font it lists before the first frame. Flet's lists 17
  KaTeX maths fonts and Cupertino's icons, which no screen uses; ours lists the Material icons,
  Roboto (the engine's own fallback) and the app's Korean font, so Hangul is drawn with it from the
  first frame instead of asking for Noto Sans KR slices that are not there.
- The fallback fonts: for a character the style's fonts lack, the engine asks for a slice of a
  Noto font under `assets/fonts/<font>/…` (Flet points it there with `--no-cdn`), and a load asks
  for a dozen Noto Sans KR slices before the first frame although the app's font has every
  syllable. An emoji slice is answered with the one emoji font the app ships
  (`fonts/NotoEmoji.woff2`, all 1,464 emoji, monochrome), a Korean slice with the app's Korean
  font: one download each, whatever the slice. Other scripts (Arabic, Thai, Devanagari, Chinese
  characters …) are not shipped and show as boxes.
- A guard in the page: Flet's compiled client adds a `<script>` for Rive's runtime from jsDelivr
  at every start, though no screen draws a Rive animation. The guard drops that address before the
  browser fetches it, so nothing leaves the app's own host.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

ASSETS_DIR = Path(__file__).parent / "assets"
FONT_FAMILY = "Companion Gothic"  # Nanum Gothic cut down (fontsrc/subset.py)
FONT_FILE = "fonts/CompanionGothic.ttf"  # served from the app's assets folder at the site's root
EMOJI_FILE = "fonts/NotoEmoji.woff2"
FALLBACKS = {"notocoloremoji": EMOJI_FILE, "notosanskr": FONT_FILE}  # the engine's folder → our font
FALLBACK = re.compile(r"^/?assets/fonts/(notocoloremoji|notosanskr)/")
UNUSED_FONT_FAMILIES = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/"

RIVE_GUARD = f"""<script>
  // No screen draws a Rive animation, yet Flet's client loads Rive's runtime from a CDN at start:
  // a script address there is dropped before the browser fetches it (the loader then waits forever,
  // as it did when the CDN was out of reach).
  (() => {{
    const src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
    Object.defineProperty(HTMLScriptElement.prototype, "src", {{
      ...src,
      set(value) {{ if (!String(value).startsWith("{RIVE_CDN}")) src.set.call(this, value); }},
    }});
  }})();
</script>
"""


# The app's own Back is a step back in the browser's history. The app asks for the screen it goes
# back to by its address, which the client would push as a new entry: the browser's Back would
# then lead forward again (rules → Back → match, and the browser's Back showed the rules once
# more). So a push of the address just before the current entry steps back instead.
BACK_STEP = """<script>
  (() => {
    const seen = [location.href];
    let at = 0;
    const push = history.pushState.bind(history);
    const replace = history.replaceState.bind(history);
    const full = (url) => (url == null ? location.href : new URL(url, location.href).href);
    history.pushState = function (state, title, url) {
      const next = full(url);
      if (at > 0 && seen[at - 1] === next) {
        at -= 1;
        history.back();
        return;
      }
      seen.length = at + 1;
      seen.push(next);
      at += 1;
      return push(state, title, url);
    };
    history.replaceState = function (state, title, url) {
      seen[at] = full(url);
      return replace(state, title, url);
    };
    addEventListener("popstate", () => {  // the browser's own Back or Forward
      const now = location.href;
      if (seen[at] === now) return;
      if (at > 0 && seen[at - 1] === now) at -= 1;
      else if (seen[at + 1] === now) at += 1;
      else { seen.length = 0; seen.push(now); at = 0; }
    });
  })();
</script>
"""


def web_dir() -> Path:
    """flet-web's prebuilt web client (the Flutter engine, CanvasKit, Pyodide)."""
    import flet_web

    return Path(flet_web.__file__).parent / "web"


def flet_web_version() -> str:
    from flet_web.version import version

    return str(version)


def fallback_font(path: str) -> str | None:
    """The app's font that answers the engine's request for a fallback slice at `path`."""
    found = FALLBACK.match(path)
    return FALLBACKS[found.group(1)] if found else None


def assets_digest() -> str:
    """Eight hex digits that change whenever a font the app ships changes."""
    digest = hashlib.sha256()
    for name in (FONT_FILE, EMOJI_FILE):
        digest.update((ASSETS_DIR / name).read_bytes())
    return digest.hexdigest()[:8]


def font_manifest(flet_manifest: str, prefix: str = "") -> str:
    """Flet's FontManifest.json without the fonts no screen uses, plus the app's Korean font
    (at `prefix` + its path).

    Flutter resolves a manifest entry against `assets/`, hence the `../` to the site's root."""
    families = [{**family, "fonts": [{**font, "asset": f"../{prefix}assets/{font['asset']}"}
                                     for font in family["fonts"]]}
                for family in json.loads(flet_manifest) if not family["family"].startswith(UNUSED_FONT_FAMILIES)]
    names = {family["family"] for family in families}
    if "Roboto" not in names:
        families.append({"family": "Roboto", "fonts": [{"asset": f"../{prefix}assets/fonts/roboto.woff2"}]})
    families.append({"family": FONT_FAMILY, "fonts": [{"asset": f"../{prefix}{FONT_FILE}"}]})
    return json.dumps(families)


def with_guard(page: str) -> str:
    """The HTML shell with the Rive guard and the Back step as the first scripts of its head."""
    if RIVE_GUARD in page:
        return page
    return page.replace("<head>", "<head>\n" + RIVE_GUARD + BACK_STEP, 1)
