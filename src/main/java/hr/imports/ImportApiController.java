package hr.imports;

import java.io.IOException;
import java.net.URI;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import hr.ChangeSource;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AppUser;
import platform.Page;

/**
 * Bulk imports (role HR for /v1/hr/**); the confirmation of a held import is an ADMIN's
 * (/v1/admin/**), as the platform security chain enforces.
 */
@RestController
@Tag(name = "HR imports", description = "Bulk import of employees from a CSV or JSON-lines file: a dry run first, then applied by a job")
class ImportApiController {

	private final HrImports imports;

	ImportApiController(HrImports imports) {
		this.imports = imports;
	}

	@PostMapping(path = "/v1/hr/imports", consumes = { "text/csv", "application/x-ndjson" })
	@Operation(summary = "Preview an import (a dry run: nothing is applied)", description = """
			text/csv with a header row of attribute names (employeeNumber, displayName, email, department, \
			manager, title, location, costCentre, startDate, lastDay; employeeNumber required), or \
			application/x-ndjson with one JSON object per line. Each row is classified create, update, \
			unchanged, offboard (lastDay newly set) or reject (with its reasons: GET .../rows); a blank \
			cell leaves the attribute as it is. An unknown attribute in the header is a 400 and nothing is \
			stored. An import that would offboard more than max(5 % of the employed, 20) is "held" until \
			an ADMIN confirms it.""",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(content = {
					@Content(mediaType = "text/csv", schema = @Schema(type = "string")),
					@Content(mediaType = "application/x-ndjson", schema = @Schema(type = "string")) }))
	@ApiResponse(responseCode = "201", description = "Previewed (or held); Location points at the import")
	ResponseEntity<ImportView> preview(@AuthenticationPrincipal AppUser user, HttpServletRequest request)
			throws IOException {
		ImportView created = imports.preview(user.tenantId(), user.getUsername(), request.getContentType(),
				request.getInputStream(), ChangeSource.IMPORT);
		return ResponseEntity.created(URI.create("/v1/hr/imports/" + created.id())).body(created);
	}

	@GetMapping("/v1/hr/imports/{id}")
	@Operation(summary = "One import: its status (previewed, held, applying, applied), summary and progress")
	ImportView get(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		return imports.get(user.tenantId(), id);
	}

	@GetMapping("/v1/hr/imports/{id}/rows")
	@Operation(summary = "The import's rows in file order (keyset pagination; pass nextCursor as cursor)",
			description = "kind filters by classification; failed=true lists only the rejected and failed rows.")
	Page<ImportRow> rows(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@RequestParam(required = false) String kind, @RequestParam(defaultValue = "false") boolean failed,
			@RequestParam(required = false) String cursor, @RequestParam(defaultValue = "50") int limit) {
		return imports.rows(user.tenantId(), id, kind, failed, cursor, limit);
	}

	@PostMapping("/v1/hr/imports/{id}/apply")
	@Operation(summary = "Apply a previewed import: the hr_import_apply job writes it row by row",
			description = "409 for a held import (until an ADMIN confirms it) or one already applying or applied.")
	@ApiResponse(responseCode = "202", description = "Applying; follow GET /v1/hr/imports/{id}")
	ResponseEntity<ImportView> apply(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		return ResponseEntity.status(HttpStatus.ACCEPTED).body(imports.apply(user.tenantId(), user.getUsername(), id));
	}

	@PostMapping("/v1/admin/hr/imports/{id}/confirm")
	@Operation(summary = "Confirm a held import (ADMIN, audited): it may then be applied")
	ImportView confirm(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		return imports.confirm(user.tenantId(), user.getUsername(), id);
	}
}
