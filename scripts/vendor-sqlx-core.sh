#!/usr/bin/env bash
# Re-vendors sqlx-core: takes the given version as crates.io ships it and applies Tsumugi's one
# change (vendor/patches/sqlx-core-release-without-ping.patch; why:
# docs/decisions/sqlx-core-release-without-ping.md).
#
#   scripts/vendor-sqlx-core.sh [VERSION]          replace vendor/sqlx-core (default: the vendored version)
#   scripts/vendor-sqlx-core.sh --check [VERSION]  exit 1 if vendor/sqlx-core is not exactly upstream + patch
#
# Upgrading sqlx is then: bump sqlx in Cargo.toml, run this with the new version, fix the patch if
# it no longer applies (or drop it once upstream releases an equivalent), run make test.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
vendored=$(sed -n 's/^version = "\(.*\)"$/\1/p' vendor/sqlx-core/Cargo.toml | head -n 1)
version=${1:-$vendored}
patch_file="$ROOT/vendor/patches/sqlx-core-release-without-ping.patch"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
say "downloading sqlx-core $version from crates.io"
curl -sSfL -o "$work/crate.tar.gz" "https://static.crates.io/crates/sqlx-core/sqlx-core-$version.crate"
tar -xzf "$work/crate.tar.gz" -C "$work"
fresh="$work/sqlx-core-$version"
rm -f "$fresh/.cargo_vcs_info.json"
patch --quiet --directory="$fresh" -p1 --no-backup-if-mismatch <"$patch_file"

if [ "$check" = 1 ]; then
  if diff -r "$fresh" vendor/sqlx-core >/dev/null; then
    say "vendor/sqlx-core is sqlx-core $version with the one patch"
  else
    diff -ru "$fresh" vendor/sqlx-core | head -n 40
    echo "vendor/sqlx-core differs from sqlx-core $version + $(basename "$patch_file")" >&2
    exit 1
  fi
else
  rm -rf vendor/sqlx-core
  cp -a "$fresh" vendor/sqlx-core
  say "vendor/sqlx-core is now sqlx-core $version with the patch; run make test"
fi
