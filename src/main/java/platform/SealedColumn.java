package platform;

import java.util.regex.Pattern;

import org.springframework.util.Assert;

/**
 * A table column holding secrets sealed by {@link SecretStore}, one per row, as {@link SealedColumnRotation}
 * needs to know it: the rows of a tenant are those whose {@code tenantColumn} names it (and which the
 * tenant's transaction sees under row-level security); {@code idColumn} tells the rows of a tenant apart.
 * Names only, never input: they are written into the SQL.
 */
public record SealedColumn(String table, String tenantColumn, String idColumn, String secretColumn) {

	private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]*");

	public SealedColumn {
		for (String name : new String[] { table, tenantColumn, idColumn, secretColumn }) {
			Assert.isTrue(name != null && NAME.matcher(name).matches(), () -> "not a plain SQL name: " + name);
		}
	}
}
