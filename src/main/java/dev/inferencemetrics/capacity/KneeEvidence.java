package dev.inferencemetrics.capacity;

import java.util.List;

/** What a knee finding rests on: the intervals and requests used, and the groups they made, quietest first. */
public record KneeEvidence(int intervals, long requests, List<LoadGroup> groups) {

    public KneeEvidence {
        groups = List.copyOf(groups);
    }

    public double lowestConcurrency() {
        return groups.isEmpty() ? 0 : groups.getFirst().concurrency();
    }

    public double highestConcurrency() {
        return groups.isEmpty() ? 0 : groups.getLast().concurrency();
    }
}
