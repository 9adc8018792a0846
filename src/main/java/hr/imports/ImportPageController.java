package hr.imports;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.UUID;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;

import hr.ChangeSource;
import platform.AppUser;
import platform.DomainException;

/** The console's Import page under HR: upload, preview, apply with a progress bar, errors as CSV. */
@Controller
@RequestMapping("/hr/imports")
class ImportPageController {

	private final HrImports imports;

	ImportPageController(HrImports imports) {
		this.imports = imports;
	}

	@GetMapping
	String list(@AuthenticationPrincipal AppUser user, Model model) {
		model.addAttribute("imports", imports.recent(user.tenantId(), 20));
		return "hr/imports";
	}

	@PostMapping
	String upload(@AuthenticationPrincipal AppUser user, @RequestParam("file") MultipartFile file, Model model)
			throws IOException {
		String name = file.getOriginalFilename() == null ? "" : file.getOriginalFilename().toLowerCase(Locale.ROOT);
		String type = name.endsWith(".jsonl") || name.endsWith(".ndjson") ? "application/x-ndjson" : "text/csv";
		try (InputStream in = file.getInputStream()) {
			ImportView created = imports.preview(user.tenantId(), user.getUsername(), type, in, ChangeSource.IMPORT);
			return "redirect:/hr/imports/" + created.id();
		}
		catch (DomainException.InvalidInput e) {
			model.addAttribute("error", "The file cannot be imported: " + String.join("; ", e.fieldErrors().values()));
			model.addAttribute("imports", imports.recent(user.tenantId(), 20));
			return "hr/imports";
		}
	}

	@GetMapping("/{id}")
	String show(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@RequestParam(required = false) String kind, @RequestParam(required = false) String cursor, Model model) {
		model.addAttribute("imp", imports.get(user.tenantId(), id));
		model.addAttribute("kind", kind);
		model.addAttribute("rows", imports.rows(user.tenantId(), id, kind == null || kind.isBlank() ? null : kind, false,
				cursor, 50));
		return "hr/import";
	}

	/** The progress fragment the page polls while the import is applied. */
	@GetMapping("/{id}/progress")
	String progress(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, Model model) {
		model.addAttribute("imp", imports.get(user.tenantId(), id));
		return "hr/import :: progress";
	}

	@PostMapping("/{id}/apply")
	String apply(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		imports.apply(user.tenantId(), user.getUsername(), id);
		return "redirect:/hr/imports/" + id;
	}

	@GetMapping(path = "/{id}/errors.csv", produces = "text/csv")
	void errors(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, HttpServletResponse response)
			throws IOException {
		imports.get(user.tenantId(), id);
		response.setContentType("text/csv;charset=UTF-8");
		response.setHeader("Content-Disposition", "attachment; filename=\"import-" + id + "-errors.csv\"");
		ErrorsCsv.write(imports, user.tenantId(), id, response.getWriter());
	}
}
