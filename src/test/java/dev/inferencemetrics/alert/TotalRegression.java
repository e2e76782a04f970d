package dev.inferencemetrics.alert;

import dev.inferencemetrics.slo.EventCounts;
import dev.inferencemetrics.slo.SloObjective;
import java.util.ArrayList;
import java.util.List;

/** Simulated traffic for the burn-rate rules: healthy minutes, then minutes in which every event is bad. */
public final class TotalRegression {

    private TotalRegression() {}

    /**
     * {@code healthyMinutes} of {@code perMinute} events with about a tenth of the objective's allowed bad share (one
     * bad event every so many minutes), then {@code badMinutes} in which all {@code perMinute} events are bad.
     */
    public static List<EventCounts> minutes(SloObjective objective, int healthyMinutes, int perMinute, int badMinutes) {
        List<EventCounts> minutes = new ArrayList<>();
        long every = Math.max(1, Math.round(10 / (perMinute * objective.allowedBadFraction())));
        for (int m = 0; m < healthyMinutes; m++) {
            long bad = m % every == every - 1 ? 1 : 0;
            minutes.add(new EventCounts(perMinute - bad, perMinute));
        }
        for (int m = 0; m < badMinutes; m++) {
            minutes.add(new EventCounts(0, perMinute));
        }
        return minutes;
    }
}
