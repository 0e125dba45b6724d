"""The referee's settings (R-R4 bounce and false starts, R-R6 window, R-R8 tie) are chosen
at setup, default to the rulings' values, and reach the game."""

from companion.rapidcity.model import Settings


def test_rulings_settings_default_and_change_through_the_widgets(ui):
    ui.tap("Rapid City")
    for colour in ("Red", "Blue", "Green"):
        ui.tap(colour)
    defaults = Settings()
    assert defaults.window_ms == 5000 and defaults.bounce_ms == 30 and defaults.tie_ms == 1
    for text in ("Window: 5 s", "Bounce: 30 ms", "Tie: 1 ms", "False start bullet: off"):
        assert ui.find(text).height >= 48
    ui.tap("Window: 5 s")
    ui.tap("Bounce: 30 ms")
    ui.tap("Tie: 1 ms")
    ui.tap("False start bullet: off")
    assert {"Window: 8 s", "Bounce: 50 ms", "Tie: 2 ms", "False start bullet: on"} <= set(ui.texts())
    ui.screenshot("rapidcity-setup-rulings")
    ui.tap("Start")
    assert ui.app.manager.current == "rapidcity"
    settings = ui.screen.session.state.settings
    assert (settings.window_ms, settings.bounce_ms, settings.tie_ms, settings.false_start_bullet) == (8000, 50, 2, True)
    assert ui.app.hardware().pipeline.bounce_ms == 50  # the pads' lockout follows the game
