package dev.inferencemetrics.deployment.ui.page;

import dev.inferencemetrics.base.ui.chart.ChartBand;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Instant;
import java.util.List;

/** Time ranges another feature marks on a deployment's Metrics charts, such as alerts while they fired. */
public interface ChartBands {

    /** The bands of a deployment the page has resolved, as the scope of the person looking may see them. */
    List<ChartBand> bands(TenantScope scope, DeploymentRef deployment, Instant from, Instant to);
}
