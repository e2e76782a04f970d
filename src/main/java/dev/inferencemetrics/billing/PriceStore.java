package dev.inferencemetrics.billing;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** The rows of deployment_price. */
@Repository
class PriceStore {

    private final JdbcTemplate jdbc;

    PriceStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void save(long tenantId, long deploymentId, Instant effectiveFrom, TokenPrice price) {
        jdbc.update(
                """
                insert into deployment_price (tenant_id, deployment_id, effective_from, price_input_per_mtok,
                                              price_output_per_mtok, currency)
                values (?, ?, ?, ?, ?, ?)
                on conflict (tenant_id, deployment_id, effective_from) do update
                   set price_input_per_mtok = excluded.price_input_per_mtok,
                       price_output_per_mtok = excluded.price_output_per_mtok,
                       currency = excluded.currency, created_at = now()""",
                tenantId,
                deploymentId,
                Timestamp.from(effectiveFrom),
                price.inputPerMtok(),
                price.outputPerMtok(),
                price.currency());
    }

    List<PricePeriod> history(long tenantId, long deploymentId) {
        return jdbc.query(
                """
                select effective_from, price_input_per_mtok, price_output_per_mtok, currency from deployment_price
                 where tenant_id = ? and deployment_id = ? order by effective_from""",
                (rs, n) -> new PricePeriod(
                        rs.getTimestamp("effective_from").toInstant(),
                        new TokenPrice(
                                rs.getBigDecimal("price_input_per_mtok"),
                                rs.getBigDecimal("price_output_per_mtok"),
                                rs.getString("currency"))),
                tenantId,
                deploymentId);
    }
}
