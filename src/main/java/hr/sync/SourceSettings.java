package hr.sync;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.springframework.stereotype.Service;

import hr.imports.ImportView;
import hr.imports.SyncImports;
import platform.DomainException;
import platform.ExpectedVersion;
import platform.OutboundRequests;
import platform.PlatformAudit;
import platform.SecretStore;
import platform.TenantTransactions;

/**
 * A tenant's HR source as its ADMIN reads and saves it (page and {@code /v1/admin/hr/source}):
 * versioned (a save names the version it is based on) and audited ({@code hr.source_saved}, never
 * with the secret). The secret is sealed by the {@link SecretStore} and leaves only towards the
 * source ({@link SourceSync}).
 */
@Service
class SourceSettings {

	/** The shortest cadence: an HR system's export does not change by the minute. */
	static final int MIN_MINUTES = 5;
	/** The longest cadence: a week. */
	static final int MAX_MINUTES = 7 * 24 * 60;

	private final TenantTransactions transactions;
	private final SourceRepository repository;
	private final SyncImports imports;
	private final SecretStore secrets;
	private final PlatformAudit audit;
	private final SourceSyncProperties properties;
	private final OutboundRequests outbound;
	private final Clock clock;

	SourceSettings(TenantTransactions transactions, SourceRepository repository, SyncImports imports, SecretStore secrets,
			PlatformAudit audit, SourceSyncProperties properties, OutboundRequests outbound, Clock clock) {
		this.transactions = transactions;
		this.repository = repository;
		this.imports = imports;
		this.secrets = secrets;
		this.audit = audit;
		this.properties = properties;
		this.outbound = outbound;
		this.clock = clock;
	}

	HrSource get(String tenantId) {
		return transactions.readInTenant(tenantId, () -> repository.find().map(StoredSource::shown).orElse(HrSource.NONE));
	}

	/**
	 * Saves the source when the tenant's is still at {@code expected}, due at once when enabled (a
	 * changed URL or format starts again without a cursor); every field at fault is a 400 naming it,
	 * and nothing is written.
	 */
	HrSource save(String tenantId, String actor, SourceChange change, ExpectedVersion expected) {
		Map<String, String> errors = new LinkedHashMap<>();
		String url = checkUrl(change.url(), change.enabled() == null || change.enabled(), errors);
		SourceFormat format = SourceFormat.of(change.format()).orElse(null);
		if (format == null) {
			errors.put("format", "must be csv or jsonl");
		}
		SourceAuth auth = SourceAuth.of(change.auth() == null ? SourceAuth.NONE.value() : change.auth()).orElse(null);
		if (auth == null) {
			errors.put("auth", "must be none, bearer or basic");
		}
		String username = change.username() == null || change.username().isBlank() ? null : change.username().strip();
		if (auth == SourceAuth.BASIC && (username == null || username.length() > 200 || username.contains(":"))) {
			errors.put("username", "is required for basic authentication: 1-200 characters, without ':'");
		}
		Integer every = change.everyMinutes();
		if (every == null || every < MIN_MINUTES || every > MAX_MINUTES) {
			errors.put("everyMinutes", "must be " + MIN_MINUTES + " to " + MAX_MINUTES + " minutes");
		}
		String secret = change.secret() == null || change.secret().isEmpty() ? null : change.secret();
		if (secret != null && (secret.length() > 4096 || secret.chars().anyMatch(c -> c < 0x20 || c == 0x7f))) {
			errors.put("secret", "must be at most 4096 characters, without control characters");
		}
		if (secret != null && auth != null && auth != SourceAuth.NONE && !secrets.configured()) {
			errors.put("secret", "cannot be stored: no secret key is configured (SECRETS_KEYS)");
		}
		return transactions.inTenant(tenantId, () -> {
			StoredSource current = repository.find().orElse(null);
			expected.check(current == null ? 0 : current.version(), "HR source");
			String sealed = null;
			if (auth != null && auth != SourceAuth.NONE) {
				if (secret != null) {
					sealed = errors.containsKey("secret") ? null : secrets.seal(secret);
				}
				else if (current != null && current.auth() == auth && current.sealedSecret() != null) {
					sealed = current.sealedSecret();
				}
				else {
					errors.put("secret", "is required for " + auth.value() + " authentication");
				}
			}
			if (!errors.isEmpty()) {
				throw new DomainException.InvalidInput(errors);
			}
			boolean enabled = change.enabled() == null || change.enabled();
			boolean offboardMissing = change.offboardMissing() == null || change.offboardMissing();
			StoredSource wanted = new StoredSource(url, format, auth, auth == SourceAuth.BASIC ? username : null, sealed,
					every, offboardMissing, enabled, 0, null, null, null, 0, null);
			Instant now = clock.instant();
			int version = current == null ? 0 : current.version();
			if (!repository.save(wanted, version, actor, now, now)) {
				throw DomainException.Conflict.stale("The HR source was changed by someone else; reload and try again.",
						"version", "is not the current version");
			}
			Map<String, Object> details = new LinkedHashMap<>();
			details.put("subject", "hr-source");
			details.put("version", version + 1);
			details.put("url", url);
			details.put("format", format.value());
			details.put("auth", auth.value());
			details.put("secretChanged", secret != null && auth != SourceAuth.NONE);
			details.put("everyMinutes", every);
			details.put("offboardMissing", offboardMissing);
			details.put("enabled", enabled);
			audit.record(actor, "hr.source_saved", details);
			return repository.find().orElseThrow().shown();
		});
	}

