#!/usr/bin/env bash
# Makes sure the test suite has what it runs outside npm: Chromium (and its faster headless shell)
# for the browser tests and Java for the Nu Html Checker; with `engines`, also Firefox ESR,
# WebKitWebDriver and Xvfb for `npm run test:engines`. Run by `npm test`, `npm run test:engines` and
# .ci/run; installs Debian's packages when it can (root with apt-get), and otherwise says what to
# install.
set -euo pipefail

missing=()
if [ -n "${PLAYWRIGHT_CHROMIUM_PATH:-}" ]; then
  if [ ! -x "$PLAYWRIGHT_CHROMIUM_PATH" ]; then
    echo "PLAYWRIGHT_CHROMIUM_PATH=$PLAYWRIGHT_CHROMIUM_PATH is not an executable." >&2
    exit 1
  fi
elif [ ! -x /usr/bin/chromium ]; then
  missing+=(chromium)
fi
# Chromium's headless shell drives most browser tests (tests/e2e/support/browser.ts): without it they
# run on the whole browser, about twice as slowly, so it is installed where it can be, not required.
faster=()
if [ -z "${PLAYWRIGHT_HEADLESS_SHELL_PATH:-}" ] && [ -z "${PLAYWRIGHT_CHROMIUM_PATH:-}" ] &&
  [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
  faster+=(chromium-headless-shell)
fi
command -v java >/dev/null || missing+=(default-jre-headless)
if [ "${1:-}" = "engines" ]; then
  [ -x "${ENGINES_FIREFOX_PATH:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
  command -v "${ENGINES_WEBKIT_DRIVER:-WebKitWebDriver}" >/dev/null || missing+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null || missing+=(xvfb)
fi

wanted=("${missing[@]}" "${faster[@]}")
[ ${#wanted[@]} -eq 0 ] && exit 0

if command -v apt-get >/dev/null && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian packages for the tests: ${wanted[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${wanted[@]}" >/dev/null
  exit 0
fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "The browser tests run on the whole Chromium, about twice as slowly: sudo apt-get install chromium-headless-shell (or set PLAYWRIGHT_HEADLESS_SHELL_PATH) for its headless shell." >&2
  exit 0
fi

cat >&2 <<MSG
The tests need these and could not install them (root with apt-get is needed): ${missing[*]}
- Chromium: sudo apt-get install chromium chromium-headless-shell, or point the tests at another
  build with PLAYWRIGHT_CHROMIUM_PATH=/path/to/chrome (for example after npx playwright install
  chromium), and at its headless shell with PLAYWRIGHT_HEADLESS_SHELL_PATH.
- Java (for the Nu Html Checker): sudo apt-get install default-jre-headless, or any Java 11+.
- The engine tests: sudo apt-get install firefox-esr webkit2gtk-driver xvfb (Debian's packages;
  ENGINES_FIREFOX_PATH, ENGINES_WEBKIT_DRIVER and ENGINES_MINIBROWSER_PATH point elsewhere).
MSG
exit 1
