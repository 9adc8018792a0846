package hr.web;

import java.time.LocalDate;

import jakarta.validation.constraints.Size;

import hr.EmployeeCommands.Move;
import io.swagger.v3.oas.annotations.media.Schema;
import platform.DomainException;

/**
 * A transfer as the API takes it: a field left out stays as it is, {@code "manager": null} removes
 * the manager. A record cannot tell a field left out from one sent as null, so this is a bean
 * whose setters, which Jackson calls only for fields that are present, remember what was sent.
 */
@Schema(name = "Transfer", description = "What changes; fields left out stay as they are")
final class TransferBody {

	@Size(max = 100)
	private String department;
	private boolean departmentSent;
	@Size(max = 100)
	private String manager;
	private boolean managerSent;
	private Integer version;
	private LocalDate effectiveDate;

	@Schema(description = "The new department; left out: unchanged; it cannot be removed", maxLength = 100)
	public String getDepartment() {
		return department;
	}

	public void setDepartment(String department) {
		this.department = department;
		this.departmentSent = true;
	}

	@Schema(description = "The username of the new manager (an approver of the tenant); null removes the manager; "
			+ "left out: unchanged", maxLength = 100, types = { "string", "null" })
	public String getManager() {
		return manager;
	}

	public void setManager(String manager) {
		this.manager = manager;
		this.managerSent = true;
	}

	@Schema(description = "The employee's version the change is based on; required unless If-Match is sent "
			+ "(409 type stale when it is no longer current)", minimum = "0")
	public Integer getVersion() {
		return version;
	}

	public void setVersion(Integer version) {
		this.version = version;
	}

	@Schema(description = "The day the move takes effect in the directories (ISO date, UTC); left out: today. "
			+ "A past date takes effect as soon as the mover run is approved", format = "date")
	public LocalDate getEffectiveDate() {
		return effectiveDate;
	}

	public void setEffectiveDate(LocalDate effectiveDate) {
		this.effectiveDate = effectiveDate;
	}

	/** What changes; a 400 naming the field for a department sent empty or a body that changes nothing. */
	Move move() {
		if (!departmentSent && !managerSent) {
			throw new DomainException.InvalidInput("department", "or manager is required: nothing would change");
		}
		if (departmentSent && (department == null || department.isBlank())) {
			throw new DomainException.InvalidInput("department", "cannot be removed: give the new department or leave it out");
		}
		boolean removeManager = managerSent && (manager == null || manager.isBlank());
		return new Move(departmentSent ? department : null, managerSent && !removeManager ? manager : null, removeManager,
				effectiveDate);
	}
}
