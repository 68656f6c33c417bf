"""Entry point for `flet build` (apk, ipa, desktop bundles): the same app as `companion`."""

import flet as ft

from views.main import ASSETS_DIR, main

if __name__ == "__main__":
    ft.run(main, assets_dir=ASSETS_DIR)
