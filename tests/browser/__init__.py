"""Browser tests (Playwright + Debian Chromium); a package so its conftest never shadows
the suite's own ``conftest`` module."""
