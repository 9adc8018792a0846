package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.ApplicationModuleTest.BootstrapMode;
import org.springframework.modulith.test.Scenario;
import org.springframework.test.context.TestPropertySource;

import platform.admin.AdminGroup;
import platform.admin.AdminUser;
import platform.admin.DirectoryAdministration;
import platform.admin.DirectoryCommands.NewUser;

/**
 * The platform module alone, with the workflow's {@link DirectoryReferences} (the one neighbour
 * the tenant administration asks) replaced by a scripted stand-in. Its main flow: an admin adds a
 * user to the tenant's directory, the change is audited, and the directory answers for the user;
 * disabling the user reports the assignments the neighbour still holds for them, and a group the
 * neighbour names cannot be renamed.
 */
@ApplicationModuleTest(module = "platform", classes = JmlHubApplication.class, mode = BootstrapMode.STANDALONE)
@Import(PlatformModuleTests.WorkflowStandIn.class)
// the outbox (not bootstrapped) contributes two of the readiness checks
@TestPropertySource(properties = "management.endpoint.health.group.readiness.include=readinessState,db,temporal")
class PlatformModuleTests {

	@TestConfiguration(proxyBeanMethods = false)
	static class WorkflowStandIn {

		@Bean
		ScriptedReferences scriptedReferences() {
			return new ScriptedReferences();
		}
	}

	/** What the workflow would say names a user or a group, set by the test. */
	static class ScriptedReferences implements DirectoryReferences {

		final Map<String, List<String>> assignments = new ConcurrentHashMap<>();
		final Map<String, List<String>> groups = new ConcurrentHashMap<>();

		@Override
		public List<String> openAssignments(String username) {
			return assignments.getOrDefault(username, List.of());
		}

		@Override
		public List<String> groupReferences(String group) {
			return groups.getOrDefault(group, List.of());
		}
	}

	static final AppUser ADA = new AppUser("ada", "acme", "Acme", "Ada Admin", Set.of(Role.ADMIN), Set.of(), true,
			"unused");

	@Autowired
	DirectoryAdministration directory;

	@Autowired
	UserDirectory users;

	@Autowired
	ScriptedReferences references;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void anAdminAddsAUserWhoIsAuditedAndKnownToTheDirectory(Scenario scenario) {
		String username = "module-" + UUID.randomUUID().toString().substring(0, 8);

		scenario.stimulate(() -> directory.create(ADA, new NewUser(username, "Module User", username + "@acme.example",
				List.of("APPROVER"), "a-long-enough-password")))
			.andWaitForStateChange(() -> audited("user.created", username))
			.andVerify(actions -> {
				assertThat(actions).containsExactly("ada");
				assertThat(transactions.readInTenant("acme", () -> users.find(username))).hasValueSatisfying(user -> {
					assertThat(user.displayName()).isEqualTo("Module User");
					assertThat(user.roles()).containsExactly(Role.APPROVER);
					assertThat(user.email()).isEqualTo(username + "@acme.example");
				});
			});
	}

	@Test
	void disablingAUserReportsTheAssignmentsTheNeighbourHoldsForThem(Scenario scenario) {
		String username = "module-" + UUID.randomUUID().toString().substring(0, 8);
		directory.create(ADA, new NewUser(username, "Busy Approver", username + "@acme.example", List.of("APPROVER"),
				"a-long-enough-password"));
		references.assignments.put(username, List.of("Joiner run of Ana Lima: stage IT access (run 1)"));

		scenario.stimulate(() -> directory.setEnabled(ADA, username, false))
			.andWaitForStateChange(() -> audited("user.disabled", username))
			.andVerify(actions -> assertThat(directory.user("acme", username))
				.extracting(AdminUser::enabled, AdminUser::openAssignments)
				.containsExactly(false, List.of("Joiner run of Ana Lima: stage IT access (run 1)")));
	}

	@Test
	void aGroupTheNeighbourNamesCannotBeRenamedAndNothingChanges() {
		String group = "module-" + UUID.randomUUID().toString().substring(0, 8);
		directory.createGroup(ADA, group);
		references.groups.put(group, List.of("definition joiner: stage it_approval"));

		assertThatThrownBy(() -> directory.renameGroup(ADA, group, group + "-renamed"))
			.isInstanceOf(DomainException.Conflict.class)
			.hasMessageContaining("definition joiner: stage it_approval");
		assertThat(directory.groups("acme")).extracting(AdminGroup::name).contains(group).doesNotContain(group + "-renamed");
		assertThat(audited("group.renamed", group + "-renamed")).isEmpty();
	}

	/** Who recorded {@code action} on {@code subject} in acme's audit trail. */
	private List<String> audited(String action, String subject) {
		return transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT actor FROM platform_audit WHERE action = :action AND detail ->> 'subject' = :subject""")
			.param("action", action)
			.param("subject", subject)
			.query(String.class)
			.list());
	}
}
