package dev.inferencemetrics.benchmark;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * CPU time used so far by this JVM (the application and the load-generating clients) and by the embedded PostgreSQL
 * (the postmaster and every backend). CPU per sample hardly moves when other work shares the machine, unlike
 * throughput, so it shows where the time goes even on a busy box. Reads {@code /proc}: Linux only.
 */
final class CpuMeter {

    /** Clock ticks a second in {@code /proc/<pid>/stat}; 100 on every Linux that matters here. */
    private static final long TICKS_PER_SECOND = 100;

    private final long postmaster;

    private CpuMeter(long postmaster) {
        this.postmaster = postmaster;
    }

    /** CPU nanoseconds of the JVM and of PostgreSQL. */
    record Reading(long appNanos, long databaseNanos) {
        Reading since(Reading start) {
            return new Reading(appNanos - start.appNanos, databaseNanos - start.databaseNanos);
        }
    }

    static CpuMeter forDataDirectory(Path dataDirectory) throws IOException {
        // the first line of postmaster.pid is the postmaster's process id
        return new CpuMeter(Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid"))
                .getFirst()
                .trim()));
    }

    Reading read() throws IOException {
        long app = ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        long ticks = 0;
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            for (Path process : processes.toList()) {
                ticks += databaseTicks(process).orElse(0);
            }
        }
        return new Reading(app, ticks * 1_000_000_000L / TICKS_PER_SECOND);
    }

    /** User and system ticks of a PostgreSQL process; the postmaster's count those of backends that have exited. */
    private OptionalLong databaseTicks(Path process) {
        String name = process.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
            return OptionalLong.empty();
        }
        String stat;
        try {
            stat = Files.readString(process.resolve("stat"));
        } catch (IOException e) {
            return OptionalLong.empty(); // the process has ended
        }
        // fields after the command, which is in parentheses and may contain spaces
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long pid = Long.parseLong(name);
        long parent = Long.parseLong(fields[1]);
        long own = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        if (pid == postmaster) {
            return OptionalLong.of(own + Long.parseLong(fields[13]) + Long.parseLong(fields[14]));
        }
        return parent == postmaster ? OptionalLong.of(own) : OptionalLong.empty();
    }
}
