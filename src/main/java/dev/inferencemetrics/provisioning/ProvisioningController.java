package dev.inferencemetrics.provisioning;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.api.JsonObjectBody;
import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantProvisioned;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.NoSuchElementException;
import java.util.Objects;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/** Create-or-update by slug, archive and restore of tenants and deployments, for automation with an operator key. */
@RestController
@RequestMapping("/api/v1")
@Tag(
        name = "Provisioning",
        description = "Tenants and deployments created or updated by slug (idempotent), archived and restored;"
                + " operator API key of scope admin")
class ProvisioningController {

    private static final int MAX_BYTES = 64 * 1024;

    private final TenantService tenants;
    private final DeploymentService deployments;
    private final DeploymentProvisioning provisioning;
    private final JsonMapper json;

    ProvisioningController(
            TenantService tenants,
            DeploymentService deployments,
            DeploymentProvisioning provisioning,
            JsonMapper json) {
        this.tenants = tenants;
        this.deployments = deployments;
        this.provisioning = provisioning;
        this.json = json;
    }

    @PutMapping("/tenants/{slug}")
    @Operation(
            summary = "Create the tenant, or give it this name",
            description = "Body: {\"name\"}. 201 when created, 200 when it existed (the same body again changes"
                    + " nothing).")
    ResponseEntity<TenantAnswer> putTenant(
            @AuthenticationPrincipal ApiClient operator, @PathVariable String slug, HttpServletRequest request)
            throws IOException {
        JsonObjectBody body = JsonObjectBody.read(request, json, MAX_BYTES);
        TenantProvisioned result =
                tenants.provision(operator.scope(), actor(operator), slug, body.requiredText("name"));
        return ResponseEntity.status(result.created() ? HttpStatus.CREATED : HttpStatus.OK)
                .body(TenantAnswer.of(result.tenant(), result.created()));
    }

    @PostMapping("/tenants/{slug}/archive")
    @Operation(summary = "Archive the tenant: its deployments are hidden and refuse samples; history stays")
    TenantAnswer archiveTenant(@AuthenticationPrincipal ApiClient operator, @PathVariable String slug) {
        return changeTenant(operator, slug, tenants::archive);
    }

    @PostMapping("/tenants/{slug}/restore")
    @Operation(summary = "Make an archived tenant active again")
    TenantAnswer restoreTenant(@AuthenticationPrincipal ApiClient operator, @PathVariable String slug) {
        return changeTenant(operator, slug, tenants::restore);
    }

    @PutMapping("/deployments/{slug}")
    @Operation(
            summary = "Create the deployment, or make it what the body says",
            description = "Body: {\"tenant\" (slug), \"displayName\", \"model\", \"engine\", \"region\", \"slo\":"
                    + " {\"ttftP95Ms\", \"itlP95Ms\", \"errorRatePct\"}, \"price\": {\"inputPerMtok\","
                    + " \"outputPerMtok\", \"currency\", \"effectiveFrom\" (a half hour ahead; needed to change an"
                    + " existing deployment's price)}, \"otlp\": {\"serviceNames\", \"modelNames\"}, \"sloPreset\""
                    + " (an id of GET /api/v1/slo-presets: fills the TTFT and ITL thresholds slo leaves out and holds"
                    + " the TTFT and ITL objectives at 99 % within them), \"gpuCost\":"
                    + " {\"gpusPerReplica\", \"replicas\" (or \"replicasFromScrapes\": true: the engine replicas"
                    + " that answered the deployment's scrapes, minute by minute), \"pricePerGpuHour\", \"currency\","
                    + " \"effectiveFrom\" (a"
                    + " half hour; left out, a first cost holds from the half hour the deployment was created in, and"
                    + " a change needs one that lies ahead)}}. slo, price, otlp, sloPreset and gpuCost are optional:"
                    + " what is left out keeps its value. 201 when created, 200 otherwise; the"
                    + " same body again changes nothing. 409 if the deployment belongs to another tenant.")
    ResponseEntity<DeploymentAnswer> putDeployment(
            @AuthenticationPrincipal ApiClient operator, @PathVariable String slug, HttpServletRequest request)
            throws IOException {
        JsonObjectBody body = JsonObjectBody.read(request, json, MAX_BYTES);
        ProvisionedDeployment result;
        try {
            result = provisioning.provision(operator.scope(), actor(operator), slug, DeploymentSpec.read(body));
        } catch (TenantMismatchException e) {
            throw new ApiProblem(HttpStatus.CONFLICT, e.getMessage());
        }
        return ResponseEntity.status(result.created() ? HttpStatus.CREATED : HttpStatus.OK)
                .body(DeploymentAnswer.of(result));
    }

    @PostMapping("/deployments/{slug}/archive")
    @Operation(summary = "Archive the deployment: hidden from lists, refuses samples; history stays")
    ArchiveAnswer archiveDeployment(@AuthenticationPrincipal ApiClient operator, @PathVariable String slug) {
        deployments.archive(operator.scope(), actor(operator), slug);
        return new ArchiveAnswer(
                slug, deployments.require(operator.scope(), slug).archivedAt());
    }

    @PostMapping("/deployments/{slug}/restore")
    @Operation(summary = "Make an archived deployment active again")
    ArchiveAnswer restoreDeployment(@AuthenticationPrincipal ApiClient operator, @PathVariable String slug) {
        deployments.restore(operator.scope(), actor(operator), slug);
        return new ArchiveAnswer(
                slug, deployments.require(operator.scope(), slug).archivedAt());
    }

    private TenantAnswer changeTenant(ApiClient operator, String slug, TenantChange change) {
        change.apply(operator.scope(), actor(operator), tenant(operator, slug).id());
        return TenantAnswer.of(tenant(operator, slug), false);
    }

    /** Archiving or restoring; either says whether it changed anything, which the answer shows by its date. */
    private interface TenantChange {
        boolean apply(TenantScope scope, long actorUserId, long tenantId);
    }

    private TenantSummary tenant(ApiClient operator, String slug) {
        try {
            return tenants.requireBySlug(operator.scope(), slug);
        } catch (NoSuchElementException e) {
            throw new ApiProblem(HttpStatus.NOT_FOUND, "no tenant " + slug);
        }
    }

    /** Only operator keys reach here (scope admin); they act for the operator who created them. */
    private static long actor(ApiClient operator) {
        return Objects.requireNonNull(operator.operatorUserId(), "an admin key without its operator");
    }
}
