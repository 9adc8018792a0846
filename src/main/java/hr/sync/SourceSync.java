package hr.sync;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import hr.imports.ImportView;
import hr.imports.SyncImports;
import platform.DomainException;
import platform.FailureBackoff;
import platform.SecretStore;
import platform.TenantTransactions;

/**
 * One pull of a tenant's source, the {@code hr_source_sync} job's work for a due tenant: the request
 * (outside any transaction), then in one unit of work the answer's import, the cursor and the
 * run's record. A 304, or a 200 whose body has the SHA-256 of the body last imported, records a
 * run {@code not_modified} with nothing changed; a 200 becomes an import through the
 * import's pipeline ({@link SyncImports}: one dirty row is that row's rejection, a mass offboarding
 * is held for an ADMIN); anything else is a failed run, and the next pull is due after a backoff
 * doubling with each failure in a row. A pull the job's timeout interrupts records nothing: the
 * source stays due.
 */
@Component
class SourceSync {

	private static final Logger log = LoggerFactory.getLogger(SourceSync.class);

	private final TenantTransactions transactions;
	private final SourceRepository repository;
	private final SourceClient client;
	private final SyncImports imports;
	private final SecretStore secrets;
	private final SourceSyncProperties properties;
	private final Clock clock;

	SourceSync(TenantTransactions transactions, SourceRepository repository, SourceClient client, SyncImports imports,
			SecretStore secrets, SourceSyncProperties properties, Clock clock) {
		this.transactions = transactions;
		this.repository = repository;
		this.client = client;
		this.imports = imports;
		this.secrets = secrets;
		this.properties = properties;
		this.clock = clock;
	}

	/** Pulls the tenant's source if it is enabled and due; the run's outcome, or null when nothing ran. */
	String pull(String tenantId) {
		Instant started = clock.instant();
		StoredSource source = transactions.readInTenant(tenantId, () -> repository.find().orElse(null));
		if (source == null || !source.enabled() || source.nextDueAt() == null || source.nextDueAt().isAfter(started)) {
			return null;
		}
		String secret;
		try {
			secret = secrets.open(source.sealedSecret());
		}
		catch (IllegalStateException e) {
			// a key removed from SECRETS_KEYS too early: the admin saves the secret again
			return failed(tenantId, source, started, null, "the stored secret cannot be opened (" + e.getMessage()
					+ "); save it again");
		}
		SourceClient.Pull pull = client.pull(source, secret);
		try {
			if (Thread.currentThread().isInterrupted()) {
				return null;
			}
			if (pull instanceof SourceClient.Body body && body.sha256().equals(source.contentSha256())) {
				// the very body last imported (a source without validators, or with new ones for the same file)
				return succeeded(tenantId, source, started, SourceRun.NOT_MODIFIED, 200, null, body.etag(),
						body.lastModified(), body.sha256());
			}
			if (pull instanceof SourceClient.Body body) {
				return imported(tenantId, source, started, body);
			}
			if (pull instanceof SourceClient.Failed failed) {
				return failed(tenantId, source, started, failed.status(), failed.reason());
			}
			return succeeded(tenantId, source, started, SourceRun.NOT_MODIFIED, 304, null, source.etag(),
					source.lastModified(), source.contentSha256());
		}
		finally {
			if (pull instanceof SourceClient.Body body) {
				SourceClient.delete(body.file());
			}
		}
	}

	private String imported(String tenantId, StoredSource source, Instant started, SourceClient.Body body) {
		try (InputStream in = Files.newInputStream(body.file())) {
			return transactions.inTenant(tenantId, () -> {
				ImportView view = imports.pulled(tenantId, source.format().contentType(), in, source.offboardMissing());
				String outcome = "held".equals(view.status()) ? SourceRun.HELD : SourceRun.IMPORTED;
				return succeeded(tenantId, source, started, outcome, 200, view.id(), body.etag(), body.lastModified(),
						body.sha256());
			});
		}
		catch (DomainException.InvalidInput e) {
			String reasons = e.fieldErrors().entrySet().stream().map(error -> error.getKey() + " " + error.getValue())
				.collect(Collectors.joining("; "));
			return failed(tenantId, source, started, 200, "the file cannot be imported: " + reasons);
		}
		catch (IOException | UncheckedIOException e) {
			return failed(tenantId, source, started, 200, "the file could not be read: " + e.getMessage());
		}
		catch (RuntimeException e) {
			log.warn("HR source sync of tenant {}: the import failed", tenantId, e);
			return failed(tenantId, source, started, 200, "the file could not be imported (" + e.getClass().getSimpleName()
					+ ")");
		}
	}

	private String succeeded(String tenantId, StoredSource source, Instant started, String outcome, int status,
			UUID importId, String etag, String lastModified, String contentSha256) {
		Instant finished = clock.instant();
		transactions.runInTenant(tenantId, () -> {
			repository.succeeded(etag, lastModified, contentSha256, started.plus(Duration.ofMinutes(source.everyMinutes())));
			repository.record(UUID.randomUUID(), started, finished, outcome, status, importId, null,
					finished.minus(properties.keepRuns()));
		});
		return outcome;
	}

	private String failed(String tenantId, StoredSource source, Instant started, Integer status, String reason) {
		Instant finished = clock.instant();
		Duration backoff = FailureBackoff.doubling(properties.firstBackoff(), properties.maxBackoff(), source.failures() + 1);
		String error = reason.length() <= 1000 ? reason : reason.substring(0, 999) + "…";
		transactions.runInTenant(tenantId, () -> {
			repository.failed(finished.plus(backoff));
			repository.record(UUID.randomUUID(), started, finished, SourceRun.FAILED, status, null, error,
					finished.minus(properties.keepRuns()));
		});
		log.info("HR source sync of tenant {} failed (retried in {}): {}", tenantId, backoff, error);
		return SourceRun.FAILED;
	}
}
