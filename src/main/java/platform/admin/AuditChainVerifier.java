package platform.admin;

import java.util.Arrays;

import org.springframework.stereotype.Component;

import platform.TenantTransactions;
import platform.AuditVerification;
import platform.AuditVerification.BrokenLink;
import platform.security.PlatformAuditRepository;
import platform.security.PlatformAuditRepository.Link;

/**
 * Checks a tenant's audit chain link by link in one streamed read (constant memory): each entry's
 * hash must be what its content and its stored previous hash give, its previous hash the hash of
 * the entry before it, and its position the next one. Reports the first link that does not hold.
 */
@Component
public class AuditChainVerifier {

	private final PlatformAuditRepository repository;
	private final TenantTransactions transactions;

	AuditChainVerifier(PlatformAuditRepository repository, TenantTransactions transactions) {
		this.repository = repository;
		this.transactions = transactions;
	}

	public AuditVerification verify(String tenantId) {
		return transactions.readInTenant(tenantId, () -> {
			Walk walk = new Walk();
			repository.links(walk::next);
			return new AuditVerification(walk.broken == null, walk.checked, walk.firstSeq, walk.lastSeq, walk.broken);
		});
	}

	/** The state of one walk along the chain. */
	private static final class Walk {

		long checked;
		Long firstSeq;
		Long lastSeq;
		byte[] previousHash;
		BrokenLink broken;

		void next(Link link) {
			checked++;
			if (broken == null) {
				String reason = reason(link);
				if (reason != null) {
					broken = new BrokenLink(link.id(), link.seq(), link.actedAt(), reason);
				}
			}
			if (firstSeq == null) {
				firstSeq = link.seq();
			}
			lastSeq = link.seq();
			previousHash = link.hash();
		}

		private String reason(Link link) {
			if (!Arrays.equals(link.hash(), link.computed())) {
				return "the entry's content does not give its stored hash: it was changed after it was written";
			}
			if (lastSeq == null) {
				// the oldest remaining entry: its predecessor may have gone with retention
				return null;
			}
			if (link.seq() != lastSeq + 1) {
				return "entries " + (lastSeq + 1) + " to " + (link.seq() - 1) + " of the chain are missing";
			}
			if (!Arrays.equals(link.prevHash(), previousHash)) {
				return "the entry's previous hash is not the hash of entry " + lastSeq + ": an entry before it was changed or replaced";
			}
			return null;
		}
	}
}
