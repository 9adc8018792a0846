package access.web;

import java.util.List;

import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import access.AccessCatalog;
import access.AccessCatalogSettings;
import access.AccessPackage;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;
import platform.ExpectedVersion;

/** The tenant's access catalog (role ADMIN); a save is a new, audited version. */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/access-packages")
@Tag(name = "Admin: access catalog", description = "The packages people may request, how they are approved, how long they last")
class AccessAdminApiController {

	private final AccessCatalog catalog;

	AccessAdminApiController(AccessCatalog catalog) {
		this.catalog = catalog;
	}

	/** A PUT of the catalog: the version it replaces and the whole new list. */
	record CatalogEdit(Integer version, List<AccessPackage> packages) {
	}

	@GetMapping
	@Operation(summary = "The tenant's access packages")
	ResponseEntity<AccessCatalogSettings> packages(@AuthenticationPrincipal AppUser admin) {
		AccessCatalogSettings current = catalog.packages(admin.tenantId());
		return ExpectedVersion.withETag(current, current.version());
	}

	@PutMapping
	@Operation(summary = "Replace the access packages as a new version (If-Match or 'version' required; 0 for the first); "
			+ "400 problem+json naming each bad field (a group that does not exist or has too few approvers for the quorum, "
			+ "an incompatible package that is not in the list, a duration over 366 days)")
	ResponseEntity<AccessCatalogSettings> save(@AuthenticationPrincipal AppUser admin,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch, @RequestBody CatalogEdit edit) {
		AccessCatalogSettings saved = catalog.save(admin, ExpectedVersion.of(ifMatch, edit.version()), edit.packages());
		return ExpectedVersion.withETag(saved, saved.version());
	}
}
