package workflow.web;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import platform.AdminOnly;
import platform.AppUser;
import workflow.definition.DefinitionStage;
import workflow.insights.Insights;
import workflow.insights.InsightsService;

/**
 * The admin's insights dashboard: charts rendered as SVG on the server, each followed by a table of
 * its numbers, and the run history as a CSV download. Everything is read from the projection.
 */
@Controller
@AdminOnly
class InsightsPageController {

	private final InsightsService insights;

	InsightsPageController(InsightsService insights) {
		this.insights = insights;
	}

	@GetMapping("/admin/insights")
	String dashboard(@AuthenticationPrincipal AppUser user, Model model) {
		Insights data = insights.insights(user.tenantId());
		model.addAttribute("insights", data);
		model.addAttribute("weeklyChart", BarChart.of("chart-weekly", "Runs started per week",
				data.weekly().stream().filter(w -> w.started() > 0).toList(), w -> w.week() + " · " + w.definition(),
				w -> w.started(), w -> String.valueOf(w.started())));
		model.addAttribute("runDurationChart", BarChart.of("chart-run-durations", "Median time to complete a run",
				data.runDurations(), d -> d.definition(), d -> d.medianHours(), d -> BarChart.hours(d.medianHours())));
		model.addAttribute("stageDurationChart", BarChart.of("chart-stage-durations", "Median time to decide a stage",
				data.stageDurations(), d -> d.definition() + " · " + d.stage(), d -> d.medianHours(),
				d -> BarChart.hours(d.medianHours())));
		model.addAttribute("slaChart", BarChart.of("chart-sla", "SLA breaches by stage and group",
				data.slaBreaches().stream().filter(b -> b.breached() > 0).toList(), b -> b.stage() + " · " + groupInWords(b.group()),
				b -> b.breached(), b -> String.valueOf(b.breached())));
		model.addAttribute("openChart", BarChart.of("chart-open", "Open runs by stage", data.openByStage(),
				o -> o.definition() + " · " + o.stage(), o -> o.runs(), o -> String.valueOf(o.runs())));
		model.addAttribute("approverChart", BarChart.of("chart-approvers", "Approvals per approver", data.approvals(),
				a -> a.approver(), a -> a.approvals(), a -> String.valueOf(a.approvals())));
		return "workflow/insights";
	}

	/** Every run of the tenant as CSV, streamed (formula-safe cells: see the CSV writer). */
	@GetMapping("/admin/insights/runs.csv")
	void runHistory(@AuthenticationPrincipal AppUser user, HttpServletResponse response) throws IOException {
		response.setContentType("text/csv;charset=UTF-8");
		response.setCharacterEncoding(StandardCharsets.UTF_8.name());
		response.setHeader(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"runs.csv\"");
		Writer out = response.getWriter();
		insights.writeRunHistory(user.tenantId(), out);
		out.flush();
	}

	/** The assignee of a stage as people say it: a group's name, or the employee's manager. */
	static String groupInWords(String assignee) {
		return DefinitionStage.EMPLOYEE_MANAGER.equals(assignee) ? "the employee’s manager" : assignee;
	}
}
