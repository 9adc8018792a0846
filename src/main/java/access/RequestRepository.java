package access;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

import platform.InsightsContributor.DecisionTimes;
import platform.InsightsContributor.ItemFigures;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code access_requests} table. Every move is a conditional UPDATE on the status and version
 * the caller read: 0 rows means someone else moved the request first. Call inside a tenant unit
 * of work.
 */
@Repository
class RequestRepository {

	private static final String COLUMNS = """
			id, package_key, package_name, catalog_version, grants::text, beneficiary, employee_id, requested_by,
			justification, policy, manager, approval_group, quorum, max_days, status, step, approvals, requested_until,
			expires_at, exception_reason, version, submitted_at, decided_at, ended_at, holding_id""";

	private final JdbcClient jdbc;
	private final JsonMapper json;

	RequestRepository(JdbcClient jdbc, JsonMapper json) {
		this.jdbc = jdbc;
		this.json = json;
	}

	void insert(AccessRequest r) {
		jdbc.sql("""
				INSERT INTO access_requests (tenant_id, id, package_key, package_name, catalog_version, grants, beneficiary,
				    employee_id, requested_by, justification, policy, manager, approval_group, quorum, max_days, status, step, approvals,
				    requested_until, exception_reason, version, submitted_at)
				VALUES (current_setting('app.tenant_id'), :id, :packageKey, :packageName, :catalogVersion, CAST(:grants AS jsonb),
				    :beneficiary, :employeeId, :requestedBy, :justification, :policy, :manager, :group, :quorum, :maxDays, :status, 1, 0,
				    :until, :exceptionReason, 1, :at)""")
			.param("id", r.id())
			.param("packageKey", r.packageKey())
			.param("packageName", r.packageName())
			.param("catalogVersion", r.catalogVersion())
			.param("grants", json.writeValueAsString(r.grants()))
			.param("beneficiary", r.beneficiary())
			.param("employeeId", r.employeeId())
			.param("requestedBy", r.requestedBy())
			.param("justification", r.justification())
			.param("policy", r.policy().value())
			.param("manager", r.manager())
			.param("group", r.group())
			.param("quorum", r.quorum())
			.param("maxDays", r.maxDays())
			.param("status", r.status().value())
			.param("until", timestamp(r.requestedUntil()))
			.param("exceptionReason", r.exceptionReason())
			.param("at", timestamp(r.submittedAt()))
			.update();
	}

	Optional<AccessRequest> find(UUID id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM access_requests WHERE id = :id").param("id", id).query(this::request)
			.optional();
	}

	/**
	 * Moves the request from {@code from} at {@code version} to {@code to}, at {@code step} with
	 * {@code approvals}; {@code held} (an approval's holding and end) is set when given. The request
	 * as moved; empty when it is no longer there: someone moved it first.
	 */
	Optional<AccessRequest> move(UUID id, AccessRequestStatus from, int version, AccessRequestStatus to, int step,
			int approvals, Held held, Instant at) {
		return jdbc.sql("""
				UPDATE access_requests SET status = :to, step = :step, approvals = :approvals, version = version + 1,
				    expires_at = COALESCE(:expiresAt, expires_at), holding_id = COALESCE(:holding, holding_id),
				    decided_at = CASE WHEN :to IN ('approved', 'rejected', 'cancelled') AND :from = 'submitted' THEN :at ELSE decided_at END,
				    ended_at = CASE WHEN :to IN ('rejected', 'cancelled', 'expired', 'revoked') THEN :at ELSE ended_at END
				WHERE id = :id AND status = :from AND version = :version
				""" + "RETURNING " + COLUMNS)
			.param("id", id)
			.param("from", from.value())
			.param("version", version)
			.param("to", to.value())
			.param("step", step)
			.param("approvals", approvals)
			.param("expiresAt", held == null ? null : timestamp(held.until()))
			.param("holding", held == null ? null : held.holding())
			.param("at", timestamp(at))
			.query(this::request)
			.optional();
	}

	/** An approved request's holding (its own id, or that of the access it renews) and the access's end. */
	record Held(UUID holding, Instant until) {
	}

	/** The requests of {@code beneficiary} in {@code statuses}, newest first. */
	List<AccessRequest> ofBeneficiary(String beneficiary, List<AccessRequestStatus> statuses) {
		return jdbc.sql("SELECT " + COLUMNS + """
				 FROM access_requests WHERE beneficiary = :beneficiary AND status IN (:statuses)
				ORDER BY submitted_at DESC LIMIT 500""")
			.param("beneficiary", beneficiary)
			.param("statuses", statuses.stream().map(AccessRequestStatus::value).toList())
			.query(this::request)
			.list();
	}

