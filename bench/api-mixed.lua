-- wrk script of bench/api-throughput.sh: 80% reads with an API token, 20% approvals.
-- Every approval decides a different run's current stage (from approvals.txt, split between the
-- threads), with the run id as Idempotency-Key, so a decision is never sent twice.
local threads = {}
local counter = 0

function setup(thread)
  thread:set("index", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  token = os.getenv("BENCH_TOKEN")
  basic = os.getenv("BENCH_APPROVER_BASIC")
  local file = os.getenv("BENCH_APPROVALS")
  local total = tonumber(os.getenv("BENCH_THREADS"))
  approvals = {}
  local n = 0
  for line in io.lines(file) do
    if n % total == index then
      table.insert(approvals, line)
    end
    n = n + 1
  end
  next_approval = 1
  runs = {}
  for i = 1, math.min(#approvals, 200) do
    runs[i] = approvals[i]:match("^(%S+)")
  end
  sent_approvals = 0
  accepted_approvals = 0
  errors = 0
  math.randomseed(os.time() + index)
end

function request()
  local roll = math.random(100)
  if roll <= 20 and next_approval <= #approvals then
    local run, stage = approvals[next_approval]:match("^(%S+)%s+(%S+)")
    next_approval = next_approval + 1
    sent_approvals = sent_approvals + 1
    return wrk.format("POST", "/v1/workflow-runs/" .. run .. "/approve", {
      ["Authorization"] = "Basic " .. basic, ["Content-Type"] = "application/json",
      ["Idempotency-Key"] = "bench-" .. run, ["Accept"] = "application/json" },
      '{"stageId":"' .. stage .. '"}')
  end
  local headers = { ["Authorization"] = "Bearer " .. token, ["Accept"] = "application/json" }
  if roll <= 50 then
    return wrk.format("GET", "/v1/workflow-runs?limit=20", headers)
  elseif roll <= 75 then
    return wrk.format("GET", "/v1/hr/employees?limit=20", headers)
  else
    return wrk.format("GET", "/v1/workflow-runs/" .. runs[math.random(#runs)], headers)
  end
end

function response(status, headers, body)
  -- only an approval answers 202 (the reads answer 200)
  if status == 202 then
    accepted_approvals = accepted_approvals + 1
  elseif status >= 400 then
    errors = errors + 1
  end
end

function done(summary, latency, requests)
  local approved, accepted, failed = 0, 0, 0
  for _, thread in ipairs(threads) do
    approved = approved + thread:get("sent_approvals")
    accepted = accepted + thread:get("accepted_approvals")
    failed = failed + thread:get("errors")
  end
  io.write(string.format("approvals sent: %d, accepted (202): %d\nerror answers (>= 400): %d\n", approved, accepted,
    failed))
  io.write(string.format("requests/s: %.1f  p50: %.1f ms  p99: %.1f ms\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
  local out = io.open(os.getenv("BENCH_RESULT"), "w")
  out:write(approved .. " " .. accepted .. "\n")
  out:close()
end
