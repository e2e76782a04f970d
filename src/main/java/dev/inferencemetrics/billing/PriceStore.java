package dev.inferencemetrics.billing;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The rows of deployment_price. */
@Repository
class PriceStore {

    private static final RowMapper<PricePeriod> PERIOD = (rs, n) -> new PricePeriod(
            rs.getTimestamp("effective_from").toInstant(),
            new TokenPrice(
                    rs.getBigDecimal("price_input_per_mtok"),
                    rs.getBigDecimal("price_output_per_mtok"),
                    rs.getString("currency")));

    private final JdbcClient jdbc;

    PriceStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void save(long tenantId, long deploymentId, Instant effectiveFrom, TokenPrice price) {
        jdbc.sql("""
                        insert into deployment_price (tenant_id, deployment_id, effective_from, price_input_per_mtok,
                                                      price_output_per_mtok, currency)
                        values (:tenantId, :deploymentId, :effectiveFrom, :inputPerMtok, :outputPerMtok, :currency)
                        on conflict (tenant_id, deployment_id, effective_from) do update
                           set price_input_per_mtok = excluded.price_input_per_mtok,
                               price_output_per_mtok = excluded.price_output_per_mtok,
                               currency = excluded.currency, created_at = now()""")
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("effectiveFrom", Timestamp.from(effectiveFrom))
                .param("inputPerMtok", price.inputPerMtok())
                .param("outputPerMtok", price.outputPerMtok())
                .param("currency", price.currency())
                .update();
    }

    /** Every deployment's prices (of one tenant, or of all when null), by deployment slug, each oldest first. */
    Map<String, List<PricePeriod>> historiesBySlug(@Nullable Long tenantId) {
        Map<String, List<PricePeriod>> histories = new HashMap<>();
        jdbc.sql("""
                        select d.slug, p.effective_from, p.price_input_per_mtok, p.price_output_per_mtok, p.currency
                          from deployment_price p join deployment d on d.tenant_id = p.tenant_id and d.id = p.deployment_id
                         where cast(:tenantId as bigint) is null or p.tenant_id = :tenantId
                         order by d.slug, p.effective_from""").param("tenantId", tenantId).query((RowCallbackHandler) rs -> histories
                .computeIfAbsent(rs.getString("slug"), slug -> new ArrayList<>())
                .add(PERIOD.mapRow(rs, 0)));
        return histories;
    }

    List<PricePeriod> history(long tenantId, long deploymentId) {
        return jdbc.sql("""
                        select effective_from, price_input_per_mtok, price_output_per_mtok, currency
                          from deployment_price
                         where tenant_id = :tenantId and deployment_id = :deploymentId
                         order by effective_from""")
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .query(PERIOD)
                .list();
    }
}
