package platform.tenancy;

import java.time.Clock;
import java.time.LocalDate;

import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/** The download answer of a tenant export, for the API and the page alike. */
final class TenantArchives {

	private TenantArchives() {
	}

	static ResponseEntity<StreamingResponseBody> response(String tenantId, Clock clock, StreamingResponseBody body) {
		String file = "tenant-" + tenantId + "-" + LocalDate.now(clock) + ".zip";
		return ResponseEntity.ok()
			.contentType(MediaType.parseMediaType("application/zip"))
			.header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment().filename(file).build().toString())
			.header(HttpHeaders.CACHE_CONTROL, "no-store")
			.body(body);
	}
}
