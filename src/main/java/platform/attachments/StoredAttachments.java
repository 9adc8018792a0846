package platform.attachments;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Service;

import platform.Attachment;
import platform.AttachmentContent;
import platform.AttachmentMaintenance;
import platform.Attachments;
import platform.DomainException;
import platform.ObjectStore;
import platform.TenantTransactions;

/** {@link Attachments} and their upkeep over the configured {@link ObjectStore}. */
@Service
@EnableConfigurationProperties(AttachmentSettings.class)
class StoredAttachments implements Attachments, AttachmentMaintenance {

	/** Every attachment's object is under this prefix, so the sweep never touches other objects. */
	static final String PREFIX = "attachments/";
	private static final Pattern OWNER_KIND = Pattern.compile("[a-z][a-z0-9_]{0,39}");
	private static final int SWEEP_BATCH = 500;
	private static final Logger log = LoggerFactory.getLogger(StoredAttachments.class);

	private final ObjectStore store;
	private final AttachmentRepository repository;
	private final TenantTransactions tenants;
	private final Clock clock;
	private final AttachmentSettings settings;
	private final ContentSniffer sniffer;

	StoredAttachments(ObjectStore store, AttachmentRepository repository, TenantTransactions tenants, Clock clock,
			AttachmentSettings settings) {
		this.store = store;
		this.repository = repository;
		this.tenants = tenants;
		this.clock = clock;
		this.settings = settings;
		this.sniffer = new ContentSniffer(settings.allowArchives());
	}

	@Override
	public Attachment store(String tenantId, String ownerKind, String ownerId, String filename, String declaredContentType,
			InputStream content, String uploadedBy) {
		if (ownerKind == null || !OWNER_KIND.matcher(ownerKind).matches()) {
			throw new DomainException.InvalidInput("ownerKind", "must be lower_snake_case, at most 40 characters");
		}
		if (ownerId == null || ownerId.isBlank() || ownerId.length() > 200) {
			throw new DomainException.InvalidInput("ownerId", "must be given, at most 200 characters");
		}
		String name = FileNames.sanitise(filename);
		try (Upload upload = Upload.read(content, settings.maxSize().toBytes())) {
			if (upload.size() == 0) {
				throw new DomainException.InvalidInput("file", "is empty");
			}
			String contentType = sniffer.contentType(upload.head(), upload.text(), name, declaredContentType);
			String key = PREFIX + UUID.randomUUID();
			// the object first: a row must never name an object that is not there
			try (InputStream bytes = upload.open()) {
				store.put(key, bytes, upload.size(), contentType);
			}
			// as PostgreSQL keeps it, so the answer equals what is read back
			Attachment attachment = new Attachment(UUID.randomUUID(), ownerKind, ownerId, name, contentType, upload.size(),
					upload.sha256(), uploadedBy, clock.instant().truncatedTo(ChronoUnit.MICROS));
			tenants.runInTenant(tenantId, () -> repository.insert(tenantId, attachment, key));
			return attachment;
		}
		catch (IOException e) {
			throw new UncheckedIOException("The upload could not be read back", e);
		}
	}

	@Override
	public List<Attachment> list(String tenantId, String ownerKind, String ownerId) {
		return tenants.readInTenant(tenantId, () -> repository.list(ownerKind, ownerId));
	}

	@Override
	public Optional<Attachment> find(String tenantId, UUID id) {
		return tenants.readInTenant(tenantId, () -> repository.find(id));
	}

	@Override
	public AttachmentContent open(String tenantId, UUID id) {
		Attachment attachment = find(tenantId, id)
			.orElseThrow(() -> new DomainException.NotFound("No attachment " + id + "."));
		String key = tenants.readInTenant(tenantId, () -> repository.objectKey(id)).orElseThrow();
		Path copy = null;
		try {
			copy = Files.createTempFile("jmlhub-download-", ".part");
			MessageDigest digest = Upload.newDigest();
			try (InputStream in = store.open(key).orElseThrow(() -> new IllegalStateException("Attachment " + id + " of tenant "
					+ tenantId + ": its object " + key + " is missing from the store (" + store.describe() + ")."));
					OutputStream out = Files.newOutputStream(copy)) {
				byte[] buffer = new byte[8192];
				for (int n; (n = in.read(buffer)) >= 0;) {
					digest.update(buffer, 0, n);
					out.write(buffer, 0, n);
				}
			}
			String actual = HexFormat.of().formatHex(digest.digest());
			if (!actual.equals(attachment.sha256())) {
				throw new IllegalStateException("Attachment " + id + " of tenant " + tenantId + ": the stored object " + key
						+ " has SHA-256 " + actual + " where " + attachment.sha256() + " was recorded; not served.");
			}
			AttachmentContent content = new AttachmentContent(attachment, new DeletingInputStream(copy));
			copy = null;
			return content;
		}
		catch (IOException e) {
			throw new UncheckedIOException("Attachment " + id + " could not be read", e);
		}
		finally {
			if (copy != null) {
				try {
					Files.deleteIfExists(copy);
				}
				catch (IOException e) {
					// the temporary directory's own clean-up takes it
				}
			}
		}
	}

	@Override
	public long maxSize() {
		return settings.maxSize().toBytes();
	}

	@Override
	public int sweepOrphans(Instant olderThan) {
		if (!store.configured()) {
			return 0;
		}
		List<ObjectStore.StoredObject> objects = store.list(PREFIX, olderThan);
		int deleted = 0;
		for (int from = 0; from < objects.size(); from += SWEEP_BATCH) {
			if (Thread.currentThread().isInterrupted()) {
				break;
			}
			List<String> keys = objects.subList(from, Math.min(objects.size(), from + SWEEP_BATCH))
				.stream()
				.map(ObjectStore.StoredObject::key)
				.toList();
			Set<String> known = repository.knownKeys(keys);
			for (String key : keys) {
				if (!known.contains(key)) {
					store.delete(key);
					deleted++;
				}
			}
		}
		if (deleted > 0) {
			log.info("Deleted {} orphaned attachment object(s) written before {} from {}", deleted, olderThan, store.describe());
		}
		return deleted;
	}

	/** A verified download's copy, deleted when the caller closes it. */
	private static final class DeletingInputStream extends java.io.FilterInputStream {

		private final Path file;

		DeletingInputStream(Path file) throws IOException {
			super(Files.newInputStream(file));
			this.file = file;
		}

		@Override
		public void close() throws IOException {
			try {
				super.close();
			}
			finally {
				Files.deleteIfExists(file);
			}
		}
	}
}
