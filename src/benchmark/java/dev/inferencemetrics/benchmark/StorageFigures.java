package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.deployment.DeploymentRef;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What a deployment-minute costs in {@code request_rollup}: each sketch as stored, the whole row, and the table's
 * whole footprint (heap, primary-key index, and the half-hour rows) shared out over the minute rows. Per metric means
 * divided by the three latency metrics (TTFT, ITL, E2E) a row carries.
 */
record StorageFigures(
        long minuteRows, double ttftBytes, double itlBytes, double e2eBytes, double rowBytes, double diskBytes) {

    static final int METRICS = 3;

    /** Read while the deployment's history is the only data in {@code request_rollup}. */
    static StorageFigures measure(JdbcTemplate jdbc, DeploymentRef deployment) {
        jdbc.execute("vacuum analyze request_rollup");
        return jdbc.queryForObject(
                """
                select count(*), avg(pg_column_size(ttft)), avg(pg_column_size(itl)), avg(pg_column_size(e2e)),
                       avg(pg_column_size(r.*)),
                       pg_total_relation_size('request_rollup')::float8
                           / (select count(*) from request_rollup where resolution_s = 60)
                  from request_rollup r
                 where tenant_id = ? and deployment_id = ? and resolution_s = 60""",
                (rs, row) -> new StorageFigures(
                        rs.getLong(1),
                        rs.getDouble(2),
                        rs.getDouble(3),
                        rs.getDouble(4),
                        rs.getDouble(5),
                        rs.getDouble(6)),
                deployment.tenantId(),
                deployment.id());
    }

    double sketchBytesPerMetric() {
        return (ttftBytes + itlBytes + e2eBytes) / METRICS;
    }

    double rowBytesPerMetric() {
        return rowBytes / METRICS;
    }

    double diskBytesPerMetric() {
        return diskBytes / METRICS;
    }
}
