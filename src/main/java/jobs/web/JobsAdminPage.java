package jobs.web;

import java.time.Instant;
import java.util.List;

import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;

import jobs.assembly.JobsAssembly;
import jobs.runner.JobRunnerState;
import jobs.runner.TriggerResult;
import platform.ApiException;

/**
 * The admin jobs page. The full page, the polled table body and the row swapped after "Run now"
 * all render from fragments of one template ({@code jobs/admin-jobs}).
 */
@Controller
@RequestMapping("/admin/jobs")
@PreAuthorize("hasRole('OPERATOR')")
class JobsAdminPage {

	private static final String TEMPLATE = "jobs/admin-jobs";

	/** What the page says about a trigger: whether it was accepted and what happens next. */
	record TriggerNotice(boolean accepted, String message) {

		static TriggerNotice of(String job, TriggerResult result) {
			return new TriggerNotice(result.accepted(), switch (result) {
				case STARTED -> "Accepted: " + job + " started.";
				case QUEUED -> "Accepted: " + job + " is running; one more run is queued for when it returns.";
				case COALESCED -> "Not accepted: " + job + " is running and a run is already queued.";
				case NOT_RUNNING -> "Not accepted: " + job + " is stopped on this instance.";
			});
		}
	}

	private final JobsAssembly jobs;

	JobsAdminPage(JobsAssembly jobs) {
		this.jobs = jobs;
	}

	@GetMapping
	String page(Model model) {
		model.addAttribute("jobs", rows());
		return TEMPLATE;
	}

	@GetMapping("/rows")
	String rows(Model model) {
		model.addAttribute("jobs", rows());
		return TEMPLATE + " :: rows";
	}

	@PostMapping("/{name}/trigger")
	String trigger(@PathVariable String name, Model model) {
		TriggerResult result = jobs.trigger(name)
			.orElseThrow(() -> new ApiException.NotFound("No job named " + name + " runs on this instance."));
		JobRunnerState state = jobs.state(name).orElseThrow();
		model.addAttribute("job", JobRow.of(state, Instant.now()));
		model.addAttribute("notice", TriggerNotice.of(name, result));
		return TEMPLATE + " :: triggered";
	}

	private List<JobRow> rows() {
		Instant now = Instant.now();
		return jobs.states().stream().map(state -> JobRow.of(state, now)).toList();
	}
}
