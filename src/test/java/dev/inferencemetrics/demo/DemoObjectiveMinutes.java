package dev.inferencemetrics.demo;

import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.slo.EventCounts;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Test-side door to the demo's traffic as its objectives count it: each demo deployment's objectives (its defaults,
 * with the demo's own override) and, minute by minute, the good and all events of each, from the requests the demo's
 * traffic model sends — TTFT and availability per request, ITL per token gap ((output tokens − 1) gaps at the
 * request's time per output token, as ingest counts them).
 */
public final class DemoObjectiveMinutes {

    private static final Duration MINUTE = Duration.ofMinutes(1);

    private DemoObjectiveMinutes() {}

    /** One objective of a demo deployment and its events per minute. */
    public record ObjectiveMinutes(String deployment, SloObjective objective, List<EventCounts> minutes) {}

    /** The demo deployments with traffic, with each of their objectives' events over {@code [from, from + length)}. */
    public static List<ObjectiveMinutes> of(Instant from, Duration length) {
        Map<String, DeploymentDefinition> definitions = new LinkedHashMap<>();
        for (DemoCatalog.DemoTenant tenant : DemoCatalog.TENANTS) {
            tenant.deployments().forEach(definition -> {
                DeploymentDefinition defined = definition.apply(1);
                definitions.put(defined.slug(), defined);
            });
        }
        List<ObjectiveMinutes> all = new ArrayList<>();
        for (DeploymentBehaviour behaviour : DemoTraffic.BEHAVIOURS) {
            DeploymentDefinition definition = definitions.get(behaviour.slug());
            if (definition == null) {
                continue;
            }
            List<SloObjective> objectives = new ArrayList<>(List.of(
                    new SloObjective(SloKind.TTFT, 95, definition.sloTtftP95Ms().doubleValue(), true),
                    new SloObjective(SloKind.ITL, 95, definition.sloItlP95Ms().doubleValue(), true),
                    new SloObjective(SloKind.AVAILABILITY, 99, null, true)));
            SloObjective override = DemoCatalog.OBJECTIVES.get(behaviour.slug());
            if (override != null) {
                objectives.replaceAll(objective -> objective.kind() == override.kind() ? override : objective);
            }
            // the burst, where there is one, lies inside the stretch: it is part of a normal demo day
            TrafficModel model = new TrafficModel(behaviour, from);
            List<List<JsonNode>> minutes = new ArrayList<>();
            for (Instant minute = from; minute.isBefore(from.plus(length)); minute = minute.plus(MINUTE)) {
                minutes.add(List.copyOf(model.requests(minute, minute.plus(MINUTE))));
            }
            for (SloObjective objective : objectives) {
                all.add(new ObjectiveMinutes(
                        behaviour.slug(),
                        objective,
                        minutes.stream()
                                .map(requests -> count(objective, requests))
                                .toList()));
            }
        }
        return all;
    }

    private static EventCounts count(SloObjective objective, List<JsonNode> requests) {
        long good = 0;
        long total = 0;
        for (JsonNode request : requests) {
            boolean ok = request.get("status").asString().equals("ok");
            switch (objective.kind()) {
                case AVAILABILITY -> {
                    total++;
                    good += ok ? 1 : 0;
                }
                case TTFT -> {
                    if (ok) {
                        total++;
                        good += request.get("ttftMs").asDouble() <= threshold(objective) ? 1 : 0;
                    }
                }
                case ITL -> {
                    if (ok) {
                        long gaps = Math.max(0, request.get("outputTokens").asLong() - 1);
                        total += gaps;
                        good += request.get("tpotMs").asDouble() <= threshold(objective) ? gaps : 0;
                    }
                }
                default -> throw new IllegalArgumentException("the demo sets no " + objective.kind() + " objective");
            }
        }
        return new EventCounts(good, total);
    }

    private static double threshold(SloObjective objective) {
        Double threshold = objective.thresholdMs();
        if (threshold == null) {
            throw new IllegalArgumentException(objective.kind() + " has a threshold");
        }
        return threshold;
    }
}
