package platform.admin;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.springframework.stereotype.Component;

import platform.AppUser;
import platform.DomainException;
import platform.TenantTransactions;
import platform.security.PlatformAuditRepository;
import platform.security.PlatformAuditRepository.ChainedEntry;
import platform.security.PlatformAuditRepository.Filter;
import tools.jackson.databind.json.JsonMapper;

/**
 * Streams the entries of a filter as CSV or NDJSON in chain order, any range in constant memory
 * (the rows are fetched in batches and written as they come). Each export is an entry of the trail
 * itself ({@code audit.exported}, with its filter), committed before the first row is sent.
 */
@Component
public class AuditExport {

	/** The formats an export comes in. */
	public enum Format {

		CSV("text/csv"), NDJSON("application/x-ndjson");

		private final String mediaType;

		Format(String mediaType) {
			this.mediaType = mediaType;
		}

		public String mediaType() {
			return mediaType;
		}

		public String extension() {
			return name().toLowerCase(Locale.ROOT);
		}

		public static Format of(String value) {
			for (Format format : values()) {
				if (format.extension().equalsIgnoreCase(value == null ? "" : value.strip())) {
					return format;
				}
			}
			throw new DomainException.InvalidInput("format", "must be csv or ndjson");
		}
	}

	private static final HexFormat HEX = HexFormat.of();

	private final PlatformAuditRepository repository;
	private final TenantTransactions transactions;
	private final AuditTrail audit;
	private final JsonMapper json;

	AuditExport(PlatformAuditRepository repository, TenantTransactions transactions, AuditTrail audit, JsonMapper json) {
		this.repository = repository;
		this.transactions = transactions;
		this.audit = audit;
		this.json = json;
	}

	/** Records the export, then writes every entry of {@code filter} to {@code out}; returns how many. */
	public long export(AppUser admin, Filter filter, Format format, OutputStream out) {
		AuditFilters.check(filter);
		Map<String, Object> detail = new LinkedHashMap<>();
		detail.put("format", format.extension());
		detail.put("from", filter.from() == null ? null : filter.from().toString());
		detail.put("to", filter.to() == null ? null : filter.to().toString());
		detail.put("actor", filter.actor());
		detail.put("action", filter.action());
		detail.put("subject", filter.subject());
		transactions.runInTenant(admin.tenantId(), () -> audit.record(admin.getUsername(), "audit.exported", detail));
		Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
		long[] count = { 0 };
		transactions.readInTenant(admin.tenantId(), () -> {
			write(writer, format == Format.CSV ? "id,seq,acted_at,actor,action,detail,prev_hash,hash\n" : "");
			repository.stream(filter, entry -> {
				write(writer, format == Format.CSV ? csv(entry) : ndjson(entry));
				count[0]++;
			});
			return null;
		});
		try {
			writer.flush();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		return count[0];
	}

	private String ndjson(ChainedEntry entry) {
		Map<String, Object> line = new LinkedHashMap<>();
		line.put("id", entry.id());
		line.put("seq", entry.seq());
		line.put("actedAt", entry.actedAt().toString());
		line.put("actor", entry.actor());
		line.put("action", entry.action());
		line.put("detail", json.readTree(entry.detail()));
		line.put("prevHash", entry.prevHash() == null ? null : HEX.formatHex(entry.prevHash()));
		line.put("hash", HEX.formatHex(entry.hash()));
		return json.writeValueAsString(line) + "\n";
	}

	private static String csv(ChainedEntry entry) {
		return String.join(",", Long.toString(entry.id()), Long.toString(entry.seq()), entry.actedAt().toString(),
				quoted(entry.actor()), quoted(entry.action()), quoted(entry.detail()),
				entry.prevHash() == null ? "" : HEX.formatHex(entry.prevHash()), HEX.formatHex(entry.hash())) + "\n";
	}

	/** A CSV field (RFC 4180): always quoted, quotes doubled. */
	private static String quoted(String text) {
		return "\"" + text.replace("\"", "\"\"") + "\"";
	}

	private static void write(Writer writer, String text) {
		try {
			writer.write(text);
		}
		catch (IOException e) {
			// the client went away: stop reading rows
			throw new UncheckedIOException(e);
		}
	}
}
