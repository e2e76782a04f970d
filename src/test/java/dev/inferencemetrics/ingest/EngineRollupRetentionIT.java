package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.TestTenant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/** Scraped engine rollups are kept as long as the other rollups of their resolution, and then deleted. */
@IntegrationTest
class EngineRollupRetentionIT {

    @Autowired
    ApplicationContext context;

    @Autowired
    PartitionMaintenance maintenance;

    @Autowired
    OwnerJdbc owner;

    @Test
    void minute_rows_past_the_minute_rollup_retention_are_deleted_and_younger_ones_kept() {
        TestTenant tenant = TestTenant.create(context, "engine-retention");
        long deployment = owner.jdbc()
                .queryForObject("select id from deployment where slug = ?", Long.class, tenant.deployment("scraped"));
        for (String age : new String[] {"40 days", "1 day"}) {
            owner.jdbc()
                    .update(
                            "insert into engine_gauge_rollup values (?, ?, 'waiting', 60,"
                                    + " date_trunc('minute', now() - interval '" + age + "'), 1, 2, 2, 2)",
                            tenant.id(),
                            deployment);
            owner.jdbc()
                    .update(
                            "insert into engine_latency_rollup values (?, ?, 'ttft', 60,"
                                    + " date_trunc('minute', now() - interval '" + age + "'), '{0.1}', '{3}')",
                            tenant.id(),
                            deployment);
            owner.jdbc()
                    .update(
                            "insert into engine_replica_rollup values (?, ?, 60,"
                                    + " date_trunc('minute', now() - interval '" + age + "'), 1, 2, 2)",
                            tenant.id(),
                            deployment);
        }

        maintenance.run();

        for (String table : new String[] {"engine_gauge_rollup", "engine_latency_rollup", "engine_replica_rollup"}) {
            assertThat(owner.jdbc()
                            .queryForObject(
                                    "select count(*) from " + table
                                            + " where tenant_id = ? and bucket > now() - interval '2 days'",
                                    Long.class,
                                    tenant.id()))
                    .as(table)
                    .isEqualTo(1);
            assertThat(owner.jdbc()
                            .queryForObject(
                                    "select count(*) from " + table + " where tenant_id = ?", Long.class, tenant.id()))
                    .as(table)
                    .isEqualTo(1);
        }
    }
}
