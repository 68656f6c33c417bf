"""What Flet's Python worker runs in the browser, in a site written by `companion build-web`."""

import flet as ft

from views.browser import main

ft.run(main)
