package access;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;

/** An access request's attachments end to end: multipart upload, list, verified download, who may, what may. */
@JmlHubIntegrationTest
class AccessAttachmentsTests {

	private static final String BOUNDARY = "----jmlhub-test-boundary";

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	final HttpClient http = HttpClient.newHttpClient();

	ApiClient api() {
		return new ApiClient(port);
	}

	@BeforeEach
	void catalog() {
		var current = api().get("ada", "/v1/admin/access-packages");
		String etag = current.headers().firstValue("ETag").orElseThrow();
		var saved = api().send("ada", "PUT", "/v1/admin/access-packages", """
				{"version": %s, "packages": [
				 {"key":"payments","name":"Payments approval","description":"Approve payments","entitlements":["payments"],
				  "policy":"group","group":"security","quorum":1,"maxDays":30,"attachmentRequired":true},
				 {"key":"budget","name":"Budget sheets","description":"The budget","entitlements":["budget"],
				  "policy":"group","group":"security","maxDays":30}]}"""
			.formatted(etag.replace("\"", "")));
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		transactions.runInTenant("acme", () -> jdbc.sql("""
				UPDATE access_requests SET status = 'cancelled', version = version + 1
				WHERE beneficiary = 'ivan' AND status IN ('submitted', 'approved')""").update());
	}

	@Test
	void anAttachmentIsUploadedListedAndDownloadedByThePartiesOnly() throws Exception {
		String id = request("budget");
		byte[] pdf = ("%PDF-1.4\n1 0 obj <<>> endobj\n" + "x".repeat(2_000_000) + "\n%%EOF\n").getBytes(StandardCharsets.US_ASCII);
		// larger than MAX_BODY_SIZE (1 MB): the upload path allows one attachment
		HttpResponse<String> uploaded = upload("ivan", id, "../evidence.pdf", "application/pdf", pdf);
		assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(201);
		String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(pdf));
		assertThat(uploaded.body()).contains("\"filename\":\"evidence.pdf\"", "\"contentType\":\"application/pdf\"",
				"\"size\":" + pdf.length, "\"sha256\":\"" + sha256 + "\"");
		String attachment = ApiClient.field(uploaded.body(), "id");

		HttpResponse<String> listed = api().get("sara", "/v1/access-requests/" + id + "/attachments");
		assertThat(listed.statusCode()).isEqualTo(200);
		assertThat(listed.body()).contains(attachment, sha256);

