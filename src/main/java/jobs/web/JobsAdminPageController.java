package jobs.web;


import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;

import platform.ConsoleTime;
import platform.DomainException;
import platform.OperatorOnly;

/**
 * The jobs page of platform operators: every job across the live instances, the instances and
 * the recent runs, all from the job tables. The full page, the polled fragment and the row swapped
 * after "Run now" render from fragments of one template ({@code jobs/admin-jobs}).
 */
@Controller
@RequestMapping("/admin/jobs")
@OperatorOnly
class JobsAdminPageController {

	private static final String TEMPLATE = "jobs/admin-jobs";

	/** What the page says about a run-now request. */
	record TriggerNotice(boolean accepted, String message) {
	}

	private final JobsOverview jobs;
	private final ConsoleTime times;

	JobsAdminPageController(JobsOverview jobs, ConsoleTime times) {
		this.jobs = jobs;
		this.times = times;
	}

	@GetMapping
	String page(Model model) {
		fill(model);
		return TEMPLATE;
	}

	@GetMapping("/rows")
	String rows(Model model) {
		fill(model);
		return TEMPLATE + " :: rows";
	}

	@PostMapping("/{name}/trigger")
	String trigger(@PathVariable String name, Authentication user, Model model) {
		long id = jobs.requestRun(name, user.getName())
			.orElseThrow(() -> new DomainException.NotFound("No live worker instance runs a job named " + name + "."));
		JobsOverview.Job job = jobs.job(name).orElseThrow();
		model.addAttribute("job", JobRow.of(job, times));
		model.addAttribute("notice", new TriggerNotice(true,
				"Accepted: run-now request " + id + " for " + name + " is stored; a worker running it picks it up within seconds."));
		return TEMPLATE + " :: triggered";
	}

	private void fill(Model model) {
		model.addAttribute("jobs", JobRow.of(jobs.jobs(), times));
		model.addAttribute("instances", jobs.instances().stream().map(i -> InstanceRow.of(i, times)).toList());
		model.addAttribute("runs", jobs.recentRuns(null).stream().map(r -> RunRow.of(r, times)).toList());
	}
}
