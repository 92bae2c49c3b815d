#!/usr/bin/env bash
# The suite's smoke on Node 20 (docs/testing.md, "Two Nodes"): Node 24, the active LTS, runs the
# whole suite in .ci/run; Node 20, the oldest Node `engines` still names, pinned in tests/node20/
# and installed on demand, runs the build, every unit test and a few browser specs that cross every
# layer (prerender, preview server, emulator, judges), so a newer API that slips in is caught.
# Run: npm run test:node20
set -euo pipefail
cd "$(dirname "$0")/../.."

npx tsx scripts/quality/on-demand.ts node20
# Every `node`, `npm`, `npx` and child process below is Node 20's.
export PATH="$PWD/tests/node20/node_modules/.bin:$PATH"
version="$(node --version)"
if [[ "$version" != v20.* ]]; then
  echo "node20: tests/node20 gave Node $version, not 20" >&2
  exit 1
fi
echo "node20: Node $version"
npm run build:local
npx vitest run
npx playwright test tests/e2e/site/pages.spec.ts tests/e2e/site/prerender.spec.ts \
  tests/e2e/waitlist/waitlist.spec.ts tests/e2e/security/judges.spec.ts
