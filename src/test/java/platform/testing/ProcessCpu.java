package platform.testing;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * CPU time spent by this JVM and by the PostgreSQL server it uses (the postmaster and its
 * children, read from {@code /proc}), for benchmarks that report CPU per operation: a figure that
 * other work on the machine does not inflate as much as wall-clock time.
 */
public final class ProcessCpu {

	private static final double TICK_NANOS = 1e9 / 100; // USER_HZ: 100 on Linux

	private final long postmaster;

	private ProcessCpu(long postmaster) {
		this.postmaster = postmaster;
	}

	/** For the server {@code jdbc} is connected to: PostgreSQL is measured when it runs on this machine. */
	public static ProcessCpu of(JdbcClient jdbc) {
		// a backend's parent is the postmaster
		long backend = jdbc.sql("SELECT pg_backend_pid()").query(Long.class).single();
		String[] stat = stat(Path.of("/proc", Long.toString(backend)));
		// a server in a container or elsewhere: only this JVM is measured
		return new ProcessCpu(stat == null ? -1 : Long.parseLong(stat[1]));
	}

	/** CPU nanoseconds so far: this JVM's and PostgreSQL's (-1 when it is not a process of this machine). */
	public Sample sample() {
		long jvm = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
			.getProcessCpuTime();
		if (postmaster < 0) {
			return new Sample(jvm, -1);
		}
		long ticks = 0;
		try (DirectoryStream<Path> processes = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
			for (Path process : processes) {
				String[] stat = stat(process);
				if (stat != null && (Long.parseLong(stat[0]) == postmaster || Long.parseLong(stat[1]) == postmaster)) {
					ticks += Long.parseLong(stat[2]) + Long.parseLong(stat[3]);
				}
			}
		}
		catch (IOException e) {
			throw new IllegalStateException("Cannot read /proc", e);
		}
		return new Sample(jvm, (long) (ticks * TICK_NANOS));
	}

	/** pid, ppid, utime, stime of one process; null if it ended meanwhile. */
	private static String[] stat(Path process) {
		try {
			String line = Files.readString(process.resolve("stat"));
			// the command name in parentheses may hold spaces: fields count from after its ')'
			String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
			return new String[] { line.substring(0, line.indexOf(' ')), fields[1], fields[11], fields[12] };
		}
		catch (IOException e) {
			return null;
		}
	}

	/** CPU nanoseconds of the JVM and of PostgreSQL at one instant. */
	public record Sample(long jvmNanos, long postgresNanos) {

		/** Per operation since {@code before}, in milliseconds: "app x ms + PostgreSQL y ms". */
		public String perOperation(Sample before, int operations) {
			String app = "CPU per call: app %.2f ms".formatted((jvmNanos - before.jvmNanos) / 1e6 / operations);
			return postgresNanos < 0 ? app + " (PostgreSQL not on this machine)"
					: app + ", PostgreSQL %.2f ms".formatted((postgresNanos - before.postgresNanos) / 1e6 / operations);
		}
	}
}
