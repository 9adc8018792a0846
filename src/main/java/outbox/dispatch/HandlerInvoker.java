package outbox.dispatch;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import outbox.dispatch.HandlerRegistry.Invocation;
import platform.TenantTransactions;

/**
 * Runs one handler attempt in the event tenant's own unit of work (or, for a handler that owns its
 * transactions, outside any), on a handler thread so that
 * the dispatcher can give up after the attempt timeout (the handler thread is interrupted; a
 * handler that ignores the interrupt only costs its own thread, not the dispatcher).
 */
final class HandlerInvoker {

	private final TenantTransactions transactions;
	private final Duration timeout;

	HandlerInvoker(TenantTransactions transactions, Duration timeout) {
		this.transactions = transactions;
		this.timeout = timeout;
	}

	/** @return null when the attempt succeeded, otherwise the failure */
	Throwable invoke(ExecutorService executor, Invocation invocation) throws InterruptedException {
		Runnable call = () -> {
			try {
				invocation.run();
			}
			catch (RuntimeException e) {
				throw e;
			}
			catch (Exception e) {
				throw new CheckedFailure(e);
			}
		};
		Future<?> attempt = executor.submit(invocation.ownsTransactions() ? call
				: () -> transactions.runInTenant(invocation.delivery().tenantId(), call));
		try {
			attempt.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
			return null;
		}
		catch (ExecutionException e) {
			return e.getCause() instanceof CheckedFailure checked ? checked.getCause() : e.getCause();
		}
		catch (TimeoutException e) {
			attempt.cancel(true);
			return new AttemptTimeoutException(timeout);
		}
		catch (InterruptedException e) {
			attempt.cancel(true);
			throw e;
		}
	}

	/** Carries a handler's checked exception through the unit of work (which rolls back on it). */
	private static final class CheckedFailure extends RuntimeException {

		CheckedFailure(Exception cause) {
			super(cause);
		}
	}
}
