package platform.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springdoc.core.customizers.GlobalOpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MapSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;

/**
 * The served OpenAPI document says what the server does: its name and version, both ways to
 * authenticate (API token, HTTP Basic) on every operation, the real success status of each
 * operation (201 with {@code Location}, 202, 204 instead of a blanket 200), and every error
 * answer an operation can give as problem+json with its stable {@code type}.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

	static final String BEARER = "apiToken";
	static final String BASIC = "basic";
	static final String PROBLEM = "Problem";
	static final String PROBLEM_JSON = "application/problem+json";

	@Bean
	OpenAPI jmlHubOpenApi(@Value("${jmlhub.api.version:1.0}") String version) {
		return new OpenAPI()
			.info(new Info().title("JML Hub API").version(version).description("""
					The JSON API of JML Hub: HR's joiners, movers and leavers, their approval runs, and the \
					tenant's outbox, jobs and API tokens. Every call acts in the caller's tenant; another \
					tenant's things are 404.

					**Authentication**: an API token (`Authorization: Bearer jmlh_...`, created by an ADMIN) \
					or HTTP Basic for people. The server never challenges with Basic.

					**Errors** are `application/problem+json` with a stable `type` under \
					`https://jmlhub.dev/problems/` (validation errors carry `errors` per field). 429 and 503 \
					carry `Retry-After`.

					**Lists** use keyset pagination: pass `nextCursor` as `cursor`. **Actions** on runs need \
					an `Idempotency-Key`; a decision without `stageId` is about the run's current stage, and one \
					naming a stage that is no longer current is 409 `stale`.

					**Updates** of an employee name the version they change: `If-Match` with the `ETag` that GET \
					answered, or `version` in the body. Neither is 428; a stale If-Match is 412, a stale version \
					409 `stale`. Fields left out of a transfer stay as they are; `"manager": null` removes the \
					manager."""))
			.components(new Components()
				.addSecuritySchemes(BEARER, new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
					.bearerFormat("jmlh_ API token").description("A tenant's API token (ADMIN: POST /v1/admin/api-tokens)"))
				.addSecuritySchemes(BASIC, new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("basic")
					.description("A person's username and password"))
				.addSchemas(PROBLEM, problemSchema()))
			.security(List.of(new SecurityRequirement().addList(BEARER), new SecurityRequirement().addList(BASIC)));
	}

	/**
	 * Operation ids that name what the operation is ({@code employeeHire}, {@code runAct}) instead of
	 * springdoc's bare method names, which it makes unique with {@code _1}, {@code _2} in the order it
	 * meets the controllers: a generated client's method names would change whenever that order does.
	 */
	@Bean
	OperationCustomizer stableOperationIds() {
		return (operation, handler) -> {
			String controller = handler.getBeanType().getSimpleName().replaceFirst("(Api)?Controller$", "");
			String method = handler.getMethod().getName();
			operation.setOperationId(Character.toLowerCase(controller.charAt(0)) + controller.substring(1)
					+ Character.toUpperCase(method.charAt(0)) + method.substring(1));
			return operation;
		};
	}

	@Bean
	GlobalOpenApiCustomizer honestResponses() {
		return openApi -> {
			if (openApi.getPaths() == null) {
				return;
			}
			// springdoc builds the components' schemas from the controllers and drops the one declared on
			// the OpenAPI bean: without this every problem response would $ref a schema the document lacks
			if (openApi.getComponents() == null) {
				openApi.setComponents(new Components());
			}
			openApi.getComponents().addSchemas(PROBLEM, problemSchema());
			openApi.getPaths().forEach((path, item) -> item.readOperationsMap()
				.forEach((method, operation) -> describe(path, method, operation)));
		};
	}

	static void describe(String path, PathItem.HttpMethod method, Operation operation) {
		ApiResponses responses = operation.getResponses() == null ? new ApiResponses() : operation.getResponses();
		operation.setResponses(responses);
		boolean otherSuccess = responses.keySet().stream().anyMatch(code -> code.startsWith("2") && !code.equals("200"));
		if (otherSuccess && responses.containsKey("200")) {
			ApiResponse generated = responses.remove("200");
			// springdoc put the body's schema on the 200 it generated: it belongs to the real status
			responses.forEach((code, response) -> {
				if (code.startsWith("2") && !code.equals("204") && response.getContent() == null) {
					response.setContent(generated.getContent());
				}
			});
		}
		ApiResponse created = responses.get("201");
		if (created != null) {
			created.addHeaderObject("Location", new Header().description("Where the created resource is")
				.schema(new StringSchema().format("uri-reference")));
		}
		boolean body = operation.getRequestBody() != null;
		boolean write = method != PathItem.HttpMethod.GET && method != PathItem.HttpMethod.HEAD;
		boolean conditional = operation.getParameters() != null && operation.getParameters().stream()
			.anyMatch(parameter -> "header".equals(parameter.getIn()) && "If-Match".equalsIgnoreCase(parameter.getName()));
		boolean stale = conditional || path.endsWith("/{action}");
		Map<String, String[]> errors = new LinkedHashMap<>();
		errors.put("400", new String[] { "Invalid parameters, headers or body fields (`errors` names each)", "validation", "malformed-request" });
		errors.put("401", new String[] { "No, unknown, revoked or expired credentials", "unauthorized" });
		errors.put("403", new String[] { "The caller's roles do not allow this", "forbidden" });
		// a path with ids, or an operation that says when it answers 404 (GET /v1/me/delegation without one)
		if (path.contains("{") || responses.containsKey("404")) {
			errors.put("404", new String[] { "No such thing in the caller's tenant", "not-found" });
		}
		errors.put("406", new String[] { "The Accept header allows no JSON", "not-acceptable" });
		if (write && stale) {
			errors.put("409", new String[] { "Conflicts with the current state, or names a stage or version that is no "
					+ "longer current (stale: `errors` names stageId or version; reload and retry)", "conflict", "stale" });
		}
		else if (write) {
			errors.put("409", new String[] { "Conflicts with the current state", "conflict" });
		}
		if (conditional) {
			errors.put("412", new String[] { "If-Match names a version that is no longer the current one", "precondition-failed" });
		}
		if (body) {
			errors.put("413", new String[] { "The body is too large", "payload-too-large" });
			errors.put("415", new String[] { "The body is not application/json", "unsupported-media-type" });
		}
		if (conditional) {
			errors.put("428", new String[] { "Neither If-Match nor version was sent", "precondition-required" });
		}
		errors.put("429", new String[] { "Too many failed sign-ins: wait Retry-After seconds", "too-many-attempts" });
		errors.put("500", new String[] { "An unexpected error (logged)", "internal" });
		errors.put("503", new String[] { "The database is unreachable: retry after Retry-After seconds", "service-unavailable" });
		errors.forEach((code, text) -> {
			ApiResponse declared = responses.get(code);
			ApiResponse problem = problem(code, text);
			if (declared != null && declared.getDescription() != null && !declared.getDescription().isBlank()
					&& !declared.getDescription().equals(HttpStatusDescriptions.of(code))) {
				// what the controller said about this status, plus the problem type
				problem.setDescription(declared.getDescription() + ". " + problem.getDescription());
			}
			responses.addApiResponse(code, problem);
		});
	}

	/** springdoc's default descriptions (the reason phrase), which say nothing an integrator needs. */
	static final class HttpStatusDescriptions {

		static String of(String code) {
			org.springframework.http.HttpStatus status = org.springframework.http.HttpStatus.resolve(Integer.parseInt(code));
			return status == null ? "" : status.getReasonPhrase();
		}
	}

	private static ApiResponse problem(String code, String[] text) {
		StringBuilder description = new StringBuilder(text[0]).append(". Problem type");
		description.append(text.length > 2 ? "s " : " ");
		for (int i = 1; i < text.length; i++) {
			description.append(i > 1 ? ", " : "").append('`')
				.append("https://jmlhub.dev/problems/").append(text[i]).append('`');
		}
		ApiResponse response = new ApiResponse().description(description.toString())
			.content(new Content().addMediaType(PROBLEM_JSON,
					new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM))));
		if (code.equals("429") || code.equals("503")) {
			response.addHeaderObject("Retry-After", new Header().description("Seconds to wait").schema(new IntegerSchema()));
		}
		return response;
	}

	private static Schema<?> problemSchema() {
		return new ObjectSchema().description("RFC 9457 problem details")
			.addProperty("type", new StringSchema().format("uri").example("https://jmlhub.dev/problems/validation"))
			.addProperty("title", new StringSchema())
			.addProperty("status", new IntegerSchema())
			.addProperty("detail", new StringSchema())
			.addProperty("instance", new StringSchema().format("uri-reference"))
			.addProperty("errors", new MapSchema().additionalProperties(new StringSchema())
				.description("Per field (or parameter, or header): what is wrong with it"))
			.required(List.of("type", "title", "status"));
	}
}
