package platform.web;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.util.AntPathMatcher;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request body larger than {@code jmlhub.web.max-body-size} by its declared length,
 * before anything reads it (a chunked body, which declares none, is read up to the limit first): 413 problem+json, instead of a parameter parser that gives up half
 * way or a reset connection. Tomcat swallows what the client still sends up to
 * {@code server.tomcat.max-swallow-size}, so the client gets to read the answer.
 *
 * <p>A POST to an upload path has the limit of its kind: an access request's attachments
 * ({@code jmlhub.web.upload-paths}) one attachment plus the multipart framing, HR's import files
 * ({@code jmlhub.web.max-upload-size}), which are read as a stream, row by row, and never read ahead
 * into memory; every other path keeps {@code MAX_BODY_SIZE}.
 */
final class RequestSizeLimit extends OncePerRequestFilter {

	/** What multipart framing (boundaries, part headers) may add to one uploaded file. */
	static final DataSize MULTIPART_OVERHEAD = DataSize.ofKilobytes(64);

	private static final AntPathMatcher PATHS = new AntPathMatcher();

	/** HR's import files: the API's and the console's upload. */
	static final List<String> IMPORT_PATHS = List.of("/v1/hr/imports", "/hr/imports");

	private final DataSize maxBodySize;
	private final Map<String, DataSize> uploadLimits;

	RequestSizeLimit(DataSize maxBodySize) {
		this(maxBodySize, Map.of());
	}

	/** {@code uploadLimits}: the limit of a POST to each upload path pattern (first match wins). */
	RequestSizeLimit(DataSize maxBodySize, Map<String, DataSize> uploadLimits) {
		this.maxBodySize = maxBodySize;
		this.uploadLimits = new LinkedHashMap<>(uploadLimits);
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		DataSize upload = uploadLimit(request);
		if (upload != null) {
			if (request.getContentLengthLong() > upload.toBytes()) {
				refuse(response, upload);
				return;
			}
			chain.doFilter(request, response);
			return;
		}
		if (request.getContentLengthLong() > maxBodySize.toBytes()) {
			refuse(response, maxBodySize);
			return;
		}
		if (request.getContentLengthLong() < 0 && chunked(request) && !form(request)) {
			// no declared length: read up to the limit now, so the handler never sees a longer body
			byte[] body = request.getInputStream().readNBytes(Math.toIntExact(maxBodySize.toBytes() + 1));
			if (body.length > maxBodySize.toBytes()) {
				refuse(response, maxBodySize);
				return;
			}
			chain.doFilter(new ReadBody(request, body), response);
			return;
		}
		chain.doFilter(request, response);
	}

	/** The limit of an upload path's POST; null for any other request. */
	private DataSize uploadLimit(HttpServletRequest request) {
		if (!"POST".equals(request.getMethod()) || uploadLimits.isEmpty()) {
			return null;
		}
		String path = request.getRequestURI().substring(request.getContextPath().length());
		return uploadLimits.entrySet().stream().filter(limit -> PATHS.match(limit.getKey(), path))
			.map(Map.Entry::getValue).findFirst().orElse(null);
	}

	private static void refuse(HttpServletResponse response, DataSize limit) throws IOException {
		response.setStatus(HttpStatus.PAYLOAD_TOO_LARGE.value());
		response.setHeader("Connection", "close");
		response.setContentType("application/problem+json");
		response.getWriter().write("{\"type\":\"" + ProblemTypes.PAYLOAD_TOO_LARGE
				+ "\",\"title\":\"Payload Too Large\",\"status\":413,\"detail\":\"The request body is larger than "
				+ limit.toKilobytes() + " KB.\"}");
	}

	private static boolean chunked(HttpServletRequest request) {
		String encoding = request.getHeader("Transfer-Encoding");
		return encoding != null && encoding.toLowerCase(Locale.ROOT).contains("chunked");
	}

	/** Form bodies are parsed by Tomcat itself, whose {@code maxPostSize} limits chunked ones too. */
	private static boolean form(HttpServletRequest request) {
		String type = request.getContentType();
		return type != null && (type.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded")
				|| type.toLowerCase(Locale.ROOT).startsWith("multipart/"));
	}

	/** A request whose chunked body was read (within the limit) and is served from memory. */
	private static final class ReadBody extends HttpServletRequestWrapper {

		private final byte[] body;

		ReadBody(HttpServletRequest request, byte[] body) {
			super(request);
			this.body = body;
		}

		@Override
		public int getContentLength() {
			return body.length;
		}

		@Override
		public long getContentLengthLong() {
			return body.length;
		}

		@Override
		public ServletInputStream getInputStream() {
			ByteArrayInputStream in = new ByteArrayInputStream(body);
			return new ServletInputStream() {

				@Override
				public int read() {
					return in.read();
				}

				@Override
				public int read(byte[] buffer, int offset, int length) {
					return in.read(buffer, offset, length);
				}

				@Override
				public boolean isFinished() {
					return in.available() == 0;
				}

				@Override
				public boolean isReady() {
					return true;
				}

				@Override
				public void setReadListener(ReadListener listener) {
					throw new UnsupportedOperationException("the body was already read");
				}
			};
		}

		@Override
		public BufferedReader getReader() throws UnsupportedEncodingException {
			String encoding = getCharacterEncoding() == null ? StandardCharsets.UTF_8.name() : getCharacterEncoding();
			return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body), encoding));
		}
	}
}
