package workflow.store;

import java.time.LocalDate;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import workflow.Delegation;
import workflow.support.Rows;

/** The {@code workflow_delegations} table (one out-of-office delegation per approver). Call inside a tenant unit of work. */
@Repository
public class DelegationRepository {

	private final JdbcClient jdbc;

	DelegationRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public Optional<Delegation> find(String owner) {
		return jdbc.sql("SELECT owner, delegate, starts_on, ends_on, created_at FROM workflow_delegations WHERE owner = :owner")
			.param("owner", owner)
			.query((rs, row) -> new Delegation(rs.getString("owner"), rs.getString("delegate"),
					rs.getObject("starts_on", LocalDate.class), rs.getObject("ends_on", LocalDate.class),
					Rows.instant(rs, "created_at")))
			.optional();
	}

	/** The delegations that make {@code delegate} act for someone on {@code day}, by owner. */
	public List<Delegation> actingFor(String delegate, LocalDate day) {
		return jdbc.sql("""
				SELECT owner, delegate, starts_on, ends_on, created_at FROM workflow_delegations
				WHERE delegate = :delegate AND starts_on <= :day AND ends_on >= :day ORDER BY owner
				""")
			.param("delegate", delegate)
			.param("day", day)
			.query((rs, row) -> new Delegation(rs.getString("owner"), rs.getString("delegate"),
					rs.getObject("starts_on", LocalDate.class), rs.getObject("ends_on", LocalDate.class),
					Rows.instant(rs, "created_at")))
			.list();
	}

	/** Sets the owner's delegation, replacing an earlier one. */
	public void put(String owner, String delegate, LocalDate from, LocalDate until) {
		jdbc.sql("""
				INSERT INTO workflow_delegations (tenant_id, owner, delegate, starts_on, ends_on)
				VALUES (current_setting('app.tenant_id'), :owner, :delegate, :from, :until)
				ON CONFLICT (tenant_id, owner) DO UPDATE
				SET delegate = excluded.delegate, starts_on = excluded.starts_on, ends_on = excluded.ends_on, created_at = now()
				""")
			.param("owner", owner)
			.param("delegate", delegate)
			.param("from", from)
			.param("until", until)
			.update();
	}

	public boolean delete(String owner) {
		return jdbc.sql("DELETE FROM workflow_delegations WHERE owner = :owner").param("owner", owner).update() > 0;
	}

	/** The delegates of those {@code owners} whose delegation is active on {@code day}: owner to delegate. */
	public Map<String, String> activeOn(Collection<String> owners, LocalDate day) {
		Map<String, String> delegates = new LinkedHashMap<>();
		if (owners.isEmpty()) {
			return delegates;
		}
		jdbc.sql("""
				SELECT owner, delegate FROM workflow_delegations
				WHERE owner IN (:owners) AND starts_on <= :day AND ends_on >= :day ORDER BY owner""")
			.param("owners", List.copyOf(owners))
			.param("day", day)
			.query((rs, row) -> List.of(rs.getString("owner"), rs.getString("delegate")))
			.list()
			.forEach(pair -> delegates.put(pair.get(0), pair.get(1)));
		return delegates;
	}

	/**
	 * Who would make a chain with a delegation of {@code owner} to {@code delegate} from
	 * {@code from} to {@code until}: the delegate is away themselves then, or someone away then
	 * delegated to the owner. Empty when neither.
	 */
	public Optional<String> chainWith(String owner, String delegate, LocalDate from, LocalDate until) {
		return jdbc.sql("""
				SELECT CASE WHEN owner = :delegate THEN :delegate || ' is away themselves from ' || starts_on || ' to ' || ends_on
				            ELSE owner || ' is away from ' || starts_on || ' to ' || ends_on || ' and delegated to you' END
				FROM workflow_delegations
				WHERE (owner = :delegate OR (delegate = :owner AND owner <> :delegate))
				  AND starts_on <= :until AND ends_on >= :from
				ORDER BY owner LIMIT 1""")
			.param("owner", owner)
			.param("delegate", delegate)
			.param("from", from)
			.param("until", until)
			.query(String.class)
			.optional();
	}
}
