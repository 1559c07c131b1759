"""The first screen works before the modules app.js imports after the boot has started (issue 21: only
the question box, status and notices are in its static graph): the phone's Settings button, pressed
before ui/settings.js has arrived, opens the settings once it has; a reader address is the first screen."""
from __future__ import annotations

import pytest

from helpers import assert_only_own_origin

pytestmark = pytest.mark.browser


def test_settings_pressed_before_their_module_arrives_open_when_it_does(browser, served_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    held: list = []
    page.route("**/ui/settings.js", lambda route: held.append(route))
    page.goto(served_url + "/", wait_until="commit")
    page.wait_for_function("() => document.documentElement.dataset.composer === 'live'")
    toggle = page.get_by_test_id("settings-toggle")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false"  # nothing has wired it yet
    while not held:
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    page.unroute("**/ui/settings.js")
    page.wait_for_function("() => document.querySelector('#settings').classList.contains('settings-open')")
    assert toggle.get_attribute("aria-expanded") == "true"
    toggle.click()  # the module's own handler now: one press, one change
    assert toggle.get_attribute("aria-expanded") == "false"
    context.close()


def test_a_reader_address_is_the_first_screen(page, served_url: str) -> None:
    page.goto(served_url + "/#/10.129")
    page.wait_for_selector("[data-testid=reader]:not([hidden])", timeout=30_000)
    assert page.evaluate("() => !document.querySelector('[data-testid=ready]')")  # before the app is ready
    assert_only_own_origin(page)
