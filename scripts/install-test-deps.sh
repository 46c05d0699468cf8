#!/usr/bin/env bash
# What the tests need beyond npm packages: Debian's Chromium (end-to-end tests; Playwright's own
# browser download cannot work here) with a font, PostgreSQL with the matching PostGIS (the storage
# tests start a throwaway server, test/helpers/postgres-cluster.ts), nginx (the load-balancer
# test) and MapServer's CGI program (a city's asset layers over WFS 2.0 and OGC API - Features,
# test/helpers/mapserver.ts). Nothing is done when all are there. Missing ones are installed with apt as root on Debian;
# elsewhere the script names exactly what to install and exits 1.
# Used by .ci/run and by `npm test` (its pretest step).
set -euo pipefail

newest_pg_major() { ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -n 1; }

# Prints the Debian packages still missing, one per line.
missing_packages() {
  command -v chromium >/dev/null 2>&1 || printf '%s\n' chromium fonts-dejavu-core
  if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    # The server and its PostGIS come together: the PostGIS package follows the server's major.
    printf '%s\n' postgresql postgis
  else
    local major
    major=$(newest_pg_major)
    [ -e "/usr/share/postgresql/$major/extension/postgis.control" ] || echo "postgresql-$major-postgis-3"
  fi
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || echo nginx
  # The load-balancer test makes nginx's throwaway certificate with openssl.
  command -v openssl >/dev/null 2>&1 || echo openssl
  [ -x /usr/lib/cgi-bin/mapserv ] || echo cgi-mapserver
}

missing=$(missing_packages)
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  echo "Installing what the tests need: $(echo $missing)" >&2
  apt-get update -qq
  # `postgis` stands for the PostGIS of the server installed with it; ask again once it is there.
  apt-get install -y -qq --no-install-recommends $(echo "$missing" | grep -vx postgis) >/dev/null
  missing=$(missing_packages)
  [ -z "$missing" ] || apt-get install -y -qq --no-install-recommends $missing >/dev/null
  exit 0
fi

{
  echo "The tests need programs that are not installed: $(echo $missing)."
  if command -v apt-get >/dev/null 2>&1; then
    echo "Install them as root:  apt-get install --no-install-recommends $(echo $missing | sed 's/\bpostgis\b/postgresql-NN-postgis-3 (NN: the PostgreSQL major installed)/')"
  else
    echo "Those are Debian's names; install their equivalents: Chromium as 'chromium' on PATH, PostgreSQL with the PostGIS 3 of the same major (initdb under /usr/lib/postgresql/NN/bin), nginx, openssl, MapServer 8's CGI program at /usr/lib/cgi-bin/mapserv."
  fi
  echo "Then run npm test again. (Only the server tests: npm run test:server.)"
} >&2
exit 1
