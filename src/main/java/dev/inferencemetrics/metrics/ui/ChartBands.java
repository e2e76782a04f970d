package dev.inferencemetrics.metrics.ui;

import dev.inferencemetrics.base.ui.chart.ChartBand;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Instant;
import java.util.List;

/** Time ranges another feature marks on a deployment's Metrics charts, such as alerts while they fired. */
public interface ChartBands {

    List<ChartBand> bands(TenantScope scope, String deploymentSlug, Instant from, Instant to);
}
