package platform.objectstore;

import java.net.URI;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import platform.ObjectStore;
import platform.ObjectStoreUnavailableException;
import platform.StartupRefusedException;

/**
 * Chooses the object store from {@code OBJECTSTORE_KIND} and refuses a configuration it cannot work
 * with, one message each: an unknown kind, an S3 store without a bucket or with half its
 * credentials or an endpoint that is not a URL, a filesystem store in production without its
 * directory. Whether the store answers is the startup gate's question ({@link ObjectStoreStartupGate}).
 */
@Configuration(proxyBeanMethods = false)
class ObjectStoreConfiguration {

	static final String DEMO_DIRECTORY = "jmlhub-demo/objects";

	// the S3 store's close() is inferred as its destroy method: its client goes with the context
	@Bean
	ObjectStore objectStore(ObjectStoreSettings settings, Environment environment) {
		boolean demo = environment.getProperty("jmlhub.demo", Boolean.class, false);
		String kind = settings.kind().isEmpty() ? (demo ? "filesystem" : "none") : settings.kind().toLowerCase(Locale.ROOT);
		return switch (kind) {
			case "none" -> new UnconfiguredObjectStore();
			case "filesystem" -> filesystem(settings, demo);
			case "s3" -> s3(settings);
			default -> throw new StartupRefusedException("OBJECTSTORE_KIND is \"" + settings.kind() + "\", which is no object store.",
					"Set OBJECTSTORE_KIND to filesystem, s3 or none (docs/attachments.md).");
		};
	}

	private static FilesystemObjectStore filesystem(ObjectStoreSettings settings, boolean demo) {
		if (settings.dir().isEmpty() && !demo) {
			throw new StartupRefusedException("OBJECTSTORE_KIND is filesystem, but OBJECTSTORE_DIR is not set.",
					"Set OBJECTSTORE_DIR to a directory this instance may write (one shared volume for several instances), "
							+ "or use OBJECTSTORE_KIND=s3.");
		}
		FilesystemObjectStore store;
		try {
			store = new FilesystemObjectStore(settings.dir().isEmpty()
					? Path.of(System.getProperty("java.io.tmpdir"), DEMO_DIRECTORY) : Path.of(settings.dir()));
		}
		catch (InvalidPathException e) {
			throw new StartupRefusedException("OBJECTSTORE_DIR \"" + settings.dir() + "\" is not a path.",
					"Set OBJECTSTORE_DIR to a directory this instance may write.", e);
		}
		try {
			store.create();
		}
		catch (ObjectStoreUnavailableException e) {
			throw new StartupRefusedException("The object store directory cannot be created: " + e.getMessage(),
					"Set OBJECTSTORE_DIR to a directory this instance may write.", e);
		}
		return store;
	}

	private static S3ObjectStore s3(ObjectStoreSettings settings) {
		ObjectStoreSettings.S3 s3 = settings.s3();
		if (s3.bucket().isEmpty()) {
			throw new StartupRefusedException("OBJECTSTORE_KIND is s3, but OBJECTSTORE_S3_BUCKET is not set.",
					"Set OBJECTSTORE_S3_BUCKET to the bucket that keeps the attachments (and OBJECTSTORE_S3_ENDPOINT for a "
							+ "store other than AWS).");
		}
		if (s3.accessKey().isEmpty() != s3.secretKey().isEmpty()) {
			throw new StartupRefusedException("Only one of OBJECTSTORE_S3_ACCESS_KEY and OBJECTSTORE_S3_SECRET_KEY is set.",
					"Set both, or neither to use the AWS SDK's default credentials (environment, profile, instance role).");
		}
		if (!s3.endpoint().isEmpty()) {
			URI endpoint;
			try {
				endpoint = URI.create(s3.endpoint());
			}
			catch (IllegalArgumentException e) {
				endpoint = null;
			}
			if (endpoint == null || endpoint.getHost() == null
					|| !("http".equals(endpoint.getScheme()) || "https".equals(endpoint.getScheme()))) {
				throw new StartupRefusedException("OBJECTSTORE_S3_ENDPOINT \"" + s3.endpoint() + "\" is not an http(s) URL.",
						"Set OBJECTSTORE_S3_ENDPOINT to the store's URL, such as https://s3.example.com:9000, or leave it empty "
								+ "for AWS.");
			}
		}
		return new S3ObjectStore(s3, settings.timeout());
	}
}
