package hr.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Base64;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import hr.ChangeSource;
import hr.Employee;
import hr.EmployeeChange;
import hr.EmployeeService;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;

/** Bulk import end to end: HTTP → preview rows in PostgreSQL → the apply job → employees, with hostile files. */
@JmlHubIntegrationTest
class ImportApiTests {

	static final String HEADER = "employeeNumber,displayName,email,department,manager,title,location,costCentre,startDate,lastDay";

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	EmployeeService employees;

	@Autowired
	ImportApplyJob applyJob;

	@Autowired
	HrImports imports;

	final HttpClient http = HttpClient.newHttpClient();

	final String prefix = "T" + UUID.randomUUID().toString().substring(0, 8);

	final LocalDate start = LocalDate.now().plusDays(40);

	@Test
	void previewAppliesAndTheSameFileAgainPreviewsNothingToDo() {
		String csv = HEADER + "\n" + row(1, "Engineering", "") + row(2, "Finance", "") + row(3, "Sales", "");
		var preview = upload("text/csv", csv.getBytes(StandardCharsets.UTF_8));
		assertThat(preview.statusCode()).isEqualTo(201);
		assertThat(preview.body()).contains("\"status\":\"previewed\"", "\"create\":3", "\"update\":0", "\"reject\":0");
		String id = ApiClient.field(preview.body(), "id");
		assertThat(preview.headers().firstValue("Location")).hasValue("/v1/hr/imports/" + id);
		assertThat(employees.findByNumber("acme", prefix + "-1")).isEmpty();

		var rows = api().get("hana", "/v1/hr/imports/" + id + "/rows?kind=create");
		assertThat(rows.body()).contains("\"kind\":\"create\"", "\"department\":{\"from\":null,\"to\":\"Finance\"}");

		assertThat(api().post("hana", "/v1/hr/imports/" + id + "/apply", null).statusCode()).isEqualTo(202);
		assertThat(api().get("hana", "/v1/hr/imports/" + id).body()).contains("\"status\":\"applying\"");
		applyJob.run();
		assertThat(api().get("hana", "/v1/hr/imports/" + id).body()).contains("\"status\":\"applied\"", "\"applied\":3",
				"\"failed\":0");
		Employee hired = employees.findByNumber("acme", prefix + "-2").orElseThrow();
		assertThat(hired.department()).isEqualTo("Finance");
		assertThat(transactions.inTenant("acme", () -> jdbc.sql("SELECT source FROM employee_changes WHERE employee_id = :id")
			.param("id", hired.id())
			.query(String.class)
			.list())).containsExactly("import");
		assertThat(api().post("hana", "/v1/hr/imports/" + id + "/apply", null).statusCode()).isEqualTo(409);

		var again = upload("text/csv", csv.getBytes(StandardCharsets.UTF_8));
		assertThat(again.body()).contains("\"create\":0", "\"update\":0", "\"unchanged\":3", "\"offboard\":0");

		// one row moves department, one announces a last day, one goes stale between preview and apply
		String changed = HEADER + "\n" + row(1, "Legal", "") + row(2, "Finance", start.plusDays(100).toString())
				+ row(3, "Marketing", "");
		var second = upload("text/csv", changed.getBytes(StandardCharsets.UTF_8));
		assertThat(second.body()).contains("\"update\":2", "\"offboard\":1");
		String secondId = ApiClient.field(second.body(), "id");
		Employee third = employees.findByNumber("acme", prefix + "-3").orElseThrow();
		employees.change("acme", "hana", third.id(), EmployeeChange.builder().title("Lead").build(), ChangeSource.API, null);
		api().post("hana", "/v1/hr/imports/" + secondId + "/apply", null);
		applyJob.run();
		assertThat(api().get("hana", "/v1/hr/imports/" + secondId).body()).contains("\"status\":\"applied\"",
				"\"applied\":2", "\"failed\":1");
		assertThat(employees.findByNumber("acme", prefix + "-1").orElseThrow().department()).isEqualTo("Legal");
		assertThat(employees.findByNumber("acme", prefix + "-2").orElseThrow().lastDay()).isEqualTo(start.plusDays(100));
		assertThat(employees.findByNumber("acme", prefix + "-3").orElseThrow().department()).isEqualTo("Sales");
		assertThat(api().get("hana", "/v1/hr/imports/" + secondId + "/rows?failed=true").body())
			.contains("stale", prefix + "-3").doesNotContain(prefix + "-1\"");
	}

