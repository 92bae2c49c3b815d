#!/usr/bin/env bash
# The suite's smoke on Node 24 (docs/testing.md, "Two Nodes"): the machine's Node runs the whole
# suite; Node 24, pinned in tests/node24/ and installed on demand, runs the build, every unit test
# and a few browser specs that cross every layer (prerender, preview server, emulator, judges).
# Run: npm run test:node24
set -euo pipefail
cd "$(dirname "$0")/../.."

npx tsx scripts/quality/on-demand.ts node24
# Every `node`, `npm`, `npx` and child process below is Node 24's.
export PATH="$PWD/tests/node24/node_modules/.bin:$PATH"
version="$(node --version)"
if [[ "$version" != v24.* ]]; then
  echo "node24: tests/node24 gave Node $version, not 24" >&2
  exit 1
fi
echo "node24: Node $version"
npm run build:local
npx vitest run
npx playwright test tests/e2e/site/pages.spec.ts tests/e2e/site/prerender.spec.ts \
  tests/e2e/waitlist/waitlist.spec.ts tests/e2e/security/judges.spec.ts
