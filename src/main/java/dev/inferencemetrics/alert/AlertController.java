package dev.inferencemetrics.alert;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1")
@Tag(name = "Alerts", description = "Alerts and rules: read with metrics:read or a session; change with alerts:write")
class AlertController {

    private static final Duration DEFAULT_WINDOW = Duration.ofDays(7);

    private final AlertService alerts;
    private final Clock clock;

    AlertController(AlertService alerts, Clock clock) {
        this.alerts = alerts;
        this.clock = clock;
    }

    @GetMapping("/alerts")
    @Operation(summary = "Alerts open at some time in the window, newest first, of the tenants the caller may see")
    List<AlertSummary> list(
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "ISO-8601 instant; default: 7 days before to")
                    @RequestParam(required = false)
                    @Nullable
                    String from,
            @Parameter(description = "ISO-8601 instant; default: now") @RequestParam(required = false) @Nullable
                    String to,
            @RequestParam(required = false) @Nullable String tenant,
            @RequestParam(required = false) @Nullable String deployment,
            @Parameter(description = "PENDING, FIRING or RESOLVED") @RequestParam(required = false) @Nullable
                    String state,
            @RequestParam(defaultValue = "200") int limit) {
        Instant end = to == null ? clock.instant() : instant("to", to);
        Instant start = from == null ? end.minus(DEFAULT_WINDOW) : instant("from", from);
        AlertFilter filter = new AlertFilter(start, end, tenant, deployment, state(state), limit);
        return alerts.alerts(caller.scope(), filter);
    }

    @PostMapping("/alerts/{id}/acknowledge")
    @Operation(summary = "Acknowledge a firing alert (alerts:write)")
    Map<String, Boolean> acknowledge(@AuthenticationPrincipal Caller caller, @PathVariable long id) {
        return Map.of("acknowledged", alerts.acknowledge(caller.scope(), id));
    }

    @GetMapping("/deployments/{slug}/alert-rules")
    @Operation(summary = "The deployment's alert rules, defaults included")
    List<AlertRule> rules(@AuthenticationPrincipal Caller caller, @PathVariable String slug) {
        return alerts.rules(caller.scope(), slug);
    }

    @GetMapping("/deployments/{slug}/scaling-point")
    @Operation(
            summary = "Where the concurrency rule says the deployment should scale, or why it has no such point",
            description = "The knee of the TTFT tail over the last day (as the Capacity tab finds it), the scaling"
                    + " point (75 % of it) the rule \"Requests in flight past scaling point\" compares the mean"
                    + " requests in flight with, the concurrency source, and a note; concurrency and knee are null"
                    + " when no knee is found, and the rule then does not fire.")
    ScalingPoint scalingPoint(@AuthenticationPrincipal Caller caller, @PathVariable String slug) {
        return alerts.scalingPoint(caller.scope(), slug);
    }

    @PutMapping("/deployments/{slug}/alert-rules/{id}")
    @Operation(summary = "Change a rule's threshold, clear level, for duration (ISO-8601) and switch (alerts:write)")
    AlertRule changeRule(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String slug,
            @PathVariable long id,
            @RequestBody RuleSettingsBody body) {
        return alerts.changeRule(caller.scope(), slug, id, body.settings());
    }

    @GetMapping("/deployments/{slug}/silences")
    @Operation(summary = "The deployment's silences that have not ended")
    List<Silence> silences(@AuthenticationPrincipal Caller caller, @PathVariable String slug) {
        return alerts.silences(caller.scope(), slug);
    }

    @PostMapping("/deployments/{slug}/silences")
    @Operation(summary = "Silence the deployment's alerts (or one rule's) until endsAt, with a reason (alerts:write)")
    Map<String, Long> silence(
            @AuthenticationPrincipal Caller caller, @PathVariable String slug, @RequestBody SilenceBody body) {
        Instant endsAt = instant("endsAt", body.endsAt());
        return Map.of("id", alerts.silence(caller.scope(), slug, body.ruleId(), endsAt, body.reason()));
    }

    @DeleteMapping("/deployments/{slug}/silences/{id}")
    @Operation(summary = "End a silence now (alerts:write)")
    Map<String, Boolean> endSilence(
            @AuthenticationPrincipal Caller caller, @PathVariable String slug, @PathVariable long id) {
        return Map.of("ended", alerts.endSilence(caller.scope(), slug, id));
    }

    record RuleSettingsBody(
            double threshold, double clearBelow, @Nullable String forDuration, boolean enabled) {

        RuleSettings settings() {
            return new RuleSettings(threshold, clearBelow, duration(forDuration), enabled);
        }
    }

    record SilenceBody(
            @Nullable Long ruleId,
            @Nullable String endsAt,
            @Nullable String reason) {

        @Override
        public String reason() {
            return reason == null ? "" : reason;
        }
    }

    private static Duration duration(@Nullable String value) {
        try {
            return value == null ? Duration.ZERO : Duration.parse(value);
        } catch (DateTimeParseException e) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "forDuration must be an ISO-8601 duration, e.g. PT10M");
        }
    }

    private static @Nullable AlertState state(@Nullable String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        return Arrays.stream(AlertState.values())
                .filter(state -> state.name().equalsIgnoreCase(value))
                .findFirst()
                .orElseThrow(() -> new ApiProblem(HttpStatus.BAD_REQUEST, "state must be PENDING, FIRING or RESOLVED"));
    }

    private static Instant instant(String name, @Nullable String value) {
        try {
            if (value == null) {
                throw new DateTimeParseException("missing", "", 0);
            }
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new ApiProblem(
                    HttpStatus.BAD_REQUEST, name + " must be an ISO-8601 instant, e.g. 2026-11-22T10:00:00Z");
        }
    }
}
