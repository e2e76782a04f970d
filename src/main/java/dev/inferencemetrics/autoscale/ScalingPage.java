package dev.inferencemetrics.autoscale;

import java.util.List;

/** A page of the signals of the deployments a caller may see, by slug, and how many there are in all. */
record ScalingPage(List<ScalingSignals> signals, int offset, int limit, int total) {

    boolean hasMore() {
        return offset + signals.size() < total;
    }
}
