package dev.inferencemetrics.scrape;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.tenancy.TenantScope;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Adds, lists and removes a deployment's scrape targets within the caller's tenant scope. A target must point inside
 * the operators' allow-list; every change is published for the audit log.
 */
@Service
public class ScrapeTargetService {

    public static final int DEFAULT_INTERVAL_SECONDS = 15;
    public static final int DEFAULT_TIMEOUT_SECONDS = 5;

    private final DeploymentService deployments;
    private final ScrapeTargetStore targets;
    private final AllowListService allowList;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final int maxTargetsPerTenant;

    ScrapeTargetService(
            DeploymentService deployments,
            ScrapeTargetStore targets,
            AllowListService allowList,
            ApplicationEventPublisher events,
            ScrapeProperties properties,
            Clock clock) {
        this.deployments = deployments;
        this.targets = targets;
        this.allowList = allowList;
        this.events = events;
        this.clock = clock;
        this.maxTargetsPerTenant = properties.maxTargetsPerTenant();
    }

    /** The deployment's targets with their health, without tokens. */
    @Transactional(readOnly = true)
    public List<ScrapeTarget> targets(TenantScope scope, String deploymentSlug) {
        DeploymentRef deployment = deployments.require(scope, deploymentSlug);
        return targets.list(deployment.tenantId(), deployment.id());
    }

    /**
     * Adds a target; interval and timeout default to 15 s and 5 s, the replica name to the URL's host and port.
     *
     * @throws UnusableValueException saying what is wrong; nothing is stored then
     * @throws TargetLimitReached when the tenant has as many targets as one may have
     */
    @Transactional
    public ScrapeTarget add(
            TenantScope scope,
            String deploymentSlug,
            String url,
            @Nullable String replica,
            @Nullable Integer intervalSeconds,
            @Nullable Integer timeoutSeconds,
            @Nullable String bearerToken) {
        DeploymentRef deployment = deployments.requireActive(scope, deploymentSlug);
        NewScrapeTarget target =
                checked(deployment.tenantId(), url.strip(), replica, intervalSeconds, timeoutSeconds, bearerToken);
        if (targets.countForAddition(deployment.tenantId()) >= maxTargetsPerTenant) {
            throw new TargetLimitReached(maxTargetsPerTenant);
        }
        if (targets.replicaTaken(deployment.tenantId(), deployment.id(), target.replica())) {
            throw new UnusableValueException("the deployment already has a target for replica " + target.replica());
        }
        long id = targets.insert(deployment.tenantId(), deployment.id(), target, clock.instant());
        events.publishEvent(new ScrapeTargetChanged(deployment.tenantId(), deployment.slug(), id, target.url(), true));
        return targets.list(deployment.tenantId(), deployment.id()).stream()
                .filter(stored -> stored.id() == id)
                .findFirst()
                .orElseThrow();
    }

    /** Removes a target of the deployment; returns false if it has none of that id. */
    @Transactional
    public boolean remove(TenantScope scope, String deploymentSlug, long targetId) {
        DeploymentRef deployment = deployments.require(scope, deploymentSlug);
        String url = targets.delete(deployment.tenantId(), deployment.id(), targetId);
        if (url == null) {
            return false;
        }
        events.publishEvent(new ScrapeTargetChanged(deployment.tenantId(), deployment.slug(), targetId, url, false));
        return true;
    }

    private NewScrapeTarget checked(
            long tenantId,
            String url,
            @Nullable String replica,
            @Nullable Integer intervalSeconds,
            @Nullable Integer timeoutSeconds,
            @Nullable String bearerToken) {
        ScrapeUrls.problem(url).ifPresent(problem -> {
            throw new UnusableValueException(problem);
        });
        URI uri = URI.create(url);
        requireAllowed(uri, tenantId);
        int interval = intervalSeconds == null ? DEFAULT_INTERVAL_SECONDS : intervalSeconds;
        int timeout = timeoutSeconds == null ? Math.min(DEFAULT_TIMEOUT_SECONDS, interval - 1) : timeoutSeconds;
        if (interval < 5 || interval > 3600) {
            throw new UnusableValueException("the interval must be between 5 and 3600 seconds");
        }
        if (timeout < 1 || timeout > 60 || timeout >= interval) {
            throw new UnusableValueException("the timeout must be 1 to 60 seconds and shorter than the interval");
        }
        String name = replica == null || replica.isBlank()
                ? uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort())
                : replica.strip();
        if (name.length() > 100) {
            throw new UnusableValueException("the replica name must be at most 100 characters");
        }
        String token = bearerToken == null || bearerToken.isBlank() ? null : bearerToken.strip();
        if (token != null && (token.length() > 4000 || !token.chars().allMatch(c -> c > 32 && c < 127))) {
            throw new UnusableValueException("the bearer token must be at most 4,000 printable characters");
        }
        return new NewScrapeTarget(url, name, interval, timeout, token);
    }

    /**
     * The host must be named by the allow-list, or resolve only to addresses inside it, for this tenant and port. A
     * refusal does not say what the host resolved to: that would tell a tenant about names inside the network.
     */
    private void requireAllowed(URI uri, long tenantId) {
        AllowList list = allowList.current();
        if (list.isEmpty()) {
            throw new UnusableValueException(
                    "the scrape allow-list is empty: an operator must first add the network or host of the target");
        }
        String host = ScrapeUrls.host(uri);
        int port = ScrapeUrls.port(uri);
        try {
            for (InetAddress address : InetAddress.getAllByName(host)) {
                if (!list.permits(host, port, tenantId, address)) {
                    throw new UnusableValueException(AllowList.outside(host));
                }
            }
        } catch (UnknownHostException e) {
            if (!list.namesHost(host, port, tenantId)) {
                throw new UnusableValueException(
                        "the host name " + host + " does not resolve and the scrape allow-list does not name it");
            }
        }
    }
}
