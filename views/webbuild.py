"""`companion build-web OUT`: the whole app as a static web site that runs in the browser.

The site needs no server of ours: the phone's browser runs Python itself (Pyodide, from Flet's
web client) with the engines, the store (SQLite, kept in the browser's IndexedDB: see
`views.browser`) and the screens. Any static HTTPS host can serve the folder; once opened, the
site's service worker keeps every file, so the app starts again with no network at all.

How the folder is made, from what this install already has (nothing is downloaded):
1. A staging folder holds what Python runs in the browser: the app's packages (`companion`,
   `db`, `views`: no tests, no docs, no fonts, which the site serves itself), a `main.py` that
   starts `views.browser.main`, and `__pypackages__/` with every library the app needs there,
   copied from this install's own distributions (their pure-Python files: SQLAlchemy, msgpack
   and MarkupSafe run without their compiled speed-ups; the closure follows the requirements
   as they read on Pyodide, without what `LEFT_OUT` names).
2. `flet publish --no-cdn` (flet-cli, the `[web-build]` extra) copies Flet's web client and
   patches its page. Its two downloads are answered locally: the Python build manifest
   (`FLET_PYTHON_BUILD_MANIFEST`) and the Pyodide runtime (a cache seeded from flet-web's own).
3. The result is finished here: the app's archive written again (exactly the staged files, no
   `requirements.txt`: micropip must install nothing), files no screen uses removed
   (`UNUSED`), Pyodide's package list cut to nothing (no package is loaded at run time), the
   page given an absolute Pyodide address (a bare one does not resolve in a module worker), the
   Rive guard, the app's language, name and icons, the font manifest without KaTeX (see
   `views.webclient`), and `flutter_service_worker.js` replaced by a worker that keeps every
   file of the site (Flet's own is a stub that unregisters itself).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, replace
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from companion.i18n import DEFAULT_LANGUAGE, t
from views import webclient

APP_PACKAGES = ("companion", "db", "views")
APP_DISTRIBUTION = "companion"
ARCHIVE = "app.tar.gz"
SERVICE_WORKER = "flutter_service_worker.js"  # the address Flet's page already uses for one
STATIC_FILES = Path(__file__).parent / "static_site"

# Requirements the browser build goes without, and why.
LEFT_OUT = {
    "flet-web": "the site is Flet's web client itself; no server runs",
    "flet-desktop": "no desktop window in a browser",
    "zxing-cpp": "a compiled library with no Pyodide build: the QR-photo import is hidden in the browser",
    "pillow": "not in this Pyodide; QR codes are drawn with PyPNG, and photos are not read",
}
# Parts of the staged libraries the app never imports: their test kits, Alembic's `init` templates.
UNUSED_LIBRARY_PARTS = ("sqlalchemy/testing/", "alembic/testing/", "alembic/templates/")
# Files of the staged libraries that are not Python the app runs.
SKIPPED_SUFFIXES = (".pyc", ".so", ".pyd", ".pyi", ".c", ".h", ".pyx", ".pxd", ".dart", ".typed", ".cdx.json")

# Flet's web client ships more than this app draws with (paths relative to the site).
UNUSED = (
    "main.dart.wasm", "main.dart.mjs",  # the dart2wasm build: the page asks for CanvasKit + dart2js
    "canvaskit/skwasm.js", "canvaskit/skwasm.wasm", "canvaskit/skwasm_heavy.js", "canvaskit/skwasm_heavy.wasm",
    "canvaskit/wimp.js", "canvaskit/wimp.wasm", "canvaskit/experimental_webparagraph",  # other renderers
    "canvaskit/canvaskit.js.symbols", "canvaskit/chromium/canvaskit.js.symbols", "canvaskit/skwasm.js.symbols",
    "canvaskit/skwasm_heavy.js.symbols", "canvaskit/wimp.js.symbols",  # debugging symbols
    "flutter.js.map",
    "assets/packages/flutter_math_fork", "assets/packages/cupertino_icons",  # fonts no screen uses
    "assets/packages/flutter_map", "assets/packages/media_kit", "assets/packages/record_web",  # maps, video, audio
    "pyodide/ffi.d.ts", "pyodide/pyodide.d.ts", "pyodide/python", "pyodide/python.bat", "pyodide/python.exe",
    "pyodide/python_cli_entry.mjs", "pyodide/package.json", "pyodide/pyodide.js",  # Pyodide's command line, types
    "pyodide/micropip-0.11.1-py3-none-any.whl", "pyodide/packaging-26.1-py3-none-any.whl",  # nothing is installed
)
PYODIDE_URL = 'flet.pyodideUrl="pyodide/pyodide.mjs";'
ABSOLUTE_PYODIDE_URL = 'flet.pyodideUrl=new URL("pyodide/pyodide.mjs", document.baseURI).href;'
BOOTSTRAP_WORKER = re.compile(r"\n\s*serviceWorkerSettings: \{[^{}]*\},")
BOOTSTRAP_TAG = '<script src="flutter_bootstrap.js" async></script>'
PYTHON_READY = "console.log(`Python worker initialized: ${appId}`);"


class BuildError(Exception):
    """The site could not be built; the message says what is missing or changed."""


@dataclass(frozen=True)
class Site:
    folder: Path
    files: int
    size: int  # bytes, every file
    gzipped: int  # bytes, every file gzipped (what a host that compresses sends)
    compiled: bool = True  # the Python ships as byte code (Node was there to compile it)


# -- the Python side -------------------------------------------------------------------------
def pyodide_version() -> str:
    package = json.loads((webclient.web_dir() / "pyodide" / "package.json").read_text(encoding="utf-8"))
    return str(package["version"])


def pyodide_python() -> str:
    lock = json.loads((webclient.web_dir() / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    return str(lock["info"]["python"])


def browser_environment() -> dict[str, str]:
    """Marker values as Pyodide reports them, for reading requirements as the browser would."""
    python = pyodide_python()
    here = {name: str(value) for name, value in default_environment().items()}
    return {**here, "sys_platform": "emscripten", "platform_system": "Emscripten",
            "platform_machine": "wasm32", "os_name": "posix", "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "python_version": ".".join(python.split(".")[:2]),
            "python_full_version": python}


def browser_distributions() -> list[metadata.Distribution]:
    """The installed distributions the app imports in the browser: the closure of the app's own
    requirements (with the extras they ask for) as they read on Pyodide, without `LEFT_OUT`."""
    environment = browser_environment()
    wanted: dict[str, metadata.Distribution] = {}
    queue: list[tuple[str, frozenset[str]]] = [(APP_DISTRIBUTION, frozenset())]
    while queue:
        name, extras = queue.pop()
        distribution = metadata.distribution(name)
        for line in distribution.requires or []:
            requirement = Requirement(line)
            key = canonicalize_name(requirement.name)
            if key in LEFT_OUT or key in wanted:
                continue
            marker = requirement.marker
            if marker is not None and not any(marker.evaluate({**environment, "extra": extra})
                                               for extra in ("", *extras)):
                continue
            try:
                found = metadata.distribution(requirement.name)
            except metadata.PackageNotFoundError as missing:
                raise BuildError(f"{requirement.name} (needed by {name}) is not installed: "
                                 "install the app first, e.g. pip install -e '.[web-build]'") from missing
            wanted[key] = found
            queue.append((requirement.name, frozenset(requirement.extras)))
    return sorted(wanted.values(), key=lambda found: canonicalize_name(found.metadata["Name"]))


def copy_distribution(distribution: metadata.Distribution, target: Path) -> None:
    """The distribution's Python files (and data) into `target`, with its METADATA for
    importlib.metadata; no compiled modules, byte code, stubs or scripts, nothing of
    `UNUSED_LIBRARY_PARTS`."""
    for file in distribution.files or []:
        parts = Path(str(file)).parts
        if parts[0] == ".." or "__pycache__" in parts or parts[0] == "flutter" or str(file).endswith(SKIPPED_SUFFIXES):
            continue
        if Path(str(file)).as_posix().startswith(UNUSED_LIBRARY_PARTS):
            continue
        if parts[0].endswith(".dist-info") and parts[-1] != "METADATA":
            continue
        source = Path(str(distribution.locate_file(file)))
        destination = target.joinpath(*parts)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, destination)


def copy_app_package(name: str, target: Path) -> None:
    """One of the app's packages, without byte code and (for views) without the files the site
    itself serves (fonts, icons, its manifest)."""
    source = Path(__import__(name).__file__ or "").parent

    def ignore(folder: str, names: list[str]) -> list[str]:
        here = Path(folder)
        return [entry for entry in names if entry == "__pycache__" or entry.endswith((".pyc", ".pyo"))
                or (here == source and name == "views" and entry in ("assets", STATIC_FILES.name, "webbuild.py"))]

    shutil.copytree(source, target / name, ignore=ignore)


def stage_app(stage: Path) -> None:
    for name in APP_PACKAGES:
        copy_app_package(name, stage)
    shutil.copyfile(STATIC_FILES / "main.py", stage / "main.py")
    packages = stage / "__pypackages__"
    for distribution in browser_distributions():
        copy_distribution(distribution, packages)


def compile_python(stage: Path) -> bool:
    """The staged Python compiled to byte code by the site's own Pyodide under Node (a module
    imported from byte code starts about twice as fast there); False without Node (the site
    then ships sources, and the app takes longer to start)."""
    node = shutil.which("node")
    if node is None:
        return False
    pyodide = webclient.web_dir() / "pyodide" / "pyodide.mjs"
    done = subprocess.run([node, str(STATIC_FILES / "compile.mjs"), str(pyodide), str(stage)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BuildError(f"compiling the Python for the browser failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    for source in (stage / "__pypackages__").rglob("*.py"):
        if source.with_suffix(".pyc").exists():
            source.unlink()
    return True


def write_archive(stage: Path, archive: Path) -> None:
    """The staged files as the archive Flet's worker unpacks, in a fixed order and with fixed
    times, so the same sources give the same bytes (and the service worker keeps its copy)."""
    with archive.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as zipped, \
            tarfile.open(fileobj=zipped, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for path in sorted(stage.rglob("*")):
            if not path.is_file():
                continue
            info = tarfile.TarInfo(path.relative_to(stage).as_posix())
            info.size = path.stat().st_size
            info.mode = 0o644
            with path.open("rb") as data:
                tar.addfile(info, data)


# -- flet publish ----------------------------------------------------------------------------
def seed_flet_cache(cache: Path) -> Path:
    """A Flet cache holding flet-web's own Pyodide (its lock file given the version `flet
    publish` checks) and a local Python build manifest: `flet publish` downloads nothing."""
    version = pyodide_version()
    pyodide = cache / "pyodide" / version
    shutil.copytree(webclient.web_dir() / "pyodide", pyodide)
    lock_file = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_file.read_text(encoding="utf-8"))
    lock["info"]["version"] = version
    lock_file.write_text(json.dumps(lock), encoding="utf-8")
    short = ".".join(pyodide_python().split(".")[:2])
    manifest = cache / "python-build-manifest.json"
    manifest.write_text(json.dumps({
        "default_python_version": short,
        "pythons": {short: {"full_version": pyodide_python(), "pyodide_version": version, "android_abis": []}},
    }), encoding="utf-8")
    return manifest


def flet_publish(stage: Path, out: Path, cache: Path, base_url: str, lang: str) -> None:
    if importlib.util.find_spec("flet_cli") is None:
        raise BuildError("flet-cli is not installed: pip install -e '.[web-build]' (or '.[test]')")
    manifest = seed_flet_cache(cache)
    env = {**os.environ, "FLET_CACHE_DIR": str(cache), "FLET_PYTHON_BUILD_MANIFEST": str(manifest),
           "PYTHONUTF8": "1", "FLET_CLI_NO_RICH_OUTPUT": "1"}
    command = [sys.executable, "-m", "flet_cli.cli", "publish", str(stage / "main.py"), "--no-cdn",
               "--distpath", str(out), "--base-url", base_url,
               "--web-renderer", "canvaskit", "--route-url-strategy", "path",
               "--app-name", t("app.title", lang), "--app-short-name", t("app.title", lang),
               "--app-description", t("app.tagline", lang)]
    done = subprocess.run(command, cwd=stage, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0 or not (out / "index.html").exists():
        raise BuildError(f"flet publish failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")


# -- finishing the site ----------------------------------------------------------------------
def replace_once(text: str, old: str, new: str, where: str) -> str:
    if old not in text:
        raise BuildError(f"{where} has changed: {old!r} is not in it (a new Flet version?)")
    return text.replace(old, new, 1)


def finish_page(out: Path, lang: str) -> None:
    from views.main import localised_manifest, localised_page

    index = out / "index.html"
    page = replace_once(index.read_text(encoding="utf-8"), PYODIDE_URL, ABSOLUTE_PYODIDE_URL, "index.html")
    page = webclient.with_guard(localised_page(page, lang))
    keeper = (STATIC_FILES / "keep.js").read_text(encoding="utf-8")
    page = replace_once(page, "</head>", f"<script>\n{keeper}</script>\n</head>", "index.html")
    page = replace_once(page, BOOTSTRAP_TAG, "", "index.html")  # keep.js starts it, once the worker is in control
    index.write_text(page, encoding="utf-8")
    # A static host answers an address it has no file for (a screen's, like /match/3, opened
    # before the service worker runs) with 404.html: the page itself, which opens that screen.
    (out / "404.html").write_text(page, encoding="utf-8")

    bootstrap = out / "flutter_bootstrap.js"
    text, found = BOOTSTRAP_WORKER.subn("", bootstrap.read_text(encoding="utf-8"), count=1)
    if not found:
        raise BuildError("flutter_bootstrap.js has changed: no serviceWorkerSettings in it (a new Flet version?)")
    bootstrap.write_text(text, encoding="utf-8")  # the page registers the app's worker itself (keep.js)

    python = out / "python.js"
    python.write_text(replace_once(python.read_text(encoding="utf-8"), PYTHON_READY,
                                   PYTHON_READY + '\n        window.dispatchEvent(new Event("companion-ready"));',
                                   "python.js"), encoding="utf-8")

    manifest = out / "manifest.json"
    ours = (webclient.ASSETS_DIR / "manifest.json").read_text(encoding="utf-8")
    manifest.write_text(localised_manifest(ours, lang), encoding="utf-8")
    fonts = webclient.web_dir() / "assets" / "FontManifest.json"
    (out / "assets" / "FontManifest.json").write_text(webclient.font_manifest(fonts.read_text(encoding="utf-8")),
                                                      encoding="utf-8")


def remove_unused(out: Path) -> None:
    for name in UNUSED:
        path = out / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    # No package is loaded at run time (they are all unpacked with the app): Pyodide's list of
    # 357 it could fetch is cut to none, so it cannot try.
    lock_file = out / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_file.read_text(encoding="utf-8"))
    lock_file.write_text(json.dumps({"info": lock["info"], "packages": {}}), encoding="utf-8")


def site_files(out: Path) -> list[str]:
    return sorted(path.relative_to(out).as_posix() for path in out.rglob("*")
                  if path.is_file() and path.name != SERVICE_WORKER)


def write_service_worker(out: Path) -> str:
    """The worker that keeps every file of the site; its version is the digest of them all."""
    files = {name: hashlib.sha256((out / name).read_bytes()).hexdigest()[:16] for name in site_files(out)}
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    template = (STATIC_FILES / "service-worker.js").read_text(encoding="utf-8")
    worker = (template.replace("__VERSION__", version)
              .replace("__FILES__", json.dumps(files, indent=0, sort_keys=True))
              .replace("__FALLBACKS__", json.dumps(webclient.FALLBACKS, sort_keys=True)))
    (out / SERVICE_WORKER).write_text(worker, encoding="utf-8")
    return version


def measure(out: Path) -> Site:
    files = [path for path in out.rglob("*") if path.is_file()]
    size = sum(path.stat().st_size for path in files)
    zipped = sum(len(gzip.compress(path.read_bytes(), 6)) for path in files)
    return Site(out, len(files), size, zipped)


def build(out: Path, base_url: str = "/", lang: str = DEFAULT_LANGUAGE) -> Site:
    """Write the static site into `out` (emptied first). Raises BuildError with the reason."""
    out = out.resolve()
    if out.exists() and any(out.iterdir()) and not (out / "index.html").exists():
        raise BuildError(f"{out} is not empty and holds no earlier build: choose an empty or new folder")
    with tempfile.TemporaryDirectory(prefix="companion-web-") as temporary:
        work = Path(temporary)
        stage, cache = work / "app", work / "flet-cache"
        stage.mkdir()
        stage_app(stage)
        compiled = compile_python(stage)
        flet_publish(stage, out, cache, base_url, lang)
        write_archive(stage, out / ARCHIVE)
    # The app's icons, manifest and fonts at the site's root, over Flet's (flet publish copies
    # only an `assets` folder beside the script, whatever --assets says).
    shutil.copytree(webclient.ASSETS_DIR, out, dirs_exist_ok=True)
    finish_page(out, lang)
    remove_unused(out)
    write_service_worker(out)
    return replace(measure(out), compiled=compiled)


def sources_digest() -> str:
    """Changes whenever anything that goes into the site changes (tests cache a build by it)."""
    digest = hashlib.sha256()
    roots = [Path(__import__(name).__file__ or "").parent for name in APP_PACKAGES]
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(root.parent).as_posix().encode())
                digest.update(path.read_bytes())
    for distribution in browser_distributions():
        digest.update(f"{distribution.metadata['Name']}=={distribution.version}".encode())
    digest.update(webclient.flet_web_version().encode())
    return digest.hexdigest()[:16]


def report(site: Site) -> str:
    said = (f"wrote {site.folder}: {site.files} files, {site.size / 1e6:.1f} MB "
            f"({site.gzipped / 1e6:.1f} MB gzipped)")
    if not site.compiled:
        said += ("\nNode.js was not found: the Python ships as source, and the app takes about twice as long "
                 "to start. Install Node.js (18 or newer) and build again for byte code.")
    return said


def main(out: str, base_url: str = "/") -> int:
    try:
        site = build(Path(out), base_url)
    except BuildError as failed:
        print(f"companion build-web: {failed}", file=sys.stderr)
        return 2
    print(report(site))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(*sys.argv[1:]))

