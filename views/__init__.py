"""The Flet app: thin screens that render engine state and turn taps into engine calls."""