	@Test
	void hostileRowsAreRejectionsNotFailuresOfTheFile() throws IOException {
		ByteArrayOutputStream file = new ByteArrayOutputStream();
		file.write(new byte[] { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF });
		file.write((HEADER + "\r\n").getBytes(StandardCharsets.UTF_8));
		file.write(row(1, "Engineering", "").replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8));
		// a quoted title holding a comma, a doubled quote and a CRLF: one field
		file.write((prefix + "-2,\"Quote, \"\"Q\"\"\"," + prefix.toLowerCase() + "-2@acme.example,Ops,,\"Line one\r\nline two\",,,"
				+ start + ",\r\n").getBytes(StandardCharsets.UTF_8));
		file.write((prefix + "-3,").getBytes(StandardCharsets.UTF_8));
		file.write("x".repeat(10 * 1024 * 1024).getBytes(StandardCharsets.UTF_8));
		file.write((",a@b.example,Ops,,,,," + start + ",\n").getBytes(StandardCharsets.UTF_8));
		file.write((prefix + "-4,Bad ").getBytes(StandardCharsets.UTF_8));
		file.write(new byte[] { (byte) 0xC3, (byte) 0x28 });
		file.write((",c@d.example,Ops,,,,," + start + ",\n").getBytes(StandardCharsets.UTF_8));
		file.write((prefix + "-5,Too,few\n").getBytes(StandardCharsets.UTF_8));
		file.write((prefix + "-6,Bad Date,e@f.example,Ops,,,,,2031-02-30,\n").getBytes(StandardCharsets.UTF_8));
		file.write(row(7, "Ops", "").getBytes(StandardCharsets.UTF_8));
		file.write(row(7, "Sales", "").getBytes(StandardCharsets.UTF_8));
		file.write(("=cmd|' /C calc'!A0,Formula,g@h.example,Ops,,,,," + start + ",\n").getBytes(StandardCharsets.UTF_8));
		long employeesBefore = count("employees");

		var preview = upload("text/csv", file.toByteArray());
		assertThat(preview.statusCode()).isEqualTo(201);
		assertThat(preview.body()).contains("\"create\":2", "\"reject\":7");
		String id = ApiClient.field(preview.body(), "id");
		String rejects = api().get("hana", "/v1/hr/imports/" + id + "/rows?kind=reject&limit=100").body();
		assertThat(rejects).contains("a field is longer than", "not valid UTF-8", "has 3 columns where the header has 10",
				"startDate is not a date", "is on more than one row", "employeeNumber must be");
		String created = api().get("hana", "/v1/hr/imports/" + id + "/rows?kind=create").body();
		assertThat(created).contains("Quote, \\\"Q\\\"", "Line one\\r\\nline two");
		assertThat(count("employees")).isEqualTo(employeesBefore);