	/** Makes the source due now (the job pulls it at its next look); 404 without a source, 409 when disabled. */
	HrSource syncNow(String tenantId, String actor) {
		return transactions.inTenant(tenantId, () -> {
			StoredSource current = repository.find()
				.orElseThrow(() -> new DomainException.NotFound("The tenant has no HR source."));
			if (!current.enabled()) {
				throw new DomainException.Conflict("The HR source is disabled: enable it first.", "source-disabled");
			}
			repository.dueAt(clock.instant());
			audit.record(actor, "hr.source_sync_requested", Map.of("subject", "hr-source"));
			return repository.find().orElseThrow().shown();
		});
	}

	/** The tenant's newest pulls with their imports' counts, newest first. */
	List<SourceRun> runs(String tenantId, int limit) {
		int size = limit <= 0 ? 20 : Math.min(limit, 200);
		List<SourceRepository.Run> runs = transactions.readInTenant(tenantId, () -> repository.recent(size));
		List<UUID> ids = runs.stream().map(SourceRepository.Run::importId).filter(id -> id != null).toList();
		Map<UUID, ImportView> views = imports.find(tenantId, ids).stream()
			.collect(Collectors.toMap(ImportView::id, Function.identity()));
		return runs.stream().map(run -> new SourceRun(run.id(), run.startedAt(), run.finishedAt(), run.outcome(),
				run.httpStatus(), run.error(), run.importId() == null ? null : views.get(run.importId()))).toList();
	}

	/**
	 * The URL as saved: absolute, https (http only for this machine's loopback, or where the operator
	 * allows it), with a host and without credentials (those belong in the authentication).
	 */
	private String checkUrl(String given, boolean enabled, Map<String, String> errors) {
		if (given == null || given.isBlank()) {
			errors.put("url", "is required");
			return null;
		}
		String url = given.strip();
		URI uri;
		try {
			uri = new URI(url);
		}
		catch (URISyntaxException e) {
			errors.put("url", "is not a URL");
			return null;
		}
		String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
		if (url.length() > 2000) {
			errors.put("url", "must be at most 2000 characters");
		}
		else if (uri.getHost() == null || uri.getHost().isBlank()) {
			errors.put("url", "must be an absolute https:// URL with a host");
		}
		else if (uri.getUserInfo() != null) {
			errors.put("url", "must not carry credentials: use the authentication instead");
		}
		else if (!scheme.equals("https") && !(scheme.equals("http") && (properties.allowHttp() || loopback(uri.getHost())))) {
			errors.put("url", "must be https:// (http:// only on this machine's loopback, or where the operator allows it "
					+ "with HR_SYNC_ALLOW_HTTP)");
		}
		else if (enabled && !outbound.allowsPrivateAddresses() && literalAddress(uri.getHost()).filter(address -> !OutboundRequests
			.isPublic(address)).isPresent()) {
			// saved, every pull would fail on the outbound policy: say so now (a name is resolved only at the pull); a
			// source saved before the policy changed can still be switched off
			errors.put("url", "is a loopback, link-local or private address, which the server does not call unless the "
					+ "operator allows it with OUTBOUND_ALLOW_PRIVATE_ADDRESSES");
		}
		return url;
	}

	/** The address a host names without asking DNS: an IP literal, or localhost; empty for any other name. */
	private static Optional<InetAddress> literalAddress(String host) {
		String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
		if (bare.equalsIgnoreCase("localhost")) {
			return Optional.of(InetAddress.getLoopbackAddress());
		}
		if (!bare.matches("[0-9.]+|[0-9a-fA-F:]+")) {
			return Optional.empty();
		}
		try {
			return Optional.of(InetAddress.getByName(bare));
		}
		catch (UnknownHostException e) {
			return Optional.empty();
		}
	}

	private static boolean loopback(String host) {
		// a name: only "localhost" is taken as loopback without asking DNS
		return literalAddress(host).map(InetAddress::isLoopbackAddress).orElse(false);
	}
}
