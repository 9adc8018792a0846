package hr.sync;

import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;
import platform.ExpectedVersion;

/** The tenant's HR source (role ADMIN): versioned (ETag / If-Match) and audited; its pulls and "sync now". */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/hr/source")
@Tag(name = "Admin: HR source", description = "The HR system's export the hr_source_sync job pulls and imports on a cadence")
class SourceAdminApiController {

	private final SourceSettings settings;

	SourceAdminApiController(SourceSettings settings) {
		this.settings = settings;
	}

	@GetMapping
	@Operation(summary = "The tenant's HR source and its cursor (version 0 and disabled when never saved); never the secret")
	ResponseEntity<HrSource> get(@AuthenticationPrincipal AppUser admin) {
		HrSource source = settings.get(admin.tenantId());
		return ExpectedVersion.withETag(source, source.version());
	}

	@PutMapping
	@Operation(summary = "Save the source, naming the version it replaces (If-Match or \"version\")", description = """
			url: https:// (http:// only on the server's loopback, or with HR_SYNC_ALLOW_HTTP); format: csv or jsonl; \
			auth: none, bearer (secret: the token) or basic (username, secret: the password); the secret is \
			write-only (left out: the stored one is kept while auth stays the same); everyMinutes: 5 to 10080; \
			offboardMissing (default true): the file is the full list and an employee it no longer names is \
			offboarded; enabled (default true). Saved, an enabled source is due at once. 400 names each field at fault.""")
	ResponseEntity<HrSource> save(@AuthenticationPrincipal AppUser admin,
			@RequestHeader(name = "If-Match", required = false) String ifMatch, @RequestBody SourceChange body) {
		HrSource saved = settings.save(admin.tenantId(), admin.getUsername(), body,
				ExpectedVersion.of(ifMatch, body.version()));
		return ExpectedVersion.withETag(saved, saved.version());
	}

	@PostMapping("/sync")
	@Operation(summary = "Sync now: the source is due at once and the hr_source_sync job pulls it at its next look",
			description = "404 without a source, 409 when it is disabled.")
	@ApiResponse(responseCode = "202", description = "Due; follow GET /v1/admin/hr/source/runs")
	ResponseEntity<HrSource> syncNow(@AuthenticationPrincipal AppUser admin) {
		return ResponseEntity.status(HttpStatus.ACCEPTED).body(settings.syncNow(admin.tenantId(), admin.getUsername()));
	}

	@GetMapping("/runs")
	@Operation(summary = "The source's newest pulls, newest first: outcome (not_modified, imported, held, failed), "
			+ "the HTTP status, the error, and the import with its counts and progress")
	List<SourceRun> runs(@AuthenticationPrincipal AppUser admin, @RequestParam(defaultValue = "20") int limit) {
		return settings.runs(admin.tenantId(), limit);
	}
}
