"""What Flet's Python worker runs in the browser, in a site written by `companion build-web`."""

import flet as ft

from views.browser_main import main

ft.run(main)