		HttpResponse<byte[]> download = http.send(get("sara", "/v1/access-requests/" + id + "/attachments/" + attachment),
				HttpResponse.BodyHandlers.ofByteArray());
		assertThat(download.statusCode()).isEqualTo(200);
		assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(download.body()))).isEqualTo(sha256);
		assertThat(download.headers().firstValue("Content-Type")).hasValue("application/pdf");
		assertThat(download.headers().firstValue("Content-Disposition").orElseThrow()).startsWith("attachment;")
			.contains("evidence.pdf");
		assertThat(download.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");

		// the request's page lists it with its download link, and offers its parties the upload form while it waits
		String page = platform.testing.ConsoleSession.login(port, "ivan").get("/access/requests/" + id).body();
		assertThat(page).contains("id=\"attachments-table\"", "evidence.pdf",
				"/access/requests/" + id + "/attachments/" + attachment, "id=\"attach-form\"", "multipart/form-data");
		assertThat(platform.testing.ConsoleSession.login(port, "sara").get("/access/requests/" + id).body())
			.contains("evidence.pdf").doesNotContain("id=\"attach-form\"");

		// a stranger to the request learns nothing, not even that it exists
		assertThat(api().get("hana", "/v1/access-requests/" + id + "/attachments").statusCode()).isEqualTo(404);
		assertThat(http.send(get("hana", "/v1/access-requests/" + id + "/attachments/" + attachment),
				HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(404);
		HttpResponse<String> strangerUpload = upload("hana", id, "x.txt", "text/plain", "hello".getBytes());
		assertThat(strangerUpload.statusCode()).isEqualTo(404);
		assertThat(strangerUpload.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		// an approver reads, but does not attach
		assertThat(upload("sara", id, "x.txt", "text/plain", "hello".getBytes()).statusCode()).isEqualTo(403);
		assertThat(count(id)).isEqualTo(1);
	}

	@Test
	void aRenamedExecutableAndAnOversizedBodyAreRefusedAndNothingIsWritten() throws Exception {
		String id = request("budget");
		byte[] exe = new byte[4096];
		exe[0] = 'M';
		exe[1] = 'Z';
		HttpResponse<String> renamed = upload("ivan", id, "invoice.pdf", "application/pdf", exe);
		assertThat(renamed.statusCode()).as(renamed.body()).isEqualTo(415);
		assertThat(renamed.headers().firstValue("Content-Type")).hasValue("application/problem+json");

		byte[] huge = new byte[11 * 1024 * 1024];
		Arrays.fill(huge, (byte) 'a');
		HttpResponse<String> tooLarge = upload("ivan", id, "big.txt", "text/plain", huge);
		assertThat(tooLarge.statusCode()).isEqualTo(413);
		assertThat(tooLarge.body()).contains("payload-too-large");
		assertThat(count(id)).isZero();

		// every other path keeps MAX_BODY_SIZE
		HttpResponse<String> elsewhere = api().postBytes("ivan", "/v1/access-requests", new byte[2 * 1024 * 1024]);
		assertThat(elsewhere.statusCode()).isEqualTo(413);
	}

	@Test
	void aPackageThatNeedsAnAttachmentIsApprovedOnlyWithOne() throws Exception {
		String id = request("payments");
		HttpResponse<String> refused = api().post("sara", "/v1/access-requests/" + id + "/approve", "{}");
		assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
		assertThat(refused.body()).contains("attachment-required", "Payments approval");
		assertThat(api().get("ivan", "/v1/access-requests/" + id).body()).contains("\"status\":\"submitted\"");

		assertThat(upload("ivan", id, "signed.txt", "text/plain", "signed by the CFO\n".getBytes()).statusCode())
			.isEqualTo(201);
		HttpResponse<String> approved = api().post("sara", "/v1/access-requests/" + id + "/approve", "{}");
		assertThat(approved.statusCode()).as(approved.body()).isEqualTo(200);
		assertThat(approved.body()).contains("\"status\":\"approved\"");
		// decided: nothing more is attached
		assertThat(upload("ivan", id, "late.txt", "text/plain", "late\n".getBytes()).statusCode()).isEqualTo(409);
	}

	private String request(String packageKey) {
		HttpResponse<String> created = api().post("ivan", "/v1/access-requests", """
				{"package":"%s","justification":"needed"}""".formatted(packageKey));
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		return ApiClient.field(created.body(), "id");
	}

	private long count(String id) {
		return transactions.readInTenant("acme", () -> jdbc.sql(
				"SELECT count(*) FROM platform_attachments WHERE owner_kind = 'access_request' AND owner_id = ?")
			.param(id).query(Long.class).single());
	}

	private HttpRequest get(String user, String path) {
		return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).header("Authorization", basic(user))
			.GET().build();
	}

	private HttpResponse<String> upload(String user, String id, String filename, String type, byte[] content)
			throws Exception {
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		body.write(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + filename
				+ "\"\r\nContent-Type: " + type + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
		body.write(content);
		body.write(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
		HttpRequest request = HttpRequest
			.newBuilder(URI.create("http://localhost:" + port + "/v1/access-requests/" + id + "/attachments"))
			.header("Authorization", basic(user)).header("Accept", "application/json")
			.header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
			.POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build();
		return http.send(request, HttpResponse.BodyHandlers.ofString());
	}

	private static String basic(String user) {
		return "Basic " + Base64.getEncoder().encodeToString((user + ":demo").getBytes(StandardCharsets.UTF_8));
	}
}
