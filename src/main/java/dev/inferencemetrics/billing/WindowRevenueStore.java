package dev.inferencemetrics.billing;

import dev.inferencemetrics.rollup.Resolution;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * A deployment's tokens in a window, summed per token price in effect at each rollup bucket's start, read from the
 * rollups of one resolution (prices change on half hours, so a bucket of either resolution has one price).
 */
@Repository
class WindowRevenueStore {

    /** Tokens at one price; the good output tokens are those of requests that met the goodput SLO. */
    record PricedTokens(TokenPrice price, long inputTokens, long outputTokens, long goodOutputTokens) {

        BigDecimal revenue() {
            return price.inputCost(inputTokens).add(price.outputCost(outputTokens));
        }
    }

    private static final RowMapper<PricedTokens> PRICED = (rs, n) -> new PricedTokens(
            new TokenPrice(
                    rs.getBigDecimal("price_input_per_mtok"),
                    rs.getBigDecimal("price_output_per_mtok"),
                    rs.getString("currency")),
            rs.getLong("input_tokens"),
            rs.getLong("output_tokens"),
            rs.getLong("good_output_tokens"));

    private final JdbcClient jdbc;

    WindowRevenueStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<PricedTokens> tokens(long tenantId, long deploymentId, Instant from, Instant to, Resolution resolution) {
        return jdbc.sql("""
                        with prices as (
                            select effective_from,
                                   lead(effective_from) over (order by effective_from) as effective_to,
                                   price_input_per_mtok, price_output_per_mtok, currency
                              from deployment_price
                             where tenant_id = :tenantId and deployment_id = :deploymentId
                        )
                        select p.price_input_per_mtok, p.price_output_per_mtok, p.currency,
                               sum(r.input_tokens)::bigint as input_tokens,
                               sum(r.output_tokens)::bigint as output_tokens,
                               sum(r.good_output_tokens)::bigint as good_output_tokens
                          from request_rollup r
                          join prices p on p.effective_from <= r.bucket
                                       and (p.effective_to is null or r.bucket < p.effective_to)
                         where r.tenant_id = :tenantId and r.deployment_id = :deploymentId
                           and r.resolution_s = :resolution and r.bucket >= :from and r.bucket < :to
                         group by p.effective_from, p.price_input_per_mtok, p.price_output_per_mtok, p.currency
                         order by p.effective_from""")
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("resolution", resolution.seconds())
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to))
                .query(PRICED)
                .list();
    }
}
