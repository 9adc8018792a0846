#!/usr/bin/env bash
# Page speed at 100k runs (issue #15, part 7). NOT part of mvn verify: run it by hand on an idle
# machine against a demo started WITHOUT its story and with the reconciliation slowed down (the
# generated runs have no Temporal executions):
#
#   DEMO_STORY=false WORKFLOW_RECONCILE_INTERVAL=1d java -jar target/jml-hub-0.1.0-SNAPSHOT.jar &
#   psql -h localhost -p <embedded port> -U postgres -d postgres -v runs=100000 -f bench/seed-runs.sql
#   bench/pages.sh http://localhost:8080
#
# Needs curl, jq and wrk. For each page: warm-up (WARMUP, 20s), then wrk with CONNECTIONS (8)
# concurrent users of ONE signed-in session for DURATION (20s); prints requests/s, p50/p99 and the
# CPU the hypervisor stole meanwhile. The approve POST goes through the JSON API (HTTP Basic,
# cached after the first check) on runs waiting on manny, after WARMUP of approvals on ivan's; their
# workflows do not exist, so the signal comes back "not running" and the action is settled as
# ignored: the cost measured is the stored decision and one Temporal call.
set -euo pipefail

BASE=${1:-http://localhost:8080}
CONNECTIONS=${CONNECTIONS:-8}
DURATION=${DURATION:-20s}
WARMUP=${WARMUP:-20s}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# a signed-in console session of $1 (form login with the CSRF token): prints its cookie header
session() {
  local jar="$WORK/$1.jar"
  local csrf
  csrf=$(curl -sf -c "$jar" "$BASE/login" | grep -o 'name="_csrf" value="[^"]*"' | head -1 | sed 's/.*value="//; s/"$//')
  curl -sf -o /dev/null -b "$jar" -c "$jar" --data-urlencode "username=$1" --data-urlencode "password=demo" \
    --data-urlencode "organisation=acme" --data-urlencode "_csrf=$csrf" "$BASE/login"
  printf 'Cookie: %s' "$(awk '$6 == "JSESSIONID" { print "JSESSIONID=" $7 }' "$jar")"
}

measure() { # name, cookie header, path
  local name=$1 cookie=$2 path=$3
  local status
  status=$(curl -s -o /dev/null -w '%{http_code}' -H "$cookie" "$BASE$path")
  [ "$status" = 200 ] || { echo "$name: $path answered $status" >&2; exit 1; }
  wrk -t2 -c"$CONNECTIONS" -d"$WARMUP" -H "$cookie" "$BASE$path" > /dev/null
  steal_from
  wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -H "$cookie" "$BASE$path" > "$WORK/out"
  printf '%-28s %8s req/s  p50 %8s  p99 %8s  non-2xx %s  steal %s\n' "$name" \
    "$(awk '/Requests\/sec/ { print $2 }' "$WORK/out")" \
    "$(awk '$1 == "50%" { print $2 }' "$WORK/out")" "$(awk '$1 == "99%" { print $2 }' "$WORK/out")" \
    "$(awk '/Non-2xx/ { print $4 }' "$WORK/out" | grep . || echo 0)" "$(steal_since)"
}

# CPU time the hypervisor gave to others (/proc/stat "steal") during a measurement, in % of the
# machine: on this VM it reached 20-30 % in some stretches, which doubles a page's p99
steal_from() { read -r STEAL0 TOTAL0 < <(awk '/^cpu / { t = 0; for (i = 2; i <= 9; i++) t += $i; print $9, t }' /proc/stat); }
steal_since() {
  awk -v s0="$STEAL0" -v t0="$TOTAL0" '/^cpu / { t = 0; for (i = 2; i <= 9; i++) t += $i; printf "%.0f%%", 100 * ($9 - s0) / (t - t0) }' /proc/stat
}

# waiting runs of an approver, "run stage" a line, up to 6,000 (one decision each, never twice)
waiting_runs() {
  local cursor="" page
  : > "$2"
  while [ "$(wc -l < "$2")" -lt 6000 ]; do
    page=$(curl -sf -u "$1:demo" "$BASE/v1/workflow-runs?assignedToMe=true&status=running&limit=100${cursor:+&cursor=$cursor}")
    echo "$page" | jq -r '.items[] | select(.currentStageId != null) | "\(.id) \(.currentStageId)"' >> "$2"
    cursor=$(echo "$page" | jq -r '.nextCursor // empty')
    [ -n "$cursor" ] || break
  done
}

manny=$(session manny)
hana=$(session hana)
ada=$(session ada)
run=$(curl -sf -u hana:demo "$BASE/v1/workflow-runs?limit=1&status=completed" | jq -r '.items[0].id')
employee=$(curl -sf -u hana:demo "$BASE/v1/workflow-runs/$run" | jq -r .employeeId)
# a deep keyset page: follow nextCursor 50 pages into the list (1,000 runs in)
cursor=""
for _ in $(seq 1 50); do
  cursor=$(curl -sf -u hana:demo "$BASE/v1/workflow-runs?limit=20${cursor:+&cursor=$cursor}" | jq -r .nextCursor)
done

echo "$CONNECTIONS users, $DURATION each after $WARMUP of warm-up"
measure "inbox (manny)"              "$manny" "/inbox"
measure "runs, first page"           "$hana"  "/runs"
measure "runs, page 50 (keyset)"     "$hana"  "/runs?cursor=$cursor"
measure "runs, mine (manny)"         "$manny" "/runs?mine=true"
measure "runs, overdue"              "$hana"  "/runs?overdue=true"
measure "runs, blocked"              "$hana"  "/runs?blocked=true"
measure "runs, definition=leaver"    "$hana"  "/runs?definition=leaver"
measure "runs, status=returned"      "$hana"  "/runs?status=returned"
measure "runs, employee"             "$hana"  "/runs?employeeId=$employee"
measure "run detail"                 "$hana"  "/runs/$run"
measure "insights (ada)"             "$ada"   "/admin/insights"

# the approve POST: one decision per waiting run, never the same one twice; warmed up like the
# pages with ivan's waiting runs, measured with manny's
waiting_runs ivan "$WORK/warmup.txt"
waiting_runs manny "$WORK/approvals.txt"
BENCH_APPROVALS="$WORK/warmup.txt" BENCH_BASIC=$(printf 'ivan:demo' | base64) \
  wrk -t1 -c"$CONNECTIONS" -d"$WARMUP" -s "$HERE/approve.lua" "$BASE" > /dev/null
steal_from
BENCH_APPROVALS="$WORK/approvals.txt" BENCH_BASIC=$(printf 'manny:demo' | base64) \
  wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency -s "$HERE/approve.lua" "$BASE" > "$WORK/out"
printf '%-28s %8s req/s  p50 %8s  p99 %8s  requests %s  steal %s\n' "approve POST (API)" \
  "$(awk '/Requests\/sec/ { print $2 }' "$WORK/out")" \
  "$(awk '$1 == "50%" { print $2 }' "$WORK/out")" "$(awk '$1 == "99%" { print $2 }' "$WORK/out")" \
  "$(awk '/requests in/ { print $1 }' "$WORK/out")" "$(steal_since)"
