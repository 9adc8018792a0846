package platform.tenancy;

import java.net.URI;
import java.time.Clock;
import java.util.List;

import jakarta.validation.Valid;

import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AppUser;
import platform.OperatorOnly;
import platform.tenancy.TenantCommands.NewTenant;
import platform.tenancy.TenantCommands.Suspension;
import platform.tenancy.TenantLifecycle.CreatedTenant;
import platform.tenancy.TenantLifecycle.Tenant;

/** Tenants for platform operators: every action is audited in the tenant's trail and the operator's. */
@RestController
@RequestMapping("/v1/platform/tenants")
@OperatorOnly
@Tag(name = "Platform: tenants", description = """
		Platform operators create, suspend, resume, export and delete tenants. A suspended tenant keeps \
		its data; its users' sign-ins and API tokens are refused (403 tenant-suspended) and its background \
		work (jobs, outbox delivery) waits. It can be deleted once suspended for the grace period \
		(JMLHUB_TENANTS_DELETION_GRACE, 30 days by default).""")
class TenantApiController {

	/** The list of every tenant. */
	record TenantList(List<Tenant> items) {
	}

	private final TenantLifecycle lifecycle;
	private final TenantDataExport export;
	private final Clock clock;

	TenantApiController(TenantLifecycle lifecycle, TenantDataExport export, Clock clock) {
		this.lifecycle = lifecycle;
		this.export = export;
		this.clock = clock;
	}

	@GetMapping
	@Operation(summary = "Every tenant with its status, user and employee counts")
	TenantList list() {
		return new TenantList(lifecycle.list());
	}

	@PostMapping
	@Operation(summary = "Create a tenant and its first admin (ADMIN and HR); the answer shows the admin's "
			+ "generated password this once; 409 tenant-exists when the id is taken")
	ResponseEntity<CreatedTenant> create(@AuthenticationPrincipal AppUser operator, @Valid @RequestBody NewTenant tenant) {
		CreatedTenant created = lifecycle.create(operator, tenant);
		return ResponseEntity.created(URI.create("/v1/platform/tenants/" + created.tenant().id()))
			.header(HttpHeaders.CACHE_CONTROL, "no-store")
			.body(created);
	}

	@GetMapping("/{id}")
	@Operation(summary = "One tenant")
	Tenant get(@PathVariable String id) {
		return lifecycle.get(id);
	}

	@PostMapping("/{id}/suspend")
	@Operation(summary = "Suspend: sign-ins and API tokens refused, background work paused, data kept; "
			+ "409 when not active or when it is the operator's own tenant")
	Tenant suspend(@AuthenticationPrincipal AppUser operator, @PathVariable String id,
			@Valid @RequestBody(required = false) Suspension suspension) {
		return lifecycle.suspend(operator, id, suspension == null ? null : suspension.reason());
	}

	@PostMapping("/{id}/resume")
	@Operation(summary = "Resume a suspended tenant; 409 when it is not suspended")
	Tenant resume(@AuthenticationPrincipal AppUser operator, @PathVariable String id) {
		return lifecycle.resume(operator, id);
	}

	@GetMapping(value = "/{id}/export", produces = "application/zip")
	@Operation(summary = "All of the tenant's data as a zip of JSON lines per table (streamed; credentials left out)")
	ResponseEntity<StreamingResponseBody> export(@AuthenticationPrincipal AppUser operator, @PathVariable String id) {
		lifecycle.exporting(operator, id);
		return TenantArchives.response(id, clock, out -> export.write(id, out));
	}

	@DeleteMapping("/{id}")
	@Operation(summary = "Delete a tenant suspended for at least the grace period, with all its data; 409 "
			+ "tenant-not-suspended or tenant-grace-period otherwise")
	ResponseEntity<Void> delete(@AuthenticationPrincipal AppUser operator, @PathVariable String id) {
		lifecycle.delete(operator, id);
		return ResponseEntity.noContent().build();
	}
}
