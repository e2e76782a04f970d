package dev.inferencemetrics.annotation;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.api.InstantParameter;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/deployments/{slug}/annotations")
@Tag(
        name = "Annotations",
        description = "Marked moments or ranges on a deployment, drawn on every chart; read with metrics:read or a"
                + " session, written with an ingest key (the deploy pipeline that already sends samples)")
class AnnotationController {

    private static final Duration DEFAULT_WINDOW = Duration.ofDays(7);

    private final AnnotationService annotations;
    private final Clock clock;

    AnnotationController(AnnotationService annotations, Clock clock) {
        this.annotations = annotations;
        this.clock = clock;
    }

    @GetMapping
    @Operation(summary = "The deployment's annotations that overlap the window, oldest first (at most 500)")
    List<Annotation> list(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String slug,
            @Parameter(description = "ISO-8601 instant; default: 7 days before to")
                    @RequestParam(required = false)
                    @Nullable
                    String from,
            @Parameter(description = "ISO-8601 instant; default: now") @RequestParam(required = false) @Nullable
                    String to) {
        Instant end = to == null ? clock.instant() : InstantParameter.parse("to", to);
        Instant start = from == null ? end.minus(DEFAULT_WINDOW) : InstantParameter.parse("from", from);
        return annotations.overlapping(caller.scope(), slug, start, end);
    }

    @PostMapping
    @Operation(
            summary = "Annotate a moment (time) or a range (from, to) of the deployment (scope ingest)",
            description = "Body: {\"text\" (1–500 characters), \"time\" or \"from\" and \"to\" (ISO-8601 instants),"
                    + " \"tags\" (optional, at most 10)}")
    ResponseEntity<Annotation> add(
            @AuthenticationPrincipal Caller caller, @PathVariable String slug, @RequestBody AnnotationBody body) {
        AnnotationDraft draft = body.draft();
        return ResponseEntity.status(HttpStatus.CREATED).body(annotations.add(caller.scope(), slug, draft));
    }

    @DeleteMapping("/{id}")
    @Operation(summary = "Remove an annotation of the deployment (scope ingest)")
    ResponseEntity<Void> remove(
            @AuthenticationPrincipal Caller caller, @PathVariable String slug, @PathVariable long id) {
        if (annotations.remove(caller.scope(), slug, id).isEmpty()) {
            throw new ApiProblem(HttpStatus.NOT_FOUND, "the deployment has no annotation " + id);
        }
        return ResponseEntity.noContent().build();
    }

    record AnnotationBody(
            @Nullable String text,
            @Nullable String time,
            @Nullable String from,
            @Nullable String to,
            @Nullable List<String> tags) {

        AnnotationDraft draft() {
            if (time != null && (from != null || to != null)) {
                throw new UnusableValueException("give either time, or from and to, not both");
            }
            String startText = time != null ? time : from;
            if (startText == null) {
                throw new UnusableValueException("time (a moment) or from and to (a range) is required");
            }
            if (time == null && to == null) {
                throw new UnusableValueException("a range needs to as well as from; a moment is given as time");
            }
            Instant start = InstantParameter.parse(time != null ? "time" : "from", startText);
            Instant end = to == null ? null : InstantParameter.parse("to", to);
            return new AnnotationDraft(start, end, text == null ? "" : text, tags == null ? List.of() : tags);
        }
    }
}
