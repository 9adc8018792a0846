package platform.objectstore;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code OBJECTSTORE_*}: which store ({@code kind}: {@code filesystem}, {@code s3}, {@code none}; empty
 * means {@code filesystem} in the demo and {@code none} in production), the filesystem store's
 * directory, the S3 store's endpoint, bucket, region, credentials and addressing, and how long one
 * call may take.
 */
@ConfigurationProperties(prefix = "jmlhub.objectstore")
record ObjectStoreSettings(String kind, String dir, Duration timeout, S3 s3) {

	ObjectStoreSettings {
		kind = kind == null ? "" : kind.trim();
		dir = dir == null ? "" : dir.trim();
		timeout = timeout == null ? Duration.ofSeconds(30) : timeout;
		s3 = s3 == null ? new S3(null, null, null, null, null, true) : s3;
	}

	record S3(String endpoint, String bucket, String region, String accessKey, String secretKey, boolean pathStyle) {

		S3 {
			endpoint = endpoint == null ? "" : endpoint.trim();
			bucket = bucket == null ? "" : bucket.trim();
			region = region == null || region.isBlank() ? "us-east-1" : region.trim();
			accessKey = accessKey == null ? "" : accessKey.trim();
			secretKey = secretKey == null ? "" : secretKey;
		}
	}
}
