#!/usr/bin/env bash
# API throughput benchmark (issue #13, part 9). NOT part of mvn verify: run it by hand on an idle
# machine against a running demo (java -jar target/jml-hub-*.jar, or mvn spring-boot:run), e.g.
#
#   bench/api-throughput.sh http://localhost:8080
#
# Needs curl, jq and wrk (apt-get install wrk jq). Settings (environment): CONNECTIONS (50),
# THREADS (2), DURATION (60s), RUNS (6000: joiner runs prepared for approvals; at least 20% of the
# expected requests). What it does:
#   1. ada (ADMIN) creates an API token with HR and APPROVER roles: every read uses it (Bearer);
#   2. hana (HR) hires RUNS employees with manager manny; their joiner runs wait for manny;
#   3. wrk: CONNECTIONS clients for DURATION, 80% reads (run list, employee list, run detail) with
#      the token, 20% approvals of distinct runs by manny. A token is never a stage's assignee (it
#      has no groups), so approvals are sent as manny with HTTP Basic, whose successful check the
#      server caches (LOGIN_CACHE_TTL): one bcrypt per minute, not per call;
#   4. checks that no run got more than one approval by manny and that every approval the server
#      accepted (202) was recorded (no lost and no duplicated decision); wrk may have cut requests
#      in flight when it stopped, so those may or may not be recorded.
# Record the figures and this command in docs/benchmarks.md.
set -euo pipefail

BASE=${1:-http://localhost:8080}
CONNECTIONS=${CONNECTIONS:-50}
THREADS=${THREADS:-2}
DURATION=${DURATION:-60s}
RUNS=${RUNS:-6000}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

expires=$(date -u -d '+1 day' +%Y-%m-%dT%H:%M:%SZ)
token=$(curl -sf -u ada:demo -H 'Content-Type: application/json' \
  -d "{\"name\":\"bench-$(date +%s)\",\"roles\":[\"HR\",\"APPROVER\"],\"expiresAt\":\"$expires\"}" \
  "$BASE/v1/admin/api-tokens" | jq -r .token)
echo "API token created (${token:0:11}…)"

echo "Hiring $RUNS employees (manager manny)…"
seq 1 "$RUNS" | xargs -P 8 -I{} curl -sf -o /dev/null -u hana:demo -H 'Content-Type: application/json' \
  -d "{\"displayName\":\"Bench {}\",\"email\":\"bench{}-$$@acme.example\",\"department\":\"Bench\",\"manager\":\"manny\",\"startDate\":\"2031-01-01\"}" \
  "$BASE/v1/hr/employees"

echo "Waiting until their runs wait for manny…"
for attempt in $(seq 1 600); do
  : > "$WORK/approvals.txt"
  cursor=""
  while :; do
    page=$(curl -sf -u manny:demo "$BASE/v1/workflow-runs?assignedToMe=true&status=running&limit=100${cursor:+&cursor=$cursor}")
    echo "$page" | jq -r '.items[] | select(.currentStageId != null) | "\(.id) \(.currentStageId)"' >> "$WORK/approvals.txt"
    cursor=$(echo "$page" | jq -r '.nextCursor // empty')
    [ -n "$cursor" ] || break
  done
  ready=$(wc -l < "$WORK/approvals.txt")
  [ "$ready" -ge "$RUNS" ] && break
  sleep 1
done
echo "$(wc -l < "$WORK/approvals.txt") runs wait for a decision"

BENCH_TOKEN=$token BENCH_APPROVER_BASIC=$(printf 'manny:demo' | base64) BENCH_APPROVALS="$WORK/approvals.txt" \
BENCH_THREADS=$THREADS BENCH_RESULT="$WORK/approved.txt" \
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$HERE/api-mixed.lua" "$BASE"

read -r sent accepted < "$WORK/approved.txt"
echo "Checking decisions (sent: $sent, accepted: $accepted)…"
# one line per prepared run: how many approvals by manny it holds, or "unreadable <id>"
count_approvals() {
  detail=$(curl -sS -f --retry 5 --retry-all-errors -H "Authorization: Bearer $BENCH_TOKEN" "$BASE/v1/workflow-runs/$1") \
    || { echo "unreadable $1"; return; }
  echo "$detail" | jq '[.actions[] | select(.actor == "manny" and .action == "approve")] | length'
}
export -f count_approvals
export BASE BENCH_TOKEN=$token
cut -d' ' -f1 "$WORK/approvals.txt" | xargs -P 4 -I{} bash -c 'count_approvals {}' > "$WORK/counts.txt"
if grep -q '^unreadable' "$WORK/counts.txt"; then
  echo "could not read run(s) to check them: $(grep '^unreadable' "$WORK/counts.txt" | cut -d' ' -f2 | tr '\n' ' ')" >&2
  exit 1
fi
recorded=$(awk '$1 >= 1' "$WORK/counts.txt" | wc -l)
duplicated=$(awk '$1 > 1' "$WORK/counts.txt" | wc -l)
echo "approvals recorded: $recorded (sent: $sent, accepted: $accepted), runs with more than one: $duplicated"
# every accepted decision is recorded (none lost); a request still in flight when wrk stopped (or
# that it gave up on after 2 s) may or may not have reached the server, so it may be missing
[ "$recorded" -ge "$accepted" ] && [ "$recorded" -le "$sent" ] && [ "$duplicated" -eq 0 ]
