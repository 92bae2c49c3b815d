#!/usr/bin/env bash
# Makes sure the e2e tests have a Chromium: Debian's /usr/bin/chromium, or PLAYWRIGHT_CHROMIUM_PATH.
# Run by `npm test` (pretest); installs Debian's package when it can (root with apt-get).
set -euo pipefail

if [ -n "${PLAYWRIGHT_CHROMIUM_PATH:-}" ]; then
  [ -x "$PLAYWRIGHT_CHROMIUM_PATH" ] && exit 0
  echo "PLAYWRIGHT_CHROMIUM_PATH=$PLAYWRIGHT_CHROMIUM_PATH is not an executable." >&2
  exit 1
fi
[ -x /usr/bin/chromium ] && exit 0

if command -v apt-get >/dev/null && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi

cat >&2 <<'MSG'
The browser tests need Chromium and none was found at /usr/bin/chromium.
Either install it (Debian/Ubuntu: sudo apt-get install chromium), or point the tests at another
build with PLAYWRIGHT_CHROMIUM_PATH=/path/to/chrome, or use Playwright's own browser:
  npx playwright install chromium && PLAYWRIGHT_CHROMIUM_PATH="$(node -e "console.log(require('playwright-core').chromium.executablePath())")" npm test
MSG
exit 1
