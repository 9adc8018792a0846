package hr.scim;

/** The URNs of the SCIM messages and of the user schemas this endpoint speaks. */
final class ScimSchemas {

	static final String USER = "urn:ietf:params:scim:schemas:core:2.0:User";
	static final String ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
	/** Ours: the dates HR's lifecycle needs and SCIM's User has no place for (docs/scim.md). */
	static final String JMLHUB = "urn:jmlhub:params:scim:schemas:extension:jmlhub:2.0:User";
	static final String PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
	static final String LIST_RESPONSE = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
	static final String BULK_REQUEST = "urn:ietf:params:scim:api:messages:2.0:BulkRequest";
	static final String BULK_RESPONSE = "urn:ietf:params:scim:api:messages:2.0:BulkResponse";
	static final String ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";

	static final String MEDIA_TYPE = "application/scim+json";

	/** Bulk limits, as ServiceProviderConfig announces them. */
	static final int MAX_OPERATIONS = 1000;
	static final int MAX_PAYLOAD_BYTES = 1_048_576;

	/** The most resources one list answers (ServiceProviderConfig's filter.maxResults). */
	static final int MAX_RESULTS = 100;

	private ScimSchemas() {
	}
}