		// the errors download's cells (the /v1 route answers 406 to Accept text/csv: see the report)
		assertThat(ErrorsCsv.cell("=cmd|' /C calc'!A0")).isEqualTo("'=cmd|' /C calc'!A0");
		assertThat(ErrorsCsv.cell("+1")).isEqualTo("'+1");
		assertThat(ErrorsCsv.cell("@x,y")).isEqualTo("\"'@x,y\"");
		assertThat(ErrorsCsv.cell("E1")).isEqualTo("E1");
	}

	@Test
	void theDryRunRefusesTheEmployeeNumbersTheApplyRefusesWithTheSameWords() {
		// a slash: the preview took it as a create and every apply failed it (the number is a path segment of the API)
		String csv = HEADER + "\n" + row(1, "Ops", "") + row(2, "Ops", "").replace(prefix + "-2,", prefix + "/2,");
		var preview = upload("text/csv", csv.getBytes(StandardCharsets.UTF_8));
		assertThat(preview.body()).contains("\"create\":1", "\"reject\":1");
		String id = ApiClient.field(preview.body(), "id");
		String rejected = api().get("hana", "/v1/hr/imports/" + id + "/rows?kind=reject").body();
		assertThat(rejected).contains(prefix + "/2", "employeeNumber must be 1 to 64 letters, digits or . _ - characters");

		api().post("hana", "/v1/hr/imports/" + id + "/apply", null);
		applyJob.run();
		assertThat(api().get("hana", "/v1/hr/imports/" + id).body()).contains("\"status\":\"applied\"", "\"applied\":1",
				"\"failed\":0");
		// the apply's own refusal, for the same number, says the same
		assertThatThrownBy(() -> employees.hire("acme", "hana", new hr.EmployeeCommands.Hire("Slash", prefix.toLowerCase()
				+ "-s@acme.example", "Ops", null, start, null, null, prefix + "/3", null, null)))
			.isInstanceOfSatisfying(platform.DomainException.InvalidInput.class, e -> assertThat(e.fieldErrors())
				.containsEntry("employeeNumber", hr.EmployeeNumbers.RULE));
	}

	@Test
	void anUnknownHeaderIs400AndStoresNothing() {
		long before = count("hr_imports");
		var response = upload("text/csv", "employeeNumber,salary\n1,100\n".getBytes(StandardCharsets.UTF_8));
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(response.body()).contains("salary").doesNotContain("Exception");
		assertThat(upload("text/plain", "x".getBytes(StandardCharsets.UTF_8)).statusCode()).isBetween(400, 415);
		assertThat(count("hr_imports")).isEqualTo(before);
	}

	@Test
	void jsonLinesAreImportedToo() {
		String lines = """
				{"employeeNumber":"%1$s-1","displayName":"J One","email":"%2$s-1@acme.example","department":"Ops","startDate":"%3$s"}
				{"employeeNumber":"%1$s-2","salary":"1"}
				not json
				""".formatted(prefix, prefix.toLowerCase(), start);
		var preview = upload("application/x-ndjson", lines.getBytes(StandardCharsets.UTF_8));
		assertThat(preview.statusCode()).isEqualTo(201);
		assertThat(preview.body()).contains("\"create\":1", "\"reject\":2");
	}

	@Test
	void anImportOffboardingMoreThanTheThresholdIsHeldUntilAnAdminConfirms() {
		// the fewest offboards over the threshold of the tenant as it will be with these hires
		int employed = employees.countEmployed("acme");
		int offboards = 21;
		while (offboards <= HrImports.offboardThreshold(employed + offboards)) {
			offboards++;
		}
		StringBuilder hires = new StringBuilder(HEADER + "\n");
		StringBuilder leavers = new StringBuilder(HEADER + "\n");
		for (int i = 1; i <= offboards; i++) {
			hires.append(row(i, "Ops", ""));
			leavers.append(row(i, "Ops", start.plusDays(60).toString()));
		}
		String first = ApiClient.field(upload("text/csv", hires.toString().getBytes(StandardCharsets.UTF_8)).body(), "id");
		api().post("hana", "/v1/hr/imports/" + first + "/apply", null);
		applyJob.run();
		assertThat(api().get("hana", "/v1/hr/imports/" + first).body()).contains("\"applied\":" + offboards);

		var held = upload("text/csv", leavers.toString().getBytes(StandardCharsets.UTF_8));
		assertThat(held.body()).contains("\"status\":\"held\"", "\"offboard\":" + offboards);
		String id = ApiClient.field(held.body(), "id");
		assertThat(api().post("hana", "/v1/hr/imports/" + id + "/apply", null).statusCode()).isEqualTo(409);
		assertThat(api().post("hana", "/v1/admin/hr/imports/" + id + "/confirm", null).statusCode()).isEqualTo(403);
		var confirmed = api().post("ada", "/v1/admin/hr/imports/" + id + "/confirm", null);
		assertThat(confirmed.statusCode()).isEqualTo(200);
		assertThat(confirmed.body()).contains("\"status\":\"previewed\"", "\"confirmedBy\":\"ada\"");
		assertThat(api().get("ada", "/v1/admin/audit?action=hr.import.confirmed").body()).contains(id);
		assertThat(api().post("hana", "/v1/hr/imports/" + id + "/apply", null).statusCode()).isEqualTo(202);
		applyJob.run();
		assertThat(api().get("hana", "/v1/hr/imports/" + id).body()).contains("\"status\":\"applied\"", "\"applied\":" + offboards);
		assertThat(employees.findByNumber("acme", prefix + "-" + offboards).orElseThrow().lastDay()).isEqualTo(start.plusDays(60));
	}

	@Test
	void aChunkFailingAsAWholeIsAppliedRowByRowSoOnlyTheDirtyRowFails() {
		String csv = HEADER + "\n" + row(1, "Ops", "") + row(2, "Ops", "") + row(3, "Ops", "");
		String first = ApiClient.field(upload("text/csv", csv.getBytes(StandardCharsets.UTF_8)).body(), "id");
		api().post("hana", "/v1/hr/imports/" + first + "/apply", null);
		applyJob.run();
		assertThat(api().get("hana", "/v1/hr/imports/" + first).body()).contains("\"applied\":3");

		// rows 1 and 2 both take the same new email: each passes the rules alone, the database refuses
		// the chunk, and row by row the second is the one that fails
		String shared = prefix.toLowerCase() + "-shared@acme.example";
		String changed = HEADER + "\n" + row(1, "Ops", "").replace(prefix.toLowerCase() + "-1@acme.example", shared)
				+ row(2, "Ops", "").replace(prefix.toLowerCase() + "-2@acme.example", shared) + row(3, "Legal", "");
		var second = upload("text/csv", changed.getBytes(StandardCharsets.UTF_8));
		assertThat(second.body()).contains("\"update\":3");
		String id = ApiClient.field(second.body(), "id");
		api().post("hana", "/v1/hr/imports/" + id + "/apply", null);
		applyJob.run();
		assertThat(api().get("hana", "/v1/hr/imports/" + id).body()).contains("\"status\":\"applied\"", "\"applied\":2",
				"\"failed\":1");
		assertThat(employees.findByNumber("acme", prefix + "-1").orElseThrow().email()).isEqualTo(shared);
		assertThat(employees.findByNumber("acme", prefix + "-2").orElseThrow().email())
			.isEqualTo(prefix.toLowerCase() + "-2@acme.example");
		assertThat(employees.findByNumber("acme", prefix + "-3").orElseThrow().department()).isEqualTo("Legal");
		assertThat(api().get("hana", "/v1/hr/imports/" + id + "/rows?failed=true").body())
			.contains(prefix + "-2", "email is already used by another employee").doesNotContain(prefix + "-3\"");
	}

	@Test
	void theApplyGoesChunkByChunkWithItsRecordsAndARepeatAppliesNothingTwice() {
		// row 2 names a manager nobody is: the rules refuse that row alone, inside the chunk
		String csv = HEADER + "\n" + row(1, "Ops", "") + row(2, "Ops", "").replace(",Ops,,", ",Ops,nobody-" + prefix + ",")
				+ row(3, "Ops", "") + row(4, "Ops", "").replace(",Ops,,", ",Ops," + prefix + "-3,") + row(5, "Ops", "");
		String id = ApiClient.field(upload("text/csv", csv.getBytes(StandardCharsets.UTF_8)).body(), "id");
		api().post("hana", "/v1/hr/imports/" + id + "/apply", null);
		long changesBefore = count("employee_changes");

		assertThat(imports.applyNext("acme", 2)).isEqualTo(2);
		assertThat(api().get("hana", "/v1/hr/imports/" + id).body()).contains("\"status\":\"applying\"", "\"applied\":1",
				"\"failed\":1");
		assertThat(employees.findByNumber("acme", prefix + "-3")).isEmpty();
		applyJob.run();
		applyJob.run();
		assertThat(api().get("hana", "/v1/hr/imports/" + id).body()).contains("\"status\":\"applied\"", "\"applied\":4",
				"\"failed\":1");
		assertThat(imports.applyNext("acme", 2)).isZero();
		assertThat(count("employee_changes") - changesBefore).isEqualTo(4);
		assertThat(employees.findByNumber("acme", prefix + "-2")).isEmpty();
		Employee fourth = employees.findByNumber("acme", prefix + "-4").orElseThrow();
		assertThat(fourth.manager()).as("an employee hired by an earlier row of its chunk").isEqualTo(prefix + "-3");
		assertThat(api().get("hana", "/v1/hr/imports/" + id + "/rows?failed=true").body()).contains("manager must be");
		// each hire's records: its history (source import), its audit entry and its event in the outbox
		assertThat(transactions.inTenant("acme", () -> jdbc.sql("""
				SELECT (SELECT count(*) FROM employee_changes WHERE employee_id = :id AND source = 'import')
				     + (SELECT count(*) FROM platform_audit WHERE action = 'employee.hired' AND detail->>'subject' = :text)
				     + (SELECT count(DISTINCT idempotency_key) FROM outbox_events WHERE event_type = 'hr.employee.created'
				        AND aggregate_id = :id)
				     + (SELECT count(*) FROM employee_runs WHERE employee_id = :id AND definition = 'joiner')""")
			.param("id", fourth.id())
			.param("text", fourth.id().toString())
			.query(Long.class)
			.single())).isEqualTo(4);
	}

	@Test
	void aNulCharacterOrALoneSurrogateIsTheRowsErrorNotTheFiles() throws IOException {
		ByteArrayOutputStream file = new ByteArrayOutputStream();
		file.write((HEADER + "\n").getBytes(StandardCharsets.UTF_8));
		file.write((prefix + "-1,Nul\u0000Name," + prefix.toLowerCase() + "-1@acme.example,Ops,,,,," + start + ",\n")
			.getBytes(StandardCharsets.UTF_8));
		file.write(row(2, "Ops", "").getBytes(StandardCharsets.UTF_8));
		var csv = upload("text/csv", file.toByteArray());
		assertThat(csv.statusCode()).isEqualTo(201);
		assertThat(csv.body()).contains("\"create\":1", "\"reject\":1");
		String csvRows = api().get("hana", "/v1/hr/imports/" + ApiClient.field(csv.body(), "id") + "/rows?kind=reject").body();
		assertThat(csvRows).contains("a field holds a NUL character");

		String lines = """
				{"employeeNumber":"%1$s-3","displayName":"Nul\\u0000","email":"%2$s-3@acme.example","department":"Ops","startDate":"%3$s"}
				{"employeeNumber":"%1$s-4","displayName":"Half \\ud800","email":"%2$s-4@acme.example","department":"Ops","startDate":"%3$s"}
				{"employeeNumber":"%1$s-5","displayName":"Whole \\ud83d\\ude00","email":"%2$s-5@acme.example","department":"Ops","startDate":"%3$s"}
				{"employeeNumber":"%1$s-6","x\\u0000":"1"}
				""".formatted(prefix, prefix.toLowerCase(), start);
		var json = upload("application/x-ndjson", lines.getBytes(StandardCharsets.UTF_8));
		assertThat(json.statusCode()).isEqualTo(201);
		assertThat(json.body()).contains("\"create\":1", "\"reject\":3");
	}

	@Test
	void aFileThatFailsAfterSomeChunksWereStoredLeavesNothing() {
		StringBuilder rows = new StringBuilder(HEADER + "\n");
		for (int i = 1; i <= HrImports.BATCH + 10; i++) {
			rows.append(row(i, "Ops", ""));
		}
		byte[] bytes = rows.toString().getBytes(StandardCharsets.UTF_8);
		// the connection breaks after the first chunk was stored (committed)
		java.io.InputStream broken = new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(bytes),
				new java.io.InputStream() {
					@Override
					public int read() throws IOException {
						throw new IOException("connection reset");
					}
				});
		long imports = count("hr_imports");
		long importRows = count("hr_import_rows");
		assertThatThrownBy(() -> this.imports.preview("acme", "hana", "text/csv", broken, ChangeSource.IMPORT))
			.hasRootCauseMessage("connection reset");
		assertThat(count("hr_imports")).isEqualTo(imports);
		assertThat(count("hr_import_rows")).isEqualTo(importRows);
	}

	@Test
	void theThresholdIsFivePercentOrTwenty() {
		assertThat(HrImports.offboardThreshold(0)).isEqualTo(20);
		assertThat(HrImports.offboardThreshold(400)).isEqualTo(20);
		assertThat(HrImports.offboardThreshold(1000)).isEqualTo(50);
		assertThat(HrImports.offboardThreshold(1001)).isEqualTo(51);
	}

	private String row(int n, String department, String lastDay) {
		return "%1$s-%2$d,Person %2$d,%3$s-%2$d@acme.example,%4$s,,,,,%5$s,%6$s\n".formatted(prefix, n,
				prefix.toLowerCase(), department, start, lastDay);
	}

	private HttpResponse<String> upload(String contentType, byte[] body) {
		return http("POST", "/v1/hr/imports", contentType, body);
	}

	private HttpResponse<String> http(String method, String path, String contentType, byte[] body) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
			.header("Accept", path.endsWith(".csv") ? "text/csv" : "application/json")
			.header("Authorization", "Basic " + Base64.getEncoder().encodeToString("hana:demo".getBytes(StandardCharsets.UTF_8)));
		if (contentType != null) {
			request.header("Content-Type", contentType);
		}
		request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
		try {
			return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException e) {
			throw new IllegalStateException(e);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(e);
		}
	}

	private ApiClient api() {
		return new ApiClient(port);
	}

	private long count(String table) {
		return transactions.inTenant("acme", () -> jdbc.sql("SELECT count(*) FROM " + table).query(Long.class).single());
	}
}
