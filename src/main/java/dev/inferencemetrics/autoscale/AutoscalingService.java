package dev.inferencemetrics.autoscale;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentSearch;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.ListedDeployment;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The autoscaling signals of one deployment, or of a page of the active deployments a scope covers. */
@Service
public class AutoscalingService {

    /** The most deployments one Prometheus page holds: the series a scrape returns stay bounded. */
    public static final int MAX_LIMIT = 1000;

    private final DeploymentService deployments;
    private final DeploymentSearch search;
    private final ScalingReader reader;
    private final Clock clock;

    AutoscalingService(DeploymentService deployments, DeploymentSearch search, ScalingReader reader, Clock clock) {
        this.deployments = deployments;
        this.search = search;
        this.reader = reader;
        this.clock = clock;
    }

    /** The deployment's signals over the last five whole minutes; refuses a slug the scope does not cover. */
    @Transactional(readOnly = true)
    ScalingSignals of(TenantScope scope, String slug) {
        DeploymentRef deployment = deployments.require(scope, slug);
        ListedDeployment listed = search.find(scope, slug, true).stream()
                .filter(each -> each.deployment().id() == deployment.id())
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("a deployment just resolved is found by its slug"));
        return reader.read(List.of(listed), ScalingWindow.endingBefore(clock.instant()))
                .getFirst();
    }

    /** The signals of the active deployments the scope covers, by slug, {@code limit} from {@code offset} on. */
    @Transactional(readOnly = true)
    ScalingPage page(TenantScope scope, int offset, int limit) {
        List<ListedDeployment> all = search.find(scope, "", false).stream()
                .sorted(Comparator.comparing(listed -> listed.deployment().slug()))
                .toList();
        List<ListedDeployment> page = all.subList(Math.min(offset, all.size()), Math.min(offset + limit, all.size()));
        return new ScalingPage(
                reader.read(page, ScalingWindow.endingBefore(clock.instant())), offset, limit, all.size());
    }
}
