package platform.objectstore;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import platform.ObjectStore;
import platform.ObjectStoreUnavailableException;

/**
 * Objects in one bucket of an S3-compatible store (AWS S3, MinIO, Ceph, ...) through the AWS SDK v2
 * over the JDK's HTTP client. Checksums are sent and checked only where the API requires them:
 * several S3-compatible servers reject the SDK's default trailing checksums, and the attachments
 * keep their own SHA-256. Any failure to answer is {@link ObjectStoreUnavailableException}.
 */
final class S3ObjectStore implements ObjectStore, AutoCloseable {

	/** How long the readiness probe and the startup gate wait. */
	static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);

	private final S3Client s3;
	private final String bucket;
	private final String description;
	/** Over plain HTTP the SDK signs the whole payload: it reads the body twice, so it must come from a file. */
	private final boolean signsPayload;

	S3ObjectStore(ObjectStoreSettings.S3 settings, Duration timeout) {
		S3ClientBuilder builder = S3Client.builder()
			.httpClientBuilder(UrlConnectionHttpClient.builder()
				.connectionTimeout(Duration.ofSeconds(3))
				.socketTimeout(timeout))
			.region(Region.of(settings.region()))
			.credentialsProvider(credentials(settings))
			.forcePathStyle(settings.pathStyle())
			.requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
			.responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
			// no aws-chunked uploads: many S3-compatible servers store their chunk signatures as content
			.serviceConfiguration(S3Configuration.builder().chunkedEncodingEnabled(false).build())
			.overrideConfiguration(o -> o.apiCallTimeout(timeout));
		if (!settings.endpoint().isEmpty()) {
			builder.endpointOverride(URI.create(settings.endpoint()));
		}
		this.s3 = builder.build();
		this.bucket = settings.bucket();
		this.signsPayload = !settings.endpoint().isEmpty() && settings.endpoint().startsWith("http:");
		this.description = "S3 bucket " + bucket + " at "
				+ (settings.endpoint().isEmpty() ? "AWS " + settings.region() : settings.endpoint());
	}

	private static AwsCredentialsProvider credentials(ObjectStoreSettings.S3 settings) {
		if (settings.accessKey().isEmpty()) {
			// the SDK's chain: AWS_* variables, the profile, the container's or instance's role
			return DefaultCredentialsProvider.builder().build();
		}
		return StaticCredentialsProvider.create(AwsBasicCredentials.create(settings.accessKey(), settings.secretKey()));
	}

	@Override
	public boolean configured() {
		return true;
	}

	@Override
	public String describe() {
		return description;
	}

	@Override
	public void put(String key, InputStream content, long length, String contentType) {
		ObjectKeys.key(key);
		if (!signsPayload) {
			put(key, RequestBody.fromInputStream(content, length), length, contentType);
			return;
		}
		Path copy = null;
		try {
			copy = Files.createTempFile("jmlhub-s3-put-", ".part");
			try (OutputStream out = Files.newOutputStream(copy)) {
				content.transferTo(out);
			}
			put(key, RequestBody.fromFile(copy), length, contentType);
		}
		catch (IOException e) {
			throw new UncheckedIOException("put " + key + ": the content could not be read", e);
		}
		finally {
			if (copy != null) {
				try {
					Files.deleteIfExists(copy);
				}
				catch (IOException e) {
					// the temporary directory's own clean-up takes it
				}
			}
		}
	}

	private void put(String key, RequestBody body, long length, String contentType) {
		try {
			s3.putObject(request -> request.bucket(bucket).key(key).contentType(contentType).contentLength(length), body);
		}
		catch (SdkException e) {
			throw unavailable("write " + key, e);
		}
	}

	@Override
	public Optional<InputStream> open(String key) {
		try {
			return Optional.of(s3.getObject(request -> request.bucket(bucket).key(ObjectKeys.key(key))));
		}
		catch (NoSuchKeyException e) {
			return Optional.empty();
		}
		catch (SdkException e) {
			throw unavailable("read " + key, e);
		}
	}

	@Override
	public void delete(String key) {
		try {
			s3.deleteObject(request -> request.bucket(bucket).key(ObjectKeys.key(key)));
		}
		catch (NoSuchKeyException e) {
			// gone already
		}
		catch (SdkException e) {
			throw unavailable("delete " + key, e);
		}
	}

	@Override
	public List<StoredObject> list(String prefix, Instant olderThan) {
		try {
			return s3.listObjectsV2Paginator(request -> request.bucket(bucket).prefix(ObjectKeys.prefix(prefix)))
				.contents()
				.stream()
				.filter(object -> object.lastModified().isBefore(olderThan))
				.map(object -> new StoredObject(object.key(), object.size() == null ? 0 : object.size(), object.lastModified()))
				.toList();
		}
		catch (SdkException e) {
			throw unavailable("list " + prefix, e);
		}
	}

	@Override
	public void probe() {
		try {
			s3.headBucket(request -> request.bucket(bucket)
				.overrideConfiguration(o -> o.apiCallTimeout(PROBE_TIMEOUT).apiCallAttemptTimeout(PROBE_TIMEOUT)));
		}
		catch (NoSuchBucketException e) {
			throw unavailable("find the bucket (it does not exist)", e);
		}
		catch (S3Exception e) {
			throw unavailable("be reached (HTTP " + e.statusCode() + ")", e);
		}
		catch (SdkException e) {
			throw unavailable("be reached", e);
		}
	}

	@Override
	public void close() {
		s3.close();
	}

	private ObjectStoreUnavailableException unavailable(String what, SdkException e) {
		return new ObjectStoreUnavailableException("The object store (" + description + ") could not " + what + ": "
				+ e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage()), e);
	}
}