	/** Requests {@code username} made or is the beneficiary of, newest first. */
	List<AccessRequest> involving(String username, int limit) {
		return jdbc.sql("SELECT " + COLUMNS + """
				 FROM access_requests WHERE beneficiary = :user OR requested_by = :user
				ORDER BY submitted_at DESC LIMIT :limit""")
			.param("user", username)
			.param("limit", limit)
			.query(this::request)
			.list();
	}

	/** The submitted requests waiting on a manager among {@code managers} or a group among {@code groups}. */
	List<AccessRequest> waitingOn(List<String> managers, List<String> groups, int limit) {
		return jdbc.sql("SELECT " + COLUMNS + """
				 FROM access_requests WHERE status = 'submitted'
				  AND ((manager IN (:managers) AND (policy = 'manager' OR (policy = 'manager_then_group' AND step = 1)))
				    OR (approval_group IN (:groups) AND (policy = 'group' OR (policy = 'manager_then_group' AND step = 2))))
				ORDER BY submitted_at LIMIT :limit""")
			.param("managers", managers.isEmpty() ? List.of("") : managers)
			.param("groups", groups.isEmpty() ? List.of("") : groups)
			.param("limit", limit)
			.query(this::request)
			.list();
	}

	/**
	 * How many submitted requests wait for {@code me}, at most {@code limit}: their waiting step is
	 * {@code me}'s as the manager or an approver of its group ({@code myGroups}), neither requester nor
	 * beneficiary, and {@code me} approved no earlier step; or it is one of {@code owners}' (whom
	 * {@code me} stands in for) as the manager or an approver of its group (the pairs
	 * {@code ownerOfGroup[i]}, {@code groupOfOwner[i]}), the owner being neither party either.
	 */
	int countWaitingFor(String me, List<String> myGroups, List<String> owners, List<String> ownerOfGroup,
			List<String> groupOfOwner, int limit) {
		return jdbc.sql("""
				SELECT count(*) FROM (
				  SELECT 1 FROM access_requests r
				  WHERE r.status = 'submitted' AND r.requested_by <> :me AND r.beneficiary <> :me
				    AND (((r.policy = 'manager' OR (r.policy = 'manager_then_group' AND r.step = 1)) AND r.manager = :me
				           OR (r.policy = 'group' OR (r.policy = 'manager_then_group' AND r.step = 2))
				              AND r.approval_group = ANY (:myGroups))
				         AND NOT EXISTS (SELECT 1 FROM access_decisions d
				                         WHERE d.request_id = r.id AND d.actor = :me AND d.decision = 'approve')
				      OR (r.policy = 'manager' OR (r.policy = 'manager_then_group' AND r.step = 1))
				         AND r.manager = ANY (:owners) AND r.manager <> r.requested_by AND r.manager <> r.beneficiary
				      OR (r.policy = 'group' OR (r.policy = 'manager_then_group' AND r.step = 2))
				         AND EXISTS (SELECT 1 FROM unnest(:ownerOfGroup, :groupOfOwner) AS p (owner, approval_group)
				                     WHERE p.approval_group = r.approval_group
				                       AND p.owner <> r.requested_by AND p.owner <> r.beneficiary))
				  LIMIT :limit) waiting""")
			.param("me", me)
			.param("myGroups", new SqlArrayValue("text", myGroups.toArray()))
			.param("owners", new SqlArrayValue("text", owners.toArray()))
			.param("ownerOfGroup", new SqlArrayValue("text", ownerOfGroup.toArray()))
			.param("groupOfOwner", new SqlArrayValue("text", groupOfOwner.toArray()))
			.param("limit", limit)
			.query(Integer.class)
			.single();
	}

	/** The approved requests whose time is up at {@code now}, oldest first, at most {@code limit}. */
	List<AccessRequest> expiredAt(Instant now, int limit) {
		return jdbc.sql("SELECT " + COLUMNS
				+ " FROM access_requests WHERE status = 'approved' AND expires_at <= :now ORDER BY expires_at LIMIT :limit")
			.param("now", timestamp(now))
			.param("limit", limit)
			.query(this::request)
			.list();
	}

