package hr.scim;

import org.springframework.stereotype.Component;

import hr.Employee;
import hr.EmployeeStatus;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** An employee as a SCIM User with the enterprise and JML Hub extensions. */
@Component
class ScimUserWriter {

	private final JsonMapper json;

	ScimUserWriter(JsonMapper json) {
		this.json = json;
	}

	/** The weak ETag of a version (meta.version and the ETag header). */
	static String etag(int version) {
		return "W/\"" + version + "\"";
	}

	ObjectNode user(Employee employee, String location) {
		ObjectNode user = json.createObjectNode();
		user.putArray("schemas").add(ScimSchemas.USER).add(ScimSchemas.ENTERPRISE).add(ScimSchemas.JMLHUB);
		user.put("id", employee.id().toString());
		if (employee.employeeNumber() != null) {
			user.put("externalId", employee.employeeNumber());
		}
		user.put("userName", employee.email());
		user.put("displayName", employee.displayName());
		user.putObject("name").put("formatted", employee.displayName());
		if (employee.title() != null) {
			user.put("title", employee.title());
		}
		user.put("active", active(employee.status()));
		ArrayNode emails = user.putArray("emails");
		emails.addObject().put("value", employee.email()).put("type", "work").put("primary", true);
		if (employee.location() != null) {
			user.putArray("addresses").addObject().put("type", "work").put("locality", employee.location());
		}
		ObjectNode enterprise = user.putObject(ScimSchemas.ENTERPRISE);
		if (employee.employeeNumber() != null) {
			enterprise.put("employeeNumber", employee.employeeNumber());
		}
		enterprise.put("department", employee.department());
		if (employee.costCentre() != null) {
			enterprise.put("costCenter", employee.costCentre());
		}
		if (employee.manager() != null) {
			enterprise.putObject("manager").put("value", employee.manager());
		}
		ObjectNode jmlhub = user.putObject(ScimSchemas.JMLHUB);
		jmlhub.put("startDate", employee.startDate().toString());
		if (employee.lastDay() != null) {
			jmlhub.put("lastDay", employee.lastDay().toString());
		}
		jmlhub.put("status", employee.status().value());
		ObjectNode meta = user.putObject("meta");
		meta.put("resourceType", "User");
		if (employee.createdAt() != null) {
			meta.put("created", employee.createdAt().toString());
		}
		if (employee.updatedAt() != null) {
			meta.put("lastModified", employee.updatedAt().toString());
		}
		meta.put("location", location);
		meta.put("version", etag(employee.version()));
		return user;
	}

	/** Active while HR counts the person in: not once they left or their hire was cancelled. */
	private static boolean active(EmployeeStatus status) {
		return status != EmployeeStatus.LEFT && status != EmployeeStatus.CANCELLED;
	}
}
