package dev.inferencemetrics.billing;

import java.util.List;

/** The lines of usage by consumer or adapter a page lists, and whether they are all of them. */
public record UsageLines(List<UsageLine> lines, boolean complete) {

    public UsageLines {
        lines = List.copyOf(lines);
    }
}