	/** The approved requests of employee {@code employeeId} (a leaver's packages). */
	List<AccessRequest> approvedOf(UUID employeeId) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM access_requests WHERE employee_id = :employee AND status = 'approved'")
			.param("employee", employeeId)
			.query(this::request)
			.list();
	}

	/**
	 * Per package and over all packages (key null, named {@code allPackages}), the requests submitted
	 * from {@code since} by where they are now, and the median and p90 time from submission to the
	 * final decision (the last approval or a rejection; a cancellation is no decision), most requested
	 * first.
	 */
	Figures figures(Instant since, String allPackages) {
		List<ItemFigures> rows = jdbc.sql("""
				SELECT CASE WHEN GROUPING(package_key) = 0 THEN package_key END AS package_key,
				       CASE WHEN GROUPING(package_key) = 0 THEN (array_agg(package_name ORDER BY submitted_at DESC, id))[1]
				            ELSE :allPackages END AS package_name,
				       count(*) AS submitted,
				       count(*) FILTER (WHERE status = 'submitted') AS waiting,
				       count(*) FILTER (WHERE status IN ('approved', 'expired', 'revoked')) AS approved,
				       count(*) FILTER (WHERE status = 'rejected') AS rejected,
				       count(*) FILTER (WHERE status = 'cancelled') AS cancelled,
				       count(*) FILTER (WHERE status = 'expired') AS expired,
				       count(*) FILTER (WHERE status = 'revoked') AS revoked,
				       count(*) FILTER (WHERE decided) AS decided,
				       percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE decided) AS median,
				       percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE decided) AS p90
				FROM (SELECT package_key, package_name, submitted_at, id, status,
				             decided_at IS NOT NULL AND status IN ('approved', 'expired', 'revoked', 'rejected') AS decided,
				             extract(epoch FROM decided_at - submitted_at) AS seconds
				      FROM access_requests WHERE submitted_at >= :since) r
				GROUP BY GROUPING SETS ((package_key), ())
				ORDER BY GROUPING(package_key), submitted DESC, package_key""")
			.param("since", timestamp(since))
			.param("allPackages", allPackages)
			.query((rs, row) -> new ItemFigures(rs.getString("package_key"), rs.getString("package_name"),
					rs.getLong("submitted"), rs.getLong("waiting"), rs.getLong("approved"), rs.getLong("rejected"),
					rs.getLong("cancelled"), rs.getLong("expired"), rs.getLong("revoked"),
					new DecisionTimes(rs.getLong("decided"), seconds(rs, "median"), seconds(rs, "p90"))))
			.list();
		// the grouping set () is always there, last: a row of zeros when nothing was submitted
		return new Figures(rows.subList(0, rows.size() - 1), rows.get(rows.size() - 1));
	}

	/** The figures per package and over all of them. */
	record Figures(List<ItemFigures> packages, ItemFigures overall) {
	}

	/** Approved access ending before {@code before} (one the expiry job has not reached yet included), soonest first. */
	List<AccessRequest> expiringBefore(Instant before, int limit) {
		return jdbc.sql("SELECT " + COLUMNS
				+ " FROM access_requests WHERE status = 'approved' AND expires_at < :before ORDER BY expires_at, id LIMIT :limit")
			.param("before", timestamp(before))
			.param("limit", limit)
			.query(this::request)
			.list();
	}

	/** How many approved requests end before {@code before}. */
	long countExpiringBefore(Instant before) {
		return jdbc.sql("SELECT count(*) FROM access_requests WHERE status = 'approved' AND expires_at < :before")
			.param("before", timestamp(before))
			.query(Long.class)
			.single();
	}

	/** The tenants with approved access whose time is up (a SECURITY DEFINER scan across tenants, R__access_job_scans). */
	List<String> tenantsWithExpired(Instant now) {
		return jdbc.sql("SELECT access_tenants_with_expired(:now)").param("now", timestamp(now)).query(String.class).list();
	}

	private AccessRequest request(ResultSet rs, int row) throws SQLException {
		return new AccessRequest(rs.getObject("id", UUID.class), rs.getString("package_key"), rs.getString("package_name"),
				rs.getInt("catalog_version"), json.readValue(rs.getString("grants"), new TypeReference<List<String>>() {
				}), rs.getString("beneficiary"), rs.getObject("employee_id", UUID.class), rs.getString("requested_by"),
				rs.getString("justification"), ApprovalPolicy.of(rs.getString("policy")), rs.getString("manager"),
				rs.getString("approval_group"), rs.getInt("quorum"), rs.getInt("max_days"), AccessRequestStatus.of(rs.getString("status")),
				rs.getInt("step"), rs.getInt("approvals"), instant(rs, "requested_until"), instant(rs, "expires_at"),
				rs.getString("exception_reason"), rs.getInt("version"), instant(rs, "submitted_at"),
				instant(rs, "decided_at"), instant(rs, "ended_at"), rs.getObject("holding_id", UUID.class));
	}

	/** A span in seconds as a duration to the second; null stays null. */
	private static Duration seconds(ResultSet rs, String column) throws SQLException {
		double value = rs.getDouble(column);
		return rs.wasNull() ? null : Duration.ofSeconds(Math.round(value));
	}

	private static Instant instant(ResultSet rs, String column) throws SQLException {
		Timestamp value = rs.getTimestamp(column);
		return value == null ? null : value.toInstant();
	}

	private static Timestamp timestamp(Instant instant) {
		return instant == null ? null : Timestamp.from(instant);
	}
}
