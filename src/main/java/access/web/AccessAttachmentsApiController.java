package access.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;
import java.util.UUID;

import org.springframework.core.io.InputStreamResource;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import access.AccessRequests;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AppUser;
import platform.Attachment;
import platform.AttachmentContent;
import platform.DomainException;

/**
 * An access request's attachments as JSON and downloads. Who may attach and read is
 * {@link AccessRequests}' (its rules'); what a file may be is {@code platform.Attachments}' (413, 415).
 */
@RestController
@Tag(name = "Access requests")
class AccessAttachmentsApiController {

	private final AccessRequests requests;

	AccessAttachmentsApiController(AccessRequests requests) {
		this.requests = requests;
	}

	/** An attachment as the API shows it. */
	record AttachmentView(UUID id, String filename, String contentType, long size, String sha256, String uploadedBy,
			java.time.Instant uploadedAt) {

		static AttachmentView of(Attachment a) {
			return new AttachmentView(a.id(), a.filename(), a.contentType(), a.size(), a.sha256(), a.uploadedBy(),
					a.uploadedAt());
		}
	}

	@PostMapping(path = "/v1/access-requests/{id}/attachments", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
	@Operation(summary = "Attach a file (multipart field file) to a waiting request: its requester or beneficiary; "
			+ "201 with id, filename, contentType, size, sha256. 404 for anyone who may not read the request, "
			+ "409 request-closed once decided, 413 past ATTACHMENTS_MAX_SIZE, 415 a refused type, "
			+ "503 objectstore-unavailable with Retry-After")
	@ApiResponse(responseCode = "201", description = "Attached; Location points at the download")
	ResponseEntity<AttachmentView> upload(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@RequestParam(name = "file", required = false) MultipartFile file) {
		Attachment stored = store(requests, user, id, file);
		return ResponseEntity.created(URI.create("/v1/access-requests/" + id + "/attachments/" + stored.id()))
			.body(AttachmentView.of(stored));
	}

	@GetMapping("/v1/access-requests/{id}/attachments")
	@Operation(summary = "A request's attachments, oldest first (its parties, approvers and admins; 404 for anyone else)")
	List<AttachmentView> list(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		return requests.attachments(user, id).stream().map(AttachmentView::of).toList();
	}

	@GetMapping("/v1/access-requests/{id}/attachments/{attachmentId}")
	@Operation(summary = "Download an attachment (as attachment, nosniff, its sniffed content type; 404 for anyone "
			+ "who may not read the request)")
	@ApiResponse(responseCode = "200", description = "The file's bytes, checked against its SHA-256",
			content = @Content(mediaType = "application/octet-stream", schema = @Schema(type = "string", format = "binary")))
	ResponseEntity<InputStreamResource> download(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@PathVariable UUID attachmentId) {
		return download(requests.attachment(user, id, attachmentId));
	}

	/** Stores the uploaded part; a missing part is a 400 naming the field. */
	static Attachment store(AccessRequests requests, AppUser user, UUID id, MultipartFile file) {
		if (file == null || file.isEmpty()) {
			throw new DomainException.InvalidInput("file", "must be a non-empty file");
		}
		try (InputStream in = file.getInputStream()) {
			return requests.attach(user, id, file.getOriginalFilename(), file.getContentType(), in);
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	/** The verified bytes, served so that no browser renders them in the application's origin. */
	static ResponseEntity<InputStreamResource> download(AttachmentContent opened) {
		Attachment a = opened.attachment();
		return ResponseEntity.ok()
			.header(HttpHeaders.CONTENT_DISPOSITION,
					ContentDisposition.attachment().filename(a.filename(), java.nio.charset.StandardCharsets.UTF_8).build().toString())
			.header("X-Content-Type-Options", "nosniff")
			.contentType(MediaType.parseMediaType(a.contentType()))
			.contentLength(a.size())
			.body(new InputStreamResource(opened.content()));
	}
}
