#!/usr/bin/env bash
# Makes sure the test suite has what it runs outside npm: a Chromium for the browser tests and Java
# for the Nu Html Checker; with `engines`, also Firefox ESR, WebKitWebDriver and Xvfb for
# `npm run test:engines`. Run by `npm test`, `npm run test:engines` and .ci/run; installs Debian's
# packages when it can (root with apt-get), and otherwise says what to install.
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
command -v java >/dev/null || missing+=(default-jre-headless)
if [ "${1:-}" = "engines" ]; then
  [ -x "${ENGINES_FIREFOX_PATH:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
  command -v "${ENGINES_WEBKIT_DRIVER:-WebKitWebDriver}" >/dev/null || missing+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null || missing+=(xvfb)
fi

[ ${#missing[@]} -eq 0 ] && exit 0

if command -v apt-get >/dev/null && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian packages for the tests: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi

cat >&2 <<MSG
The tests need these and could not install them (root with apt-get is needed): ${missing[*]}
- Chromium: sudo apt-get install chromium, or point the tests at another build with
  PLAYWRIGHT_CHROMIUM_PATH=/path/to/chrome (for example after npx playwright install chromium).
- Java (for the Nu Html Checker): sudo apt-get install default-jre-headless, or any Java 11+.
- The engine tests: sudo apt-get install firefox-esr webkit2gtk-driver xvfb (Debian's packages;
  ENGINES_FIREFOX_PATH, ENGINES_WEBKIT_DRIVER and ENGINES_MINIBROWSER_PATH point elsewhere).
MSG
exit 1
