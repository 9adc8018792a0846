-- wrk script of bench/pages.sh: every request approves a different waiting run's current stage
-- (approvals.txt, split between the threads), with the run id as Idempotency-Key.
local counter = 0

function setup(thread)
  thread:set("index", counter)
  counter = counter + 1
end

function init(args)
  basic = os.getenv("BENCH_BASIC")
  approvals = {}
  local n = 0
  for line in io.lines(os.getenv("BENCH_APPROVALS")) do
    if n % counter_total() == index then
      table.insert(approvals, line)
    end
    n = n + 1
  end
  next_approval = 1
end

function counter_total()
  return tonumber(os.getenv("BENCH_THREADS") or "1")
end

function request()
  if next_approval > #approvals then
    -- out of waiting runs: stop this thread; its last request goes once more (an idempotent replay)
    -- because wrk needs one, so the summary still prints
    wrk.thread:stop()
    next_approval = #approvals
  end
  local run, stage = approvals[next_approval]:match("^(%S+)%s+(%S+)")
  next_approval = next_approval + 1
  return wrk.format("POST", "/v1/workflow-runs/" .. run .. "/approve", {
    ["Authorization"] = "Basic " .. basic, ["Content-Type"] = "application/json",
    ["Idempotency-Key"] = "pages-bench-" .. run, ["Accept"] = "application/json" },
    '{"stageId":"' .. stage .. '"}')
end

function response(status, headers, body)
  if status ~= 202 then
    io.stderr:write("approve answered " .. status .. "\n")
  end
end
