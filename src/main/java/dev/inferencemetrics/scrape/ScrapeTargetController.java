package dev.inferencemetrics.scrape;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

@RestController
@RequestMapping("/api/v1/scrape-targets")
@Tag(
        name = "Scrape targets",
        description = "Engine /metrics endpoints the dashboard scrapes; API key scope sources:write (reading also"
                + " with an operator's or tenant admin's session)")
class ScrapeTargetController {

    private final ScrapeTargetService targets;
    private final JsonMapper json;

    ScrapeTargetController(ScrapeTargetService targets, JsonMapper json) {
        this.targets = targets;
        this.json = json;
    }

    @GetMapping
    @Operation(summary = "A deployment's scrape targets and their health (tokens are never shown)")
    List<ScrapeTarget> list(@AuthenticationPrincipal Caller caller, @RequestParam String deployment) {
        return targets.targets(caller.scope(), deployment);
    }

    @PostMapping
    @Operation(
            summary = "Add a scrape target to a deployment",
            description = "Body: {\"deployment\",\"url\" (http or https, inside the operators' allow-list),"
                    + " \"replica\" (default host:port), \"intervalSeconds\" (default 15), \"timeoutSeconds\""
                    + " (default 5), \"bearerToken\" (optional, stored and never shown again)}; 409 when the tenant"
                    + " has as many targets as one tenant may have")
    ResponseEntity<ScrapeTarget> add(@AuthenticationPrincipal Caller caller, HttpServletRequest request)
            throws IOException {
        ScrapeTargetRequest body = ScrapeTargetRequest.read(request, json);
        try {
            return ResponseEntity.status(HttpStatus.CREATED)
                    .body(targets.add(
                            caller.scope(),
                            body.deployment(),
                            body.url(),
                            body.replica(),
                            body.intervalSeconds(),
                            body.timeoutSeconds(),
                            body.bearerToken()));
        } catch (TargetLimitReached e) {
            throw new ApiProblem(HttpStatus.CONFLICT, e.getMessage());
        }
    }

    @DeleteMapping("/{id}")
    @Operation(summary = "Remove a scrape target of a deployment")
    ResponseEntity<Void> remove(
            @AuthenticationPrincipal Caller caller, @PathVariable long id, @RequestParam String deployment) {
        if (!targets.remove(caller.scope(), deployment, id)) {
            throw new ApiProblem(HttpStatus.NOT_FOUND, "the deployment has no scrape target " + id);
        }
        return ResponseEntity.noContent().build();
    }
}
