#!/usr/bin/env bash
# Rebuild the playground's editor bundle from the pinned npm packages in package.json:
#   scripts/editor/build.sh   ->  webapp/static/rocport/vendor/codemirror.min.js (+ licenses)
# Only needed to upgrade CodeMirror; the bundle is committed, so nothing is fetched at run time.
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --ignore-scripts >/dev/null
node_modules/.bin/esbuild entry.js --bundle --minify --format=iife \
  --legal-comments=none --outfile=../../webapp/static/rocport/vendor/codemirror.min.js
licenses=../../webapp/static/rocport/vendor/codemirror.LICENSES.txt
: > "$licenses"
for package in node_modules/@codemirror/* node_modules/@lezer/* node_modules/@marijn/* \
               node_modules/style-mod node_modules/crelt node_modules/w3c-keyname; do
  [[ -f $package/LICENSE ]] || continue
  version=$(node -p "require('./$package/package.json').version")
  printf '==== %s %s\n\n' "${package#node_modules/}" "$version" >> "$licenses"
  cat "$package/LICENSE" >> "$licenses"
  printf '\n' >> "$licenses"
done
echo "built $(wc -c < ../../webapp/static/rocport/vendor/codemirror.min.js) bytes"
